import Testing
import ApolloTestSupport
import AnimalKingdomAPI
import AnimalKingdomAPITestMocks

/// Swift Testing: each test gets a fresh suite value, so `init()` is the set-up.
@Suite struct AdoptionSuite {
  let adoption: PetAdoptionMutation.Data
  let owner: PetDetails.Owner

  init() throws {
    adoption = PetAdoptionMutation.Data.from(Mock<Mutation>(adoptPet: Mock<Dog>(humanName: "Rex", id: "dog-1")))
    let details = PetDetails.from(Mock<Dog>(owner: Mock<Human>(firstName: "Ann")))
    owner = try #require(details.owner)
  }

  @Test func adoptedPetKeepsItsName() {
    #expect(adoption.adoptPet.humanName == "Rex")
  }

  @Test func ownerIsAnn() {
    #expect(owner.firstName == "Ann")
  }
}

@Suite("Zoo listing")
struct ZooSuite {
  let zoo = AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: [
    Mock<Dog>(id: "d1", species: "Lab"),
    Mock<Bird>(id: "b1", species: "Parrot", wingspan: 1.2),
  ]))

  var first: AllAnimalsQuery.Data.AllAnimal {
    get throws { try #require(zoo.allAnimals.first) }
  }

  @Test func listsBothAnimals() {
    #expect(zoo.allAnimals.map(\.id) == ["d1", "b1"])
  }

  @Test func firstIsTheDog() throws {
    #expect(try first.asDog != nil)
  }

  @Test func birdWingspan() throws {
    let bird = try #require(zoo.allAnimals.last?.asClassroomPet?.asBird)
    #expect(bird.wingspan == 1.2)
  }

  @Test(arguments: ["Lab", "Pug", "Corgi"])
  func dogFixtureKeepsSpecies(_ species: String) {
    let data = DogQuery.Data.fixture(species: species)
    #expect(data.allAnimals.first?.asDog?.species == species)
  }

  @Test func sharedFixtures() {
    #expect(PetFixtures.labrador.humanName == "Rex")
    #expect(sharedDogQueryData.allAnimals.count == 1)
  }
}

@Suite final class FindPetSuite {
  var data: FindPetQuery.Data

  init() {
    data = FindPetQuery.Data.from(Mock<Query>(findPet: [Mock<Cat>(humanName: "Tom", id: "c1")]))
  }

  deinit {
    // Swift Testing's tearDown.
  }

  @Test func findsTom() {
    #expect(data.findPet.first?.humanName == "Tom")
  }

  @Test func rebuildsWithAnotherName() {
    data = .fixture(names: ["Felix"])
    #expect(data.findPet.map(\.humanName) == ["Felix"])
  }
}

@Test func freeFunctionTest() {
  let details = makePetDetails(humanName: nil)
  #expect(details.humanName == nil)
  #expect(details.owner?.firstName == "Ann")
}
