import Foundation
import Apollo
import ApolloAPI
import ApolloTestSupport
import AnimalKingdomAPI
import AnimalKingdomAPITestMocks

// MARK: - Shared model fixtures

/// Built once for the whole test target.
let sharedDogQueryData = DogQuery.Data.from(
  Mock<Query>(allAnimals: [Mock<Dog>(id: "dog-1", skinCovering: .case(.fur), species: "Labrador")])
)

enum PetFixtures {
  static let labrador = PetDetails.from(
    Mock<Dog>(favoriteToy: "Ball", humanName: "Rex", id: "dog-1", owner: Mock<Human>(firstName: "Ann"))
  )

  static let strayCat = PetDetails.from(Mock<Cat>(favoriteToy: "Yarn", id: "cat-1"))

  static let emptyZoo = AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: []))
}

// MARK: - Factories

func makeAllAnimalsData(species: [String] = ["Labrador", "Beagle"]) -> AllAnimalsQuery.Data {
  let dogs = species.enumerated().map { index, species in
    Mock<Dog>(height: Mock<Height>(feet: 2, inches: index), id: "dog-\(index)", species: species)
  }
  return .from(Mock<Query>(allAnimals: dogs))
}

func makePetDetails(
  id: String = "pet-1",
  humanName: String? = "Rex",
  ownerName: String? = "Ann"
) -> PetDetails {
  let dog = Mock<Dog>(favoriteToy: "Ball", humanName: humanName, id: id)
  if let ownerName {
    dog.owner = Mock<Human>(firstName: ownerName)
  }
  return .from(dog)
}

extension DogQuery.Data {
  static func fixture(id: String = "dog-1", species: String = "Labrador") -> Self {
    .from(Mock<Query>(allAnimals: [Mock<Dog>(id: id, species: species)]))
  }
}

extension FindPetQuery.Data {
  static func fixture(names: [String?]) -> FindPetQuery.Data {
    let pets = names.enumerated().map { index, name in Mock<Cat>(humanName: name, id: "pet-\(index)") }
    return FindPetQuery.Data.from(Mock<Query>(findPet: pets))
  }
}

extension PetAdoptionMutation.Data {
  static func adopted(id: String = "dog-1", humanName: String? = "Rex") -> Self {
    let mutation = Mock<Mutation>()
    mutation.adoptPet = Mock<Dog>(humanName: humanName, id: id)
    return .from(mutation)
  }
}

// MARK: - Results

typealias AllAnimalsResult = Result<GraphQLResult<AllAnimalsQuery.Data>, Error>

func makeResult<Data: RootSelectionSet>(
  _ data: Data?,
  errors: [GraphQLError]? = nil,
  source: GraphQLResult<Data>.Source = .server
) -> GraphQLResult<Data> {
  GraphQLResult(data: data, extensions: nil, errors: errors, source: source, dependentKeys: nil)
}

/// A canned response body, parsed with Apollo's own parser where a stub answers with it.
struct ResponseFixture {
  let body: JSONObject

  func asGraphQLResult<Operation: GraphQLOperation>(from operation: Operation) -> GraphQLResult<Operation.Data> {
    do {
      let response = GraphQLResponse(operation: operation, body: body)
      return try response.parseResultFast()
    } catch {
      fatalError("Could not decode graphQL result: \(error)")
    }
  }
}

enum TestError: Error, Equatable {
  case offline
  case notStubbed
}
