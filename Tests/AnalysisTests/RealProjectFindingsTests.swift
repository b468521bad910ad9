import Features
import Foundation
import GraphQLIndex
import MocklsTestSupport
import SourceText
@testable import Analysis
import XCTest

/// Issue 62's findings on third-party projects, each reduced to an inline workspace: qualified names (Alfie's
/// `BFFGraphAPI.BrandsQuery`), the `Mock` token, an aliased field's hover, the crash message of `.init()`, a struct of
/// `static let`s, a factory's `nil` default (RickMortyLLM), `WithViewStore` (god-ios `InboxDetail.swift`).
final class RealProjectFindingsTests: XCTestCase {
    private static let configuration = """
        {"schemaNamespace": "ShopAPI", "input": {"schemaSearchPaths": ["graphql/**/*.graphqls"], "operationSearchPaths": ["graphql/**/*.graphql"]},
         "output": {"schemaTypes": {"path": "./ShopAPI", "moduleType": {"swiftPackageManager": {}}}, "operations": {"inSchemaModule": {}},
                    "testMocks": {"swiftPackage": {"targetName": "ShopAPITestMocks"}}}}
        """
    private static let schema = """
        type Query { brands: [Brand!]! monster: Monster book: Book inbox: InboxActivity }
        type Brand { id: ID! name: String! }
        type Monster { index: ID! name: String! }
        type Book { id: ID! title: String! rating: Float }
        type InboxActivity { id: ID! question: Question! }
        type Question { id: ID! text: String! }
        """

    private func analysis(_ files: [String: String], open path: String) throws -> (AnalysisSnapshot, AnalysisFile, MarkedSource, TestWorkspace) {
        let workspace = try TestWorkspace(files: files.merging([
            "apollo-codegen-config.json": Self.configuration,
            "graphql/schema.graphqls": Self.schema,
            "graphql/BrandsQuery.graphql": "query Brands { brands { id name } }",
            "graphql/MonsterQuery.graphql": "query Monster { monster { id: index name } }",
            "graphql/BookQuery.graphql": "query Book { book { id title rating } }",
            "graphql/InboxFragment.graphql": "fragment InboxFragment on InboxActivity { id question { id text } }",
        ]) { $1 })
        var documents = DocumentStore()
        documents.open(workspace.file(path), languageID: "swift", version: 1, text: workspace[path].bytes)
        let analysis = AnalysisSnapshot(workspaces: [Workspace(folder: workspace.folder)], documents: documents)
        return (analysis, try analysis.file(workspace.file(path)), workspace[path], workspace)
    }

    /// The response written at `offset`, or a failure naming why not.
    private func response(_ analysis: AnalysisSnapshot, _ file: AnalysisFile, at offset: Int) throws -> MockResponse.Written {
        let answer = analysis.response(at: offset, in: file)
        guard case .success(let written)? = answer else { throw NoResponse(description: String(describing: answer)) }
        return written
    }

    /// The titles of the editing actions at `offset`, for a client that creates no files.
    private func editTitles(_ analysis: AnalysisSnapshot, at offset: Int, in uri: String) throws -> [String] {
        let client = CodeActionClient(createsFiles: false, resolvesEdits: false, copiesResponses: false)
        return try analysis.codeActions(at: offset..<offset, in: FileID(uri: uri), client: client).compactMap { action in
            if case .edits(let edits) = action { edits.title } else { nil }
        }
    }

    private struct NoResponse: Error, CustomStringConvertible {
        var description: String
    }

    private static let imports = "import XCTest\nimport ApolloTestSupport\nimport ShopAPI\nimport ShopAPITestMocks\n\n"

    func testQualifiedOperationNamesAndTheMockToken() throws {
        let (analysis, file, source, workspace) = try analysis(["Tests/BrandsTests.swift": Self.imports + """
            final class BrandsTests: XCTestCase {
              func testQualified() {
                let data = ShopAPI.1️⃣BrandsQuery.Data.from(Mock<Query>(brands: [Mock<Brand>(id: "1", name: "Acme")]))
                XCTAssertEqual(data.brands.first?.name, "Acme")
              }

              func testMockToken() {
                let monster = 2️⃣Mock<Monster>(name: "Orc")
                XCTAssertNotNil(monster)
              }
            }
            """], open: "Tests/BrandsTests.swift")
        defer { workspace.remove() }
        XCTAssertTrue(analysis.hover(at: source["1️⃣"], in: file)?.contents.contains("struct BrandsQuery.Data") == true)
        XCTAssertEqual(analysis.definitions(at: source["1️⃣"], in: file).map { URL(fileURLWithPath: $0.location.document).lastPathComponent }, ["BrandsQuery.graphql"])
        let references = try analysis.references(at: source["1️⃣"], in: file, includingDeclaration: false)
        XCTAssertTrue(references.contains { $0.location.kind == .test && $0.location.range.lowerBound == source["1️⃣"] }, "\(references.map(\.location))")
        // On the `M` of `Mock<Monster>`: the mock type's hover and its actions.
        XCTAssertTrue(analysis.hover(at: source["2️⃣"], in: file)?.contents.contains("class Monster: MockObject") == true)
        let titles = try editTitles(analysis, at: source["2️⃣"], in: workspace.uri("Tests/BrandsTests.swift"))
        XCTAssertTrue(titles.contains { $0.contains("Fill every field") }, "\(titles)")
    }

    func testWordsOfHoverAndTheCrashMessage() throws {
        let (analysis, file, source, workspace) = try analysis(["Tests/MonsterTests.swift": Self.imports + """
            struct Constants {
              3️⃣static let title = "Dune"
            }

            final class MonsterTests: XCTestCase {
              func testAlias() {
                let data = MonsterQuery.Data.from(Mock<Query>(monster: Mock<Monster>(1️⃣id: "m1", name: "Orc")))
                XCTAssertEqual(data.monster?.2️⃣id, "m1")
              }

              func testInit() {
                let book: Mock<Book> = .init()
                let data = BookQuery.Data.from(Mock<Query>(book: book))
                XCTAssertEqual(data.book?.title, "Dune")
              }
            }
            """], open: "Tests/MonsterTests.swift")
        defer { workspace.remove() }
        for marker in ["1️⃣", "2️⃣"] {
            let hover = try XCTUnwrap(analysis.hover(at: source[marker], in: file)).contents
            XCTAssertTrue(hover.contains("Monster.index: ID!") && hover.contains("The alias `id` of `index`."), hover)
        }
        let diagnostics = try XCTUnwrap(analysis.diagnostics(ofDocument: workspace.file("Tests/MonsterTests.swift"))).diagnostics
        XCTAssertEqual(diagnostics.map(\.code), [.unsetFieldRead])
        XCTAssertTrue(diagnostics.first?.message.contains("`.init()` (line 17) calls the designated initializer") == true, "\(diagnostics)")
        // A struct of `static let`s is a namespace: no placeholder to generate.
        let titles = try editTitles(analysis, at: source["3️⃣"], in: workspace.uri("Tests/MonsterTests.swift"))
        XCTAssertFalse(titles.contains { $0.contains("placeholder(") }, "\(titles)")
    }

    func testAFactorysNilDefaultIsUnset() throws {
        let (analysis, file, source, workspace) = try analysis(["Tests/FactoryTests.swift": Self.imports + """
            final class FactoryTests: XCTestCase {
              private func makeBook(id: String = "1", title: String = "Dune", rating: Double? = nil) -> BookQuery.Data {
                let mock = Mock<Query>(book: Mock<Book>(id: id, rating: rating, title: title))
                return 1️⃣BookQuery.Data.from(mock)
              }
            }
            """], open: "Tests/FactoryTests.swift")
        defer { workspace.remove() }
        let written = try response(analysis, file, at: source["1️⃣"])
        XCTAssertTrue(written.json.contains("\"rating\": null") && written.json.contains("\"title\": \"Dune\""), written.json)
    }

    func testAViewStoreObservingTheWholeStateReadsTheStoresState() throws {
        let (analysis, file, source, workspace) = try analysis(["App/InboxDetail.swift": """
            import ComposableArchitecture
            import ShopAPI
            import SwiftUI

            @Reducer
            public struct InboxDetailLogic {
              public struct State: Equatable {
                let activity: ShopAPI.InboxFragment
              }
              public enum Action { case onTask }
            }

            public struct InboxDetailView: View {
              let store: StoreOf<InboxDetailLogic>

              public var body: some View {
                WithViewStore(store, observe: { $0 }) { viewStore in
                  Text(viewStore.activity.question.1️⃣text)
                }
              }
            }
            """], open: "App/InboxDetail.swift")
        defer { workspace.remove() }
        XCTAssertTrue(analysis.hover(at: source["1️⃣"], in: file)?.contents.contains("(field) InboxFragment.Question.text: String") == true,
                      "\(String(describing: analysis.hover(at: source["1️⃣"], in: file)))")
    }

    /// A function's own parameter named like a constant (`func exclaimed(title:)` changing a copy of it) is not the
    /// stored `Constants.title`: the constant is still followed (SeekPlus: Cuckoo's `loadMoreData(currentItem job:)`).
    func testAParameterIsNotTheConstantOfItsName() throws {
        let (analysis, file, source, workspace) = try analysis([
            "Tests/Constants.swift": "enum Constants {\n  static let title = \"Dune\"\n  static let emptyBook = Mock<Book>()\n}\n",
            "App/Titles.swift": "func exclaimed(title: String) -> String {\n  var result = title\n  result.append(\"!\")\n  return result\n}\n",
            "Tests/BookTests.swift": Self.imports + """
                final class BookTests: XCTestCase {
                  func testConstant() {
                    let mock = Mock<Query>(book: Mock<Book>(id: "1", title: Constants.title))
                    let data = 1️⃣BookQuery.Data.from(mock)
                    XCTAssertEqual(data.book?.title, "Dune")
                  }
                }
                """,
        ], open: "Tests/BookTests.swift")
        defer { workspace.remove() }
        let written = try response(analysis, file, at: source["1️⃣"])
        XCTAssertTrue(written.json.contains("\"title\": \"Dune\""), written.json)
    }

    /// A stored model handed to a closure (a stub's handler) is a value the closure cannot change: every test that
    /// reads the fixture is still counted (SeekPlus's fixtures inside Cuckoo stubs read "reached by 0 tests").
    func testAStoredModelHandedToAClosureStillCounts() throws {
        let (analysis, _, _, workspace) = try analysis([
            "Tests/Fixtures.swift": Self.imports + """
                enum Fixtures {
                  static let book = Mock<Book>(id: "1", rating: 4.5, title: "Dune")
                  static let bookData = BookQuery.Data.from(Mock<Query>(book: book))
                }
                """,
            "Tests/BookServiceTests.swift": Self.imports + """
                final class StubClient {
                  var handler: ((BookQuery.Data) -> Void) -> Void = { _ in }
                }

                final class BookServiceTests: XCTestCase {
                  func testDirect() {
                    let data = Fixtures.bookData
                    XCTAssertEqual(data.book?.title, "Dune")
                  }

                  func testHandedToFunction() {
                    let client = StubClient()
                    let data = Fixtures.bookData
                    client.handler = { completion in completion(data) }
                    XCTAssertNotNil(client)
                  }
                }
                """,
        ], open: "Tests/BookServiceTests.swift")
        defer { workspace.remove() }
        let report = SelectionCoverageReport(analysis)
        let title = try XCTUnwrap(report.rows.first { $0.field.id.path == "book.title" })
        XCTAssertEqual(Set(title.tests.map(\.name)), ["BookServiceTests.testDirect", "BookServiceTests.testHandedToFunction"])
        XCTAssertTrue(title.tests.contains { $0.name == "BookServiceTests.testDirect" && $0.reads })
    }

    /// An app's `async` wrapper around `fetch` handed an operation (`client.fetchAsync(CharactersQuery())`): what it
    /// gives is that operation's result (RickMortyLLM `GraphQLService.swift:93`).
    func testAnAsyncWrapperAroundFetch() throws {
        let (analysis, file, source, workspace) = try analysis(["App/BookService.swift": """
            import Apollo

            struct LiveBookService {
              let client: ApolloClient

              func title() async throws -> String? {
                let result = try await client.fetchAsync(BookQuery())
                return result.data?.book?.1️⃣title
              }
            }
            """], open: "App/BookService.swift")
        defer { workspace.remove() }
        XCTAssertTrue(analysis.hover(at: source["1️⃣"], in: file)?.contents.contains("(field) BookQuery.Data.Book.title: String") == true,
                      "\(String(describing: analysis.hover(at: source["1️⃣"], in: file)))")
        XCTAssertEqual(analysis.definitions(at: source["1️⃣"], in: file).count, 1)
    }

    /// `mockls response` at a factory's call site (`makeBook(id: "1", title: "Dune")`, RickMortyLLM's
    /// `makeCharacter(…)`): the factory run with the call's arguments; in the factory itself, where its parameters have
    /// no default, the answer says where to ask.
    func testTheResponseAtAFactorysCallSite() throws {
        let (analysis, file, source, workspace) = try analysis(["Tests/FactoryTests.swift": Self.imports + """
            final class FactoryTests: XCTestCase {
              private func makeBook(id: String, title: String) -> BookQuery.Data {
                let mock = Mock<Query>(book: Mock<Book>(id: id, rating: 4.5, title: title))
                return 2️⃣BookQuery.Data.from(mock)
              }

              func testBook() {
                let data = 1️⃣makeBook(id: "1", title: "Dune")
                XCTAssertEqual(data.book?.title, "Dune")
              }
            }
            """], open: "Tests/FactoryTests.swift")
        defer { workspace.remove() }
        let written = try response(analysis, file, at: source["1️⃣"])
        XCTAssertTrue(written.json.contains("\"id\": \"1\"") && written.json.contains("\"title\": \"Dune\""), written.json)
        guard case .failure(.unset(let problems))? = analysis.response(at: source["2️⃣"], in: file) else {
            return XCTFail("\(String(describing: analysis.response(at: source["2️⃣"], in: file)))")
        }
        XCTAssertEqual(problems.last, "`id`, `title` are parameters of `makeBook` with no default value: ask at a call of `makeBook(…)`, where the arguments are known")
    }

    /// A test target's constants file that builds no mock (`enum Constants { static let title = "Dune" }`, SeekPlus's
    /// `MockData.swift`) is read for what tests pass to mocks.
    func testAConstantsFileOfTheTestTarget() throws {
        let (analysis, file, source, workspace) = try analysis([
            "Tests/AppTests/Constants.swift": "enum Constants {\n  static let title = \"Dune\"\n}\n",
            "Tests/AppTests/BookTests.swift": Self.imports + """
                final class BookTests: XCTestCase {
                  func testConstant() {
                    let data = 1️⃣BookQuery.Data.from(Mock<Query>(book: Mock<Book>(id: "1", title: Constants.title)))
                    XCTAssertEqual(data.book?.title, "Dune")
                  }
                }
                """,
        ], open: "Tests/AppTests/BookTests.swift")
        defer { workspace.remove() }
        let written = try response(analysis, file, at: source["1️⃣"])
        XCTAssertTrue(written.json.contains("\"title\": \"Dune\""), written.json)
    }
}
