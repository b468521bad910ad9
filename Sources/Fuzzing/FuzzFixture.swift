import Foundation
import GraphQLIndex

/// What the surfaces run against: an Apollo project (AnimalKingdom, from `../shared/fixtures/apollo`, or without
/// `../shared` the repository's own `Examples/Bookshelf`, so that the fuzz findings replay anywhere), a workspace for
/// the message surface, the Swift files of the shared scenarios and of this repository's tests, and GraphQL
/// documents, as seeds.
public struct FuzzFixture: Sendable {
    public let project: ProjectIndex
    public let schema: [UInt8]
    /// A workspace with that project, which the message surface opens, and the folder of its GraphQL documents.
    public let workspace: URL
    public let graphQLFolder: URL
    public let swiftSeeds: [[UInt8]]
    public let graphQLSeeds: [[UInt8]]

    /// `shared`: the shared folder (used when it is there); `repository`: this repository.
    public init(shared: URL, repository: URL) {
        let animalKingdom = shared.appendingPathComponent("fixtures/apollo/AnimalKingdomAPI/graphql")
        let hasShared = FileManager.default.fileExists(atPath: animalKingdom.path)
        let bookshelf = repository.appendingPathComponent("Examples/Bookshelf")
        workspace = hasShared ? shared.appendingPathComponent("fixtures/scenarios/animalkingdom") : bookshelf
        graphQLFolder = hasShared ? animalKingdom : bookshelf.appendingPathComponent("graphql")
        var sources: [(path: String, role: DocumentRole, text: [UInt8])] = []
        var schema: [UInt8] = []
        for url in Self.files(under: graphQLFolder, extensions: ["graphql", "graphqls"]) {
            let text = Array((try? Data(contentsOf: url)) ?? Data())
            let role: DocumentRole = url.pathExtension == "graphqls" ? .schema : .executable
            if role == .schema { schema = text }
            sources.append((url.path, role, text))
        }
        project = ProjectIndex(namespace: hasShared ? "AnimalKingdomAPI" : "BookshelfAPI", sources: sources)
        self.schema = schema
        let seedFolders = (hasShared ? [shared.appendingPathComponent("fixtures")] : []) + [repository.appendingPathComponent("Tests")]
        swiftSeeds = seedFolders.flatMap { Self.files(under: $0, extensions: ["swift"]) }.compactMap { try? Array(Data(contentsOf: $0)) }
        graphQLSeeds = Self.files(under: hasShared ? shared.appendingPathComponent("fixtures/apollo") : bookshelf, extensions: ["graphql", "graphqls"])
            .compactMap { try? Array(Data(contentsOf: $0)) }
    }

    /// The files under `folder` with one of `extensions`, in path order.
    public static func files(under folder: URL, extensions: Set<String>) -> [URL] {
        guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        var found: [URL] = []
        while let url = enumerator.nextObject() as? URL {
            if extensions.contains(url.pathExtension) { found.append(url) }
        }
        return found.sorted { $0.path < $1.path }
    }
}
