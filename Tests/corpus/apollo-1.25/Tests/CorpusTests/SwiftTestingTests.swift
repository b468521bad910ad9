import Testing
import ApolloTestSupport
import AnimalKingdomAPI
import AnimalKingdomAPITestMocks

// Swift Testing suites: `#expect`, `#require`, stored-property fixtures, `init()` as set-up, parameterized tests.
@Suite struct OwnerSuite {
  let details: PetDetails
  let catData: AllAnimalsQuery.Data

  init() {
    details = PetDetails.from(Mock<Dog>(id: "1", owner: Mock<Human>()))
    let cat = Mock<Cat>()
    cat.species = "Tabby"
    catData = .from(Mock<Query>(allAnimals: [cat]))
  }

  @Test func ownerName() throws {
    let owner = try #require(details.owner)
    #expect(owner.firstName == "Ann") // expect: unset-field-read firstName Human
  }

  @Test func ownerInline() throws {
    #expect(try #require(details.owner).firstName == "Ann") // expect: unset-field-read firstName
  }

  @Test func catSpecies() {
    #expect(catData.allAnimals[0].species == "Tabby") // safe
  }

  @Test func catID() {
    #expect(catData.allAnimals[0].id == "c1") // expect: unset-field-read id Cat
  }
}

@Suite struct ClosureFixtureSuite {
  let dog: Mock<Dog> = {
    let dog = Mock<Dog>(species: "Lab")
    dog.owner = Mock<Human>(firstName: "Ann")
    return dog
  }()

  @Test func ownerName() throws {
    let owner = try #require(PetDetails.from(dog).owner)
    #expect(owner.firstName == "Ann") // safe
  }

  @Test func height() {
    #expect(AllAnimalsQuery.Data.AllAnimal.from(dog).height.feet == 2) // expect: unset-field-read feet Height
  }

  @Test(arguments: ["Lab", "Beagle"])
  func species(name: String) {
    let animal = AllAnimalsQuery.Data.AllAnimal.from(Mock<Dog>(species: name))
    #expect(animal.species == name) // safe
    #expect(animal.height.feet > 0) // expect: unset-field-read feet Height
  }
}

struct UnannotatedSuite {
  @Test func requireFirst() throws {
    let data = AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: [Mock<Bird>(species: "Owl")]))
    let bird = try #require(data.allAnimals.first?.asClassroomPet?.asBird)
    #expect(bird.wingspan > 1) // safe
    #expect(bird.owner?.firstName == "Ann") // safe
  }
}
