import XCTest
import ApolloTestSupport
import AnimalKingdomAPI
import AnimalKingdomAPITestMocks

// Lists of mocks: with nil elements, of mixed types, and untyped `Mock(…)` whose type comes from the context.
final class ListTests: XCTestCase {

  func test_listWithNil() {
    let dogs: [Mock<Dog>?] = [Mock<Dog>(id: "1", species: "Lab"), nil]
    let first = AllAnimalsQuery.Data.AllAnimal.from(dogs[0]!)
    XCTAssertEqual(first.species, "Lab")
    XCTAssertEqual(first.height.feet, 1) // expect: unset-field-read feet Height
  }

  func test_mixedList() {
    let query = Mock<Query>(allAnimals: [Mock<Cat>(id: "c", species: "Tabby"), Mock<Dog>(height: Mock<Height>(feet: 2, inches: 0), species: "Lab")])
    let data = AllAnimalsQuery.Data.from(query)
    XCTAssertEqual(data.allAnimals[0].species, "Tabby")
    XCTAssertEqual(data.allAnimals[1].height.feet, 2)
    XCTAssertEqual(data.allAnimals[0].height.feet, 2) // expect: unset-field-read feet Height
  }

  func test_anyMockList() {
    let animals: [AnyMock] = [Mock<Dog>(height: Mock<Height>(feet: 2, inches: 0), species: "Lab"), Mock<Bird>(species: "Robin")]
    let data = AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: animals))
    XCTAssertEqual(data.allAnimals[0].height.feet, 2)
    XCTAssertEqual(data.allAnimals[1].height.feet, 1) // expect: unset-field-read feet Height
  }

  func test_untypedMocksTakeTheirTypeFromTheAnnotation() {
    let dogs: [Mock<Dog>] = [Mock(id: "1"), .mock()]
    XCTAssertEqual(AllAnimalsQuery.Data.AllAnimal.from(dogs[1]).height.feet, 2)
    XCTAssertEqual(AllAnimalsQuery.Data.AllAnimal.from(dogs[0]).height.feet, 2) // expect: unset-field-read feet Height
  }

  func test_fixtureChangedInAnotherFile() {
    XCTAssertEqual(AllAnimalsQuery.Data.AllAnimal.from(Fixtures.sharedDog).id, "s")
  }

  func test_factoriesInAList() {
    let animals = [Mock<Dog>.mock(), Mock<Dog>.shallow()].map(AllAnimalsQuery.Data.AllAnimal.from)
    XCTAssertEqual(animals[0].height.feet, 2)
    XCTAssertEqual(animals[1].height.feet, 2) // expect: unset-field-read feet Height shallow()
  }
}
