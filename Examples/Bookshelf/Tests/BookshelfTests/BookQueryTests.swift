import ApolloTestSupport
import BookshelfAPI
import BookshelfAPITestMocks
import XCTest

final class BookQueryTests: XCTestCase {
    func testTitleAndAuthor() {
        let mock = Mock<Query>(
            book: Mock<Book>(
                author: Mock<Author>(name: "Ursula K. Le Guin"),
                id: "1",
                title: "The Dispossessed"
            )
        )
        let data = BookQuery.Data.from(mock)

        XCTAssertEqual(data.book?.title, "The Dispossessed")
        XCTAssertEqual(data.book?.author.name, "Ursula K. Le Guin")
    }

    func testGenreDefaultsButAuthorIsEmpty() {
        // Apollo ≥ 1.23 fills `genre` with its first case, but `author` defaults to an empty Mock<Author>():
        // reading its name crashes at run time.
        let mock = Mock<Query>(book: Mock<Book>(title: "Kindred"))
        let data = BookQuery.Data.from(mock)

        XCTAssertEqual(data.book?.genre, .fiction)
        XCTAssertEqual(data.book?.author.name, "Octavia E. Butler")
    }

    func testEmptyMockThenAssignments() {
        let book = Mock<Book>()
        book.title = "Piranesi"
        book.author = Mock<Author>(name: "Susanna Clarke")
        let mock = Mock<Query>(book: book)
        let data = BookQuery.Data.from(mock)

        XCTAssertEqual(data.book?.title, "Piranesi")
        // `id` was never set on a mock built with Mock<Book>(): this read crashes.
        XCTAssertEqual(data.book?.id, "7")
    }
}
