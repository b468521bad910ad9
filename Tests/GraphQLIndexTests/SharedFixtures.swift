import Foundation

/// What the tests read of `../shared` (`SharedFolder`): Apollo's sample APIs and the benchmark corpora.
enum SharedFixtures {
    static func files(under directory: URL, extensions: Set<String>) -> [URL] {
        let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)
        var files: [URL] = []
        while let url = enumerator?.nextObject() as? URL {
            if extensions.contains(url.pathExtension) { files.append(url) }
        }
        return files.sorted { $0.path < $1.path }
    }

    static let apis = ["AnimalKingdomAPI", "StarWarsAPI", "SubscriptionAPI", "UploadAPI"]
}
