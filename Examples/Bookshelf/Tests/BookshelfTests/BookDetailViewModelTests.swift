import Apollo
import ApolloTestSupport
import BookshelfAPI
import BookshelfAPITestMocks
import XCTest
@testable import Bookshelf

/// The view model fetches through a real `ApolloClient`; the responses come from the `TestNetworkTransport` that
/// `mockls test-transport` wrote beside this file.
final class BookDetailViewModelTests: XCTestCase {
    private let transport = TestNetworkTransport()
    private lazy var model = BookDetailViewModel(client: ApolloClient(networkTransport: transport, store: ApolloStore()))

    private func load(_ id: String) {
        let loaded = expectation(description: "loaded")
        model.load(id: id) { loaded.fulfill() }
        wait(for: [loaded], timeout: 1)
    }

    func testTheBylineOfAFetchedBook() {
        transport.register(BookQuery.self, variables: ["id": "1"], data: Mock<Query>(
            book: Mock<Book>(
                author: Mock<Author>(name: "Ursula K. Le Guin"),
                coAuthors: [],
                genre: .case(.fiction),
                id: "1",
                title: "The Dispossessed"
            )
        ))
        load("1")

        XCTAssertEqual(model.byline, "The Dispossessed by Ursula K. Le Guin")
        transport.assertAllUsed()
    }

    func testRatingABook() {
        transport.register(BookQuery.self, variables: ["id": "1"], data: Mock<Query>(
            book: Mock<Book>(author: Mock<Author>(name: "Ursula K. Le Guin"), id: "1", title: "The Dispossessed")
        ))
        transport.enqueue(RateMutation.self, data: Mock<Mutation>(rate: Mock<Book>(id: "1", rating: 4.5)))
        load("1")
        let rated = expectation(description: "rated")
        model.rate(stars: 5) { rated.fulfill() }
        wait(for: [rated], timeout: 1)

        XCTAssertEqual(model.rating, 4.5)
        transport.assertAllUsed()
    }

    func testAnUnreachableServerIsAFailure() {
        transport.register(BookQuery.self, variables: ["id": "2"], error: URLError(.notConnectedToInternet))
        load("2")

        XCTAssertNotNil(model.failure)
        XCTAssertEqual(model.byline, "")
    }

    func testABookWhoseAuthorHasNoName() {
        // `author` is left to its default, an empty `Mock<Author>()`: the response lacks `book.author.name`, which a
        // server never leaves out. Apollo rejects it, and the view model has a failure where the test expects a
        // byline. mockls warns at the registration (incomplete-response), with the fix.
        transport.register(BookQuery.self, variables: ["id": "3"], data: Mock<Query>(book: Mock<Book>(id: "3", title: "Kindred")))
        load("3")

        XCTAssertEqual(model.byline, "Kindred by Octavia E. Butler")
    }
}
