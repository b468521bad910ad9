import Apollo
import BookshelfAPI
import Foundation

/// The book screen's state, fetched and rated through the app's `ApolloClient`. Its tests give the client a
/// `TestNetworkTransport` (Tests/BookshelfTests/BookDetailViewModelTests.swift).
final class BookDetailViewModel {
    private let client: ApolloClient
    private(set) var book: BookQuery.Data.Book?
    private(set) var rating: Double?
    private(set) var failure: Error?

    init(client: ApolloClient) {
        self.client = client
    }

    func load(id: String, completion: @escaping () -> Void = {}) {
        client.fetch(query: BookQuery(id: id), cachePolicy: .fetchIgnoringCacheData) { [weak self] result in
            switch result {
            case .success(let response):
                self?.book = response.data?.book
                self?.rating = response.data?.book?.rating
            case .failure(let error):
                self?.failure = error
            }
            completion()
        }
    }

    func rate(stars: Int, completion: @escaping () -> Void = {}) {
        guard let book else { return completion() }
        client.perform(mutation: RateMutation(input: RatingInput(bookID: book.id, stars: stars))) { [weak self] result in
            switch result {
            case .success(let response):
                self?.rating = response.data?.rate?.rating
            case .failure(let error):
                self?.failure = error
            }
            completion()
        }
    }

    var byline: String {
        guard let book else { return "" }
        let coAuthors = book.coAuthors.map { author in author.born.map { "\(author.name) (b. \($0))" } ?? author.name }
        let authors = [book.author.name] + coAuthors
        return "\(book.title) by \(authors.joined(separator: ", "))"
    }

    var published: String { book?.published ?? "unpublished" }
}
