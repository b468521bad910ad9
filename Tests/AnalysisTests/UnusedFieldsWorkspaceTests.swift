import Foundation
import GraphQLIndex
import MocklsTestSupport
@testable import Analysis
import XCTest

/// `unused-field` over a workspace: its app files and tests as a snapshot reads them, and the bad inputs the issue
/// names (two projects sharing a schema, a user's type named like a model, generated files, files past the bound).
final class UnusedFieldsWorkspaceTests: XCTestCase {
    private let schema = "type Query { dog: Dog } type Dog { id: ID! name: String! breed: String age: Int }"
    private let operations = "query Dog {\n  dog {\n    id\n    name\n    breed\n    age\n  }\n}\n"

    private func app(reading members: String) -> String {
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

    private func hints(_ snapshot: AnalysisSnapshot, _ document: String) -> [String] {
        guard let (lines, diagnostics) = snapshot.documentDiagnostics(of: FileID(path: document)) else { return [] }
        return diagnostics.filter { $0.code == .unusedField || $0.code == .readOnlyByTests }
            .map { "\($0.code.rawValue) \(String(decoding: lines.bytes[$0.range], as: UTF8.self))" }
    }

    func testAppCodeAndTestsOnDiskAndAsTheEditorHasThem() throws {
        let workspace = try TestWorkspace(files: [
            "apollo-codegen-config.json": TestWorkspace.apolloConfiguration(namespace: "PetAPI"),
            "graphql/schema.graphqls": schema,
            "graphql/Operations.graphql": operations,
            "App/DogScreen.swift": app(reading: "dog.name"),
            // Apollo's generated file reads every property: it is not the app's code.
            "App/Generated/DogQuery.graphql.swift": "extension DogQuery.Data.Dog { var all: [Any] { [name, breed as Any, age as Any] } }\n",
            "Tests/DogTests.swift": """
                import XCTest
                import ApolloTestSupport
                @testable import PetAPI

                final class DogTests: XCTestCase {
                    func testAge() {
                        let data = DogQuery.Data.from(Mock<Query>(dog: Mock<Dog>(age: 3, name: "Rex")))
                        XCTAssertEqual(data.dog?.age, 3)
                    }
                }
                """,
        ])
        defer { workspace.remove() }
        let document = workspace.url("graphql/Operations.graphql").standardizedFileURL.path
        let loaded = Workspace(folder: workspace.folder)
        let snapshot = AnalysisSnapshot(workspaces: [loaded])
        XCTAssertEqual(hints(snapshot, document), ["unused-field breed", "read-only-by-tests age"])
        // The app's file as the editor has it, unsaved: it reads `breed` now.
        var documents = DocumentStore()
        documents.open(workspace.file("App/DogScreen.swift"), languageID: "swift", version: 2,
                       text: Array(app(reading: "dog.name, dog.breed ?? \"\"").utf8))
        XCTAssertEqual(hints(AnalysisSnapshot(workspaces: [loaded], documents: documents), document), ["read-only-by-tests age"])
        // `mockls check` leaves `read-only-by-tests` out unless asked.
        XCTAssertEqual(CheckReport(workspace: loaded).records.map(\.code).filter { $0.hasPrefix("unused-field") || $0 == "read-only-by-tests" },
                       ["unused-field"])
        XCTAssertEqual(CheckReport(workspace: loaded, including: [.readOnlyByTests]).records.map(\.code).filter { $0 != "unused-operation" },
                       ["unused-field", "read-only-by-tests"])
    }

    /// Issue 62 (RickMortyLLM): a test's `xs.count` on an array and `stub.breed[1]` on a test double are no reads of
    /// the model: "only tests read" needs a read of it. The fields are unused by the app, and the hint says what
    /// tests read that mockls could not tie to the model.
    func testTestReadsOfValuesNotTiedToTheModelAreNoReads() throws {
        let workspace = try TestWorkspace(files: [
            "apollo-codegen-config.json": TestWorkspace.apolloConfiguration(namespace: "PetAPI"),
            "graphql/schema.graphqls": schema,
            "graphql/Operations.graphql": operations,
            "App/DogScreen.swift": app(reading: "dog.name"),
            "Tests/StubTests.swift": """
                import XCTest

                final class StubService { var breed: [Int: String] = [:] }

                final class StubTests: XCTestCase {
                    func testStub() {
                        let stub = StubService()
                        stub.breed[1] = "Lab"
                        let ages = [1, 2]
                        XCTAssertEqual(ages.count, 2)
                    }
                }
                """,
        ])
        defer { workspace.remove() }
        let document = workspace.url("graphql/Operations.graphql").standardizedFileURL.path
        let snapshot = AnalysisSnapshot(workspaces: [Workspace(folder: workspace.folder)])
        XCTAssertEqual(hints(snapshot, document), ["unused-field breed", "unused-field age"])
        let messages = snapshot.documentDiagnostics(of: FileID(path: document))?.diagnostics.map(\.message) ?? []
        XCTAssertTrue(messages.contains { $0.hasPrefix("no app code reads dog.breed") && $0.contains("tests read a `breed` of values mockls cannot tie") }, "\(messages)")
    }

    func testTwoProjectsSharingASchemaAndAUsersTypeNamedLikeAModel() throws {
        let workspace = try TestWorkspace(files: [
            "Pets/apollo-codegen-config.json": TestWorkspace.apolloConfiguration(namespace: "PetAPI"),
            "Pets/graphql/schema.graphqls": schema,
            "Pets/graphql/Operations.graphql": operations,
            "Vets/apollo-codegen-config.json": TestWorkspace.apolloConfiguration(namespace: "VetAPI"),
            "Vets/graphql/schema.graphqls": schema,
            "Vets/graphql/Operations.graphql": operations,
            // The app of PetAPI reads `name`; its own `Dog` type (not the model) has a `breed` it reads.
            "Pets/App/DogScreen.swift": app(reading: "dog.name") + "struct Dog { var breed: String }\nfunc label(_ dog: Dog) -> String { dog.breed }\n",
            // An app file of VetAPI's project reads PetAPI's model's `age` (it imports both).
            "Vets/App/Shared.swift": "import PetAPI\nimport VetAPI\nfunc years(_ dog: PetAPI.DogQuery.Data.Dog) -> Int { dog.age ?? 0 }\n",
        ])
        defer { workspace.remove() }
        let snapshot = AnalysisSnapshot(workspaces: [Workspace(folder: workspace.folder)])
        // Neither `breed` nor `age` is said unused: both are read on values whose type is not followed to PetAPI's model.
        XCTAssertEqual(hints(snapshot, workspace.url("Pets/graphql/Operations.graphql").standardizedFileURL.path), [])
        // VetAPI's app code is followed into no operation of its own: nothing is said.
        XCTAssertEqual(hints(snapshot, workspace.url("Vets/graphql/Operations.graphql").standardizedFileURL.path), [])
    }
}
