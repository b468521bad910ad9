import Foundation
import MocklsTestSupport
@testable import Analysis
import XCTest

/// `registered-fixture`: a test transport's JSON response fixture that is not in the workspace, or that does not
/// check clean as the registered operation's response, is flagged at the registration; a URL mockls cannot read is
/// not judged.
final class RegisteredFixturesTests: XCTestCase {
    private let test = """
        import XCTest
        @testable import HotelAPI

        final class HotelViewModelTests: XCTestCase {
            func testFixtures() {
                let transport = TestNetworkTransport()
                let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                transport.register(HotelDetailQuery.self, json: here.appendingPathComponent("Fixtures/hotel.json"))
                transport.register(HotelDetailQuery.self, json: Bundle.module.url(forResource: "hotel", withExtension: "json")!)
                transport.register(HotelDetailQuery.self, json: here.appendingPathComponent("Fixtures/broken.json"))
                transport.enqueue(HotelDetailQuery.self, json: here.appendingPathComponent("Fixtures/missing.json"))
                transport.register(HotelDetailQuery.self, json: fixtureURL)
            }
        }

        """

    func testAFixtureThatIsNotThereOrIsNoResponseOfTheOperation() throws {
        let workspace = try TestWorkspace(files: [
            "apollo-codegen-config.json": TestWorkspace.apolloConfiguration(namespace: "HotelAPI"),
            "graphql/schema.graphqls": "type Query { hotel: Hotel } type Hotel { id: ID! name: String! }",
            "graphql/Operations.graphql": "query HotelDetail {\n  hotel {\n    id\n    name\n  }\n}\n",
            "Tests/Fixtures/hotel.json": #"{"data": {"hotel": {"__typename": "Hotel", "id": "1", "name": "Okura"}}}"#,
            "Tests/Fixtures/broken.json": #"{"data": {"hotel": {"__typename": "Hotel", "id": "1"}}}"#,
            "Tests/HotelViewModelTests.swift": test,
        ])
        defer { workspace.remove() }
        let uri = workspace.uri("Tests/HotelViewModelTests.swift")
        var documents = DocumentStore()
        documents.open(FileID(uri: uri), languageID: "swift", version: 1, text: Array(test.utf8))
        let analysis = AnalysisSnapshot(workspaces: [Workspace(folder: workspace.folder)], documents: documents)
        let found = try XCTUnwrap(analysis.diagnostics(ofDocument: FileID(uri: uri)))
        let flagged = found.diagnostics.filter { $0.code == .registeredFixture }.map { diagnostic in
            "\(found.lines.position(of: diagnostic.range.lowerBound, unit: .utf8).line + 1): \(diagnostic.message)"
        }
        XCTAssertEqual(flagged.count, 2, "\(flagged)")
        XCTAssertTrue(flagged.first?.hasPrefix("10: `broken.json` is no response of `HotelDetailQuery` Apollo would take: line 1:") == true, "\(flagged)")
        XCTAssertTrue(flagged.first?.contains("name") == true, "\(flagged)")
        XCTAssertEqual(flagged.last, "11: no `missing.json` in the workspace: `HotelDetailQuery` is answered with a file that is not there, and the fetch fails")
    }
}
