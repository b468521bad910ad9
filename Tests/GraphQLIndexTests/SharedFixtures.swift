import Foundation
import XCTest

/// `../shared` beside the repository: Apollo's sample APIs and the benchmark corpora.
enum SharedFixtures {
    static let root: URL? = {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let shared = repository.deletingLastPathComponent().appendingPathComponent("shared")
        return FileManager.default.fileExists(atPath: shared.path) ? shared : nil
    }()

    /// The shared folder, or a skip that says why.
    static func require(_ path: String) throws -> URL {
        guard let root else { throw XCTSkip("../shared is not beside the repository; shared-fixture tests skipped") }
        return root.appendingPathComponent(path)
    }

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
