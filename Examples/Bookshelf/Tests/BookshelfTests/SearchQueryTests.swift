import ApolloTestSupport
import BookshelfAPI
import BookshelfAPITestMocks
import XCTest

final class SearchQueryTests: XCTestCase {
    func testMixedResults() {
        let mock = Mock<Query>(search: [
            Mock<Book>(author: Mock<Author>(name: "N. K. Jemisin"), title: "The Fifth Season"),
            Mock<Author>(born: 1972, name: "N. K. Jemisin"),
        ])
        let data = SearchQuery.Data.from(mock)

        XCTAssertEqual(data.search.first?.asBook?.title, "The Fifth Season")
        XCTAssertEqual(data.search.last?.asAuthor?.born, 1972)
    }

    func testShelvesWithoutBooks() {
        let mock = Mock<Query>(shelves: [Mock<Shelf>(id: "s1", label: "Staff picks")])
        let data = ShelvesQuery.Data.from(mock, withVariables: ["withBooks": false])

        XCTAssertEqual(data.shelves.first?.label, "Staff picks")
        // `books` is behind @include(if: $withBooks): reading it is never a crash.
        XCTAssertNil(data.shelves.first?.books)
    }
}
