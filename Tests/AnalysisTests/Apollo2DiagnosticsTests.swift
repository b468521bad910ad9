import Foundation
import GraphQLIndex
import MocklsTestSupport
@testable import Analysis
import XCTest

/// In a project on Apollo iOS 2 by its pin (not by assuming the newest release), what a test still writes of 1.x is
/// reported, with fixes that apply as `mockls migrate --to 2` would.
final class Apollo2DiagnosticsTests: XCTestCase {
    let schema = "type Query { dog: Dog }\ntype Dog { id: ID!\n name: String! }\n"
    let operations = "query DogQuery { dog { id name } }\n"
    let test = """
        import XCTest
        import Apollo
        import ApolloTestSupport
        @testable import PetAPI

        final class DogTests: XCTestCase {
            func testName() {
                let data = DogQuery.Data.from(Mock<Query>(dog: Mock<Dog>(id: "1", name: "Rex")))
                XCTAssertEqual(data.dog?.name, "Rex")
                let result = GraphQLResult(data: data, extensions: nil, errors: nil, source: .server, dependentKeys: nil)
                XCTAssertNotNil(result)
            }
            func testAsync() async {
                let data = await DogQuery.Data.from(Mock<Query>(dog: Mock<Dog>(id: "1", name: "Rex")))
                XCTAssertEqual(data.dog?.id, "1")
            }
        }
        final class FakeClient: ApolloClientProtocol {}

        """

    func workspace(pin: String?) throws -> TestWorkspace {
        var files = [
            "apollo-codegen-config.json": TestWorkspace.apolloConfiguration(namespace: "PetAPI"),
            "graphql/schema.graphqls": schema,
            "graphql/Operations.graphql": operations,
            "Tests/DogTests.swift": test,
        ]
        if let pin { files["Podfile.lock"] = "PODS:\n  - Apollo (\(pin)):\n    - Apollo/Core (= \(pin))\n  - Apollo/Core (\(pin))\n" }
        return try TestWorkspace(files: files)
    }

    func testReportedWhereThePinSaysTwo() throws {
        let folder = try workspace(pin: "2.4.0")
        defer { folder.remove() }
        let records = CheckReport(workspace: Workspace(folder: folder.folder)).records.filter { $0.file.hasSuffix(".swift") }
        XCTAssertEqual(records.map { "\($0.line) \($0.severity) \($0.code)" }, [
            "8 error sync-from", "10 error graphql-result", "18 error apollo-1-fake",
        ])
        // The call's own fix makes it and its test async; the whole file's is offered beside it.
        let fix = try XCTUnwrap(records.first?.fixes.first)
        XCTAssertEqual(fix.title, "Await `from(_:)` (and make what encloses it `async`)")
        var text = Array(test.utf8)
        let lines = test.split(separator: "\n", omittingEmptySubsequences: false).map { $0.utf8.count + 1 }
        for edit in fix.edits.reversed() {
            let start = lines.prefix(edit.line - 1).reduce(0, +) + edit.utf16Column - 1
            let end = lines.prefix(edit.endLine - 1).reduce(0, +) + edit.utf16EndColumn - 1
            text.replaceSubrange(start..<end, with: Array(edit.text.utf8))
        }
        let fixed = String(decoding: text, as: UTF8.self)
        XCTAssert(fixed.contains("func testName() async {"), fixed)
        XCTAssert(fixed.contains("let data = await DogQuery.Data.from("), fixed)
        XCTAssertEqual(records.first?.fixes.map(\.title).last, "Migrate this file to Apollo iOS 2 (as `mockls migrate --to 2`)")
        XCTAssertEqual(records[1].fixes.first?.edits.first?.text, "GraphQLResponse<DogQuery>")
    }

    /// A hand-written 1.x transport and a helper generic over a result's data: errors whose fix is the file's
    /// migration (the transport answered through its own `send`; the helper generic over the operation).
    func testTransportsAndGenericHelpersAreFixedByTheFilesMigration() throws {
        let folder = try TestWorkspace(files: [
            "apollo-codegen-config.json": TestWorkspace.apolloConfiguration(namespace: "PetAPI"),
            "graphql/schema.graphqls": schema,
            "graphql/Operations.graphql": operations,
            "Podfile.lock": "PODS:\n  - Apollo (2.4.0):\n    - Apollo/Core (= 2.4.0)\n  - Apollo/Core (2.4.0)\n",
            "Tests/Support.swift": """
                import Apollo
                import ApolloAPI

                final class StubTransport: NetworkTransport {
                    func send<Operation: GraphQLOperation>(
                        operation: Operation, cachePolicy: CachePolicy, contextIdentifier: UUID?, context: RequestContext?,
                        callbackQueue: DispatchQueue, completionHandler: @escaping (Result<GraphQLResult<Operation.Data>, Error>) -> Void
                    ) -> Cancellable {
                        return EmptyCancellable()
                    }
                }

                func makeResult<Data: RootSelectionSet>(_ data: Data) -> GraphQLResult<Data> {
                    GraphQLResult(data: data, extensions: nil, errors: nil, source: .server, dependentKeys: nil)
                }

                """,
        ])
        defer { folder.remove() }
        let records = CheckReport(workspace: Workspace(folder: folder.folder)).records.filter { $0.file.hasSuffix("Support.swift") }
        let transport = try XCTUnwrap(records.first { $0.code == "apollo-1-fake" })
        XCTAssert(transport.message.contains("which the file's migration writes, answered through this `send`"), transport.message)
        let fix = try XCTUnwrap(transport.fixes.first)
        XCTAssertEqual(fix.title, "Migrate this file to Apollo iOS 2 (as `mockls migrate --to 2`)")
        XCTAssert(fix.edits.contains { $0.text.contains("func send<Query: GraphQLQuery>(") }, "\(fix.edits.map(\.text))")
        let generic = try XCTUnwrap(records.first { $0.code == "graphql-result" && $0.message.contains("GraphQLResult<Data>") })
        XCTAssert(generic.message.contains("`GraphQLResponse<Operation>`"), generic.message)
        XCTAssertEqual(generic.fixes.map(\.title), ["Migrate this file to Apollo iOS 2 (as `mockls migrate --to 2`)"])
    }

    /// A fake of `ApolloClientProtocol`: an error whose fix is the file's migration, which declares the protocol for 2.x;
    /// migrated, the fake and another written against that declaration in a second file are no error.
    func testAFakeOfTheClientProtocolIsFixedByTheFilesMigrationAndThenSilent() throws {
        let fake = """
            import Apollo
            import ApolloAPI

            final class MockApolloClient: ApolloClientProtocol {
                func fetch<Query: GraphQLQuery>(query: Query, cachePolicy: CachePolicy, resultHandler: GraphQLResultHandler<Query.Data>?) {}
            }

            """
        var files = [
            "apollo-codegen-config.json": TestWorkspace.apolloConfiguration(namespace: "PetAPI"),
            "graphql/schema.graphqls": schema,
            "graphql/Operations.graphql": operations,
            "Podfile.lock": "PODS:\n  - Apollo (2.4.0):\n    - Apollo/Core (= 2.4.0)\n  - Apollo/Core (2.4.0)\n",
            "Tests/MockApolloClient.swift": fake,
        ]
        let folder = try TestWorkspace(files: files)
        defer { folder.remove() }
        let records = CheckReport(workspace: Workspace(folder: folder.folder)).records.filter { $0.code == "apollo-1-fake" }
        XCTAssertEqual(records.count, 1)
        XCTAssert(records.first?.message.contains("declares 1.x's protocol for 2.x") == true, records.first?.message ?? "")
        XCTAssertEqual(records.first?.fixes.map(\.title), ["Migrate this file to Apollo iOS 2 (as `mockls migrate --to 2`)"])

        let report = Apollo2MigrationReport(workspace: Workspace(folder: folder.folder))
        let migrated = try XCTUnwrap(report.files.first { $0.name.hasSuffix("MockApolloClient.swift") })
        files["Tests/MockApolloClient.swift"] = String(decoding: migrated.migrated, as: UTF8.self)
        files["Tests/OtherFake.swift"] = """
            import Apollo
            import ApolloAPI

            final class OtherFake: ApolloClientProtocol {
                func fetch<Query: GraphQLQuery>(query: Query, cachePolicy: CachePolicy_v1, resultHandler: GraphQLResultHandler<Query>?) {}
            }

            """
        let after = try TestWorkspace(files: files)
        defer { after.remove() }
        let codes = CheckReport(workspace: Workspace(folder: after.folder)).records.filter { $0.file.hasSuffix(".swift") }.map { "\($0.file) \($0.code)" }
        XCTAssertEqual(codes, [])
    }

    /// Where nothing says the release (the newest is assumed) or the pin says 1.x, 1.x code is not an error.
    func testSilentWhereNothingSaysTwo() throws {
        for pin in [nil, "1.25.3"] {
            let folder = try workspace(pin: pin)
            defer { folder.remove() }
            let codes = CheckReport(workspace: Workspace(folder: folder.folder)).records.map(\.code)
            XCTAssertFalse(codes.contains { ["sync-from", "graphql-result", "apollo-1-fake", "callback-fetch"].contains($0) }, "\(pin ?? "no pin"): \(codes)")
        }
    }
}
