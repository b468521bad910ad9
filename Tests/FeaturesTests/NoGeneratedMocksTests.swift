import Features
import GraphQLIndex
import SwiftAnalysis
import XCTest

/// A configuration whose `output.testMocks` is `none` (found on two real apps, Pocket's 2022 iOS app and BCC Media's
/// tvOS API package): Apollo writes no `Mock<T>`, so a test that builds one does not compile. Said where it is written,
/// instead of judging reads of mocks that do not exist; a file's own `MockObject`s are still its own.
final class NoGeneratedMocksTests: XCTestCase {
    private func project(generatesMocks: Bool) -> ProjectIndex {
        // Before 1.23 a mock sets only what the test passes.
        var format = MockFormat.optionalParameters
        format.generatesMocks = generatesMocks
        return ProjectIndex(namespace: "API", format: format, sources: [
            ("schema.graphqls", .schema, Array("type Query { config: Config } type Config { id: ID! name: String! }".utf8)),
            ("operations.graphql", .executable, Array("query GetConfig { config { id name } }".utf8)),
        ])
    }

    private let test = """
        import XCTest
        import ApolloTestSupport

        final class ConfigTests: XCTestCase {
            func testConfig() {
                let data = GetConfigQuery.Data.from(Mock<Query>(config: Mock<Config>(id: "c1")))
                XCTAssertEqual(data.config?.name, "main")
                _ = Mock<Own>()
            }
        }

        final class Own: MockObject {}

        """

    private func found(generatesMocks: Bool) -> [String] {
        MockDiagnostics.diagnostics(in: SwiftFile(test), project: project(generatesMocks: generatesMocks), options: TestConventions())
            .map { "\($0.code.rawValue) \($0.message)" }
    }

    func testAMockOfAProjectThatGeneratesNoneIsSaidAndNothingElse() {
        XCTAssertEqual(found(generatesMocks: false), [
            "unknown-mock-type the configuration generates no test mocks (`output.testMocks` is `none`): Apollo writes `Mock<Query>` when it is `swiftPackage` or `absolute`",
        ])
        // With mocks, the same test reads a field its mock never set.
        XCTAssertEqual(found(generatesMocks: true).map { $0.split(separator: " ")[0] }, ["unset-field-read"])
    }
}
