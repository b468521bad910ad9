import Foundation
import GraphQLIndex
import MocklsTestSupport
import SourceText
@testable import Analysis
import XCTest

/// `AnalysisSnapshot.codeActions(at:in:client:)`: what a document offers, as plain data, for clients that create files or
/// not, copy responses or not; files are found in what the snapshot holds (`Workspace.jsonFiles`, `swiftSources`),
/// not on disk. Each test writes its own workspace inline.
final class DocumentActionsTests: XCTestCase {
    private static let files = [
        "apollo-codegen-config.json": TestWorkspace.apolloConfiguration(namespace: "PetAPI"),
        "graphql/schema.graphqls": "type Query { dog: Dog } type Dog { name: String! }",
        "graphql/Dog.graphql": "query Dog { dog { name } }",
        "Tests/DogTests.swift": """
            import ApolloTestSupport
            import XCTest
            @testable import PetAPI

            final class DogTests: XCTestCase {
              func testName() {
                let data = 1️⃣DogQuery.Data.from(Mock<Query>(dog: Mock<Dog>(name: "Rex")))
                XCTAssertEqual(data.dog?.name, "Rex")
              }
            }
            """,
    ]

    private func actions(_ workspace: TestWorkspace, client: CodeActionClient) throws -> [DocumentAction] {
        var documents = DocumentStore()
        let test = workspace["Tests/DogTests.swift"]
        documents.open(workspace.file("Tests/DogTests.swift"), languageID: "swift", version: 1, text: test.bytes)
        let analysis = AnalysisSnapshot(workspaces: [Workspace(folder: workspace.folder)], documents: documents)
        return try analysis.codeActions(at: test["1️⃣"]..<test["1️⃣"], in: workspace.file("Tests/DogTests.swift"), client: client)
    }

    /// The response actions, each as title, kind and what it does.
    private func responseActions(_ actions: [DocumentAction]) -> [String] {
        actions.compactMap { action in
            switch action {
            case .createFile(let creation) where creation.title.contains("response"):
                "\(creation.title) | create \(creation.file.lastPathComponent), overwrite \(creation.overwrite): "
                    + (creation.text ?? "").split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined()
            case .command(let title, _, let command, _, _):
                "\(title) | \(command)"
            default:
                nil
            }
        }
    }

    func testTheResponseIsWrittenToAFileTheWorkspaceDoesNotHave() throws {
        let workspace = try TestWorkspace(files: Self.files.merging(["Tests/DogQuery.json": "{}"]) { $1 })
        defer { workspace.remove() }
        let creating = try actions(workspace, client: CodeActionClient(createsFiles: true, resolvesEdits: false, copiesResponses: false))
        XCTAssertEqual(responseActions(creating), [
            // The second file names its operation inside, or mockls would not know whose fixture it is (issue 62).
            #"Write the JSON response to DogQuery2.json | create DogQuery2.json, overwrite false: {"@operation": "DogQuery","data": {"dog": {"__typename": "Dog","name": "Rex"}}}"#
        ])
        let notCreating = try actions(workspace, client: CodeActionClient(createsFiles: false, resolvesEdits: false, copiesResponses: false))
        XCTAssertEqual(responseActions(notCreating), ["Write the JSON response to DogQuery2.json | writeResponse"])
        let copying = try actions(workspace, client: CodeActionClient(createsFiles: false, resolvesEdits: false, copiesResponses: true))
        XCTAssertEqual(responseActions(copying), ["Copy the JSON response | copyResponse"])
    }

    /// The workspace's JSON files are what it loaded: a file written since, with no file event, is not seen; the event
    /// makes it seen (a client that watches files sends it).
    func testTheWorkspacesJSONFilesAreWhatItHolds() throws {
        let workspace = try TestWorkspace(files: Self.files)
        defer { workspace.remove() }
        // Changes on disk not heard of (no watchers): a file's text is checked against the disk.
        var loaded = Workspace(folder: workspace.folder, events: FileEvents(heard: false))
        XCTAssertFalse(loaded.jsonFiles.contains(workspace.url("Tests/DogQuery.json").path))
        try workspace.write("Tests/DogQuery.json", "{}")
        XCTAssertFalse(loaded.jsonFiles.contains(workspace.url("Tests/DogQuery.json").path), "no event yet")
        XCTAssertTrue(loaded.update(workspace.url("Tests/DogQuery.json")))
        XCTAssertTrue(loaded.jsonFiles.contains(workspace.url("Tests/DogQuery.json").path))
        XCTAssertEqual(loaded.jsonFiles.text(of: workspace.url("Tests/DogQuery.json").path), Array("{}".utf8))
        // A file that vanishes between the event and a query reads as absent.
        try FileManager.default.removeItem(at: workspace.url("Tests/DogQuery.json"))
        XCTAssertNil(loaded.jsonFiles.text(of: workspace.url("Tests/DogQuery.json").path))
    }

    func testThePlaceholderFileIsLeftToResolveForClientsThatResolve() throws {
        let workspace = try TestWorkspace(files: Self.files)
        defer { workspace.remove() }
        let resolving = try actions(workspace, client: CodeActionClient(createsFiles: true, resolvesEdits: true, copiesResponses: false))
        let placeholder = try XCTUnwrap(resolving.lazy.compactMap { action -> DocumentAction.FileCreation? in
            if case .createFile(let creation) = action, creation.file.lastPathComponent == "PetAPI+Placeholders.swift" { return creation }
            return nil
        }.first)
        XCTAssertNil(placeholder.text)
        XCTAssertEqual(placeholder.resolveData, DocumentAction.FileCreation.placeholderFile)
        XCTAssertEqual(placeholder.file, workspace.url("Tests/PetAPI+Placeholders.swift"))
    }

    /// Issue 62, lost work: the placeholder file is created over an existing file only when mockls wrote that file; a
    /// hand-written file of the same name is not replaced (the client refuses to create over it).
    func testThePlaceholderFileReplacesOnlyAFileMocklsWrote() throws {
        func creation(_ existing: String) throws -> DocumentAction.FileCreation {
            let workspace = try TestWorkspace(files: Self.files.merging(["Tests/PetAPI+Placeholders.swift": existing]) { $1 })
            defer { workspace.remove() }
            for resolves in [false, true] {
                let found = try actions(workspace, client: CodeActionClient(createsFiles: true, resolvesEdits: resolves, copiesResponses: false))
                    .lazy.compactMap { action -> DocumentAction.FileCreation? in
                        if case .createFile(let creation) = action, creation.file.lastPathComponent == "PetAPI+Placeholders.swift" { return creation }
                        return nil
                    }.first
                let placeholder = try XCTUnwrap(found)
                if resolves {
                    let analysis = AnalysisSnapshot(workspaces: [Workspace(folder: workspace.folder)], documents: DocumentStore())
                    let resolved = try XCTUnwrap(analysis.resolvedFile(DocumentAction.FileCreation.placeholderFile, in: workspace.file("Tests/DogTests.swift")))
                    XCTAssertEqual(resolved.overwrite, placeholder.overwrite)
                } else {
                    return placeholder
                }
            }
            fatalError("unreachable")
        }
        XCTAssertFalse(try creation("import ApolloTestSupport\n// my own factories\nextension Mock where O == Dog {}\n").overwrite)
        XCTAssertTrue(try creation(PlaceholderFileRenderer.header + "\nimport ApolloTestSupport\n").overwrite)
    }
}
