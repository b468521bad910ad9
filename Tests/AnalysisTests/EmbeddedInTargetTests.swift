import Foundation
import GraphQLIndex
import MocklsTestSupport
@testable import Analysis
import XCTest

/// Issue 62: with `schemaTypes.moduleType.embeddedInTarget`, Apollo's mocks import the target (`RickMortyLLM`), not
/// the namespace (`RickMortyAPI`), `@testable` only from 1.24 (apollo-ios#3566) and in 2.x; internal mocks
/// (`testMocks.absolute.accessModifier: internal`) take no `public`, and neither do mockls's placeholders for them
/// (`public extension Mock where O == Character` on an internal `Character` does not compile). What RickMortyLLM
/// (joshuacleetus/RickMortyLLM @865f9c8, apollo-ios 1.23.0) commits is the expected text.
final class EmbeddedInTargetTests: XCTestCase {
    private func project(pin: String, access: String = "internal") throws -> (Workspace.Project, TestWorkspace) {
        let workspace = try TestWorkspace(files: [
            "apollo-codegen-config.json": """
                {"schemaNamespace": "RickMortyAPI",
                 "input": {"operationSearchPaths": ["GraphQL/**/*.graphql"], "schemaSearchPaths": ["GraphQL/**/*.graphqls"]},
                 "output": {"schemaTypes": {"path": "Generated/RickMortyAPI", "moduleType": {"embeddedInTarget": {"name": "RickMortyLLM"}}},
                            "operations": {"relative": {"path": "Generated/Operations"}},
                            "testMocks": {"absolute": {"path": "RickMortyLLMTests/Generated/TestMocks", "accessModifier": "\(access)"}}}}
                """,
            "GraphQL/schema.graphqls": "type Query { character(id: ID!): Character } type Character { id: ID name: String status: Status } enum Status { ALIVE DEAD }",
            "GraphQL/CharacterDetails.graphql": "query CharacterDetails($id: ID!) { character(id: $id) { id name status } }",
            "Podfile.lock": "PODS:\n  - Apollo (\(pin)):\n    - Apollo/Core (= \(pin))\n  - Apollo/Core (\(pin))\n",
        ])
        let loaded = Workspace(folder: workspace.folder)
        return (try XCTUnwrap(loaded.projects.first), workspace)
    }

    func testMocksImportTheTargetAsApolloDoes() throws {
        let (before, first) = try project(pin: "1.23.0")
        defer { first.remove() }
        let mock = try XCTUnwrap(MockFileRenderer.files(for: before.index.mockModel).first { $0.name == "Character+Mock.graphql.swift" })
        XCTAssertTrue(mock.contents.contains("\nimport ApolloTestSupport\nimport RickMortyLLM\n\nclass Character: MockObject {"), mock.contents)
        XCTAssertTrue(mock.contents.contains("\nextension Mock where O == Character {"), mock.contents)
        let (after, second) = try project(pin: "1.25.3", access: "public")
        defer { second.remove() }
        let newer = try XCTUnwrap(MockFileRenderer.files(for: after.index.mockModel).first { $0.name == "Character+Mock.graphql.swift" })
        XCTAssertTrue(newer.contents.contains("\nimport ApolloTestSupport\n@testable import RickMortyLLM\n\npublic class Character: MockObject {"), newer.contents)
    }

    func testPlaceholdersOfInternalMocksAreInternal() throws {
        let (project, workspace) = try project(pin: "1.23.0")
        defer { workspace.remove() }
        let text = PlaceholderFileRenderer.render(
            model: project.index.mockModel, schema: project.index.schema, mocksModule: project.configuration.testMocksModule)
        XCTAssertTrue(text.contains("\n@testable import RickMortyLLM\n"), text)
        XCTAssertFalse(text.contains("RickMortyAPI\n"), text)
        XCTAssertTrue(text.contains("\nextension Mock where O == Character {"), text)
        XCTAssertFalse(text.contains("public extension Mock"), text)
        XCTAssertTrue(text.contains("\nextension GraphQLEnum where T == RickMortyAPI.Status {"), text)
    }
}
