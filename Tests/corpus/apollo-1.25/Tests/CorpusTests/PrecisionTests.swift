import XCTest
import ApolloTestSupport
import AnimalKingdomAPI
import AnimalKingdomAPITestMocks

// Reads that look like crashes to a reading that does not run code as Swift runs it: a search stops at its first
// match, a sort of one element compares nothing, an optional's `map` does not run on nil, `??` does not run its
// fallback when the value is there, a `where` loop skips elements, a closure stored for later may never run.
final class PrecisionTests: XCTestCase {

  func test_containsWhere_stopsAtTheFirstMatch() {
    let data = AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: [Mock<Cat>(species: "Tabby"), Mock<Cat>()]))
    XCTAssertTrue(data.allAnimals.contains { $0.species == "Tabby" }) // safe
  }

  func test_firstWhere_oneCandidateIsSafe() {
    let data = AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: [Mock<Dog>(height: Mock<Height>(feet: 1), id: "1"), Mock<Cat>(id: "2")]))
    let dog = data.allAnimals.first(where: { $0.id == "1" })
    XCTAssertEqual(dog?.height.feet, 1) // safe
  }

  func test_firstWhere_everyCandidateCrashes() throws {
    let data = AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: [Mock<Dog>(id: "1"), Mock<Cat>(id: "2")]))
    let animal = try XCTUnwrap(data.allAnimals.first(where: { $0.id == "1" }))
    XCTAssertEqual(animal.height.feet, 1) // expect: unset-field-read feet Height
  }

  func test_sortedBy_oneElementComparesNothing() {
    let data = AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: [Mock<Dog>(id: "1")]))
    let sorted = data.allAnimals.sorted { $0.height.feet < $1.height.feet } // safe
    XCTAssertEqual(sorted.count, 1)
  }

  func test_sortedBy_thenEveryElementCrashes() {
    let data = AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: [Mock<Cat>(id: "1"), Mock<Cat>(id: "2")]))
    let sorted = data.allAnimals.sorted { $0.id < $1.id } // safe
    XCTAssertEqual(sorted.first?.height.feet, 1) // expect: unset-field-read feet Height
  }

  func test_optionalMap_onNil() {
    let details = PetDetails.from(Mock<Dog>(id: "1"))
    XCTAssertNil(details.owner.map { $0.firstName }) // safe
  }

  func test_nilCoalescing_valueIsThere() {
    let data = AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: [Mock<Dog>(predators: [Mock<Cat>(species: "Tabby")])]))
    let fallback = AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: [Mock<Dog>(predators: [Mock<Cat>()])]))
    let predators = data.allAnimals.first?.predators ?? fallback.allAnimals[0].predators
    XCTAssertEqual(predators.first?.species, "Tabby") // safe
  }

  func test_ifCaseLet_onNil() {
    let details = PetDetails.from(Mock<Dog>(id: "1"))
    if case let owner? = details.owner {
      XCTAssertEqual(owner.firstName, "Ann") // safe
    }
  }

  func test_forWhere_skipsElements() {
    let cat = Mock<Cat>()
    cat.id = "2"
    let data = AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: [Mock<Dog>(species: "Lab"), cat]))
    for animal in data.allAnimals where animal.id == "x" {
      XCTAssertEqual(animal.species, "Lab") // safe
    }
  }

  // The `where` clause reads every element: Apollo 1.25.7 crashes on the cat's `id` before any body runs.
  func test_forWhere_readsEveryElement() {
    let data = AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: [Mock<Dog>(species: "Lab"), Mock<Cat>()]))
    for animal in data.allAnimals where animal.id == "x" { // expect: unset-field-read id Cat
      XCTAssertEqual(animal.species, "Lab")
    }
  }

  func test_filter_keepsSomeElements() {
    let data = AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: [Mock<Dog>(species: "Lab"), Mock<Cat>()]))
    let dogs = data.allAnimals.filter { $0.asDog != nil }
    XCTAssertEqual(dogs.first?.species, "Lab") // safe
  }

  func test_closureStoredForLater() {
    let details = PetDetails.from(Mock<Dog>(owner: Mock<Human>()))
    let later = { XCTAssertEqual(details.owner?.firstName, "Ann") } // safe
    _ = later
  }

  func test_reversed_lastCrashes() {
    let data = AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: [Mock<Dog>(species: "Lab"), Mock<Cat>()]))
    XCTAssertEqual(data.allAnimals.reversed().first?.species, "Tabby") // expect: unset-field-read species Cat
  }

  func test_randomElement_everyOneCrashes() throws {
    let data = AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: [Mock<Cat>(), Mock<Cat>()]))
    XCTAssertEqual(try XCTUnwrap(data.allAnimals.randomElement()).id, "c") // expect: unset-field-read id Cat
  }

  func test_guardCaseLet() {
    let details = PetDetails.from(Mock<Dog>(owner: Mock<Human>()))
    guard case .some(let owner) = details.owner else { return XCTFail("no owner") }
    XCTAssertEqual(owner.firstName, "Ann") // expect: unset-field-read firstName
  }

  func test_forCaseLet() {
    let data = ClassroomPetsQuery.Data.from(Mock<Query>(classroomPets: [Mock<Cat>(species: "Tabby"), nil]))
    for case let pet? in data.classroomPets ?? [] {
      XCTAssertEqual(pet.asCat?.isJellicle, false) // safe
      XCTAssertEqual(pet.asCat?.species, "Tabby") // safe
    }
  }

  func test_selfStoredProperty() {
    let dog = Mock<Dog>(species: "Lab")
    XCTAssertEqual(PetDetails.from(self.lonelyDog).owner?.firstName, "Ann") // expect: unset-field-read firstName
    XCTAssertEqual(AllAnimalsQuery.Data.AllAnimal.from(dog).species, "Lab") // safe
  }

  let lonelyDog = Mock<Dog>(owner: Mock<Human>())
}
