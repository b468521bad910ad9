import Foundation
@testable import GraphQLIndex
import MocklsTestSupport
import XCTest

final class ProjectIndexTests: XCTestCase {
    private func sources(_ files: [URL], role: DocumentRole, relativeTo base: URL) throws -> [(path: String, role: DocumentRole, text: [UInt8])] {
        try files.map { (String($0.path.dropFirst(base.path.count + 1)), role, Array(try Data(contentsOf: $0))) }
    }

    private func codes(_ index: ProjectIndex) -> [String: Int] {
        index.diagnostics.values.joined().reduce(into: [:]) { $0[$1.code.rawValue, default: 0] += 1 }
    }

    func testGitHubCorpusReportsDuplicatesAndUnknownFields() throws {
        let bench = try SharedFolder.require("bench/github")
        let index = ProjectIndex(
            namespace: "GitHubAPI",
            sources: try sources([bench.appendingPathComponent("schema.graphqls")], role: .schema, relativeTo: bench)
                + sources(SharedFixtures.files(under: bench, extensions: ["graphql", "gql"]), role: .executable, relativeTo: bench))
        // GitHub's published schema really does define two fields of EnterpriseOwnerInfo twice.
        XCTAssertEqual(index.schema.diagnostics.map(\.message), [
            "EnterpriseOwnerInfo.repositoryDeployKeySetting is defined twice",
            "EnterpriseOwnerInfo.repositoryDeployKeySettingOrganizations is defined twice",
        ])
        XCTAssertGreaterThan(index.schema.types.count, 1_600)
        let counts = codes(index)
        XCTAssertGreaterThan(counts["duplicate-fragment", default: 0], 0, "\(counts)")
        XCTAssertGreaterThan(counts["unknown-field", default: 0], 0, "\(counts)")
        XCTAssertNil(counts["syntax"], "\(counts)")
        // The githawk documents are all valid against the schema: nothing to report in them.
        let githawk = index.diagnostics.filter { $0.key.hasPrefix("operations-githawk/") }.flatMap(\.value)
        XCTAssertEqual(githawk, [])
        XCTAssertNotNil(index.mockModel.object("Repository"))
        XCTAssertEqual(index.mockModel.object("Repository")?.field("owner")?.fieldType, "RepositoryOwner")
    }

    func testSaleorAppsIndexCleanlyEachAsItsOwnProject() throws {
        let saleor = try SharedFolder.require("bench/saleor")
        let schema = try sources([saleor.appendingPathComponent("schema.graphqls")], role: .schema, relativeTo: saleor)
        let apps = try FileManager.default.contentsOfDirectory(at: saleor.appendingPathComponent("apps"), includingPropertiesForKeys: nil)
        var operations = 0
        for app in apps {
            // An app's end-to-end tests (`e2e/`) are a project of their own, with operation names of their own.
            let all = try sources(SharedFixtures.files(under: app, extensions: ["graphql"]), role: .executable, relativeTo: saleor)
            for project in [all.filter { !$0.path.contains("/e2e/") }, all.filter { $0.path.contains("/e2e/") }] where !project.isEmpty {
                let index = ProjectIndex(namespace: app.lastPathComponent, sources: schema + project)
                operations += project.count
                XCTAssertEqual(index.diagnostics.values.joined().filter { $0.severity == .error }.map(\.description), [], app.lastPathComponent)
            }
        }
        XCTAssertGreaterThan(operations, 100)
    }

    /// A schema that defines a field twice (GitHub's published one does, `testGitHubCorpusReportsDuplicatesAndUnknownFields`)
    /// says so once per field, and still indexes: the operations that select it are checked.
    func testAFieldDefinedTwiceInTheSchemaIsReported() {
        let index = ProjectIndex(namespace: "Library", sources: [
            ("schema.graphqls", .schema, Array("type Query { book: Book }\ntype Book { title: String title: String author: String }".utf8)),
            ("Book.graphql", .executable, Array("query Book { book { title autor } }".utf8)),
        ])
        XCTAssertEqual(index.schema.diagnostics.map(\.message), ["Book.title is defined twice"])
        XCTAssertEqual(codes(index), ["duplicate-field": 1, "unknown-field": 1])
        XCTAssertEqual(index.mockModel.object("Book")?.fields.map(\.key), ["title"])
    }

    /// Operations with no schema: one `no-schema`, not an `unknown-root` and an `unknown-type` per document.
    func testAMissingSchemaIsOneFindingAndNothingElse() {
        let index = ProjectIndex(namespace: "Library", sources: [
            ("Books.graphql", .executable, Array("query Books($id: ID!) { book(id: $id) { ...BookParts } }".utf8)),
            ("BookParts.graphql", .executable, Array("fragment BookParts on Book { title author { name } }".utf8)),
            ("Broken.graphql", .executable, Array("query Broken { book {".utf8)),
        ])
        XCTAssertEqual(codes(index), ["no-schema": 1, "syntax": 1])
        let withSchema = ProjectIndex(namespace: "Library", sources: [
            ("schema.graphqls", .schema, Array("type Query { shelf: String }".utf8)),
            ("Books.graphql", .executable, Array("query Books { book { title } }".utf8)),
        ])
        XCTAssertEqual(codes(withSchema), ["unknown-field": 1], "with a schema, operations are checked against it")
    }

    func testValidationMessages() {
        let schema = Array("""
            type Query { dog: Dog pets: [Pet] search: SearchResult }
            interface Pet { name: String }
            type Dog implements Pet { name: String species: String! }
            union SearchResult = Dog
            """.utf8)
        let operations = Array("""
            query A { dog { specis ...Missing ... on Cat { x } } pets }
            query A { search { name ... on Dog { name { x } } } }
            fragment F on Dog { name }
            fragment F on String { name }
            """.utf8)
        let index = ProjectIndex(namespace: "API", sources: [("schema.graphqls", .schema, schema), ("ops.graphql", .executable, operations)])
        let messages = index.diagnostics["ops.graphql", default: []].map { "\($0.code): \($0.message)" }
        XCTAssertEqual(messages, [
            "unknown-field: Dog has no field specis (did you mean species?)",
            "unknown-fragment: unknown fragment Missing",
            "unknown-type: unknown type Cat",
            "missing-selection: Query.pets is [Pet], so it needs a selection set { … }",
            "duplicate-operation: operation A is already defined",
            "union-field: SearchResult is a union: select its members' fields in `... on Member { }`",
            "leaf-selection: Dog.name is String, which has no fields to select",
            "duplicate-fragment: fragment F is already defined",
            "fragment-on-leaf: fragments must be on object, interface or union types, and String is a scalar",
        ])
    }

    /// graphql-js's NoFragmentCyclesRule: a fragment that spreads itself, directly or through fragments in other
    /// documents; each cycle once, at the spread that closes it.
    func testFragmentCycles() {
        let schema = Array("type Query { dog: Dog }\ntype Dog { name: String friend: Dog }\n".utf8)
        let index = ProjectIndex(namespace: "API", sources: [
            ("schema.graphqls", .schema, schema),
            ("a.graphql", .executable, Array("fragment A on Dog { name friend { ...B } }\nfragment Self on Dog { ... on Dog { ...Self } }\n".utf8)),
            ("b.graphql", .executable, Array("fragment B on Dog { ...C }\nfragment C on Dog { name ...A }\nquery Q { dog { ...A } }\n".utf8)),
        ])
        let messages = index.diagnostics.sorted { $0.key < $1.key }.flatMap { path, diagnostics in
            diagnostics.map { "\(path) \($0.code): \($0.message.prefix { $0 != ";" })" }
        }
        XCTAssertEqual(messages, [
            #"a.graphql fragment-cycle: Cannot spread fragment "Self" within itself"#,
            #"b.graphql fragment-cycle: Cannot spread fragment "A" within itself via "B", "C""#,
        ])
        XCTAssertNil(index.selectionSet("A"))
        XCTAssertEqual(index.selectionSet("QQuery.Data.Dog")?.fields.map(\.key), [])
    }

    func testABrokenDocumentKeepsItsLastGoodVersion() {
        let schema = Array("type Query { dog: Dog } type Dog { name: String age: Int }".utf8)
        var index = ProjectIndex(namespace: "API", sources: [
            ("schema.graphqls", .schema, schema), ("q.graphql", .executable, Array("{ dog { name } }".utf8)),
        ])
        XCTAssertEqual(index.mockModel.object("Dog")?.fields.map(\.key), ["name"])
        index.update("q.graphql", role: .executable, text: Array("{ dog { name age".utf8))
        XCTAssertEqual(index.diagnostics["q.graphql"]?.first?.code, .syntax)
        XCTAssertEqual(index.mockModel.object("Dog")?.fields.map(\.key), ["name"], "the last good version still counts")
        index.update("q.graphql", role: .executable, text: Array("{ dog { name age } }".utf8))
        XCTAssertEqual(index.diagnostics["q.graphql"], [])
        XCTAssertEqual(index.mockModel.object("Dog")?.fields.map(\.key), ["age", "name"])
        // A broken schema keeps the last good schema too.
        index.update("schema.graphqls", role: .schema, text: Array("type Query { dog: Dog } type Dog { name: String age: Int".utf8))
        XCTAssertEqual(index.diagnostics["schema.graphqls"]?.first?.code, .syntax)
        XCTAssertEqual(index.mockModel.object("Dog")?.fields.map(\.key), ["age", "name"])
        index.remove("q.graphql")
        XCTAssertNil(index.mockModel.object("Dog"))
    }
}

final class SelectionSetCacheTests: XCTestCase {
    func testTheSelectionSetModelFollowsEdits() {
        let schema = Array("type Query { dog: Dog } type Dog { name: String age: Int }".utf8)
        var index = ProjectIndex(namespace: "API", sources: [
            ("schema.graphqls", .schema, schema), ("q.graphql", .executable, Array("query Q { dog { name } }".utf8)),
        ])
        XCTAssertEqual(index.selectionSetModel()["QQuery.Data.Dog"]?.fields.map(\.key), ["name"])
        let before = index
        index.update("q.graphql", role: .executable, text: Array("query Q { dog { name age } }".utf8))
        XCTAssertEqual(index.selectionSetModel()["QQuery.Data.Dog"]?.fields.map(\.key), ["name", "age"])
        XCTAssertEqual(before.selectionSetModel()["QQuery.Data.Dog"]?.fields.map(\.key), ["name"], "a snapshot keeps its own")
    }
}
