import Foundation
import GraphQLIndex
import MocklsTestSupport
@testable import Analysis
import XCTest

/// Issue 62: a test file that imports two projects' modules and sits in neither project's folder belongs to the
/// project whose operations it names; it was the first project, and `response` said "`HeroQuery.Data` is no selection
/// set … for this project" without naming it.
final class TwoProjectsTests: XCTestCase {
    private static func configuration(_ name: String) -> String {
        """
        {"schemaNamespace": "\(name)API", "input": {"operationSearchPaths": ["**/*.graphql"], "schemaSearchPaths": ["**/*.graphqls"]},
         "output": {"testMocks": {"swiftPackage": {}}, "schemaTypes": {"path": "./\(name)API", "moduleType": {"swiftPackageManager": {}}},
                    "operations": {"inSchemaModule": {}}}}
        """
    }

    func testTheProjectWhoseOperationsTheFileNames() throws {
        let test = """
            import XCTest
            import ApolloTestSupport
            import AlphaAPI
            import AlphaAPITestMocks
            import BetaAPI
            import BetaAPITestMocks

            final class DualTests: XCTestCase {
              func testHero() {
                let data = HeroQuery.Data.from(Mock<BetaAPITestMocks.Query>(hero: Mock<Hero>(id: "1", title: "Beta")))
                XCTAssertEqual(data.hero?.title, "Beta")
              }
            }
            """
        let workspace = try TestWorkspace(files: [
            "Alpha/apollo-codegen-config.json": Self.configuration("Alpha"),
            "Alpha/schema.graphqls": "type Query { me: User } type User { id: ID! name: String! }",
            "Alpha/Me.graphql": "query Me { me { id name } }",
            "Beta/apollo-codegen-config.json": Self.configuration("Beta"),
            "Beta/schema.graphqls": "type Query { hero: Hero } type Hero { id: ID! title: String! }",
            "Beta/Hero.graphql": "query Hero { hero { id title } }",
            "AppTests/DualTests.swift": test,
        ])
        defer { workspace.remove() }
        let loaded = Workspace(folder: workspace.folder)
        XCTAssertEqual(loaded.projects.count, 2)
        let project = loaded.project(forSwiftFile: workspace.file("AppTests/DualTests.swift"), text: Array(test.utf8))
        XCTAssertEqual(project?.configuration.namespace, "BetaAPI")
        // Naming the other project's operation picks that one.
        let alpha = test.replacingOccurrences(of: "HeroQuery", with: "MeQuery")
        XCTAssertEqual(loaded.project(forSwiftFile: workspace.file("AppTests/DualTests.swift"), text: Array(alpha.utf8))?.configuration.namespace, "AlphaAPI")
    }
}
