@testable import Features
import GraphQLIndex
import SwiftAnalysis
import XCTest

/// `incomplete-response`: a mock registered (or enqueued) with the test transport is the operation's whole response,
/// so a non-null field the operation selects that the mock leaves out is one Apollo's parser rejects. The
/// registration's `variables:` decide `@include`/`@skip`; a variable it does not name is not known (the transport
/// answers operations with more variables). Apollo's runtime judges the same on AnimalKingdomAPI in
/// Tests/protocol/test_test_transport.py.
final class IncompleteResponseTests: XCTestCase {
    private let project = ProjectIndex(namespace: "HotelAPI", format: .defaults, sources: [
        ("schema.graphqls", .schema, Array("""
            type Query { hotel(id: ID!): Hotel }
            type Mutation { book(id: ID!): Hotel! }
            type Hotel { id: ID! name: String! rating: Float rooms: [Room!]! address: Address! }
            type Room { number: Int! view: String }
            type Address { city: String! }
            """.utf8)),
        ("operations.graphql", .executable, Array("""
            query HotelDetail($id: ID!, $withRooms: Boolean!) {
              hotel(id: $id) { id name rating address { city } rooms @include(if: $withRooms) { number view } }
            }
            mutation Book($id: ID!) { book(id: $id) { id name address { city } } }
            """.utf8)),
    ])

    private func warnings(_ body: String) -> [String] {
        let text = """
            import XCTest
            import ApolloTestSupport
            @testable import HotelAPI

            final class HotelTests: XCTestCase {
                func testHotel() {
                    let transport = TestNetworkTransport()
            \(body)
                }
            }

            """
        let file = SwiftFile(text)
        return MockDiagnostics.diagnostics(in: file, project: project, options: TestConventions())
            .filter { $0.code == .incompleteResponse }
            .map { "\(file.line(of: $0.range.lowerBound)): \($0.message) [fixes: \($0.fixes.count)]" }
    }

    func testAMissingNonNullFieldIsWarnedAtTheRegistration() {
        let found = warnings("""
                    transport.register(HotelDetailQuery.self, data: Mock<Query>(hotel: Mock<Hotel>(id: "h1", name: "Okura")))
            """)
        XCTAssertEqual(found.count, 1, "\(found)")
        XCTAssertTrue(found.first?.hasPrefix("8: the response to `HotelDetailQuery` lacks `hotel.address.city` (`String!`)") == true, "\(found)")
        XCTAssertTrue(found.first?.contains("defaults `address` to an empty `Mock<Address>()` [fixes: 2]") == true, "\(found)")
    }

    func testAWholeResponseAndANullableFieldLeftOutAreSilent() {
        // `rating` is nullable: the transport sends `null`, as a server does.
        XCTAssertEqual(warnings("""
                    transport.register(HotelDetailQuery.self, data: Mock<Query>(hotel: Mock<Hotel>(address: Mock<Address>(city: "Tokyo"), id: "h1", name: "Okura")))
            """), [])
    }

    func testTheRegistrationsVariablesDecideInclude() {
        let rooms = "Mock<Query>(hotel: Mock<Hotel>(address: Mock<Address>(city: \"Tokyo\"), id: \"h1\", name: \"Okura\", rooms: [Mock<Room>()]))"
        // Included: the room's `number` is missing; left out: nothing is; not named: not known, so not judged.
        let included = warnings("        transport.register(HotelDetailQuery.self, variables: [\"withRooms\": true], data: \(rooms))")
        XCTAssertEqual(included.count, 1, "\(included)")
        XCTAssertTrue(included.first?.contains("lacks `hotel.rooms[0].number` (`Int!`)") == true, "\(included)")
        XCTAssertEqual(warnings("        transport.register(HotelDetailQuery.self, variables: [\"withRooms\": false], data: \(rooms))"), [])
        XCTAssertEqual(warnings("        transport.register(HotelDetailQuery.self, variables: [\"id\": \"h1\"], data: \(rooms))"), [])
    }

    func testAnEnqueuedMutationAndAMockOfAnotherRoot() {
        let enqueued = warnings("        transport.enqueue(BookMutation.self, data: Mock<Mutation>(book: Mock<Hotel>(id: \"h1\")))")
        XCTAssertTrue(enqueued.first?.contains("lacks `book.address.city` (`String!`)") == true, "\(enqueued)")
        // A query's response is a `Mock<Query>`: another root is a type mismatch, not a missing field.
        let file = SwiftFile("""
            func testWrongRoot() {
                let transport = TestNetworkTransport()
                transport.register(HotelDetailQuery.self, data: Mock<Mutation>(book: Mock<Hotel>()))
            }

            """)
        let found = MockDiagnostics.diagnostics(in: file, project: project, options: TestConventions())
        XCTAssertEqual(found.map(\.code), [.mockTypeMismatch])
        // Said as what it is: a response Apollo rejects, not a model whose reads crash.
        let message = found.first?.message ?? ""
        XCTAssertTrue(message.hasPrefix("the response to `HotelDetailQuery` needs a `Mock<Query>`, not a `Mock<Mutation>`"), message)
        XCTAssertFalse(message.contains("crashes") || message.contains("from(_:)"), message)
    }

    func testTheWholeResponseReplacesTheMockAndSilencesTheWarning() throws {
        let text = """
            func testHotel() {
                let transport = TestNetworkTransport()
                transport.register(HotelDetailQuery.self, variables: ["withRooms": false], data: Mock<Query>(hotel: Mock<Hotel>(id: "h1")))
            }

            """
        let file = SwiftFile(text)
        let diagnostics = MockDiagnostics.diagnostics(in: file, project: project, options: TestConventions())
        XCTAssertEqual(diagnostics.map(\.code), [.incompleteResponse])
        let offset = try XCTUnwrap(text.range(of: "transport.register")).lowerBound.utf16Offset(in: text)
        let actions = TestFileCodeActions.actions(
            at: offset..<offset, in: file, project: project, diagnostics: diagnostics, options: TestConventions(), structs: [],
            placeholderFiles: nil)
        let fill = try XCTUnwrap(actions.compactMap { action -> MockCodeAction? in
            if case .edits(let edits) = action, edits.title.hasPrefix("Replace the mock with the whole response") { return edits }
            return nil
        }.first)
        XCTAssertEqual(fill.kind, .quickFix)
        let fixed = String(decoding: MockCodeAction.applying(fill.edits, to: Array(text.utf8)), as: UTF8.self)
        XCTAssertFalse(fixed.contains("rooms"), "`withRooms: false` leaves them out:\n\(fixed)")
        // Indented from the registration's line.
        XCTAssertTrue(fixed.contains("\n        hotel: Mock<Hotel>(\n            address: Mock<Address>(\n                city: \"city\"\n            ),"), fixed)
        XCTAssertEqual(MockDiagnostics.diagnostics(in: SwiftFile(fixed), project: project, options: TestConventions()).map(\.code), [])
    }
}
