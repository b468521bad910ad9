import XCTest
import Apollo
import ApolloAPI
import ApolloTestSupport
import AnimalKingdomAPI
import AnimalKingdomAPITestMocks

/// A repository that turns Apollo results into app values, tested with hand-built `GraphQLResult`s.
final class AnimalRepository {
  typealias Completion = (Result<[String], Error>) -> Void
  typealias Fetcher = (@escaping (Result<GraphQLResult<AllAnimalsQuery.Data>, Error>) -> Void) -> Void

  private let fetcher: Fetcher

  init(fetcher: @escaping Fetcher) {
    self.fetcher = fetcher
  }

  func species(completion: @escaping Completion) {
    fetcher { result in
      switch result {
      case .success(let graphQLResult):
        if let errors = graphQLResult.errors, !errors.isEmpty {
          completion(.failure(errors[0]))
        } else {
          completion(.success(graphQLResult.data?.allAnimals.map(\.species) ?? []))
        }
      case .failure(let error):
        completion(.failure(error))
      }
    }
  }
}

final class GraphQLResultTests: XCTestCase {
  var fetchReturnValues: [GraphQLResult<AllAnimalsQuery.Data>] = []

  override func tearDown() {
    fetchReturnValues = []
    super.tearDown()
  }

  private func makeRepository() -> AnimalRepository {
    AnimalRepository { [unowned self] completion in
      guard let next = self.fetchReturnValues.first else {
        return completion(.failure(TestError.notStubbed))
      }
      completion(.success(next))
    }
  }

  func test_success() {
    let queryData = AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: [Mock<Dog>(species: "Lab")]))
    let queryResult = GraphQLResult(data: queryData, extensions: nil, errors: nil, source: .server, dependentKeys: nil)
    fetchReturnValues = [queryResult]

    var received: Result<[String], Error>?
    makeRepository().species { received = $0 }

    XCTAssertEqual(try received?.get(), ["Lab"])
  }

  func test_graphQLErrors() {
    fetchReturnValues = [
      GraphQLResult(
        data: nil,
        extensions: ["code": "FORBIDDEN"],
        errors: [GraphQLError(["message": "Not allowed"])],
        source: .server,
        dependentKeys: nil
      ),
    ]

    var received: Result<[String], Error>?
    makeRepository().species { received = $0 }

    guard case .failure(let error as GraphQLError)? = received else { return XCTFail("expected a GraphQLError") }
    XCTAssertEqual(error.message, "Not allowed")
  }

  func test_resultOfGraphQLResult() throws {
    let result: AllAnimalsResult = .success(makeResult(makeAllAnimalsData(species: ["Pug"]), source: .cache))

    let graphQLResult = try result.get()
    XCTAssertEqual(graphQLResult.source, .cache)
    XCTAssertEqual(graphQLResult.data?.allAnimals.first?.species, "Pug")
  }

  func test_resultInitialisedExplicitly() {
    let result = Result<GraphQLResult<DogQuery.Data>, Error>.success(
      GraphQLResult(data: .fixture(), extensions: nil, errors: nil, source: .server, dependentKeys: nil)
    )

    if case let .success(value) = result {
      XCTAssertEqual(value.data?.allAnimals.first?.id, "dog-1")
    } else {
      XCTFail("expected success")
    }
  }

  func test_failureResult() {
    let result: Result<GraphQLResult<PetAdoptionMutation.Data>, Error> = .failure(TestError.offline)
    XCTAssertThrowsError(try result.get()) { error in
      XCTAssertEqual(error as? TestError, .offline)
    }
  }

  func test_dependentKeysAndSource() {
    let result = GraphQLResult<PetAdoptionMutation.Data>(
      data: .adopted(),
      extensions: nil,
      errors: nil,
      source: .server,
      dependentKeys: ["Dog:dog-1.humanName"]
    )
    XCTAssertEqual(result.dependentKeys?.count, 1)
    XCTAssertEqual(result.data?.adoptPet.humanName, "Rex")
  }
}
