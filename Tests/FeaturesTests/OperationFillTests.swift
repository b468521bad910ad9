import Features
import GraphQLIndex
import XCTest

/// `mockls fill`: every field an operation selects, set with predictable values in the mocks' initializer order;
/// `@include`/`@skip` decided by the variables given. Apollo's parser takes what it writes whole for every operation
/// of AnimalKingdomAPI (Tests/protocol/test_test_transport.py).
final class OperationFillTests: XCTestCase {
    private let project = ProjectIndex(namespace: "HotelAPI", format: .defaults, sources: [
        ("schema.graphqls", .schema, Array("""
            type Query { hotel(id: ID!): Hotel search: [Place!]! }
            type Hotel implements Place { id: ID! name: String! rating: Float stars: Int! open: Boolean! kind: Kind! rooms: [Room!]! }
            type Room { number: Int! view: String }
            type Park implements Place { id: ID! name: String! }
            interface Place { id: ID! name: String! }
            enum Kind { RESORT CITY }
            """.utf8)),
        ("operations.graphql", .executable, Array("""
            query HotelDetail($withRooms: Boolean!) {
              hotel(id: "h1") { id label: name rating stars open kind rooms @include(if: $withRooms) { number view } }
              search { id ... on Park { name } }
            }
            """.utf8)),
    ])

    func testEverySelectedFieldIsSetInTheInitializersOrder() throws {
        let filled = try OperationFill.fill("HotelDetailQuery", variables: ["withRooms": true], project: project).get()
        XCTAssertEqual(filled, """
            Mock<Query>(
                hotel: Mock<Hotel>(
                    id: "1",
                    kind: .case(.resort),
                    label: "label",
                    open: true,
                    rating: 2.5,
                    rooms: [
                        Mock<Room>(
                            number: 3,
                            view: "view"
                        )
                    ],
                    stars: 4
                ),
                search: [
                    Mock<Park>(
                        id: "5",
                        name: "name"
                    )
                ]
            )
            """)
    }

    func testTheVariablesDecideIncludeAndAnUnknownOperationIsNamed() throws {
        let without = try OperationFill.fill("HotelDetail", variables: ["withRooms": false], project: project).get()
        XCTAssertFalse(without.contains("rooms"), without)
        // Not given: set, which no response that reads it can miss.
        XCTAssertTrue(try OperationFill.fill("HotelDetail", project: project).get().contains("rooms: ["))
        XCTAssertEqual(OperationFill.fill("Hotel", project: project), .failure(.unknownOperation("Hotel", known: ["HotelDetail"])))
    }

    /// Custom scalars (found on a real app, Pocket's `Url` and `[Language!]!`): one the app declares as an alias of
    /// `String` (Apollo's default) takes a string; one of its own type takes Apollo's spelling of an empty value, of
    /// the element's type in a list, where the mocks' initializer has no default (before 1.23).
    func testCustomScalarsTakeTheValueTheirDeclarationAllows() throws {
        func project(_ format: MockFormat) -> ProjectIndex {
            ProjectIndex(namespace: "API", format: format, sources: [
                ("schema.graphqls", .schema, Array("scalar Url scalar Language type Query { home: Url! languages: [Language!]! }".utf8)),
                ("operations.graphql", .executable, Array("query GetConfig { home languages }".utf8)),
            ])
        }
        var aliases = MockFormat.optionalParameters
        aliases.customScalars = ["Url": .alias(.string), "Language": .alias(.string)]
        XCTAssertEqual(try OperationFill.fill("GetConfig", project: project(aliases)).get(), """
            Mock<Query>(
                home: "home",
                languages: [
                    "languages"
                ]
            )
            """)
        var own = MockFormat.optionalParameters
        own.customScalars = ["Url": .ownType, "Language": .ownType]
        // Not declared in the workspace (its generated code elsewhere): not taken to be a `String`.
        XCTAssertEqual(try OperationFill.fill("GetConfig", project: project(.optionalParameters)).get(),
                       try OperationFill.fill("GetConfig", project: project(own)).get())
        XCTAssertEqual(try OperationFill.fill("GetConfig", project: project(own)).get(), """
            Mock<Query>(
                home: try! API.Url(_jsonValue: ""),
                languages: [
                    try! API.Language(_jsonValue: "")
                ]
            )
            """)
    }
}
