import Features
import Foundation
import MocklsTestSupport
import SourceText
@testable import Analysis
import XCTest

/// Where the app's code reads each selected field, apart from the tests: the coverage lens's app reads, and references
/// from a GraphQL field marked GraphQL, app or test, in that order.
final class AppReadsWorkspaceTests: XCTestCase {
    private let schema = "type Query { dog: Dog } type Dog { id: ID! name: String! breed: String age: Int }"
    private let operations = "query Dog {\n  dog {\n    id\n    name\n    breed\n    age\n  }\n}\n"

    private func screen(reading members: String) -> String {
        """
        import Apollo
        import PetAPI

        final class DogScreen {
            func load(client: ApolloClient) async throws {
                let response = try await client.fetch(query: DogQuery())
                guard let dog = response.data?.dog else { return }
                print(\(members))
            }
        }

        """
    }

    private func workspace() throws -> TestWorkspace {
        try TestWorkspace(files: [
            "apollo-codegen-config.json": TestWorkspace.apolloConfiguration(namespace: "PetAPI"),
            "graphql/schema.graphqls": schema,
            "graphql/Operations.graphql": operations,
            "App/DogScreen.swift": screen(reading: "dog.name"),
            // A value mockls cannot type: its `age` counts by name.
            "App/Formatting.swift": "func label(of thing: Thing) -> String {\n    \"\\(thing.age)\"\n}\n",
            "Tests/DogTests.swift": """
                import XCTest
                import ApolloTestSupport
                @testable import PetAPI

                final class DogTests: XCTestCase {
                    func testName() {
                        let data = DogQuery.Data.from(Mock<Query>(dog: Mock<Dog>(name: "Rex")))
                        XCTAssertEqual(data.dog?.name, "Rex")
                    }
                }
                """,
        ])
    }

    /// Each app read as `file:line:column` (1-based, UTF-8 columns) and the text read.
    private func described(_ reads: [FieldRead]?) -> [String]? {
        reads?.map { read in
            let start = read.lines.position(of: read.range.lowerBound, unit: .utf8)
            return "\(read.file.lastPathComponent):\(start.line + 1):\(start.column + 1) \(String(decoding: read.lines.bytes[read.range], as: UTF8.self))"
        }
    }

    func testTheCoverageSaysWhereTheAppReadsEachFieldAndFollowsAnUnsavedEditOfAppCode() throws {
        let workspace = try workspace()
        defer { workspace.remove() }
        let loaded = Workspace(folder: workspace.folder)
        let caches = AnalysisCaches()
        var documents = DocumentStore()
        func appReads() -> [String: [String]] {
            let analysis = AnalysisSnapshot(documents: documents, workspaces: [loaded], isIndexed: true, indexer: nil, caches: caches)
            let rows = SelectionCoverageReport(analysis).rows
            return Dictionary(uniqueKeysWithValues: rows.map { ($0.field.id.path, described($0.appReads) ?? ["not followed"]) })
        }
        // `dog` is read where it is and where its fields are; `age` by name on a value of unknown type; `breed` nowhere.
        XCTAssertEqual(appReads(), [
            "dog": ["DogScreen.swift:7:40 dog", "DogScreen.swift:8:19 name"],
            "dog.id": [],
            "dog.name": ["DogScreen.swift:8:19 name"],
            "dog.breed": [],
            "dog.age": ["Formatting.swift:2:14 age"],
        ])
        XCTAssertEqual(SelectionCoverageReport(AnalysisSnapshot(workspaces: [loaded])).rows.map(\.appFiles), [1, 0, 1, 0, 1])
        // The app's file as the editor has it, unsaved: no test file changed, and its reads are the new ones.
        documents.open(workspace.file("App/DogScreen.swift"), languageID: "swift", version: 2,
                       text: Array(screen(reading: "dog.breed ?? \"\", dog.name").utf8))
        let edited = appReads()
        XCTAssertEqual(caches.coverage.reusedParts, 1, "the tests' part of the report is kept")
        XCTAssertEqual(edited["dog"], ["DogScreen.swift:7:40 dog", "DogScreen.swift:8:19 breed", "DogScreen.swift:8:36 name"])
        XCTAssertEqual(edited["dog.breed"], ["DogScreen.swift:8:19 breed"])
    }

    func testReferencesFromAFieldComeGraphQLThenAppThenTests() throws {
        let workspace = try workspace()
        defer { workspace.remove() }
        let document = workspace.url("graphql/Operations.graphql")
        let text = try String(contentsOf: document, encoding: .utf8)
        var documents = DocumentStore()
        documents.open(FileID(url: document), languageID: "graphql", version: 0, text: Array(text.utf8))
        let analysis = AnalysisSnapshot(workspaces: [Workspace(folder: workspace.folder)], documents: documents)
        let offset = text.utf8.count - text[text.range(of: "name")!.lowerBound...].utf8.count
        let found = try analysis.references(at: offset, in: try analysis.file(FileID(url: document)), includingDeclaration: true)
        XCTAssertEqual(found.map { "\($0.location.kind) \(URL(fileURLWithPath: $0.location.document).lastPathComponent)" }, [
            "graphQL Operations.graphql", "graphQL schema.graphqls", "app DogScreen.swift",
            // The mock's `name:` sets it; the test reads it.
            "test DogTests.swift", "test DogTests.swift",
        ])
    }
}
