import XCTest
import ApolloTestSupport
import BookshelfAPI
import BookshelfAPITestMocks

// Diagnostics on the repository's own API (Examples/Bookshelf/graphql) with mocks of Apollo iOS >= 1.23, checked by
// FeaturesTests without ../shared. A line that must carry a diagnostic ends with an `expect:` comment (the code, then
// words of the message); every other line must carry none.
final class BookReads: XCTestCase {
  func test_everyReadFieldSet() {
    let book = Mock<Book>(author: Mock<Author>(name: "Frank Herbert"), genre: .case(.fiction), id: "1", rating: 4.5, title: "Dune")
    let model = BookQuery.Data.Book.from(book)
    XCTAssertEqual(model.title, "Dune")
    XCTAssertEqual(model.author.name, "Frank Herbert")
    XCTAssertEqual(model.rating, 4.5)
  }

  // Since Apollo 1.23 the initializer sets every field it is not given to its default; `Mock<Book>()` sets none.
  func test_anUnsetFieldRead() {
    let book = Mock<Book>()
    book.id = "1"
    let model = BookQuery.Data.Book.from(book)
    XCTAssertEqual(model.id, "1")
    XCTAssertEqual(model.title, "Dune") // expect: unset-field-read title Book
  }

  func test_anUnsetNestedMock() {
    let book = Mock<Book>(id: "1", title: "Dune")
    let model = BookQuery.Data.Book.from(book)
    XCTAssertEqual(model.author.name, "") // expect: unset-field-read author Book
  }

  func test_aNullableFieldReadsNilUnset() {
    let model = BookQuery.Data.Book.from(Mock<Book>(title: "Dune"))
    XCTAssertNil(model.rating)
    XCTAssertNil(model.published)
  }

  func test_assignmentsBeforeFromReachTheModel() {
    let book = Mock<Book>()
    book.title = "Dune"
    book.author = Mock<Author>()
    book.author?.name = "Frank Herbert"
    let model = BookQuery.Data.Book.from(book)
    XCTAssertEqual(model.title, "Dune")
    XCTAssertEqual(model.author.name, "Frank Herbert")
  }

  func test_assignmentsAfterFromDoNotReachTheModel() {
    let author = Mock<Author>()
    let model = BookQuery.Data.Book.from(Mock<Book>(author: author))
    author.name = "late"
    XCTAssertEqual(model.author.name, "late") // expect: unset-field-read name Author
  }

  func test_unknownFieldsAssigned() {
    let book = Mock<Book>()
    book.titel = "Dune" // expect: unknown-mock-field titel title
    _ = Mock<Author>(nmae: "Frank Herbert") // expect: unknown-mock-field nmae name
  }
}

final class Lists: XCTestCase {
  func test_listElements() {
    let second = Mock<Shelf>()
    second.id = "2"
    let query = Mock<Query>(shelves: [Mock<Shelf>(id: "1", label: "Fiction"), second])
    let data = ShelvesQuery.Data.from(query)
    XCTAssertEqual(data.shelves.first?.label, "Fiction")
    XCTAssertEqual(data.shelves[1].label, "Science") // expect: unset-field-read label Shelf
    for shelf in data.shelves {
      XCTAssertFalse(shelf.id.isEmpty)
    }
  }

  func test_aUnionListReadThroughItsTypeCases() {
    let query = Mock<Query>(search: [Mock<Book>(title: "Dune"), Mock<Author>()])
    let data = SearchQuery.Data.from(query)
    XCTAssertEqual(data.search[0].asBook?.title, "Dune")
    XCTAssertEqual(data.search[1].asAuthor?.name, "") // expect: unset-field-read name Author
  }
}

final class Types: XCTestCase {
  func test_types() {
    _ = Mock<Novel>() // expect: unknown-mock-type Novel
    _ = Mock<Books>() // expect: unknown-mock-type Books `Book`
    _ = Mock<SearchResult>() // expect: abstract-mock-type SearchResult union Book
    let node: Mock<Node>? = nil // expect: abstract-mock-type Node
    _ = node
    _ = Mock<Book>(author: Mock<Shelf>()) // expect: mock-type-mismatch author Author Shelf
    _ = Mock<Query>(search: [Mock<Book>(), Mock<Shelf>()]) // expect: mock-type-mismatch search Shelf
    _ = BookQuery.Data.Book.from(Mock<Author>()) // expect: mock-type-mismatch Author Book
  }
}
