import Foundation
import GraphQLIndex
import MocklsTestSupport
import XCTest

@testable import Analysis

/// A project's custom scalars are declared as its `CustomScalars/<Name>.swift` files say, below
/// `output.schemaTypes.path`: an alias of a literal type takes that literal, anything else is a type of the app's own.
final class CustomScalarFilesTests: XCTestCase {
    func testTheSchemaTypesCustomScalarFilesDeclareTheScalars() throws {
        let workspace = try TestWorkspace(files: [
            "apollo-codegen-config.json": """
                {"schemaNamespace": "PetAPI", "input": {"schemaSearchPaths": ["graphql/*.graphqls"], "operationSearchPaths": ["graphql/*.graphql"]},
                 "output": {"schemaTypes": {"path": "Generated/PetAPI", "moduleType": {"swiftPackage": {}}}}}
                """,
            "graphql/schema.graphqls": "scalar DateTime scalar Location scalar Count scalar Money type Query { dog: Dog } type Dog { born: DateTime home: Location }",
            "graphql/Dog.graphql": "query Dog { dog { born home } }",
            // Apollo's default, the app's own struct, an alias of a literal type inside the namespace (as Apollo
            // writes schema types embedded in a target), an alias of another type.
            "Generated/PetAPI/Sources/Schema/CustomScalars/DateTime.swift": "// @generated\nimport ApolloAPI\n\npublic typealias DateTime = String\n",
            "Generated/PetAPI/Sources/Schema/CustomScalars/Location.swift": """
                @_spi(Internal) import ApolloAPI

                public struct Location: CustomScalarType {
                  let value: String
                  public init(_jsonValue value: JSONValue) throws { self.value = value as? String ?? "" }
                  public var _jsonValue: JSONValue { value }
                }
                """,
            "Generated/PetAPI/Sources/Schema/CustomScalars/Count.swift": "public extension PetAPI {\n  typealias Count = Swift.Int\n}\n",
            "Generated/PetAPI/Sources/Schema/CustomScalars/Money.swift": "import Foundation\n\npublic typealias Money = Decimal\n",
            // Neither in a `CustomScalars` folder nor below the schema types.
            "Generated/PetAPI/Sources/Schema/SchemaMetadata.swift": "public struct DateTime {}\n",
            "App/CustomScalars/Location.swift": "public typealias Location = String\n",
        ])
        defer { workspace.remove() }
        let project = try XCTUnwrap(Workspace(folder: workspace.folder).projects.first)
        XCTAssertEqual(project.configuration.schemaTypesPath, workspace.url("Generated/PetAPI").standardizedFileURL)
        XCTAssertEqual(project.index.format.customScalars, [
            "DateTime": .alias(.string), "Location": .ownType, "Count": .alias(.integer), "Money": .ownType,
        ])
    }

    /// Without `output.schemaTypes.path`, anywhere below the configuration's folder; without any file, nothing: Apollo's default.
    func testWithoutThePathTheConfigurationsFolderIsSearched() throws {
        let files = [
            "apollo-codegen-config.json": TestWorkspace.apolloConfiguration(namespace: "PetAPI"),
            "graphql/schema.graphqls": "scalar Location type Query { home: Location }",
            "graphql/Home.graphql": "query Home { home }",
        ]
        let plain = try TestWorkspace(files: files)
        defer { plain.remove() }
        XCTAssertEqual(try XCTUnwrap(Workspace(folder: plain.folder).projects.first).index.format.customScalars, [:])
        let declared = try TestWorkspace(files: files.merging(["API/Schema/CustomScalars/Location.swift": "public struct Location {}\n"]) { $1 })
        defer { declared.remove() }
        XCTAssertEqual(try XCTUnwrap(Workspace(folder: declared.folder).projects.first).index.format.customScalars, ["Location": .ownType])
    }

    /// A custom scalar file changed on disk reloads the workspace, as a configuration does: the app replaced Apollo's
    /// default with a type of its own.
    func testAChangedCustomScalarFileReloadsTheWorkspace() throws {
        let path = "API/Schema/CustomScalars/Location.swift"
        let workspace = try TestWorkspace(files: [
            "apollo-codegen-config.json": TestWorkspace.apolloConfiguration(namespace: "PetAPI"),
            "graphql/schema.graphqls": "scalar Location type Query { home: Location }",
            "graphql/Home.graphql": "query Home { home }",
            path: "public typealias Location = String\n",
        ])
        defer { workspace.remove() }
        let host = AnalysisHost(folders: [workspace.folder], log: { _ in })
        host.load()
        func declarations(_ snapshot: AnalysisSnapshot?) -> [String: CustomScalarDeclaration]? {
            snapshot?.workspaces.first?.projects.first?.index.format.customScalars
        }
        XCTAssertEqual(declarations(host.snapshot.afterFirstIndex(timeout: .seconds(30))), ["Location": .alias(.string)])
        try workspace.write(path, "public struct Location {}\n")
        host.filesChanged([workspace.url(path)])
        let deadline = Date().addingTimeInterval(30)
        while declarations(host.snapshot) != ["Location": .ownType], Date() < deadline { usleep(10_000) }
        XCTAssertEqual(declarations(host.snapshot), ["Location": .ownType])
    }
}
