import XCTest
import ApolloTestSupport
import AnimalKingdomAPI
import AnimalKingdomAPITestMocks

// Tests whose mocks are built, changed and read in closures that run where they are written.
final class ClosureTests: XCTestCase {

  func test_activity() {
    XCTContext.runActivity(named: "a cat with a species") { _ in
      let cat = Mock<Cat>()
      cat.species = "Tabby"
      let animal = AllAnimalsQuery.Data.AllAnimal.from(cat)
      XCTAssertEqual(animal.species, "Tabby")
      XCTAssertEqual(animal.id, "c1") // expect: unset-field-read id Cat
    }
  }

  func test_forEach() {
    let dogs = [Mock<Dog>(id: "1"), Mock<Dog>(id: "2")]
    dogs.forEach { dog in
      XCTAssertEqual(AllAnimalsQuery.Data.AllAnimal.from(dog).height.feet, 2) // expect: unset-field-read feet Height
    }
  }

  func test_forEachSetsWhatIsRead() {
    let dogs = [Mock<Dog>(), Mock<Dog>()]
    dogs.forEach { $0.id = "d" }
    for dog in dogs {
      XCTAssertEqual(FindPetQuery.Data.FindPet.from(dog).id, "d")
    }
  }

  func test_mapBuildsMocks() {
    let animals = (0..<3).map { AllAnimalsQuery.Data.AllAnimal.from(Mock<Dog>(id: "\($0)", species: "Lab")) }
    XCTAssertEqual(animals[1].species, "Lab")
    XCTAssertEqual(animals[0].height.feet, 1) // expect: unset-field-read feet Height
  }

  func test_mapConverts() {
    let dogs = [Mock<Dog>(height: Mock<Height>(feet: 1, inches: 2), id: "1")]
    let animals = dogs.map(AllAnimalsQuery.Data.AllAnimal.from)
    XCTAssertEqual(animals.first?.height.feet, 1)
    let pets = dogs.map { FindPetQuery.Data.FindPet.from($0) }
    XCTAssertEqual(pets[0].id, "1")
    XCTAssertEqual(pets[0].humanName, nil)
  }

  func test_filterReadsEachElement() {
    let cats = [Mock<Cat>(), Mock<Cat>()]
    let named = cats.filter { AllAnimalsQuery.Data.AllAnimal.from($0).species == "Tabby" } // expect: unset-field-read species Cat
    XCTAssertTrue(named.isEmpty)
  }

  func test_taskAwaitedAtOnce() async {
    let cat = Mock<Cat>()
    await Task {
      cat.species = "Tabby"
    }.value
    XCTAssertEqual(AllAnimalsQuery.Data.AllAnimal.from(cat).species, "Tabby")
    await Task {
      XCTAssertEqual(AllAnimalsQuery.Data.AllAnimal.from(cat).id, "c") // expect: unset-field-read id Cat
    }.value
  }

  func test_escapingClosureIsSilent() {
    let cat = Mock<Cat>()
    let done = expectation(description: "later")
    DispatchQueue.main.async {
      cat.id = "c"
      done.fulfill()
    }
    wait(for: [done], timeout: 1)
    XCTAssertEqual(AllAnimalsQuery.Data.AllAnimal.from(cat).id, "c")
  }
}
