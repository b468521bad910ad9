import SwiftAnalysis
import XCTest

/// Which JSON files a test reads into which operation: in one statement, or one of each in a function.
final class ResponseFixtureReadsTests: XCTestCase {
    private func reads(_ source: String) -> [String] {
        SwiftFile(source).responseFixtureReads().map { "\($0.resource) → \($0.operationType)" }
    }

    func testOneStatementOrOneOfEachInAFunction() {
        XCTAssertEqual(reads("""
            func testHotel() throws {
              let data = try HotelDetailQuery.Data(data: load("Fixtures/hotel.json"))
              XCTAssertEqual(data.hotel.name, "Ritz")
            }
            """), ["Fixtures/hotel → HotelDetailQuery"])
        XCTAssertEqual(reads("""
            func testHotel() throws {
              let url = Bundle.module.url(forResource: "hotel", withExtension: "json")!
              let json = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! JSONObject
              let data = try API.HotelDetailQuery.Data(data: json)
            }
            """), ["hotel → HotelDetailQuery"])
    }

    func testTheCallsBooleanVariables() {
        let reads = SwiftFile("""
            func testShelves() throws {
              let data = try ShelvesQuery.Data(data: load("shelves.json"), variables: ["withBooks": true, "limit": 3, "other": false])
            }
            """).responseFixtureReads()
        XCTAssertEqual(reads.map(\.variables), [["withBooks": true, "other": false]])
    }

    func testStubsKeyedByTheOperation() {
        XCTAssertEqual(reads("""
            override func setUp() {
              transport.stub(HotelDetailQuery.self, json: "hotel.json")
              transport.stub(BookRoomMutation(id: "1"), json: "booked.json")
            }
            """), ["booked → BookRoomMutation", "hotel → HotelDetailQuery"])
    }

    func testAmbiguityAndInterpolationReadNothing() {
        // Two files and two operations in separate statements that name neither together.
        XCTAssertEqual(reads("""
            func testBoth() throws {
              let a = load("a.json")
              let b = load("b.json")
              _ = try AQuery.Data(data: a)
              _ = try BQuery.Data(data: b)
            }
            """), [])
        XCTAssertEqual(reads(#"func testOne() throws { _ = try AQuery.Data(data: load("\(name).json")) }"#), [])
        XCTAssertEqual(reads(#"func testNone() { let config = load("settings.json") }"#), [])
    }
}
