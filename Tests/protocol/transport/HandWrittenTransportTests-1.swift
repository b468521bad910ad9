import XCTest
import Apollo
import ApolloAPI
import ApolloTestSupport
import AnimalKingdomAPI
import AnimalKingdomAPITestMocks

// An Apollo iOS 1.x suite that tests through a real `ApolloClient` over a hand-written `NetworkTransport`, as
// apollo-ios-dev's `TestAppTests` (`class MockNetworkTransport: NetworkTransport`) and app suites write one: stubbed
// results per operation, the cache policies the client sent recorded. `mockls migrate --to 2` must make it run on 2.x
// as it runs on 1.x (test_test_transport.py).

enum StubError: Error, Equatable {
  case notStubbed
  case offline
}

final class StubNetworkTransport: NetworkTransport {
  private var results: [String: Any] = [:]
  private(set) var sentOperationNames: [String] = []
  private(set) var sentCachePolicies: [CachePolicy] = []

  func stub<Operation: GraphQLOperation>(_ operationType: Operation.Type, with result: Result<GraphQLResult<Operation.Data>, Error>) {
    results[Operation.operationName] = result
  }

  func stub<Operation: GraphQLOperation>(_ operationType: Operation.Type, data: Operation.Data) {
    stub(operationType, with: .success(GraphQLResult(data: data, extensions: nil, errors: nil, source: .server, dependentKeys: nil)))
  }

  func send<Operation: GraphQLOperation>(
    operation: Operation,
    cachePolicy: CachePolicy,
    contextIdentifier: UUID?,
    context: RequestContext?,
    callbackQueue: DispatchQueue,
    completionHandler: @escaping (Result<GraphQLResult<Operation.Data>, Error>) -> Void
  ) -> Cancellable {
    sentOperationNames.append(Operation.operationName)
    sentCachePolicies.append(cachePolicy)
    let result = results[Operation.operationName] as? Result<GraphQLResult<Operation.Data>, Error> ?? .failure(StubError.notStubbed)
    callbackQueue.async { completionHandler(result) }
    return EmptyCancellable()
  }
}

final class HandWrittenTransportTests: XCTestCase {
  var transport: StubNetworkTransport!
  var client: ApolloClient!

  override func setUp() {
    super.setUp()
    transport = StubNetworkTransport()
    client = ApolloClient(networkTransport: transport, store: ApolloStore())
  }

  func test_fetch_ignoringCacheData() {
    transport.stub(DogQuery.self, data: DogQuery.Data.from(Mock<Query>(allAnimals: [Mock<Dog>(id: "1", species: "Lab")])))
    let fetched = expectation(description: "fetched")

    client.fetch(query: DogQuery(), cachePolicy: .fetchIgnoringCacheData) { result in
      XCTAssertEqual(try? result.get().data?.allAnimals.first?.asDog?.species, "Lab")
      fetched.fulfill()
    }

    wait(for: [fetched], timeout: 5)
    XCTAssertEqual(transport.sentOperationNames, ["DogQuery"])
    XCTAssertEqual(transport.sentCachePolicies, [.fetchIgnoringCacheData])
  }

  func test_fetch_defaultPolicy() {
    transport.stub(AllAnimalsQuery.self, data: AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: [Mock<Cat>(species: "Tabby")])))
    let fetched = expectation(description: "fetched")

    client.fetch(query: AllAnimalsQuery()) { result in
      XCTAssertEqual(try? result.get().data?.allAnimals.map(\.species), ["Tabby"])
      fetched.fulfill()
    }

    waitForExpectations(timeout: 5)
    XCTAssertEqual(transport.sentCachePolicies, [.returnCacheDataElseFetch])
  }

  func test_fetch_ignoringCacheCompletely_fails() {
    transport.stub(DogQuery.self, with: .failure(StubError.offline))
    let failed = expectation(description: "failed")

    client.fetch(query: DogQuery(), cachePolicy: .fetchIgnoringCacheCompletely) { result in
      if case .failure(let error) = result {
        XCTAssertEqual(error as? StubError, .offline)
      } else {
        XCTFail("expected the transport's error")
      }
      failed.fulfill()
    }

    wait(for: [failed], timeout: 5)
    XCTAssertEqual(transport.sentCachePolicies, [.fetchIgnoringCacheCompletely])
  }

  func test_perform_publishes() {
    transport.stub(PetAdoptionMutation.self, data: PetAdoptionMutation.Data.from(Mock<Mutation>(adoptPet: Mock<Dog>(humanName: "Rex", id: "dog-1"))))
    let input = PetAdoptionInput(ownerID: "owner-1", petID: "dog-1", humanName: "Rex", favoriteToy: "Ball")
    let performed = expectation(description: "performed")

    client.perform(mutation: PetAdoptionMutation(input: input)) { result in
      XCTAssertEqual(try? result.get().data?.adoptPet.humanName, "Rex")
      performed.fulfill()
    }

    wait(for: [performed], timeout: 5)
    XCTAssertEqual(transport.sentCachePolicies, [.returnCacheDataElseFetch])
  }

  func test_perform_withoutPublishing() {
    transport.stub(PetAdoptionMutation.self, data: PetAdoptionMutation.Data.from(Mock<Mutation>(adoptPet: Mock<Cat>(humanName: "Tom", id: "cat-1"))))
    let input = PetAdoptionInput(ownerID: "owner-1", petID: "cat-1", favoriteToy: "Yarn")
    let performed = expectation(description: "performed")

    client.perform(mutation: PetAdoptionMutation(input: input), publishResultToStore: false) { result in
      XCTAssertEqual(try? result.get().data?.adoptPet.id, "cat-1")
      performed.fulfill()
    }

    wait(for: [performed], timeout: 5)
    XCTAssertEqual(transport.sentCachePolicies, [.fetchIgnoringCacheCompletely])
  }

  func test_notStubbed_fails() {
    let failed = expectation(description: "failed")

    client.fetch(query: FindPetQuery(input: .ownerID("owner-1")), cachePolicy: .fetchIgnoringCacheData) { result in
      if case .failure(let error) = result {
        XCTAssertEqual(error as? StubError, .notStubbed)
      } else {
        XCTFail("expected a failure")
      }
      failed.fulfill()
    }

    wait(for: [failed], timeout: 5)
  }
}
