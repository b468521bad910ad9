import XCTest
import Apollo
import ApolloAPI
import ApolloTestSupport
import AnimalKingdomAPI
import AnimalKingdomAPITestMocks

/// The code under test: a service that reaches Apollo only through `ApolloClientProtocol`.
final class PetService {
  private let apollo: ApolloClientProtocol

  init(apollo: ApolloClientProtocol) {
    self.apollo = apollo
  }

  func dogs(completion: @escaping (Result<[DogQuery.Data.AllAnimal], Error>) -> Void) {
    _ = apollo.fetch(query: DogQuery(), cachePolicy: .fetchIgnoringCacheData, context: nil, queue: .main) { result in
      completion(result.map { $0.data?.allAnimals ?? [] })
    }
  }

  func adopt(petID: String, ownerID: String, completion: @escaping (Result<String?, Error>) -> Void) {
    let input = PetAdoptionInput(ownerID: ownerID, petID: petID, favoriteToy: "Ball")
    _ = apollo.perform(mutation: PetAdoptionMutation(input: input), publishResultToStore: false, context: nil, queue: .main) { result in
      completion(result.map { $0.data?.adoptPet.humanName })
    }
  }
}

final class PetServiceTests: XCTestCase {
  var apollo: MockApolloClient!

  override func setUp() {
    super.setUp()
    apollo = MockApolloClient()
  }

  override func tearDown() {
    apollo = nil
    super.tearDown()
  }

  func subject(apollo: ApolloClientProtocol? = nil) -> PetService {
    PetService(apollo: apollo ?? self.apollo)
  }

  func test_dogs_fetchesDogQueryIgnoringCacheData() {
    apollo.stubFetch { (query: DogQuery, _, _, _, queue, completion) -> Cancellable in
      let data = DogQuery.Data.from(Mock<Query>(allAnimals: [Mock<Dog>(id: "1", species: "Lab")]))
      queue.async {
        completion?(.success(GraphQLResult(data: data, extensions: nil, errors: nil, source: .server, dependentKeys: nil)))
      }
      return MockCancellable()
    }
    let fetched = expectation(description: "fetched dogs")

    subject().dogs { result in
      XCTAssertEqual(try? result.get().map(\.id), ["1"])
      fetched.fulfill()
    }

    wait(for: [fetched], timeout: 1)
    let call: MockApolloClient.FetchCall<DogQuery>? = apollo.fetchCall(at: 0)
    XCTAssertEqual(call?.cachePolicy, .fetchIgnoringCacheData)
    XCTAssertEqual(apollo.fetchCalls(withQueryType: DogQuery.self).count, 1)
  }

  func test_dogs_answersWithAResponseFixture() {
    let fixture = ResponseFixture(body: ["data": ["allAnimals": [
      ["__typename": "Dog", "id": "2", "skinCovering": "FUR", "species": "Canine", "houseDetails": "Ranch"],
    ]]])
    apollo.stubFetch { (query: DogQuery, _, _, _, queue, completion) -> Cancellable in
      queue.async {
        completion?(.success(fixture.asGraphQLResult(from: query)))
      }
      return MockCancellable()
    }
    let fetched = expectation(description: "fetched dogs")

    subject().dogs { result in
      XCTAssertEqual(try? result.get().map(\.id), ["2"])
      fetched.fulfill()
    }

    wait(for: [fetched], timeout: 1)
  }

  func test_dogs_passesTheErrorOn() {
    apollo.stubFetch { (_: DogQuery, _, _, _, queue, completion) -> Cancellable in
      queue.async { completion?(.failure(TestError.offline)) }
      return MockCancellable()
    }
    let failed = expectation(description: "fetch failed")

    subject().dogs { result in
      if case .failure(let error) = result {
        XCTAssertEqual(error as? TestError, .offline)
        failed.fulfill()
      }
    }

    wait(for: [failed], timeout: 1)
  }

  func test_adopt_performsTheMutation() {
    apollo.stubPerform { (mutation: PetAdoptionMutation, _, queue, completion) -> Cancellable in
      queue.async { completion?(.success(makeResult(PetAdoptionMutation.Data.adopted(humanName: "Rex")))) }
      return MockCancellable()
    }
    let adopted = expectation(description: "adopted")

    subject().adopt(petID: "dog-1", ownerID: "owner-1") { result in
      XCTAssertEqual(try? result.get(), "Rex")
      adopted.fulfill()
    }

    waitForExpectations(timeout: 1)
    let call: MockApolloClient.PerformCall<PetAdoptionMutation>? = apollo.performCall(at: 0)
    XCTAssertEqual(call?.mutation.input.petID, "dog-1")
    XCTAssertEqual(call?.publishResultToStore, false)
  }

  func test_adopt_graphQLErrorsStillDeliverData() {
    apollo.stubPerform { (_: PetAdoptionMutation, _, _, completion) -> Cancellable in
      let result = GraphQLResult<PetAdoptionMutation.Data>(
        data: .from(Mock<Mutation>(adoptPet: Mock<Cat>(humanName: nil, id: "cat-1"))),
        extensions: nil,
        errors: [GraphQLError(["message": "name unavailable"])],
        source: .server,
        dependentKeys: nil
      )
      completion?(.success(result))
      return MockCancellable()
    }

    var received: Result<String?, Error>?
    subject().adopt(petID: "cat-1", ownerID: "owner-1") { received = $0 }

    XCTAssertNotNil(received)
    XCTAssertEqual(try received?.get(), .some(nil))
  }
}
