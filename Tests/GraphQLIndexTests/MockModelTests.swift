import Foundation
@testable import GraphQLIndex
import MocklsTestSupport
import XCTest

/// An API's schema and operations, parsed: a shared Apollo sample API (`init(_:)`), or one the repository holds
/// (`init(name:directory:)`, `inRepository()`).
struct SampleAPI {
    let name: String
    let schema: Schema
    let operations: [Document]
    /// The operation documents with their paths, in path order.
    let operationFiles: [(path: String, document: Document)]
    let directory: URL

    init(_ name: String) throws {
        try self.init(name: name, directory: try SharedFolder.require("fixtures/apollo/\(name)"))
    }

    /// `directory` holds `graphql/`.
    init(name: String, directory: URL) throws {
        self.name = name
        self.directory = directory
        let graphql = directory.appendingPathComponent("graphql")
        let schemaFiles = SharedFixtures.files(under: graphql, extensions: ["graphqls"])
        schema = Schema(documents: try schemaFiles.map { ($0.lastPathComponent, GraphQLParser.parse(Array(try Data(contentsOf: $0)))) })
        operationFiles = try SharedFixtures.files(under: graphql, extensions: ["graphql"]).map {
            ($0.path, GraphQLParser.parse(Array(try Data(contentsOf: $0))))
        }
        operations = operationFiles.map(\.document)
    }

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The APIs a lone clone has: AnimalKingdom as Apollo 2.3 ships it (the input of the 2.x mock golden) and
    /// Examples/Bookshelf.
    static func inRepository() throws -> [SampleAPI] {
        [
            try SampleAPI(name: "AnimalKingdomAPI", directory: repository.appendingPathComponent("Tests/goldens/apollo-2.3.0/AnimalKingdomAPI")),
            try SampleAPI(name: "BookshelfAPI", directory: repository.appendingPathComponent("Examples/Bookshelf")),
        ]
    }

    /// The repository's APIs, and with ../shared beside the clone its sample APIs too.
    static func inRepositoryAndShared() throws -> [SampleAPI] {
        try inRepository() + (SharedFolder.ifPresent() == nil ? [] : try SharedFixtures.apis.map { try SampleAPI($0) })
    }

    /// Apollo 1.25's mocks (the shared expectations'); `mockModel(format:)` for another format.
    var mockModel: MockModel { mockModel(format: .defaults) }
    func mockModel(format: MockFormat) -> MockModel { MockModel(schema: schema, documents: operations, namespace: name, format: format) }

    func expected(_ file: String) throws -> [String: Any] {
        try JSONSerialization.jsonObject(with: Data(contentsOf: directory.appendingPathComponent(file))) as! [String: Any]
    }
}

final class MockModelTests: XCTestCase {
    /// The model equals `expected-mocks.json` field for field, for every shared API.
    func testMockModelEqualsApollosForEverySharedAPI() throws {
        for api in SharedFixtures.apis {
            let sample = try SampleAPI(api)
            XCTAssertEqual(sample.schema.diagnostics, [], api)
            let model = sample.mockModel
            let expected = try sample.expected("expected-mocks.json")
            XCTAssertEqual(model.namespace, expected["namespace"] as? String)
            let expectedObjects = expected["objects"] as! [[String: Any]]
            XCTAssertEqual(model.objects.map(\.name), expectedObjects.map { $0["name"] as! String }, api)
            for (object, expectedObject) in zip(model.objects, expectedObjects) {
                XCTAssertEqual(object.swiftName, expectedObject["swiftName"] as? String)
                XCTAssertEqual(object.interfaces, expectedObject["interfaces"] as? [String], "\(api).\(object.name)")
                let expectedFields = expectedObject["fields"] as! [[String: Any]]
                XCTAssertEqual(object.fields.map(\.key), expectedFields.map { $0["key"] as! String }, "\(api).\(object.name)")
                for (field, expectedField) in zip(object.fields, expectedFields) {
                    let actual: [String: String?] = [
                        "property": field.property, "initLabel": field.initLabel, "initInternalName": field.initInternalName,
                        "graphqlType": field.graphqlType.description, "fieldType": field.fieldType,
                        "initParamType": field.initParamType, "default": field.defaultValue, "setter": field.setter.rawValue,
                        "deprecationReason": field.deprecationReason,
                    ]
                    for (key, value) in actual {
                        XCTAssertEqual(value, expectedField[key] as? String, "\(api).\(object.name).\(field.key).\(key)")
                    }
                }
            }
            for (kind, actual) in [("interfaces", model.interfaces), ("unions", model.unions)] {
                let expectedTypes = expected[kind] as! [[String: Any]]
                XCTAssertEqual(actual.map(\.name), expectedTypes.map { $0["name"] as! String }, "\(api) \(kind)")
                for (type, expectedType) in zip(actual, expectedTypes) {
                    let possible = kind == "interfaces" ? type.possibleTypes.sorted() : type.possibleTypes
                    XCTAssertEqual(possible, expectedType["possibleTypes"] as? [String], "\(api).\(type.name)")
                    XCTAssertEqual(type.swiftName, expectedType["swiftName"] as? String)
                }
            }
        }
    }

    func testPre123FormatMakesEveryParameterOptional() throws {
        let sample = try SampleAPI.inRepository()[0]
        let model = MockModel(schema: sample.schema, documents: sample.operations, namespace: "AnimalKingdomAPI", format: .optionalParameters)
        let dog = try XCTUnwrap(model.object("Dog"))
        XCTAssertEqual(dog.field("species")?.initParamType, "String?")
        XCTAssertEqual(dog.field("height")?.initParamType, "Mock<Height>?")
        XCTAssertEqual(dog.field("predators")?.initParamType, "[(any AnyMock)]?")
        XCTAssertEqual(dog.field("owner")?.initParamType, "Mock<Human>?")
        XCTAssertTrue(dog.fields.allSatisfy { $0.defaultValue == "nil" })
    }

    func testEscapingAndNamingRules() {
        let schema = Schema(documents: [("s", GraphQLParser.parse("""
            type Query { Type: Type! self: String! hash: String! default: Int any: Any }
            type Type implements Actor { actor: Actor! kind: Kind! }
            interface Actor { login: String }
            type Any { id: ID }
            enum Kind { SOME_VALUE other }
            """))])
        let model = MockModel(schema: schema, documents: [GraphQLParser.parse("""
            { Type { actor { login } kind } self hash default any { id } }
            """)], namespace: "gitHubAPI")
        XCTAssertEqual(model.namespace, "GitHubAPI")
        XCTAssertEqual(model.objects.map(\.swiftName), ["Any_Object", "Query", "Type_Object"])
        let query = model.object("Query")!
        XCTAssertEqual(query.fields.map(\.property), ["`Type`", "any", "`default`", "hash", "`self`"])
        XCTAssertEqual(query.field("self")?.initInternalName, "self_value")
        XCTAssertEqual(query.field("Type")?.fieldType, "Type_Object")
        XCTAssertEqual(query.field("Type")?.defaultValue, "Mock<Type_Object>()")
        let type = model.object("Type")!
        XCTAssertEqual(type.field("actor")?.fieldType, "MockObject.Actor")
        XCTAssertEqual(type.field("actor")?.defaultValue, "Mock<Type>()", "Apollo writes the raw schema name here")
        XCTAssertEqual(type.field("kind")?.defaultValue, ".case(.someValue)")
        let rendered = MockFileRenderer.render(query, model: model)
        XCTAssertTrue(rendered.contains("  var hash: String? {\n    get { _data[\"hash\"] as? String }\n"), rendered)
        XCTAssertTrue(rendered.contains("    `self` self_value: String = \"\"\n  ) {\n"), rendered)
        XCTAssertTrue(rendered.contains("    _setScalar(self_value, for: \\.`self`)\n"), rendered)
    }
}

final class IntrospectionTests: XCTestCase {
    /// StarWars ships its schema both as SDL and as an introspection result: both give the same mocks.
    func testIntrospectionJSONGivesTheSameMockModelAsSDL() throws {
        let sample = try SampleAPI("StarWarsAPI")
        let json = Array(try Data(contentsOf: sample.directory.appendingPathComponent("graphql/schema.json")))
        let fromJSON = ProjectIndex(namespace: "StarWarsAPI", sources: [("schema.json", .schema, json)])
        XCTAssertEqual(fromJSON.diagnostics["schema.json"], [])
        let jsonSchema = fromJSON.schema
        let jsonModel = MockModel(schema: jsonSchema, documents: sample.operations, namespace: "StarWarsAPI")
        let sdlModel = sample.mockModel
        assertSameModel(jsonModel, sdlModel)
    }

    /// An introspection result written here (a part of Examples/Bookshelf's schema: an interface, a union, an enum
    /// with a deprecated value, lists, non-null, a description) gives the mocks its SDL gives.
    func testAnIntrospectionResultGivesTheSameMockModelAsItsSDL() throws {
        func named(_ kind: String, _ name: String) -> String { #"{"kind": "\#(kind)", "name": "\#(name)", "ofType": null}"# }
        func nonNull(_ type: String) -> String { #"{"kind": "NON_NULL", "name": null, "ofType": \#(type)}"# }
        func list(_ type: String) -> String { #"{"kind": "LIST", "name": null, "ofType": \#(type)}"# }
        func field(_ name: String, _ type: String, args: String = "[]", description: String = "null") -> String {
            #"{"name": "\#(name)", "description": \#(description), "args": \#(args), "type": \#(type), "isDeprecated": false, "deprecationReason": null}"#
        }
        let idArgument = #"[{"name": "id", "type": \#(nonNull(named("SCALAR", "ID"))), "defaultValue": null}]"#
        let json = #"""
            {"data": {"__schema": {"queryType": {"name": "Query"}, "mutationType": null, "subscriptionType": null, "types": [
              {"kind": "OBJECT", "name": "Query", "interfaces": [], "fields": [
                \#(field("book", named("OBJECT", "Book"), args: idArgument)),
                \#(field("search", nonNull(list(nonNull(named("UNION", "SearchResult"))))))]},
              {"kind": "INTERFACE", "name": "Node", "interfaces": [], "fields": [\#(field("id", nonNull(named("SCALAR", "ID"))))]},
              {"kind": "OBJECT", "name": "Book", "interfaces": [\#(named("INTERFACE", "Node"))], "fields": [
                \#(field("id", nonNull(named("SCALAR", "ID")))),
                \#(field("title", nonNull(named("SCALAR", "String")))),
                \#(field("rating", named("SCALAR", "Float"), description: "\"Average reader rating.\"")),
                \#(field("genre", nonNull(named("ENUM", "Genre")))),
                \#(field("author", nonNull(named("OBJECT", "Author")))),
                \#(field("coAuthors", nonNull(list(nonNull(named("OBJECT", "Author"))))))]},
              {"kind": "OBJECT", "name": "Author", "interfaces": [\#(named("INTERFACE", "Node"))], "fields": [
                \#(field("id", nonNull(named("SCALAR", "ID")))), \#(field("name", nonNull(named("SCALAR", "String")))), \#(field("born", named("SCALAR", "Int")))]},
              {"kind": "UNION", "name": "SearchResult", "possibleTypes": [\#(named("OBJECT", "Book")), \#(named("OBJECT", "Author"))]},
              {"kind": "ENUM", "name": "Genre", "enumValues": [
                {"name": "FICTION", "isDeprecated": false, "deprecationReason": null},
                {"name": "POETRY", "isDeprecated": true, "deprecationReason": "Shelved with FICTION."}]},
              {"kind": "SCALAR", "name": "ID"}, {"kind": "SCALAR", "name": "String"}, {"kind": "SCALAR", "name": "Float"},
              {"kind": "SCALAR", "name": "Int"}, {"kind": "SCALAR", "name": "Boolean"},
              {"kind": "OBJECT", "name": "__Type", "interfaces": [], "fields": []}
            ]}}}
            """#
        let sdl = """
            schema { query: Query }
            type Query { book(id: ID!): Book search: [SearchResult!]! }
            interface Node { id: ID! }
            type Book implements Node { id: ID! title: String! "Average reader rating." rating: Float genre: Genre! author: Author! coAuthors: [Author!]! }
            type Author implements Node { id: ID! name: String! born: Int }
            union SearchResult = Book | Author
            enum Genre { FICTION POETRY @deprecated(reason: "Shelved with FICTION.") }
            """
        let operations = GraphQLParser.parse(Array("""
            query Book($id: ID!) { book(id: $id) { id title rating genre author { name born } coAuthors { id name } } }
            query Search { search { __typename ... on Book { title } ... on Author { name } } }
            """.utf8))
        let fromJSON = ProjectIndex(namespace: "BookshelfAPI", sources: [("schema.json", .schema, Array(json.utf8))])
        XCTAssertEqual(fromJSON.diagnostics["schema.json"], [])
        let jsonModel = MockModel(schema: fromJSON.schema, documents: [operations], namespace: "BookshelfAPI")
        let sdlModel = MockModel(schema: Schema(documents: [("schema.graphqls", GraphQLParser.parse(Array(sdl.utf8)))]), documents: [operations], namespace: "BookshelfAPI")
        XCTAssertEqual(jsonModel.objects.map(\.name), ["Author", "Book", "Query"])
        assertSameModel(jsonModel, sdlModel)
        XCTAssertEqual(jsonModel.object("Book")?.field("coAuthors")?.initParamType, "[Mock<Author>]")
        XCTAssertEqual(fromJSON.schema["Genre"]?.enumValues.last?.deprecationReason, "Shelved with FICTION.")
    }

    func testNotAnIntrospectionResultIsReported() {
        let index = ProjectIndex(namespace: "API", sources: [("schema.json", .schema, Array("{\"a\": 1}".utf8))])
        XCTAssertEqual(index.diagnostics["schema.json"]?.map(\.message), [
            "not an introspection result: expected {\"data\": {\"__schema\": …}} or {\"__schema\": …}",
        ])
    }

    /// The model read from an introspection result is the one read from the SDL: the same objects, each field's
    /// parameter type, default and deprecation, and the same unions.
    private func assertSameModel(_ json: MockModel, _ sdl: MockModel, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(json.objects.map(\.name), sdl.objects.map(\.name), file: file, line: line)
        for (a, b) in zip(json.objects, sdl.objects) {
            XCTAssertEqual(a.fields.map(\.initParamType), b.fields.map(\.initParamType), a.name, file: file, line: line)
            XCTAssertEqual(a.fields.map(\.defaultValue), b.fields.map(\.defaultValue), a.name, file: file, line: line)
            XCTAssertEqual(a.fields.map(\.deprecationReason), b.fields.map(\.deprecationReason), a.name, file: file, line: line)
        }
        XCTAssertEqual(json.unions, sdl.unions, file: file, line: line)
    }
}
