import Foundation
import GraphQLIndex
import MocklsTestSupport
import XCTest

/// The placeholder file of each shared API type-checks with `swiftc`, together with the mock files mockls renders,
/// against stand-ins for Apollo's modules and the schema module (`StandInApollo`).
final class PlaceholderFileTests: XCTestCase {
    /// Apollo 1.x's mocks and placeholders in Swift 5 mode, against 1.x's modules.
    func testEverySharedAPIsPlaceholdersTypeCheck() throws {
        try checkEverySharedAPI(format: .defaults, version: .v1)
    }

    /// Apollo 2.x's mocks (`final`, `MockFields: Sendable`, `.defaultMockValue`) and placeholders in Swift 6 mode,
    /// against 2.x-shaped modules (`MockFieldValue: Sendable`, async `from(_:)`).
    func testEverySharedAPIsApolloTwoMocksAndPlaceholdersTypeCheckInSwiftSix() throws {
        try checkEverySharedAPI(format: .apolloTwo, version: .v2)
    }

    /// The repository's APIs (AnimalKingdom as Apollo 2.3 ships it, Examples/Bookshelf), in Apollo 1.x's format and
    /// 2.x's (Swift 6 mode).
    func testTheRepositorysAPIsPlaceholdersTypeCheckInEachRelease() throws {
        try checkEvery(try SampleAPI.inRepository(), format: .defaults, version: .v1)
        try checkEvery(try SampleAPI.inRepository(), format: .apolloTwo, version: .v2)
    }

    private func checkEverySharedAPI(format: MockFormat, version: StandInApollo.Version) throws {
        try checkEvery(try SharedFixtures.apis.map { try SampleAPI($0) }, format: format, version: version)
    }

    private func checkEvery(_ samples: [SampleAPI], format: MockFormat, version: StandInApollo.Version) throws {
        for sample in samples {
            let api = sample.name
            let model = sample.mockModel(format: format)
            let namespace = model.namespace
            let selectionSets = SelectionSetModel(
                schema: sample.schema, documents: sample.operationFiles.map { ($0.path, $0.document) }, namespace: namespace)
            guard let modules = try StandInApollo(
                model: model, schema: sample.schema, selectionSets: selectionSets, version: version, name: "\(api)-\(format.rawValue)")
            else {
                throw XCTSkip("swiftc is not on PATH")
            }
            defer { modules.remove() }
            // Every selection set with an initializer, as `selectionSetInitializers: {operations: true, namedFragments: true}` has it.
            let placeholders = PlaceholderFileRenderer.render(
                model: model, schema: sample.schema, mocksModule: "\(namespace)TestMocks", selectionSets: selectionSets,
                initializers: SelectionSetInitializerOptions(operations: true, namedFragments: true))
            let placeholderFile = modules.folder.appendingPathComponent("Placeholders.swift")
            try placeholders.write(to: placeholderFile, atomically: false, encoding: .utf8)
            // A test that uses them, as a test would.
            let usage = modules.folder.appendingPathComponent("Usage.swift")
            try Self.usage(model).write(to: usage, atomically: false, encoding: .utf8)
            let errors = try modules.typecheck([placeholderFile, usage])
            XCTAssertEqual(errors, [], "\(api) \(format): placeholders")
        }
    }

    /// The file `swift package mockls-placeholders` writes into `Tests/PluginFixture` (Tests/protocol/test_plugins.py
    /// checks that it is the one `mockls placeholders` prints, which is this renderer's with the fixture's options).
    func testThePluginFixturesPlaceholdersTypeCheck() throws {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("PluginFixture/graphql")
        let schemaDocument = GraphQLParser.parse(Array(try Data(contentsOf: fixture.appendingPathComponent("schema.graphqls"))))
        let operations = GraphQLParser.parse(Array(try Data(contentsOf: fixture.appendingPathComponent("DogQuery.graphql"))))
        let schema = Schema(documents: [("schema.graphqls", schemaDocument)])
        let model = MockModel(schema: schema, documents: [operations], namespace: "ZooAPI", format: .defaults)
        let selectionSets = SelectionSetModel(schema: schema, documents: [("DogQuery.graphql", operations)], namespace: "ZooAPI")
        guard let modules = try StandInApollo(model: model, schema: schema, selectionSets: selectionSets, name: "ZooAPI") else {
            throw XCTSkip("swiftc is not on PATH")
        }
        defer { modules.remove() }
        let placeholders = PlaceholderFileRenderer.render(
            model: model, schema: schema, mocksModule: "ZooAPITestMocks", selectionSets: selectionSets,
            initializers: SelectionSetInitializerOptions(operations: true, namedFragments: true))
        let placeholderFile = modules.folder.appendingPathComponent("ZooAPI+Placeholders.swift")
        try placeholders.write(to: placeholderFile, atomically: false, encoding: .utf8)
        let usage = modules.folder.appendingPathComponent("Usage.swift")
        try Self.usage(model).write(to: usage, atomically: false, encoding: .utf8)
        XCTAssertEqual(try modules.typecheck([placeholderFile, usage]), [])
    }

    /// Calls every factory with no arguments and one with an argument: the defaults resolve.
    private static func usage(_ model: MockModel) -> String {
        var out = "import ApolloTestSupport\nimport \(model.namespace)\nimport \(model.namespace)TestMocks\n\nfunc useEveryPlaceholder() {\n"
        for object in model.objects { out += "  _ = Mock<\(object.swiftName)>.placeholder()\n" }
        if let object = model.objects.first(where: { !$0.fields.isEmpty }), let field = object.fields.first {
            out += "  _ = Mock<\(object.swiftName)>.placeholder(\(field.initLabel): \(field.isNonNull ? ".placeholder()" : "nil"))\n"
        }
        return out + "}\n"
    }
}

/// Non-null cycles: `.placeholder()` defaults all the way round would never end.
final class PlaceholderCycleTests: XCTestCase {
    func testTheFieldClosingACycleDefaultsToAnEmptyMock() {
        let schema = GraphQLParser.parse(Array("""
            type Query { a: A! }
            type A { b: B!, name: String! }
            type B { a: A!, c: C! }
            type C { id: ID! }
            """.utf8))
        let operations = GraphQLParser.parse(Array("query Q { a { name b { a { name } c { id } } } }".utf8))
        let model = MockModel(schema: Schema(documents: [("schema.graphqls", schema)]), documents: [operations], namespace: "API")
        let text = PlaceholderFileRenderer.render(model: model, schema: Schema(documents: [("schema.graphqls", schema)]), mocksModule: nil)
        XCTAssertTrue(text.contains("    b: Mock<B> = .placeholder(),"), text)
        XCTAssertTrue(text.contains("    a: Mock<A> = Mock<A>(),  // empty: its own placeholder would build this mock again"), text)
        XCTAssertTrue(text.contains("    c: Mock<C> = .placeholder()"), text)
        XCTAssertTrue(text.contains("    a: Mock<A> = .placeholder()"), "Query.a is on no cycle: \(text)")
    }
}
