import Features
import Foundation
import MocklsTestSupport
import XCTest

/// The `TestNetworkTransport` file `mockls test-transport` writes compiles against Apollo iOS's own modules of the
/// release it is written for, internal (in the test target) and public (in a test-support module), in the Swift
/// language modes test targets use, with a test that calls all of its API. That it answers `ApolloClient` as it
/// says is run on Apollo's runtime by Tests/protocol/test_test_transport.py.
final class TestTransportFileTests: XCTestCase {
    /// A test target's use of every entry point, generic over the operation (the transport names no schema module).
    private static let usage = """
        import Apollo
        import ApolloAPI
        import ApolloTestSupport
        import Foundation
        import XCTest

        func exercise<Query: GraphQLQuery, Mutation: GraphQLMutation, Root: MockObject>(
            _ query: Query.Type, _ mutation: Mutation.Type, data: Mock<Root>, fixture: URL
        ) {
            let transport = TestNetworkTransport()
            transport.failsTestOnUnregisteredOperation = false
            transport.register(query, data: data)
            transport.register(query, variables: ["id": "h2", "first": 3], error: URLError(.notConnectedToInternet))
            transport.register(query, json: fixture)
            transport.enqueue(mutation, data: data)
            transport.enqueue(mutation, variables: ["input": ["name": "Rex"]], json: fixture)
            transport.enqueue(mutation, error: URLError(.timedOut))
            let client = ApolloClient(networkTransport: transport, store: ApolloStore())
            _ = client
            transport.assertAllUsed()
            let unregistered: any Error = TestNetworkTransport.UnregisteredOperation(operationName: "Q", variables: [:])
            _ = "\\(unregistered)"
        }

        """

    private func check(_ release: TestTransportFile.Release, version: StandInApollo.Version, modes: [Int]) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mockls-transport-\(version)-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let usage = folder.appendingPathComponent("Usage.swift")
        try Self.usage.write(to: usage, atomically: true, encoding: .utf8)
        for isPublic in [false, true] {
            let text = TestTransportFile.render(for: release, isPublic: isPublic)
            XCTAssertTrue(text.hasPrefix(TestTransportFile.mark + ":"))
            XCTAssertEqual(text.contains("public final class TestNetworkTransport"), isPublic)
            let file = folder.appendingPathComponent(TestTransportFile.fileName)
            try text.write(to: file, atomically: true, encoding: .utf8)
            for mode in modes {
                guard let errors = try RealApolloTypecheck.errors(of: [file, usage], version: version, languageMode: mode) else {
                    throw XCTSkip("swiftc is not on PATH")
                }
                XCTAssertEqual(errors, [], "\(version) public: \(isPublic), Swift \(mode)")
            }
        }
    }

    func testApolloOneInSwiftFiveAndSix() throws {
        try check(.one, version: .v1, modes: [5, 6])
    }

    func testApolloTwoInSwiftFiveAndSix() throws {
        try check(.two, version: .v2, modes: [5, 6])
    }

    /// 1.x's API changed within the release line (read from Apollo's sources at each tag): the file names only what
    /// the pinned version has. Each variant was compiled with the usage above against that tag's own `Apollo`,
    /// `ApolloAPI` and `ApolloTestSupport` (1.0.1, 1.0.2, 1.4.0, 1.5.0, 1.7.0, 1.7.1 and 1.25.3: all clean; the newest
    /// variant fails on 1.4.0 and 1.7.0), which only 1.25.7 is here to repeat.
    func testOneNamesOnlyWhatThePinnedVersionHas() {
        func text(_ version: [Int]?) -> String { TestTransportFile.render(for: .one(version: version), isPublic: false) }
        let newest = text(nil)
        XCTAssertEqual(text([1, 25, 3]), newest)
        XCTAssertEqual(text([1, 7, 1]), newest)
        for (version, context, mockData, deferred) in [
            ([1, 0, 1], false, "mock._jsonObject", false), ([1, 0, 2], false, "mock._selectionSetMockData", false),
            ([1, 4, 0], false, "mock._selectionSetMockData", false), ([1, 5, 0], true, "mock._selectionSetMockData", false),
            ([1, 7, 0], true, "mock._selectionSetMockData", false), ([1, 7, 1], true, "mock._selectionSetMockData", true),
        ] {
            let file = text(version)
            XCTAssertEqual(file.contains("context: (any RequestContext)?"), context, "\(version)")
            XCTAssertTrue(file.contains("filled(json(\(mockData)), selections:"), "\(version)")
            XCTAssertEqual(file.contains("case .deferred("), deferred, "\(version)")
            XCTAssertTrue(file.contains("\n      case .conditional(_, let inner):"), "\(version): the switch keeps its shape")
        }
    }
}
