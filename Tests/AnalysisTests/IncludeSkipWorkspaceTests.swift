import Foundation
import GraphQLIndex
import MocklsTestSupport
import SourceText
@testable import Analysis
import XCTest

/// Issue 62: `@include` inside what a test builds. `books` is under `@include(if: $withBooks)` and `title` is required
/// in it: with `withBooks: true` the books are there and reading the title of a `Mock<Book>()` crashes (Apollo 1.25.7's
/// executor; `Tests/protocol/test_runtime_oracle.py` runs the same shapes on AnimalKingdomAPI); with `false`, or with
/// no variables (a variable not given counts as false), `books` reads nil; with variables mockls cannot read, nothing is
/// judged.
final class IncludeSkipWorkspaceTests: XCTestCase {
    private func warnings(
        _ variables: String, shelf: String = #"Mock<Shelf>(books: [Mock<Book>()], id: "s1", label: "L")"#,
        read: String = "data.shelves.first?.books?.first?.title"
    ) throws -> [String] {
        let workspace = try TestWorkspace(files: [
            "apollo-codegen-config.json": TestWorkspace.apolloConfiguration(namespace: "BookshelfAPI"),
            "Podfile.lock": "PODS:\n  - Apollo (1.25.3):\n    - Apollo/Core (= 1.25.3)\n  - Apollo/Core (1.25.3)\n",
            "graphql/schema.graphqls": """
                type Query { shelves: [Shelf!]! }
                type Shelf { id: ID! label: String! books(first: Int): [Book!]! }
                type Book { id: ID! title: String! }
                """,
            "graphql/Shelves.graphql": "query Shelves($withBooks: Boolean!) { shelves { id label books(first: 5) @include(if: $withBooks) { title } } }",
            "Tests/ShelvesTests.swift": """
                import ApolloTestSupport
                import BookshelfAPI
                import XCTest

                final class ShelvesTests: XCTestCase {
                  func testBooks() {
                    let flag = true
                    let mock = Mock<Query>(shelves: [\(shelf)])
                    let data = ShelvesQuery.Data.from(mock\(variables))
                    XCTAssertEqual(\(read), "x")
                  }
                }
                """,
        ])
        defer { workspace.remove() }
        let uri = workspace.uri("Tests/ShelvesTests.swift")
        var documents = DocumentStore()
        documents.open(FileID(uri: uri), languageID: "swift", version: 1, text: workspace["Tests/ShelvesTests.swift"].bytes)
        let analysis = AnalysisSnapshot(workspaces: [Workspace(folder: workspace.folder)], documents: documents)
        let found = try XCTUnwrap(analysis.diagnostics(ofDocument: FileID(uri: uri)))
        return found.diagnostics.map { "\(found.lines.position(of: $0.range.lowerBound, unit: .utf8).line + 1) \($0.code.rawValue): \($0.message)" }
    }

    func testARequiredFieldInsideAnIncludedListCrashes() throws {
        let found = try warnings(#", withVariables: ["withBooks": true]"#)
        XCTAssertEqual(found.count, 1, "\(found)")
        XCTAssertTrue(found.first?.hasPrefix("10 unset-field-read: reading `title` crashes") == true, "\(found)")
    }

    func testALeftOutFieldReadsNil() throws {
        XCTAssertEqual(try warnings(#", withVariables: ["withBooks": false]"#), [])
        XCTAssertEqual(try warnings(""), [], "a variable not given counts as false")
        XCTAssertEqual(try warnings(#", withVariables: [:]"#), [])
    }

    func testAnIncludedFieldTheMockLeavesUnsetReadsNil() throws {
        let shelf = #"Mock<Shelf>(id: "s1", label: "L")"#
        XCTAssertEqual(try warnings(#", withVariables: ["withBooks": true]"#, shelf: shelf, read: "data.shelves.first?.books?.count"), [])
    }

    func testVariablesMocklsCannotReadJudgeNothing() throws {
        XCTAssertEqual(try warnings(#", withVariables: ["withBooks": flag]"#), [])
    }
}
