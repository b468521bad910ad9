import Features
import Foundation
import MocklsTestSupport
@testable import Analysis
import XCTest

/// On a test's line that names `TestNetworkTransport`: the file `mockls test-transport` writes, created beside the
/// test when the workspace declares none, updated when mockls wrote it for another release, left alone when the user
/// wrote their own.
final class TestTransportActionsTests: XCTestCase {
    private let test = """
        import XCTest
        import Apollo
        import ApolloTestSupport
        @testable import PetAPI

        final class DogViewModelTests: XCTestCase {
            func testLoad() {
                let transport = TestNetworkTransport()
                transport.register(DogQuery.self, data: Mock<Query>(dog: Mock<Dog>(name: "Rex")))
            }
        }

        """

    private func workspace(pin: String, transport: String? = nil) throws -> TestWorkspace {
        var files = [
            "apollo-codegen-config.json": TestWorkspace.apolloConfiguration(namespace: "PetAPI"),
            "graphql/schema.graphqls": "type Query { dog: Dog } type Dog { id: ID! name: String! }",
            "graphql/Operations.graphql": "query Dog {\n  dog {\n    name\n  }\n}\n",
            "Package.resolved": """
                {"pins": [{"identity": "apollo-ios", "kind": "remoteSourceControl", "location": "https://github.com/apollographql/apollo-ios.git", "state": {"version": "\(pin)"}}], "version": 2}
                """,
            "Tests/DogViewModelTests.swift": test,
        ]
        files["Tests/Support/TestNetworkTransport.swift"] = transport
        return try TestWorkspace(files: files)
    }

    /// The snapshot of `workspace` with its test open, as the editor has it, and the test's URI.
    private func opened(_ workspace: TestWorkspace) -> (analysis: AnalysisSnapshot, uri: String) {
        let uri = workspace.uri("Tests/DogViewModelTests.swift")
        var documents = DocumentStore()
        documents.open(FileID(uri: uri), languageID: "swift", version: 1, text: Array(test.utf8))
        return (AnalysisSnapshot(workspaces: [Workspace(folder: workspace.folder)], documents: documents), uri)
    }

    /// The titles of the file actions on the line of `marker`, with the file each writes.
    private func actions(_ workspace: TestWorkspace, at marker: String, createsFiles: Bool = true) throws -> [String] {
        let (analysis, uri) = opened(workspace)
        let offset = try XCTUnwrap(test.range(of: marker)).lowerBound.utf16Offset(in: test)
        let client = CodeActionClient(createsFiles: createsFiles, resolvesEdits: false, copiesResponses: false)
        return try analysis.codeActions(at: offset..<offset, in: FileID(uri: uri), client: client).compactMap { action in
            switch action {
            case .createFile(let file) where file.title.contains(TestTransportFile.fileName):
                let relative = file.file.path.replacingOccurrences(of: workspace.folder.path + "/", with: "")
                XCTAssertTrue(file.text?.hasPrefix(TestTransportFile.mark) == true)
                return "\(file.title) → \(relative)\(file.overwrite ? " (replaces)" : "")"
            case .command(let title, _, .writeTestTransport, let document, let at):
                // What the server's command writes, asked as it asks.
                XCTAssertEqual(document, uri)
                guard let write = try analysis.testTransportWrite(at: at, in: FileID(uri: uri)) else { return "\(title): nothing to write" }
                XCTAssertEqual(write.title, title)
                XCTAssertTrue(write.text.hasPrefix(TestTransportFile.mark))
                let relative = write.file.path.replacingOccurrences(of: workspace.folder.path + "/", with: "")
                return "command: \(title) → \(relative)\(write.replaces ? " (replaces)" : "")"
            default:
                return nil
            }
        }
    }

    func testTheTransportIsCreatedBesideTheTestForTheProjectsRelease() throws {
        let one = try workspace(pin: "1.25.3")
        defer { one.remove() }
        XCTAssertEqual(try actions(one, at: "let transport"), ["Create TestNetworkTransport.swift (Apollo iOS 1.x) → Tests/TestNetworkTransport.swift"])
        XCTAssertEqual(try actions(one, at: "func testLoad"), [], "only where the test names it")
        // A client that creates no files: the server writes it (`mockls.writeTestTransport`).
        XCTAssertEqual(try actions(one, at: "let transport", createsFiles: false),
                       ["command: Create TestNetworkTransport.swift (Apollo iOS 1.x) → Tests/TestNetworkTransport.swift"])
        let two = try workspace(pin: "2.4.0")
        defer { two.remove() }
        XCTAssertEqual(try actions(two, at: "let transport"), ["Create TestNetworkTransport.swift (Apollo iOS 2.x) → Tests/TestNetworkTransport.swift"])
    }

    /// The version pinned decides what of 1.x's API the file names (`TestTransportFile.Release.one(version:)`): a move
    /// from 1.4 to 1.5 makes the one mockls wrote out of date.
    func testThePinnedOneVersionDecidesTheText() throws {
        let old = try workspace(pin: "1.4.0")
        defer { old.remove() }
        let (analysis, uri) = opened(old)
        let offset = try XCTUnwrap(test.range(of: "let transport")).lowerBound.utf16Offset(in: test)
        let written = try XCTUnwrap(try analysis.testTransportWrite(at: offset, in: FileID(uri: uri)))
        let isPublic = written.text.contains("public final class TestNetworkTransport")
        XCTAssertEqual(written.text, TestTransportFile.render(for: .one(version: [1, 4, 0]), isPublic: isPublic))
        XCTAssertFalse(written.text.contains("RequestContext"))
        let moved = try workspace(pin: "1.5.0", transport: written.text)
        defer { moved.remove() }
        XCTAssertEqual(try actions(moved, at: "let transport"),
                       ["Update TestNetworkTransport.swift (Apollo iOS 1.x) → Tests/Support/TestNetworkTransport.swift (replaces)"])
    }

    func testOneMocklsWroteIsUpdatedAndTheUsersOwnIsLeftAlone() throws {
        let written = TestTransportFile.render(for: .one, isPublic: true)
        let moved = try workspace(pin: "2.4.0", transport: written)
        defer { moved.remove() }
        XCTAssertEqual(try actions(moved, at: "let transport"),
                       ["Update TestNetworkTransport.swift (Apollo iOS 2.x) → Tests/Support/TestNetworkTransport.swift (replaces)"])
        XCTAssertEqual(try actions(moved, at: "let transport", createsFiles: false),
                       ["command: Update TestNetworkTransport.swift (Apollo iOS 2.x) → Tests/Support/TestNetworkTransport.swift (replaces)"])
        let current = try workspace(pin: "1.25.3", transport: written)
        defer { current.remove() }
        XCTAssertEqual(try actions(current, at: "let transport"), [], "up to date")
        let own = try workspace(pin: "2.4.0", transport: "import Apollo\n\nfinal class TestNetworkTransport {}\n")
        defer { own.remove() }
        XCTAssertEqual(try actions(own, at: "let transport"), [])
        XCTAssertEqual(try actions(own, at: "let transport", createsFiles: false), [])
    }

    /// Hover and definition on a registration's operation, as on any use of its generated type.
    func testARegisteredOperationLeadsToItsDocument() throws {
        let workspace = try workspace(pin: "1.25.3")
        defer { workspace.remove() }
        let (analysis, uri) = opened(workspace)
        let file = try analysis.file(FileID(uri: uri))
        let offset = try XCTUnwrap(test.range(of: "DogQuery.self")).lowerBound.utf16Offset(in: test) + 1
        XCTAssertEqual(analysis.definitions(at: offset, in: file).map { URL(fileURLWithPath: $0.location.document).lastPathComponent }, ["Operations.graphql"])
        XCTAssertTrue(analysis.hover(at: offset, in: file)?.contents.contains("DogQuery.Data") == true)
    }
}
