import Features
import GraphQLIndex
import MocklsTestSupport
import SourceText
import SwiftAnalysis
import XCTest

/// Completion at markers in GraphQL documents still being written, against the repository's own API
/// (Examples/Bookshelf's schema and fragment), and a schema of a few types written here for arguments that take an
/// enum or an input object.
final class GraphQLCompletionTests: XCTestCase {
    /// Arguments and input fields of each kind: an input object with required and optional fields, an enum, a list.
    static let catalogue = ProjectIndex(namespace: "CatalogueAPI", sources: [("/w/schema.graphqls", .schema, Array("""
        type Query { books(filter: BookFilter!, order: Order): [Book!]! }
        type Mutation { shelve(input: ShelveInput!): Book }
        input BookFilter { genre: Genre, title: String!, tags: [String!] }
        input ShelveInput { note: String, bookID: ID!, shelf: Int! }
        enum Genre { FICTION SCIENCE }
        enum Order { NEWEST OLDEST }
        type Book { id: ID! }
        """.utf8))])

    private func labels(_ marked: String, role: DocumentRole = .executable, project: ProjectIndex? = nil) throws -> [String: [String]] {
        let project = try project ?? FeatureFixture.bookshelf().project
        let source = MarkedSource(marked)
        return Dictionary(uniqueKeysWithValues: source.offsets.map { marker, offset in
            (marker, GraphQLCompletion.completions(at: offset, in: source.bytes, role: role, project: project).map(\.label))
        })
    }

    func testFieldsOfTheParentTypeThroughAliasesTypeConditionsAndFragments() throws {
        let found = try labels("""
            query Q {
              book(id: "1") {
                1️⃣
                alias: tit2️⃣
                author { 3️⃣ }
              }
              search(text: "x") { ... on Author { 4️⃣ } }
              node(id: "1") { 6️⃣ }
            }
            fragment F on Shelf { books { 5️⃣ } }
            """)
        XCTAssertEqual(found["1️⃣"], ["id", "title", "rating", "genre", "published", "author", "coAuthors", "shelf", "__typename"])
        XCTAssertEqual(found["2️⃣"], found["1️⃣"])
        XCTAssertEqual(found["3️⃣"], ["id", "name", "born", "books", "__typename"])
        XCTAssertEqual(found["4️⃣"], found["3️⃣"])
        XCTAssertEqual(found["5️⃣"], found["1️⃣"])
        // An interface: its own fields.
        XCTAssertEqual(found["6️⃣"], ["id", "__typename"])
    }

    func testArgumentsValuesAndVariables() throws {
        let catalogue = Self.catalogue
        let found = try labels("""
            query Q($filter: BookFilter!, $other: String) {
              books(1️⃣) { id }
              books(filter: 2️⃣) { id }
              books(filter: { 3️⃣ }) { id }
              books(filter: { title: "", genre: 4️⃣ }) { id }
              books(filter: $5️⃣) { id }
            }
            mutation M { shelve(input: { 6️⃣ }) { id } }
            """, project: catalogue)
        XCTAssertEqual(found["1️⃣"], ["filter", "order"])
        // An object literal, or a variable of the argument's type.
        XCTAssertEqual(found["2️⃣"], ["{ }", "$filter"])
        // Required input fields first.
        XCTAssertEqual(found["3️⃣"], ["title", "genre", "tags"])
        XCTAssertEqual(found["4️⃣"], ["FICTION", "SCIENCE", "null"])
        XCTAssertEqual(found["5️⃣"], ["$filter", "$other"])
        XCTAssertEqual(found["6️⃣"], ["bookID", "shelf", "note"])
        // On Bookshelf: an argument with a default, a variable of the argument's type.
        let own = try labels("""
            query Q($text: String!) {
              shelves { books(7️⃣) { id } }
              search(text: $8️⃣) { __typename }
            }
            """)
        XCTAssertEqual(own["7️⃣"], ["first"])
        XCTAssertEqual(own["8️⃣"], ["$text"])
    }

    func testSpreadsTypeConditionsDirectivesAndInputTypes() throws {
        let found = try labels("""
            query Q($id: 1️⃣) {
              book(id: $id) {
                title @4️⃣
                ... @7️⃣
                ...2️⃣
              }
              search(text: "") { ... on 3️⃣ }
            }
            fragment G on 5️⃣
            """)
        XCTAssertEqual(found["1️⃣"]?.contains("RatingInput"), true)
        XCTAssertEqual(found["1️⃣"]?.contains("ID"), true)
        XCTAssertEqual(found["1️⃣"]?.contains("Book"), false)
        // Fragments whose type can be the parent's, then `on`.
        XCTAssertEqual(found["2️⃣"], ["BookDetails", "on"])
        // The union's members and the interfaces they share.
        XCTAssertEqual(found["3️⃣"]?.contains("Book"), true)
        XCTAssertEqual(found["3️⃣"]?.contains("Author"), true)
        XCTAssertEqual(found["3️⃣"]?.contains("Query"), false)
        XCTAssertEqual(found["4️⃣"], ["include", "skip"])
        XCTAssertEqual(found["7️⃣"], ["include", "skip", "defer"])
        XCTAssertEqual(found["5️⃣"]?.contains("Shelf"), true)
        XCTAssertEqual(found["5️⃣"]?.contains("Genre"), false)
        XCTAssertEqual(found["5️⃣"]?.contains("RatingInput"), false)
        XCTAssertEqual(try labels("query A { shelves { id } }\n1️⃣")["1️⃣"], ["query", "mutation", "subscription", "fragment"])
        XCTAssertEqual(try labels("1️⃣", role: .schema)["1️⃣"]?.first, "type")
    }

    /// A `$` left at the end of a line is not part of the name typed on the next: the edit stays on the cursor's line
    /// (LSP 3.17: single-line, containing the position), and deletes no line break.
    func testAVariablesEditStaysOnTheCursorsLine() throws {
        let fixture = try FeatureFixture.bookshelf()
        let source = MarkedSource("""
            query Q($show: Boolean!, $id: ID!) {
              shelves @include(if: $
            1️⃣) { id }
              book(id: $2️⃣) { id }
            }
            """)
        let lines = LineTable(source.bytes)
        for marker in ["1️⃣", "2️⃣"] {
            let offset = try XCTUnwrap(source.offsets[marker])
            let items = GraphQLCompletion.completions(at: offset, in: source.bytes, role: .executable, project: fixture.project)
            XCTAssertFalse(items.isEmpty, marker)
            for item in items {
                XCTAssertEqual(lines.line(containing: item.replaceRange.lowerBound), lines.line(containing: offset), "\(marker) \(item.label)")
                XCTAssertTrue((item.replaceRange.lowerBound...item.replaceRange.upperBound).contains(offset), "\(marker) \(item.label)")
            }
        }
        // Right after the `$`, it is replaced with the name.
        let after = try XCTUnwrap(GraphQLCompletion.completions(at: source.offsets["2️⃣"]!, in: source.bytes, role: .executable, project: fixture.project).first)
        XCTAssertEqual(after.replaceRange, (source.offsets["2️⃣"]! - 1)..<source.offsets["2️⃣"]!)
    }

    func testSchemaDocuments() throws {
        let found = try labels("""
            type Library implements 1️⃣ {
              keeper: 2️⃣
              visitors(first: 3️⃣): Int
            }
            union Holding = Book | 4️⃣
            """, role: .schema)
        XCTAssertEqual(found["1️⃣"], ["Node"])
        XCTAssertEqual(found["2️⃣"]?.contains("Author"), true)
        XCTAssertEqual(found["2️⃣"]?.contains("RatingInput"), false)
        XCTAssertEqual(found["3️⃣"]?.contains("RatingInput"), true)
        XCTAssertEqual(found["3️⃣"]?.contains("Book"), false)
        XCTAssertEqual(found["4️⃣"]?.contains("Shelf"), true)
        XCTAssertEqual(found["4️⃣"]?.contains("Node"), false)
    }

    func testNothingInsideAStringOrAComment() throws {
        let found = try labels("""
            query Q { search(text: "Du1️⃣ne") { __typename } }
            query R { book(id: "1") { # ti3️⃣
              id } }
            # book 2️⃣
            """)
        XCTAssertEqual(found["1️⃣"], [])
        XCTAssertEqual(found["2️⃣"], [])
        XCTAssertEqual(found["3️⃣"], [])
    }
}

/// Hover, definition and references on what the schema file declares: fields, arguments, enum values and input
/// fields (types are covered with the operations), in Examples/Bookshelf's schema.
final class SchemaDeclarationNavigationTests: XCTestCase {
    func testDeclarationsInTheSchemaFile() throws {
        let fixture = try FeatureFixture.bookshelf()
        let project = fixture.project
        let path = fixture.graphqlDirectory.appendingPathComponent("schema.graphqls").path
        let schema = try XCTUnwrap(project.documents[path]).text
        let text = String(decoding: schema, as: UTF8.self)
        /// The offset inside the first `name` after `anchor`.
        func offset(of name: String, after anchor: String) throws -> Int {
            let start = try XCTUnwrap(text.range(of: anchor)).upperBound
            return text.utf8.distance(from: text.startIndex, to: try XCTUnwrap(text.range(of: name, range: start..<text.endIndex)).lowerBound) + 1
        }
        func uses(_ target: ReferenceTarget, declaration: Bool) -> [String] {
            References.inGraphQL(target, project: project, includingDeclaration: declaration).map { reference in
                let line = project.documents[reference.document]!.text[..<reference.range.lowerBound].count { $0 == 10 } + 1
                return "\(URL(fileURLWithPath: reference.document).lastPathComponent):\(line)"
            }
        }

        // A field of an object type: hover, definition (itself), and every selection of it on that type.
        let title = try offset(of: "title", after: "type Book implements")
        XCTAssertEqual(GraphQLNavigation.hover(at: title, in: schema, path: path, project: project)?.contents.components(separatedBy: "\n\n").first,
                       "```graphql\nBook.title: String!\n```")
        XCTAssertEqual(GraphQLNavigation.definition(at: title, in: schema, path: path, project: project)?.range.contains(title), true)
        let target = try XCTUnwrap(References.target(at: title, inGraphQL: schema, path: path, project: project))
        XCTAssertEqual(target, .field(type: "Book", name: "title"))
        XCTAssertEqual(uses(target, declaration: true), ["BookDetails.graphql:3", "SearchQuery.graphql:4", "ShelvesQuery.graphql:6", "schema.graphqls:23"])
        XCTAssertEqual(uses(target, declaration: false), ["BookDetails.graphql:3", "SearchQuery.graphql:4", "ShelvesQuery.graphql:6"])
        // An interface's field.
        let id = try offset(of: "id", after: "interface Node")
        XCTAssertEqual(References.target(at: id, inGraphQL: schema, path: path, project: project), .field(type: "Node", name: "id"))

        // An argument: its declaration and the selections that pass it.
        let search = try offset(of: "text", after: "type Query")
        XCTAssertTrue(try XCTUnwrap(GraphQLNavigation.hover(at: search, in: schema, path: path, project: project)).contents
            .hasPrefix("```graphql\ntext: String!\n```\n\nAn argument of `Query.search`."))
        XCTAssertEqual(GraphQLNavigation.definition(at: search, in: schema, path: path, project: project)?.range.contains(search), true)
        let argument = try XCTUnwrap(References.target(at: search, inGraphQL: schema, path: path, project: project))
        XCTAssertEqual(argument, .argument(type: "Query", field: "search", name: "text"))
        XCTAssertEqual(uses(argument, declaration: true), ["SearchQuery.graphql:2", "schema.graphqls:51"])
        XCTAssertEqual(uses(argument, declaration: false), ["SearchQuery.graphql:2"])

        // An enum value (no document writes one).
        let science = try offset(of: "SCIENCE", after: "enum Genre")
        XCTAssertEqual(GraphQLNavigation.hover(at: science, in: schema, path: path, project: project)?.contents, "```graphql\nGenre.SCIENCE\n```")
        let value = try XCTUnwrap(References.target(at: science, inGraphQL: schema, path: path, project: project))
        XCTAssertEqual(value, .enumValue(type: "Genre", name: "SCIENCE"))
        XCTAssertEqual(uses(value, declaration: true), ["schema.graphqls:15"])

        // An input field.
        let stars = try offset(of: "stars", after: "input RatingInput")
        XCTAssertEqual(GraphQLNavigation.hover(at: stars, in: schema, path: path, project: project)?.contents, "```graphql\nRatingInput.stars: Int!\n```")
        XCTAssertEqual(GraphQLNavigation.definition(at: stars, in: schema, path: path, project: project)?.range.contains(stars), true)
        let field = try XCTUnwrap(References.target(at: stars, inGraphQL: schema, path: path, project: project))
        XCTAssertEqual(field, .inputField(type: "RatingInput", name: "stars"))
        XCTAssertEqual(uses(field, declaration: true), ["schema.graphqls:57"])
    }

    /// Input fields and enum values written in operations' values (the inline catalogue schema of
    /// `GraphQLCompletionTests`).
    func testInputFieldsAndEnumValuesWrittenInOperations() throws {
        var project = GraphQLCompletionTests.catalogue
        project.update("/w/Books.graphql", role: .executable, text: Array("""
            query Fiction { books(filter: { title: "", genre: FICTION }, order: NEWEST) { id } }
            query Science { books(filter: { title: "x", genre: SCIENCE }) { id } }
            """.utf8))
        let schema = try XCTUnwrap(project.documents["/w/schema.graphqls"]).text
        let text = String(decoding: schema, as: UTF8.self)
        func offset(of name: String, after anchor: String) throws -> Int {
            let start = try XCTUnwrap(text.range(of: anchor)).upperBound
            return text.utf8.distance(from: text.startIndex, to: try XCTUnwrap(text.range(of: name, range: start..<text.endIndex)).lowerBound) + 1
        }
        func uses(_ target: ReferenceTarget) -> [String] {
            References.inGraphQL(target, project: project, includingDeclaration: false).map { reference in
                "\(URL(fileURLWithPath: reference.document).lastPathComponent):\(project.documents[reference.document]!.text[..<reference.range.lowerBound].count { $0 == 10 } + 1)"
            }
        }
        let genre = try XCTUnwrap(References.target(at: try offset(of: "genre", after: "input BookFilter"), inGraphQL: schema, path: "/w/schema.graphqls", project: project))
        XCTAssertEqual(genre, .inputField(type: "BookFilter", name: "genre"))
        XCTAssertEqual(uses(genre), ["Books.graphql:1", "Books.graphql:2"])
        let science = try XCTUnwrap(References.target(at: try offset(of: "SCIENCE", after: "enum Genre"), inGraphQL: schema, path: "/w/schema.graphqls", project: project))
        XCTAssertEqual(uses(science), ["Books.graphql:2"])
    }
}

/// Hover and definition at markers in GraphQL documents (Examples/Bookshelf).
final class GraphQLNavigationTests: XCTestCase {
    func testHoverAndDefinition() throws {
        let fixture = try FeatureFixture.bookshelf()
        let project = fixture.project
        let source = MarkedSource("""
            query Shelves($genre: Ge8️⃣nre, $withBooks: Boolean!) {
              shelves {
                lab1️⃣el
                books(fir6️⃣st: 5) @include(if: $with9️⃣Books) { tit2️⃣le }
              }
              search(text: "x") { ... on Au3️⃣thor { bo4️⃣rn } }
              book(id: "1") { ...BookDe5️⃣tails }
            }
            """)
        func hover(_ marker: String) -> String? { GraphQLNavigation.hover(at: source[marker], in: source.bytes, path: "/w/Shelves.graphql", project: project)?.contents }
        func definition(_ marker: String) -> SourceLocation? {
            GraphQLNavigation.definition(at: source[marker], in: source.bytes, path: "/w/Shelves.graphql", project: project)
        }
        // A field: its GraphQL signature, and the Swift property and type Apollo generates where it is selected.
        XCTAssertEqual(try XCTUnwrap(hover("1️⃣")).components(separatedBy: "\n\n").first, "```graphql\nShelf.label: String!\n```")
        XCTAssertTrue(try XCTUnwrap(hover("1️⃣")).contains("Apollo iOS: `ShelvesQuery.Data.Shelf.label: String`"), hover("1️⃣") ?? "")
        XCTAssertTrue(try XCTUnwrap(hover("2️⃣")).contains("Apollo iOS: `ShelvesQuery.Data.Shelf.Book.title: String`"), hover("2️⃣") ?? "")
        XCTAssertTrue(try XCTUnwrap(hover("3️⃣")).hasPrefix("```graphql\nobject Author implements Node\n```"), hover("3️⃣") ?? "")
        // In a type condition, the condition's type; no Apollo property where the indexed `Shelves` selects no `search`.
        XCTAssertEqual(hover("4️⃣"), "```graphql\nAuthor.born: Int\n```")
        XCTAssertTrue(try XCTUnwrap(hover("5️⃣")).contains("fragment BookDetails on Book"))
        XCTAssertTrue(try XCTUnwrap(hover("6️⃣")).contains("first: Int"))
        XCTAssertTrue(try XCTUnwrap(hover("8️⃣")).hasPrefix("```graphql\nenum Genre\n```"))
        XCTAssertEqual(hover("9️⃣"), "```graphql\n$withBooks: Boolean!\n```")

        let schema = try XCTUnwrap(project.documents.values.first { $0.role == .schema })
        func line(_ location: SourceLocation?) -> String? {
            guard let location, let document = project.documents[location.document] else { return nil }
            let before = document.text[..<location.range.lowerBound]
            let start = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
            let end = document.text[location.range.lowerBound...].firstIndex(of: UInt8(ascii: "\n")) ?? document.text.count
            return String(decoding: document.text[start..<end], as: UTF8.self).trimmingCharacters(in: .whitespaces)
        }
        XCTAssertEqual(definition("1️⃣")?.document, schema.path)
        XCTAssertEqual(line(definition("1️⃣")), "label: String!")
        XCTAssertEqual(line(definition("3️⃣")), "type Author implements Node {")
        XCTAssertEqual(line(definition("5️⃣")), "fragment BookDetails on Book {")
        XCTAssertEqual(line(definition("6️⃣")), "books(first: Int = 20): [Book!]!")
        XCTAssertEqual(line(definition("8️⃣")), "enum Genre {")
        XCTAssertEqual(definition("9️⃣"), SourceLocation(document: "/w/Shelves.graphql", range: 29..<39))
    }
}

/// Document and workspace symbols of Examples/Bookshelf's documents.
final class GraphQLSymbolsTests: XCTestCase {
    func testDocumentAndWorkspaceSymbols() throws {
        let fixture = try FeatureFixture.bookshelf()
        let schema = try XCTUnwrap(fixture.project.documents.values.first { $0.role == .schema })
        let symbols = GraphQLSymbols.documentSymbols(schema.effective, typeNames: Capitalizer())
        let book = try XCTUnwrap(symbols.first { $0.name == "Book" })
        XCTAssertEqual(book.kind, .object)
        XCTAssertEqual(book.children.prefix(3).map(\.name), ["id", "title", "rating"])
        XCTAssertEqual(book.children[0].detail, "ID!")
        XCTAssertEqual(symbols.first { $0.name == "Genre" }?.children.map(\.name), ["FICTION", "SCIENCE", "HISTORY", "POETRY"])
        let operations = try XCTUnwrap(fixture.project.documents.values.first { $0.path.hasSuffix("/ShelvesQuery.graphql") })
        XCTAssertEqual(GraphQLSymbols.documentSymbols(operations.effective, typeNames: Capitalizer()).map(\.detail), ["query → ShelvesQuery"])
        // By GraphQL name or Apollo's Swift name, characters in order.
        XCTAssertEqual(GraphQLSymbols.workspaceSymbols("shelvesq", in: [fixture.project]).map(\.symbol.name), ["Shelves"])
        XCTAssertEqual(GraphQLSymbols.workspaceSymbols("mock<auth", in: [fixture.project]).map(\.swiftName), ["Mock<Author>"])
    }
}

/// References across GraphQL documents and Swift tests (Examples/Bookshelf).
final class ReferencesTests: XCTestCase {
    func testAFieldATypeAFragmentAndAnOperation() throws {
        let fixture = try FeatureFixture.bookshelf()
        let project = fixture.project
        let test = MarkedSource("""
            func test() {
              let book = Mock<Bo1️⃣ok>(author: Mock<Author>(na2️⃣me: "Le Guin"), title: "Dune")
              book.title = "Emma"
              let model = Book3️⃣Query.Data.Book.from(book)
              _ = model.author.name
              _ = model.fragments.bookDe4️⃣tails.genre
              _ = BookDetails.from(book)
              _ = model.ti5️⃣tle
            }
            """)
        let file = SwiftFile(test.text)
        func text(_ range: Range<Int>) -> String { String(decoding: test.bytes[range], as: UTF8.self) }

        // `name` of Author: the label and the model read in the test; the selections in the operations.
        let name = try XCTUnwrap(References.target(at: test["2️⃣"], inSwift: file, project: project))
        XCTAssertEqual(name, .field(type: "Author", name: "name"))
        XCTAssertEqual(References.inSwift(name, file: file, project: project).map(text), ["name", "name"])
        let inOperations = References.inGraphQL(name, project: project, includingDeclaration: true)
        XCTAssertTrue(inOperations.contains { $0.document.hasSuffix("/BookDetails.graphql") })
        XCTAssertTrue(inOperations.contains { $0.document.hasSuffix(".graphqls") }, "the declaration")
        XCTAssertFalse(References.inGraphQL(name, project: project, includingDeclaration: false).contains { $0.document.hasSuffix(".graphqls") })

        XCTAssertEqual(References.target(at: test["1️⃣"], inSwift: file, project: project), .type("Book"))
        XCTAssertEqual(References.inSwift(.type("Book"), file: file, project: project).map(text), ["Book"])
        XCTAssertTrue(References.inGraphQL(.type("Book"), project: project, includingDeclaration: false)
            .contains { $0.document.hasSuffix("/BookDetails.graphql") }, "a fragment's type condition")
        XCTAssertTrue(References.inGraphQL(.type("Book"), project: project, includingDeclaration: false)
            .contains { $0.document.hasSuffix("/SearchQuery.graphql") }, "an inline fragment's type condition")

        XCTAssertEqual(References.target(at: test["3️⃣"], inSwift: file, project: project), .operation("Book"))
        XCTAssertEqual(References.inSwift(.operation("Book"), file: file, project: project).map(text), ["BookQuery"])

        XCTAssertEqual(References.target(at: test["4️⃣"], inSwift: file, project: project), .fragment("BookDetails"))
        XCTAssertEqual(References.inSwift(.fragment("BookDetails"), file: file, project: project).map(text), ["bookDetails", "BookDetails"])
        let spreads = References.inGraphQL(.fragment("BookDetails"), project: project, includingDeclaration: true)
        XCTAssertTrue(spreads.contains { $0.document.hasSuffix("/BookQuery.graphql") })
        XCTAssertTrue(spreads.contains { $0.document.hasSuffix("/BookDetails.graphql") })

        // `title` read from the model, set on the mock and passed as its label.
        XCTAssertEqual(References.target(at: test["5️⃣"], inSwift: file, project: project), .field(type: "Book", name: "title"))
        XCTAssertEqual(References.inSwift(.field(type: "Book", name: "title"), file: file, project: project).count, 3)

        // From a GraphQL document: the field under the cursor.
        let query = MarkedSource("query Q { book(id: \"1\") { author { na1️⃣me } } }")
        XCTAssertEqual(References.target(at: query["1️⃣"], inGraphQL: query.bytes, path: "/w/Q.graphql", project: project), .field(type: "Author", name: "name"))
        XCTAssertEqual(References.target(at: MarkedSource("query Shel1️⃣ves { id }")["1️⃣"], inGraphQL: Array("query Shelves { id }".utf8), path: "/w/Q.graphql", project: project),
                       .operation("Shelves"))
    }
}
