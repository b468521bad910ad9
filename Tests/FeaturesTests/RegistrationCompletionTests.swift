@testable import Features
import GraphQLIndex
import SwiftAnalysis
import XCTest

/// Completion in a test transport's registration: after `register(` or `enqueue(` the project's operations as
/// `X.self`, then what answers it, the mock of the operation's root type first among the values.
final class RegistrationCompletionTests: XCTestCase {
    private let project = ProjectIndex(namespace: "HotelAPI", format: .defaults, sources: [
        ("schema.graphqls", .schema, Array("type Query { hotel: Hotel } type Mutation { book(id: ID!): Hotel! } type Hotel { id: ID! }".utf8)),
        ("operations.graphql", .executable, Array("query HotelDetail { hotel { id } }\nmutation Book($id: ID!) { book(id: $id) { id } }\nfragment H on Hotel { id }\n".utf8)),
    ])

    private func completions(_ marked: String) throws -> [String] {
        let text = "func testA() {\n    let transport = TestNetworkTransport()\n    \(marked)\n}\n"
        let offset = try XCTUnwrap(text.range(of: "‸")).lowerBound.utf16Offset(in: text)
        let file = SwiftFile(text.replacingOccurrences(of: "‸", with: ""))
        return MockCompletions.completions(at: offset, in: file, project: project, placeholders: false).map { "\($0.label) → \($0.insertText)" }
    }

    func testTheOperationsThenWhatAnswersThem() throws {
        XCTAssertEqual(try completions("transport.register(‸"), ["HotelDetailQuery → HotelDetailQuery.self", "BookMutation → BookMutation.self"])
        XCTAssertEqual(try completions("transport.enqueue(Hot‸)"), ["HotelDetailQuery → HotelDetailQuery.self", "BookMutation → BookMutation.self"])
        XCTAssertEqual(try completions("transport.enqueue(BookMutation.self, ‸"), [
            "variables: → variables: [:]", "data: → data: Mock<Mutation>()", "json: → json: ", "error: → error: ",
        ])
        XCTAssertEqual(try completions("transport.register(HotelDetailQuery.self, variables: [:], ‸"), [
            "data: → data: Mock<Query>()", "json: → json: ", "error: → error: ",
        ])
        // Not on a type's method, nor after the response.
        XCTAssertEqual(try completions("Registry.register(‸"), [])
        XCTAssertEqual(try completions("transport.register(HotelDetailQuery.self, data: Mock<Query>(), ‸"), [])
    }

    /// apollo-ios#3451: every `Mock` type is offered in `X.Data.from(Mock<`, and the wrong one crashes: the types the
    /// selection set's parent type can be come first.
    func testTheMockFromNeedsComesFirst() throws {
        let root = try completions("_ = HotelDetailQuery.Data.from(Mock<‸")
        XCTAssertEqual(root.first, "Query → Query", "\(root)")
        XCTAssertEqual(Set(root), ["Query → Query", "Hotel → Hotel", "Mutation → Mutation"])
        XCTAssertEqual(try completions("_ = HotelDetailQuery.Data.Hotel.from(Mock<‸").first, "Hotel → Hotel")
        XCTAssertEqual(try completions("_ = BookMutation.Data.from(Mock<‸").first, "Mutation → Mutation")
    }
}
