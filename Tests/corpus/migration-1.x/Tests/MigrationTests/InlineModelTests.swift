import XCTest
import ApolloTestSupport
import AnimalKingdomAPI
import AnimalKingdomAPITestMocks

/// Models built where they are used: in the test body, inside the assertion, inside closures.
final class InlineModelTests: XCTestCase {

  func test_dogQuery_mapsTheDog() {
    let data = DogQuery.Data.from(Mock<Query>(allAnimals: [Mock<Dog>(id: "1", species: "Beagle")]))

    XCTAssertEqual(data.allAnimals.count, 1)
    XCTAssertEqual(data.allAnimals[0].id, "1")
    XCTAssertEqual(data.allAnimals[0].asDog?.species, "Beagle")
  }

  func test_fromInsideTheAssertion() {
    XCTAssertEqual(DogQuery.Data.from(Mock<Query>(allAnimals: [Mock<Dog>(id: "7")])).allAnimals.first?.id, "7")
    XCTAssertNil(PetDetails.from(Mock<Cat>(id: "c1")).owner)
    XCTAssertTrue(AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: [])).allAnimals.isEmpty)
  }

  func test_xctUnwrapAroundFrom() throws {
    let owner = try XCTUnwrap(PetDetails.from(Mock<Dog>(owner: Mock<Human>(firstName: "Ann"))).owner)
    XCTAssertEqual(owner.firstName, "Ann")

    let first = try XCTUnwrap(
      AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: [Mock<Cat>(species: "Tabby")])).allAnimals.first,
      "the query returned no animal"
    )
    XCTAssertEqual(first.species, "Tabby")
  }

  func test_mapBuildsModels() {
    let names = ["Rex", "Fido", "Lassie"]
    let details = names.map { PetDetails.from(Mock<Dog>(humanName: $0, id: $0.lowercased())) }

    XCTAssertEqual(details.map(\.humanName), ["Rex", "Fido", "Lassie"])
    XCTAssertEqual(details.map(\.id), ["rex", "fido", "lassie"])
  }

  func test_compactMapOverMocks() {
    let mocks = [Mock<Dog>(id: "1"), Mock<Dog>(id: "2", owner: Mock<Human>(firstName: "Bo"))]
    let owners = mocks
      .map { mock in PetDetails.from(mock) }
      .compactMap { $0.owner?.firstName }

    XCTAssertEqual(owners, ["Bo"])
  }

  func test_mapInsideAssertion() {
    XCTAssertEqual(
      ["Lab", "Pug"].map { AllAnimalsQuery.Data.AllAnimal.from(Mock<Dog>(species: $0)).species },
      ["Lab", "Pug"]
    )
  }

  func test_withVariables_skipsSpecies() {
    let crocodile = Mock<Crocodile>(height: Mock<Height>(feet: 3, inches: 1), species: "Nile")
    let data = AllAnimalsIncludeSkipQuery.Data.from(
      Mock<Query>(allAnimals: [crocodile]),
      withVariables: [
        "includeSpecies": false,
        "skipHeightInMeters": true,
        "getCat": false,
        "getWarmBlooded": false,
        "varA": false,
      ]
    )

    XCTAssertNil(data.allAnimals[0].species)
    XCTAssertEqual(data.allAnimals[0].height.feet, 3)
  }

  func test_withVariablesInsideTheAssertion() {
    let variables: GraphQLOperation.Variables = [
      "includeSpecies": true, "skipHeightInMeters": true, "getCat": false, "getWarmBlooded": false, "varA": false,
    ]
    XCTAssertEqual(
      AllAnimalsIncludeSkipQuery.Data.from(
        Mock<Query>(allAnimals: [Mock<Crocodile>(species: "Nile")]), withVariables: variables
      ).allAnimals.first?.species,
      "Nile"
    )
  }

  func test_findPet_fromOneOfInput() {
    let query = FindPetQuery(input: .petID("pet-1"))
    let data = FindPetQuery.Data.from(
      Mock<Query>(findPet: [Mock<Cat>(humanName: "Tom", id: "pet-1")]),
      withVariables: query.__variables
    )

    XCTAssertEqual(data.findPet.map(\.humanName), ["Tom"])
  }
}
