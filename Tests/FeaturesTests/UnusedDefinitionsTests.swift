import Features
import GraphQLIndex
import XCTest

final class UnusedDefinitionsTests: XCTestCase {
    private let schema = """
        type Query { dog: Dog cat: Cat }
        type Dog { name: String! owner: Owner }
        type Cat { name: String! }
        type Owner { name: String! }
        """
    private let operations = """
        query Dog { dog { ...DogDetails } }
        query Cat { cat { name } }
        query { dog { name } }
        fragment DogDetails on Dog { name owner { ...OwnerDetails } }
        fragment OwnerDetails on Owner { name }
        fragment Orphan on Cat { name }
        mutation RenameDog { dog { name } }
        """

    private func index() -> ProjectIndex {
        ProjectIndex(namespace: "PetAPI", sources: [
            ("schema.graphqls", .schema, Array(schema.utf8)), ("Operations.graphql", .executable, Array(operations.utf8)),
        ])
    }

    private func hints(app: Set<String>, tests: Set<String> = []) -> [String] {
        let index = index()
        let found = UnusedDefinitions.diagnostics(
            of: index.generatedDefinitionTypes, spread: index.spreadFragmentNames,
            isNamed: { app.contains($0) || tests.contains($0) }, isNamedInApp: { app.contains($0) })
        return (found["Operations.graphql"] ?? []).map { diagnostic in
            "\(diagnostic.code.rawValue) \(String(decoding: Array(operations.utf8)[diagnostic.range], as: UTF8.self)) \(diagnostic.severity)"
        }
    }

    func testTheTypesApolloGeneratesAndTheFragmentsSpread() {
        let index = index()
        XCTAssertEqual(
            index.generatedDefinitionTypes.map(\.typeName),
            ["DogQuery", "CatQuery", "DogDetails", "OwnerDetails", "Orphan", "RenameDogMutation"])
        XCTAssertEqual(index.spreadFragmentNames, ["DogDetails", "OwnerDetails"])
    }

    func testOperationsAndFragmentsNoSwiftNamesAreHints() {
        XCTAssertEqual(
            hints(app: ["DogQuery"]),
            ["unused-operation Cat hint", "unused-fragment Orphan hint", "unused-operation RenameDog hint"])
        // A name in a test counts as much as one in the app; a fragment named in Swift is used though nothing spreads it.
        XCTAssertEqual(hints(app: ["DogQuery"], tests: ["CatQuery", "Orphan"]), ["unused-operation RenameDog hint"])
    }

    func testNothingIsSaidWhenNoAppCodeNamesTheProjectsTypes() {
        // A checkout of the tests alone: the app that runs the operations is elsewhere.
        XCTAssertEqual(hints(app: [], tests: ["DogQuery"]), [])
        XCTAssertEqual(hints(app: ["SomethingElse"]), [])
    }
}
