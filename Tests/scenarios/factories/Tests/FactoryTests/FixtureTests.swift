import XCTest
import ApolloTestSupport
import AnimalKingdomAPI
import AnimalKingdomAPITestMocks

// Mocks stored once and shared: static and global constants, and a lazy property of the test class.
final class FixtureTests: XCTestCase {

  lazy var lazyDog = Mock<Dog>(id: "z", species: "Corgi")

  func test_staticFixture() {
    let animal = AllAnimalsQuery.Data.AllAnimal.from(Fixtures.siamese)
    XCTAssertEqual(animal.species, "Siamese")
    XCTAssertEqual(animal.height.feet, 1) // expect: unset-field-read feet Height siamese
  }

  func test_staticFixtureBuiltByAFactory() {
    let animal = AllAnimalsQuery.Data.AllAnimal.from(Fixtures.tallDog)
    XCTAssertEqual(animal.height.feet, 7)
  }

  func test_globalFixture() {
    let animal = AllAnimalsQuery.Data.AllAnimal.from(pug)
    XCTAssertEqual(animal.id, "g1")
    XCTAssertEqual(animal.height.feet, 1) // expect: unset-field-read feet Height pug
  }

  func test_lazyProperty() {
    let animal = AllAnimalsQuery.Data.AllAnimal.from(lazyDog)
    XCTAssertEqual(animal.species, "Corgi")
    XCTAssertEqual(animal.height.feet, 1) // expect: unset-field-read feet Height
  }

  func test_changesTheSharedFixture() {
    Fixtures.sharedDog.id = "s"
    XCTAssertEqual(AllAnimalsQuery.Data.AllAnimal.from(Fixtures.sharedDog).id, "s")
  }

  func test_readsTheFixtureAnotherTestChanges() {
    XCTAssertEqual(AllAnimalsQuery.Data.AllAnimal.from(Fixtures.sharedDog).species, "Lab")
  }

  func test_handsTheFixtureOver() {
    prepare(Fixtures.lentDog)
    XCTAssertEqual(AllAnimalsQuery.Data.AllAnimal.from(Fixtures.lentDog).species, "Lab")
  }

  private func prepare(_ dog: Mock<Dog>) { dog.species = "Lab" }
}
