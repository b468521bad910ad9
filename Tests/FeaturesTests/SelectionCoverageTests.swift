import Features
import GraphQLIndex
import SwiftAnalysis
import XCTest

/// `SelectionCoverage` on small documents: response paths with aliases, fragments under their own name (nested
/// ones too), type conditions decided by the mock's type, and what makes a test unfollowed.
final class SelectionCoverageFeatureTests: XCTestCase {
    private let project = ProjectIndex(namespace: "HotelAPI", sources: [
        ("schema.graphqls", .schema, Array("""
            type Query { hotel(id: ID!): Hotel }
            type Hotel { id: ID! name: String! rooms: [Room!]! owner: Person }
            interface Room { capacity: Int! }
            type Suite implements Room { capacity: Int! butler: Person! }
            type Single implements Room { capacity: Int! }
            type Person { name: String! phone: String }
            """.utf8)),
        ("HotelDetail.graphql", .executable, Array("""
            query HotelDetail {
              hotel(id: "1") {
                title: name
                rooms { capacity ... on Suite { butler { ...Contact } } }
                ...HotelOwner
              }
            }
            fragment HotelOwner on Hotel { owner { ...Contact } }
            fragment Contact on Person { name phone }
            """.utf8)),
    ])

    private func uses(_ body: String) -> [SelectionCoverage.TestUse] {
        SelectionCoverage.uses(in: SwiftFile("""
            import ApolloTestSupport
            final class HotelTests: XCTestCase {
            \(body)
              func helper() -> Int { 1 }
            }
            """), project: project)
    }

    private func ids(_ set: Set<SelectionCoverage.FieldID>) -> [String] {
        set.map { "\($0.definition) \($0.path)" }.sorted()
    }

    func testSelectedFieldsAreNamedByResponsePathWithAliasesAndFragmentsOnTheirOwn() {
        XCTAssertEqual(SelectionCoverage.selectedFields(of: project).map { "\($0.id.definition) \($0.id.path) \($0.kind)" }, [
            "HotelDetail hotel query", "HotelDetail hotel.title query", "HotelDetail hotel.rooms query",
            "HotelDetail hotel.rooms.capacity query", "HotelDetail hotel.rooms.butler query",
            "HotelOwner owner fragment", "Contact name fragment", "Contact phone fragment",
        ])
        let title = SelectionCoverage.selectedFields(of: project)[1]
        let text = Array(project.documents["HotelDetail.graphql"]!.text)
        XCTAssertEqual(String(decoding: text[title.range], as: UTF8.self), "title")
    }

    func testSetsFollowTheMockIntoNestedFragmentsByItsType() {
        let found = uses("""
              func testSuite() {
                let hotel = Mock<Hotel>(title: "Ritz", owner: Mock<Person>(name: "Ann"),
                  rooms: [Mock<Suite>(butler: Mock<Person>(phone: "1"), capacity: 2), Mock<Single>(capacity: 1)])
                let data = HotelDetailQuery.Data.from(Mock<Query>(hotel: hotel))
                XCTAssertEqual(data.hotel?.title, "Ritz")
                XCTAssertEqual(data.hotel?.rooms[0].asSuite?.butler.fragments.contact.phone, "1")
                XCTAssertEqual(data.hotel?.owner?.name, "Ann")
              }
            """)
        XCTAssertEqual(found.map(\.name), ["HotelTests.testSuite"])
        XCTAssertEqual(ids(found[0].set), [
            "Contact name", "Contact phone", "HotelDetail hotel", "HotelDetail hotel.rooms", "HotelDetail hotel.rooms.butler",
            "HotelDetail hotel.rooms.capacity", "HotelDetail hotel.title", "HotelOwner owner",
        ])
        XCTAssertEqual(ids(found[0].read), [
            "Contact name", "Contact phone", "HotelDetail hotel", "HotelDetail hotel.rooms", "HotelDetail hotel.rooms.butler",
            "HotelDetail hotel.title", "HotelOwner owner",
        ])
        XCTAssertEqual(found[0].unfollowed, [])
    }

    /// A model read from a JSON response (`X.Data(data:)`) is not built from a mock: its test sets nothing and is not
    /// followed there, and what it reads counts, through lists and fragments too.
    func testReadsOfAModelReadFromAJSONResponseCount() {
        let found = uses("""
              func testFixture() throws {
                let data = try HotelDetailQuery.Data(data: json("hotel.json"))
                XCTAssertEqual(data.hotel?.title, "Ritz")
                XCTAssertEqual(data.hotel?.rooms.first?.asSuite?.butler.fragments.contact.name, "Ann")
              }
            """)
        XCTAssertEqual(found.map(\.name), ["HotelTests.testFixture"])
        XCTAssertEqual(ids(found[0].set), [])
        XCTAssertEqual(ids(found[0].read), [
            "Contact name", "HotelDetail hotel", "HotelDetail hotel.rooms", "HotelDetail hotel.rooms.butler", "HotelDetail hotel.title",
        ])
        XCTAssertEqual(found[0].unfollowed, ["HotelDetail", "HotelOwner", "Contact"])
    }

    func testAModelHandedAwayOrAMockFromUnknownCodeIsUnfollowedNotZero() {
        let found = uses("""
              func testHandedAway() {
                let data = HotelDetailQuery.Data.from(Mock<Query>())
                render(data)
              }
              func testUnknownMock() {
                XCTAssertEqual(HotelOwner.from(loadHotel()).owner?.name, "Ann")
              }
              func testNothing() { XCTAssertEqual(helper(), 1) }
            """)
        XCTAssertEqual(found.map(\.name), ["HotelTests.testHandedAway", "HotelTests.testUnknownMock"])
        XCTAssertEqual(found[0].unfollowed, ["HotelDetail", "HotelOwner", "Contact"])
        XCTAssertEqual(found[1].unfollowed, ["HotelOwner", "Contact"])
        // What it reads from a model of a mock mockls does not know is read all the same: the model's type says what.
        XCTAssertEqual(ids(found[1].read), ["Contact name", "HotelOwner owner"])
    }
}
