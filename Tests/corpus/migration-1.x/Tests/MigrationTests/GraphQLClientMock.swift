import XCTest
import Foundation
import Apollo
import ApolloAPI
import ApolloTestSupport
import AnimalKingdomAPI
import AnimalKingdomAPITestMocks

/// The app's own GraphQL boundary, so view models never see `ApolloClient`.
protocol AnimalGraphQLClient {
  func dog(id: String) async throws -> DogQuery.Data.AllAnimal
  func adopt(petID: String) async throws -> PetAdoptionMutation.Data.AdoptPet
  func allAnimals(cachePolicy: CachePolicy) -> AsyncThrowingStream<GraphQLResult<AllAnimalsQuery.Data>, Error>
}

/// Its fake: every answer is a model built from a mock.
final class AnimalGraphQLClientMock: AnimalGraphQLClient {
  private let species: String
  var allAnimalsReturnValues: [GraphQLResult<AllAnimalsQuery.Data>] = []
  private(set) var allAnimalsCallsCount = 0

  init(species: String = "Labrador") {
    self.species = species
  }

  func dog(id: String) async throws -> DogQuery.Data.AllAnimal {
    let mock = Mock<Dog>()
    mock.id = id
    mock.species = species
    let model = DogQuery.Data.AllAnimal.from(mock)
    return model
  }

  func adopt(petID: String) async throws -> PetAdoptionMutation.Data.AdoptPet {
    let mock = Mock<Mutation>()
    mock.adoptPet = Mock<Dog>(humanName: "Rex", id: petID)
    return PetAdoptionMutation.Data.from(mock).adoptPet
  }

  func allAnimals(cachePolicy: CachePolicy) -> AsyncThrowingStream<GraphQLResult<AllAnimalsQuery.Data>, Error> {
    allAnimalsCallsCount += 1
    return AsyncThrowingStream(GraphQLResult<AllAnimalsQuery.Data>.self) { continuation in
      allAnimalsReturnValues.forEach { continuation.yield($0) }
      continuation.finish()
    }
  }
}

final class AnimalGraphQLClientTests: XCTestCase {
  private var client: AnimalGraphQLClientMock!

  override func setUpWithError() throws {
    client = AnimalGraphQLClientMock(species: "Beagle")
  }

  func test_dog() async throws {
    let dog = try await client.dog(id: "d1")
    XCTAssertEqual(dog.id, "d1")
    XCTAssertEqual(dog.asDog?.species, "Beagle")
  }

  func test_adopt() async throws {
    let pet = try await client.adopt(petID: "d2")
    XCTAssertEqual(pet.humanName, "Rex")
  }

  func test_allAnimals_streamsEveryResult() async throws {
    let cached = AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: [Mock<Cat>(species: "Tabby")]))
    client.allAnimalsReturnValues = [
      GraphQLResult(data: cached, extensions: nil, errors: nil, source: .cache, dependentKeys: nil),
      GraphQLResult(data: makeAllAnimalsData(), extensions: nil, errors: nil, source: .server, dependentKeys: nil),
    ]

    var sources: [GraphQLResult<AllAnimalsQuery.Data>.Source] = []
    var species: [[String]] = []
    for try await result in client.allAnimals(cachePolicy: .returnCacheDataAndFetch) {
      sources.append(result.source)
      species.append(result.data?.allAnimals.map(\.species) ?? [])
    }

    XCTAssertEqual(sources, [.cache, .server])
    XCTAssertEqual(species, [["Tabby"], ["Labrador", "Beagle"]])
    XCTAssertEqual(client.allAnimalsCallsCount, 1)
  }
}
