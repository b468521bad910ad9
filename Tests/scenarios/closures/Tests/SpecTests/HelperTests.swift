import XCTest
import ApolloTestSupport
import AnimalKingdomAPI
import AnimalKingdomAPITestMocks

// Models and mocks returned by helpers, in this file and in Fixtures.swift.
final class HelperTests: XCTestCase {

  func makeCat() -> AllAnimalsQuery.Data.AllAnimal {
    let cat = Mock<Cat>()
    cat.species = "Tabby"
    return .from(cat)
  }

  var completeDog: AllAnimalsQuery.Data.AllAnimal {
    AllAnimalsQuery.Data.AllAnimal.from(Mock<Dog>(height: Mock<Height>(feet: 2, inches: 3), id: "d", species: "Lab"))
  }

  func test_helperInThisFile() {
    XCTAssertEqual(makeCat().species, "Tabby")
    XCTAssertEqual(makeCat().id, "c") // expect: unset-field-read id Cat makeCat()
  }

  func test_completeHelperProperty() {
    XCTAssertEqual(completeDog.height.feet, 2)
    XCTAssertEqual(self.completeDog.id, "d")
  }

  func test_helpersInAnotherFile() {
    XCTAssertEqual(Fixtures.animal().species, "Lab")
    XCTAssertEqual(Fixtures.animal().height.feet, 1) // expect: unset-field-read feet Height animal()
    let tall = AllAnimalsQuery.Data.AllAnimal.from(Fixtures.tallDog())
    XCTAssertEqual(tall.height.feet, 7)
    XCTAssertEqual(tall.id, "")
    XCTAssertEqual(AllAnimalsQuery.Data.AllAnimal.from(Fixtures.emptyCat).species, "x") // expect: unset-field-read species emptyCat
  }

  func test_helpersNotFollowedStaySilent() {
    XCTAssertEqual(AllAnimalsQuery.Data.AllAnimal.from(Fixtures.dog(named: "Rex")).id, "r")
    let mutated = Fixtures.tallDog()
    mutated.id = "m"
    XCTAssertEqual(AllAnimalsQuery.Data.AllAnimal.from(mutated).id, "m")
  }
}
