import Foundation
@testable import GraphQLIndex
import MocklsTestSupport
import XCTest

/// A shared Apollo sample API: its schema and operations, parsed.
struct SampleAPI {
    let name: String
    let schema: Schema
    let operations: [Document]
    /// The operation documents with their paths, in path order.
    let operationFiles: [(path: String, document: Document)]
    let directory: URL

    init(_ name: String) throws {
        self.name = name
        directory = try SharedFolder.require("fixtures/apollo/\(name)")
        let graphql = directory.appendingPathComponent("graphql")
        let schemaFiles = SharedFixtures.files(under: graphql, extensions: ["graphqls"])
        schema = Schema(documents: try schemaFiles.map { ($0.lastPathComponent, GraphQLParser.parse(Array(try Data(contentsOf: $0)))) })
        operationFiles = try SharedFixtures.files(under: graphql, extensions: ["graphql"]).map {
            ($0.path, GraphQLParser.parse(Array(try Data(contentsOf: $0))))
        }
        operations = operationFiles.map(\.document)
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
        let sample = try SampleAPI("AnimalKingdomAPI")
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
        XCTAssertEqual(jsonModel.objects.map(\.name), sdlModel.objects.map(\.name))
        for (a, b) in zip(jsonModel.objects, sdlModel.objects) {
            XCTAssertEqual(a.fields.map(\.initParamType), b.fields.map(\.initParamType), a.name)
            XCTAssertEqual(a.fields.map(\.defaultValue), b.fields.map(\.defaultValue), a.name)
            XCTAssertEqual(a.fields.map(\.deprecationReason), b.fields.map(\.deprecationReason), a.name)
        }
        XCTAssertEqual(jsonModel.unions, sdlModel.unions)
    }

    func testNotAnIntrospectionResultIsReported() {
        let index = ProjectIndex(namespace: "API", sources: [("schema.json", .schema, Array("{\"a\": 1}".utf8))])
        XCTAssertEqual(index.diagnostics["schema.json"]?.map(\.message), [
            "not an introspection result: expected {\"data\": {\"__schema\": …}} or {\"__schema\": …}",
        ])
    }
}
