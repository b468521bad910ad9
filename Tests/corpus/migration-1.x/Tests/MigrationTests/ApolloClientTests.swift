import XCTest
import Apollo
import ApolloAPI
import ApolloTestSupport
import AnimalKingdomAPI
import AnimalKingdomAPITestMocks

/// A real `ApolloClient` over a hand-written transport: callback `fetch` and `perform`, waited on with expectations.
final class ApolloClientTests: XCTestCase {
  var transport: StubNetworkTransport!
  var store: ApolloStore!
  var client: ApolloClient!

  override func setUp() {
    super.setUp()
    transport = StubNetworkTransport()
    store = ApolloStore(cache: InMemoryNormalizedCache())
    client = ApolloClient(networkTransport: transport, store: store)
  }

  override func tearDown() {
    client = nil
    store = nil
    transport = nil
    super.tearDown()
  }

  func test_fetch_deliversTheStubbedDogs() {
    transport.stub(DogQuery.self, data: .fixture(species: "Lab"))
    let expectation = self.expectation(description: "Fetching query")

    client.fetch(query: DogQuery(), cachePolicy: .fetchIgnoringCacheData) { result in
      defer { expectation.fulfill() }
      switch result {
      case .success(let graphQLResult):
        XCTAssertEqual(graphQLResult.data?.allAnimals.first?.asDog?.species, "Lab")
        XCTAssertNil(graphQLResult.errors)
      case .failure(let error):
        XCTFail("Unexpected error: \(error)")
      }
    }

    waitForExpectations(timeout: 1)
    XCTAssertEqual(transport.sentOperationNames, ["DogQuery"])
    XCTAssertEqual(transport.sentCachePolicies, [.fetchIgnoringCacheData])
  }

  func test_fetch_defaultPolicy() {
    transport.stub(AllAnimalsQuery.self, data: makeAllAnimalsData(species: ["Pug"]))
    let fetched = XCTestExpectation(description: "fetched")

    client.fetch(query: AllAnimalsQuery()) { result in
      guard let data = try? result.get().data else { return XCTFail("no data") }
      XCTAssertEqual(data.allAnimals.map(\.species), ["Pug"])
      fetched.fulfill()
    }

    wait(for: [fetched], timeout: 1.0)
    XCTAssertEqual(transport.sentCachePolicies, [.returnCacheDataElseFetch])
  }

  func test_fetch_notStubbed_fails() {
    let failed = expectation(description: "failed")

    client.fetch(query: FindPetQuery(input: .ownerID("owner-1")), cachePolicy: .fetchIgnoringCacheCompletely, queue: .main) { result in
      if case .failure(let error) = result {
        XCTAssertEqual(error as? TestError, .notStubbed)
      } else {
        XCTFail("expected a failure")
      }
      failed.fulfill()
    }

    wait(for: [failed], timeout: 1)
  }

  func test_perform_adoptsThePet() {
    transport.stub(PetAdoptionMutation.self, data: .adopted(id: "dog-9", humanName: "Rex"))
    let input = PetAdoptionInput(ownerID: "owner-1", petID: "dog-9", humanName: "Rex", favoriteToy: "Ball")
    let performed = expectation(description: "performed")

    client.perform(mutation: PetAdoptionMutation(input: input)) { result in
      XCTAssertEqual(try? result.get().data?.adoptPet.id, "dog-9")
      performed.fulfill()
    }

    waitForExpectations(timeout: 1)
  }

  func test_perform_withoutPublishingToTheStore() {
    transport.stub(PetAdoptionMutation.self, with: .failure(TestError.offline))
    let input = PetAdoptionInput(ownerID: "o", petID: "p", favoriteToy: "Ball")
    let failed = expectation(description: "failed")

    let cancellable = client.perform(mutation: PetAdoptionMutation(input: input), publishResultToStore: false) { result in
      if case .success = result { XCTFail("expected the transport's error") }
      failed.fulfill()
    }

    wait(for: [failed], timeout: 1)
    cancellable.cancel()
    XCTAssertEqual(transport.sentCachePolicies, [.fetchIgnoringCacheCompletely])
  }

  func test_bodyTransport_parsesTheResponse() {
    let body: JSONObject = ["data": ["allAnimals": [
      ["__typename": "Dog", "id": "1", "skinCovering": "FUR", "species": "Canine", "houseDetails": "Ranch"],
    ]]]
    let client = ApolloClient(networkTransport: BodyNetworkTransport(body: body), store: ApolloStore())
    let fetched = expectation(description: "fetched")

    client.fetch(query: DogQuery(), cachePolicy: .fetchIgnoringCacheCompletely) { result in
      XCTAssertEqual(try? result.get().data?.allAnimals.first?.asDog?.species, "Canine")
      fetched.fulfill()
    }

    wait(for: [fetched], timeout: 1)
  }

  func test_publishParsedRecordsThenRead() throws {
    let response = GraphQLResponse(
      operation: DogQuery(),
      body: ["data": ["allAnimals": [["__typename": "Dog", "id": "1", "skinCovering": "FUR", "species": "Canine", "houseDetails": "Ranch"]]]]
    )
    let (result, records) = try response.parseResult()
    XCTAssertEqual(result.data?.allAnimals.first?.id, "1")

    let expectation = expectation(description: "Publish Record then Fetch")
    store.publish(records: try XCTUnwrap(records)) { _ in
      self.store.withinReadTransaction { transaction in
        let dog = try transaction.readObject(ofType: DogQuery.Data.AllAnimal.self, withKey: "Dog:1")
        XCTAssertEqual(dog.id, "1")
        expectation.fulfill()
      }
    }

    waitForExpectations(timeout: 1.0)
  }
}
