import Foundation
import GraphQLIndex

/// What the surfaces run against: an Apollo project (AnimalKingdom, from `../shared/fixtures/apollo`), the Swift
/// files of the shared scenarios and of this repository's tests, and GraphQL documents, as seeds.
public struct FuzzFixture: Sendable {
    public let shared: URL
    public let project: ProjectIndex
    public let schema: [UInt8]
    public let swiftSeeds: [[UInt8]]
    public let graphQLSeeds: [[UInt8]]

    public enum Failure: Error, CustomStringConvertible {
        case missingShared(String)
        public var description: String {
            switch self {
            case .missingShared(let path): return "\(path) not found: the fuzz surfaces need ../shared beside the repository"
            }
        }
    }

    /// `shared`: the shared folder; `repository`: this repository (for its Swift test files).
    public init(shared: URL, repository: URL) throws {
        self.shared = shared
        let api = shared.appendingPathComponent("fixtures/apollo/AnimalKingdomAPI/graphql")
        guard FileManager.default.fileExists(atPath: api.path) else { throw Failure.missingShared(api.path) }
        var sources: [(path: String, role: DocumentRole, text: [UInt8])] = []
        var schema: [UInt8] = []
        for url in Self.files(under: api, extensions: ["graphql", "graphqls"]) {
            let text = Array((try? Data(contentsOf: url)) ?? Data())
            let role: DocumentRole = url.pathExtension == "graphqls" ? .schema : .executable
            if role == .schema { schema = text }
            sources.append((url.path, role, text))
        }
        project = ProjectIndex(namespace: "AnimalKingdomAPI", sources: sources)
        self.schema = schema
        swiftSeeds = (Self.files(under: shared.appendingPathComponent("fixtures"), extensions: ["swift"])
            + Self.files(under: repository.appendingPathComponent("Tests"), extensions: ["swift"]))
            .compactMap { try? Array(Data(contentsOf: $0)) }
        graphQLSeeds = Self.files(under: shared.appendingPathComponent("fixtures/apollo"), extensions: ["graphql", "graphqls"])
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
