import Foundation
import GraphQLIndex
import MocklsTestSupport
@testable import Analysis
import XCTest

/// Issue 62: DDD-Community/MorningBear-iOS (a configuration with `schemaName` and `moduleType: swiftPackageManager`,
/// a generated `Package.swift` requiring apollo-ios `from: "1.0.0"`, no pin) was read as 2.x: `mocks` wrote
/// `nonisolated public final class`, placeholders `.defaultMockValue`. Where nothing pins apollo-ios, a manifest's
/// requirement says the release, else a 1.x-only configuration says 1.x. And a message that read "…read from the
/// generated mock files, which overrule no apollo-ios pin…, so the newest Apollo iOS" no longer contradicts itself.
final class VersionEvidenceTests: XCTestCase {
    private static let configuration = """
        {"schemaName": "MorningBearAPI", "input": {"operationSearchPaths": ["**/*.graphql"], "schemaSearchPaths": ["**/*.graphqls"]},
         "output": {"testMocks": {"swiftPackage": {}}, "schemaTypes": {"path": "./", "moduleType": {"swiftPackageManager": {}}},
                    "operations": {"inSchemaModule": {}}}}
        """
    private static let manifest = """
        // swift-tools-version:5.6
        import PackageDescription
        let package = Package(
          name: "MorningBearAPI",
          dependencies: [
            .package(url: "https://github.com/apollographql/apollo-ios.git", from: "1.0.0"),
          ],
          targets: [.target(name: "MorningBearAPI", dependencies: [.product(name: "ApolloAPI", package: "apollo-ios")], path: "./Sources")]
        )
        """

    private func project(_ files: [String: String]) throws -> (Workspace.Project, TestWorkspace) {
        let workspace = try TestWorkspace(files: files.merging([
            "MorningBearAPI/apollo-codegen-config.json": Self.configuration,
            "MorningBearAPI/schema.graphqls": "type Query { badge(id: String): Badge } type Badge { badgeId: String! badgeTitle: String }",
            "MorningBearAPI/GetBadge.graphql": "query GetBadge($id: String) { badge(id: $id) { badgeId badgeTitle } }",
        ]) { $1 })
        return (try XCTUnwrap(Workspace(folder: workspace.folder).projects.first), workspace)
    }

    func testAManifestsRequirementStandsInForAPin() throws {
        let (project, workspace) = try project(["MorningBearAPI/Package.swift": Self.manifest])
        defer { workspace.remove() }
        XCTAssertEqual(project.index.mockModel.format.release, .beforeOneTwentyThree)
        XCTAssertEqual(project.formatReason, "no apollo-ios pin; MorningBearAPI/Package.swift requires apollo-ios from 1.0.0")
        let mock = try XCTUnwrap(MockFileRenderer.files(for: project.index.mockModel).first { $0.name == "Badge+Mock.graphql.swift" })
        XCTAssertTrue(mock.contents.contains("\nimport MorningBearAPI\n\npublic class Badge: MockObject {"), mock.contents)
        let placeholders = PlaceholderFileRenderer.render(model: project.index.mockModel, schema: project.index.schema, mocksModule: nil)
        XCTAssertFalse(placeholders.contains("defaultMockValue"), placeholders)
    }

    func testAOneXConfigurationWithoutAPinIsTheNewestOneX() throws {
        let (project, workspace) = try project([:])
        defer { workspace.remove() }
        XCTAssertEqual(project.index.mockModel.format.release, .oneTwentyThree)
        XCTAssertTrue(project.formatReason.contains("swiftPackageManager is Apollo iOS 1.x's"), project.formatReason)
    }

    func testGeneratedMocksOverruleWithoutContradiction() throws {
        let (project, workspace) = try project([
            "MorningBearAPI/TestMocks/Badge+Mock.graphql.swift": """
                // @generated
                // This file was automatically generated and should not be edited.

                import ApolloTestSupport
                import MorningBearAPI

                public class Badge: MockObject {
                  public static let objectType: ApolloAPI.Object = MorningBearAPI.Objects.Badge
                  public static let _mockFields = MockFields()
                  public typealias MockValueCollectionType = Array<Mock<Badge>>

                  public struct MockFields {
                    @Field<String>("badgeId") public var badgeId
                    @Field<String>("badgeTitle") public var badgeTitle
                  }
                }

                public extension Mock where O == Badge {
                  convenience init(
                    badgeId: String? = nil,
                    badgeTitle: String? = nil
                  ) {
                    self.init()
                    _setScalar(badgeId, for: \\.badgeId)
                    _setScalar(badgeTitle, for: \\.badgeTitle)
                  }
                }

                """,
        ])
        defer { workspace.remove() }
        XCTAssertEqual(project.index.mockModel.format.release, .beforeOneTwentyThree)
        XCTAssertEqual(project.formatReason, "read from the generated mock files; no file pins apollo-ios")
    }
}
