import Features
import GraphQLIndex
import MocklsTestSupport
import SwiftAnalysis
import XCTest

/// Signature help at markers in test code, on the repository's own API (Examples/Bookshelf): the signature shown and
/// the parameter the cursor is at.
final class SignatureHelpTests: XCTestCase {
    private func help(_ marked: String, format: MockFormat = .defaults) throws -> [String: Signature?] {
        let fixture = try FeatureFixture.bookshelf(format: format)
        let source = MarkedSource(marked)
        let file = SwiftFile(source.text)
        return Dictionary(uniqueKeysWithValues: source.offsets.map { ($0.key, SignatureHelp.signature(at: $0.value, in: file, project: fixture.project)) })
    }

    private func active(_ signature: Signature??) -> String? {
        guard let signature = signature ?? nil, let index = signature.activeParameter else { return nil }
        return signature.parameters[index].label
    }

    func testMockInitializerOfTheOwnAPI() throws {
        let found = try help("""
            func test() {
              let book = Mock<Book>(1️⃣title: "Du2️⃣ne")
              _ = Mock<Book>(author: Mock<Author>(name: 3️⃣"x"), 4️⃣
            }
            """)
        let signature = try XCTUnwrap(found["1️⃣"] ?? nil)
        XCTAssertEqual(signature.label, """
            Mock<Book>(author: Mock<Author> = Mock<Author>(), coAuthors: [Mock<Author>] = [], \
            genre: GraphQLEnum<BookshelfAPI.Genre> = .case(.fiction), id: BookshelfAPI.ID = "", published: BookshelfAPI.Date? = nil, \
            rating: Double? = nil, title: String = "")
            """)
        XCTAssertEqual(active(found["1️⃣"]), #"title: String = """#)
        XCTAssertEqual(active(found["2️⃣"]), #"title: String = """#)
        XCTAssertEqual((found["3️⃣"] ?? nil)?.label.hasPrefix("Mock<Author>("), true)
        XCTAssertEqual(active(found["3️⃣"]), #"name: String = """#)
        XCTAssertEqual(active(found["4️⃣"]), "coAuthors: [Mock<Author>] = []")
    }

    func testMockInitializerFollowsTheArgumentAtTheCursor() throws {
        let found = try help("""
            func test() {
              let book = Mock<Book>(1️⃣title: "Du2️⃣ne", 3️⃣)
              let other = Mock<Book>(author: Mock<Author>(born: 4️⃣2), 5️⃣
              _ = Mock<Book>(title: String(6️⃣"x"))
              _ = Mock<Book>(titel7️⃣: "x")
            }
            """)
        let signature = try XCTUnwrap(found["1️⃣"] ?? nil)
        XCTAssertEqual(signature.parameters.count, 7)
        XCTAssertEqual(active(found["1️⃣"]), #"title: String = """#)
        XCTAssertEqual(active(found["2️⃣"]), #"title: String = """#)
        // After `title`, nothing may follow it in Apollo's order: no active parameter.
        XCTAssertNil(active(found["3️⃣"]))
        // In a nested mock, its own signature; after it, the outer call's next parameter.
        XCTAssertEqual((found["4️⃣"] ?? nil)?.label.hasPrefix("Mock<Author>("), true)
        XCTAssertEqual(active(found["4️⃣"]), "born: Int? = nil")
        XCTAssertEqual(active(found["5️⃣"]), "coAuthors: [Mock<Author>] = []")
        // Inside a call mockls does not know: the mock call around it.
        XCTAssertEqual(active(found["6️⃣"]), #"title: String = """#)
        // A label that names no parameter: the signature, with none active.
        XCTAssertNotNil(found["7️⃣"] ?? nil)
        XCTAssertNil(active(found["7️⃣"]))
        XCTAssertTrue(try XCTUnwrap(signature.parameters.first { $0.label.hasPrefix("author") }?.documentation).contains("Author"))
    }

    func testBeforeOneTwentyThreeEveryParameterDefaultsToNil() throws {
        let found = try help("_ = Mock<Book>(1️⃣)", format: .optionalParameters)
        XCTAssertEqual(active(found["1️⃣"]), "author: Mock<Author>? = nil")
        XCTAssertTrue(try XCTUnwrap(found["1️⃣"] ?? nil).label.contains("title: String? = nil"))
    }

    func testFromAndItsVariables() throws {
        let found = try help("""
            func test() async {
              _ = await BookQuery.Data.Book.from(1️⃣)
              _ = await BookQuery.Data.Book.from(book, 2️⃣)
              _ = await BookDetails.from(book, withVariables: 3️⃣nil)
              _ = SearchQuery.Data.Search.AsBook.from(4️⃣)
            }
            """, format: .apolloTwo)
        let signature = try XCTUnwrap(found["1️⃣"] ?? nil)
        XCTAssertEqual(
            signature.label,
            "BookQuery.Data.Book.from(_ mock: Mock<O>, withVariables variables: GraphQLOperation.Variables? = nil) async -> Book")
        XCTAssertEqual(active(found["1️⃣"]), "_ mock: Mock<O>")
        XCTAssertTrue(try XCTUnwrap(signature.parameters[0].documentation).contains("`Mock<Book>`"))
        XCTAssertEqual(active(found["2️⃣"]), "withVariables variables: GraphQLOperation.Variables? = nil")
        XCTAssertEqual(active(found["3️⃣"]), "withVariables variables: GraphQLOperation.Variables? = nil")
        // A type case has no `from(_:)`.
        XCTAssertNil(found["4️⃣"] ?? nil)
    }

    func testPlaceholderFactories() throws {
        let found = try help("""
            _ = Mock<Author>.placeholder(born: 1, 1️⃣)
            _ = BookQuery.Data.Book.placeholder(2️⃣)
            _ = BookQuery.Data.Book.CoAuthor(name: "Brian Herbert", 3️⃣)
            """)
        XCTAssertEqual((found["1️⃣"] ?? nil)?.label, "Mock<Author>.placeholder(born: Int? = nil, name: String = .placeholder())")
        XCTAssertEqual(active(found["1️⃣"]), "name: String = .placeholder()")
        XCTAssertEqual((found["2️⃣"] ?? nil)?.label.hasPrefix("BookQuery.Data.Book.placeholder("), true)
        // A selection set's initializer (with `selectionSetInitializers`).
        XCTAssertEqual((found["3️⃣"] ?? nil)?.label, "BookQuery.Data.Book.CoAuthor(name: String, born: Int? = nil)")
        XCTAssertEqual(active(found["3️⃣"]), "born: Int? = nil")
    }

    func testNoSignatureOutsideACall() throws {
        let found = try help("""
            func test() {
              let book = Mock<Book>(title: "x")1️⃣
              print(2️⃣book)
            }
            """)
        XCTAssertNil(found["1️⃣"] ?? nil)
        XCTAssertNil(found["2️⃣"] ?? nil)
    }
}

/// Completion after a leading dot in an argument value: what an implicit member of the parameter's type can be.
final class LeadingDotCompletionTests: XCTestCase {
    func testEnumCasesInitAndPlaceholder() throws {
        let fixture = try FeatureFixture.bookshelf()
        func items(_ marked: String, placeholders: Bool = false) -> [String] {
            let source = MarkedSource(marked)
            return MockCompletions.completions(at: source["1️⃣"], in: SwiftFile(source.text), project: fixture.project, placeholders: placeholders)
                .map(\.label)
        }
        XCTAssertEqual(items("_ = Mock<Book>(genre: .1️⃣)"), [".case(.fiction)", ".case(.science)", ".case(.history)", ".case(.poetry)"])
        // Non-null in 1.23+: `.placeholder()` finds the factory; nullable, it would find Optional's (nil): left out.
        XCTAssertEqual(items("_ = Mock<Book>(author: .1️⃣)", placeholders: true), [".init()", ".placeholder()"])
        XCTAssertEqual(items("_ = Mock<Query>(book: .1️⃣)", placeholders: true), [".init()"])
        XCTAssertEqual(items("_ = Mock<Book>(author: .1️⃣)"), [".init()"])
        // A string has no implicit member to offer; a union has no mock of its own.
        XCTAssertEqual(items("_ = Mock<Book>(title: .1️⃣)"), [])
        XCTAssertEqual(items("_ = Mock<Query>(search: [.1️⃣])"), [])
    }
}
