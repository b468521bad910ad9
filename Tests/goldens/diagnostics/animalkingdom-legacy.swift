import XCTest
import ApolloTestSupport
import AnimalKingdomAPITestMocks

// The same API with mocks of Apollo iOS < 1.23: a field is set only when the test passes or assigns it.
final class LegacyTests: XCTestCase {
  func test_onlyWhatIsPassed() {
    let dog = Mock<Dog>(height: Mock<Height>(feet: 1), species: "Lab")
    let animal = AllAnimalsQuery.Data.AllAnimal.from(dog)
    XCTAssertEqual(animal.species, "Lab")
    XCTAssertEqual(animal.height.feet, 1)
    XCTAssertEqual(animal.height.inches, nil)
    XCTAssertEqual(animal.id, "") // expect: unset-field-read id before
    XCTAssertEqual(animal.fragments.heightInMeters.height.meters, 0) // expect: unset-field-read meters Height
  }

  func test_listsAreUnsetUntilPassed() {
    let dog = Mock<Dog>(id: "1")
    let animal = AllAnimalsQuery.Data.AllAnimal.from(dog)
    XCTAssertTrue(animal.predators.isEmpty) // expect: unset-field-read predators
  }
}
