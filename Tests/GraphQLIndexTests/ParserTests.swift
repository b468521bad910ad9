import Foundation
@testable import GraphQLIndex
import MocklsTestSupport
import XCTest

final class ParserTests: XCTestCase {
    /// The repository's own documents (Examples/Bookshelf, AnimalKingdom as Apollo 2.3 ships it, the plugin fixture,
    /// the scenarios, the protocol workspaces); ../shared's real-world corpora are `testEveryRealDocumentParsesWithoutErrors`.
    func testEveryDocumentOfTheRepositoryParsesWithoutErrors() throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let files = ["Examples", "Tests/goldens", "Tests/PluginFixture", "Tests/scenarios", "protocol-fixtures"].flatMap {
            SharedFixtures.files(under: repository.appendingPathComponent($0), extensions: ["graphql", "graphqls"])
        }
        XCTAssertGreaterThanOrEqual(files.count, 28)
        for file in files {
            let document = GraphQLParser.parse(Array(try Data(contentsOf: file)))
            XCTAssertEqual(document.errors, [], file.lastPathComponent)
            XCTAssertFalse(document.definitions.isEmpty, file.lastPathComponent)
        }
    }

    func testEveryRealDocumentParsesWithoutErrors() throws {
        let shared = try SharedFolder.require()
        let files = SharedFixtures.files(under: shared.appendingPathComponent("fixtures/apollo"), extensions: ["graphql", "graphqls"])
            + SharedFixtures.files(under: shared.appendingPathComponent("bench"), extensions: ["graphql", "graphqls", "gql"])
        XCTAssertGreaterThan(files.count, 250)
        for file in files {
            let document = GraphQLParser.parse(Array(try Data(contentsOf: file)))
            XCTAssertEqual(document.errors, [], file.lastPathComponent)
            XCTAssertFalse(document.definitions.isEmpty, file.lastPathComponent)
        }
    }

    func testExecutableDocument() {
        let source = """
            query Dog($id: ID!, $withOwner: Boolean = false) @cached {
              dog(id: $id) { ...DogFields owner @include(if: $withOwner) { name } }
              alias: cat { ... on Cat { meows } ... @skip(if: true) { id } }
            }
            fragment DogFields on Dog { species, height { feet } }
            """
        let document = GraphQLParser.parse(source)
        XCTAssertEqual(document.errors, [])
        let operation = document.operations[0]
        XCTAssertEqual(operation.name?.value, "Dog")
        XCTAssertEqual(operation.variables.map(\.type.description), ["ID!", "Boolean"])
        XCTAssertEqual(operation.variables[1].defaultValue, .boolean(false))
        guard case .field(let dog) = operation.selectionSet.selections[0], case .field(let cat) = operation.selectionSet.selections[1] else {
            return XCTFail()
        }
        XCTAssertEqual(dog.arguments.first?.value, .variable(Name("id", 0..<0)))
        XCTAssertEqual(cat.responseKey, "alias")
        XCTAssertEqual(String(decoding: Array(source.utf8)[cat.name.range], as: UTF8.self), "cat")
        guard case .inlineFragment(let skipped) = cat.selectionSet?.selections[1] else { return XCTFail() }
        XCTAssertNil(skipped.typeCondition)
        XCTAssertEqual(skipped.directives.named("skip")?.argument("if"), .boolean(true))
        XCTAssertEqual(document.fragments.first?.typeCondition.value, "Dog")
    }

    func testTypeSystemDocument() {
        let source = #"""
            """
              A dog.
                Indented line.
            """
            type Dog implements Animal & Pet @key(fields: "id") {
              "The id" id: ID!
              friends(first: Int = 10, after: String): [Dog!]! @deprecated(reason: "use \"pals\"")
            }
            extend type Dog { pals: [Dog] }
            union Pets = | Dog | Cat
            enum Size { SMALL LARGE @deprecated }
            input Filter { size: Size = SMALL, tags: [String!] = ["a"] }
            scalar Date @specifiedBy(url: "https://example.com")
            schema { query: Root mutation: Mutations }
            directive @key(fields: String!) repeatable on OBJECT | INTERFACE
            """#
        let document = GraphQLParser.parse(source)
        XCTAssertEqual(document.errors, [])
        let types = document.typeDefinitions
        XCTAssertEqual(types.map(\.name.value), ["Dog", "Dog", "Pets", "Size", "Filter", "Date"])
        XCTAssertEqual(types[0].description, "A dog.\n  Indented line.")
        XCTAssertEqual(types[0].interfaces.map(\.value), ["Animal", "Pet"])
        XCTAssertEqual(types[0].fields.map(\.description), ["The id", nil])
        XCTAssertEqual(types[0].fields[1].directives.named("deprecated")?.argument("reason"), .string("use \"pals\""))
        XCTAssertEqual(types[0].fields[1].arguments.map(\.defaultValue), [.int("10"), nil])
        XCTAssertTrue(types[1].isExtension)
        XCTAssertEqual(types[2].unionMembers.map(\.value), ["Dog", "Cat"])
        XCTAssertEqual(types[3].enumValues.map(\.name.value), ["SMALL", "LARGE"])
        XCTAssertEqual(types[4].inputFields.map(\.defaultValue), [.enumValue("SMALL"), .list([.string("a")])])
        guard case .schema(let schema) = document.definitions[6], case .directive(let directive) = document.definitions[7] else {
            return XCTFail()
        }
        XCTAssertEqual(schema.operationTypes.map { "\($0.kind):\($0.type)" }, ["query:Root", "mutation:Mutations"])
        XCTAssertTrue(directive.isRepeatable)
        XCTAssertEqual(directive.locations.map(\.value), ["OBJECT", "INTERFACE"])
    }

    func testStringEscapes() {
        let document = GraphQLParser.parse(#"{ f(a: "tab\t \u00e9 \u{1F600} \\ \/", b: """a \""" b""") }"#)
        XCTAssertEqual(document.errors, [])
        guard case .field(let field) = document.operations[0].selectionSet.selections[0] else { return XCTFail() }
        XCTAssertEqual(field.arguments.map(\.value), [.string("tab\t é 😀 \\ /"), .string("a \"\"\" b")])
    }

    func testIncompleteDocumentKeepsWhatItCanAndRecovers() {
        // Typing in the first operation must not lose the fragment after it.
        let source = """
            query AllAnimals {
              allAnimals {
                species
                height {

            fragment HeightInMeters on Animal {
              height { meters }
            }
            """
        let document = GraphQLParser.parse(source)
        XCTAssertFalse(document.errors.isEmpty)
        XCTAssertEqual(document.operations.first?.name?.value, "AllAnimals")
        XCTAssertEqual(document.fragments.map(\.name.value), ["HeightInMeters"])
        guard case .field(let allAnimals) = document.operations[0].selectionSet.selections[0] else { return XCTFail() }
        XCTAssertEqual(allAnimals.selectionSet?.selections.count, 2)
    }

    func testErrorsHaveExactRanges() {
        let source = "type Dog { id: ID! name String }\nquery { dog(id: ) { id } }"
        let document = GraphQLParser.parse(source)
        let bytes = Array(source.utf8)
        XCTAssertEqual(document.errors.map(\.message), ["expected \":\", found \"String\"", "expected a value, found \")\""])
        XCTAssertEqual(document.errors.map { String(decoding: bytes[$0.range], as: UTF8.self) }, ["String", ")"])
        XCTAssertEqual(document.typeDefinitions[0].fields.map(\.name.value), ["id", "name"])
    }

    func testGarbageNeverStopsTheParser() {
        for source in ["}}}", "query {", "fragment", "type", "{ ... on }", "\"unterminated", "\"\"\"open", "@ $ & | = !",
                       "query Q($: ) { a(b: [1, {c: }]) }", "extend", "schema", "enum E { A, \"x\" }", "é 😀 {", "1.e", "-x"] {
            let document = GraphQLParser.parse(source)
            XCTAssertFalse(document.errors.isEmpty, source)
        }
        XCTAssertEqual(GraphQLParser.parse("").definitions.count, 0)
        XCTAssertEqual(GraphQLParser.parse("\u{FEFF}{ a }").errors, [])
    }
}
