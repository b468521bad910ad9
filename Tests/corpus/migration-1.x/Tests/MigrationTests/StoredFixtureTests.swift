import XCTest
import ApolloTestSupport
import AnimalKingdomAPI
import AnimalKingdomAPITestMocks

/// Models kept in stored properties of the test case: `let`, `lazy var`, `static let`, and the shared fixtures.
final class StoredFixtureTests: XCTestCase {
  let data = AllAnimalsQuery.Data.from(
    Mock<Query>(allAnimals: [Mock<Dog>(height: Mock<Height>(feet: 2, inches: 4), id: "dog-1", species: "Lab")])
  )

  let ownedCat: PetDetails = {
    let cat = Mock<Cat>(id: "cat-1")
    cat.owner = Mock<Human>(firstName: "Ann")
    return PetDetails.from(cat)
  }()

  lazy var adoption = PetAdoptionMutation.Data.from(Mock<Mutation>(adoptPet: Mock<Cat>(humanName: "Tom", id: "cat-1")))

  lazy var predators: [AllAnimalsQuery.Data.AllAnimal.Predator] = {
    let dog = Mock<Dog>(predators: [Mock<Crocodile>(species: "Nile")])
    return AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: [dog])).allAnimals[0].predators
  }()

  static let template = DogQuery.Data.from(Mock<Query>(allAnimals: [Mock<Dog>(id: "template")]))

  func test_instanceLet() {
    XCTAssertEqual(data.allAnimals.first?.height.feet, 2)
    XCTAssertEqual(data.allAnimals.first?.height.inches, 4)
  }

  func test_closureInitialisedLet() {
    XCTAssertEqual(ownedCat.owner?.firstName, "Ann")
  }

  func test_lazyVar() {
    XCTAssertEqual(adoption.adoptPet.humanName, "Tom")
    XCTAssertEqual(adoption.adoptPet.id, ownedCat.id)
  }

  func test_lazyClosure() {
    XCTAssertEqual(predators.map(\.species), ["Nile"])
  }

  func test_staticTemplate() {
    XCTAssertEqual(Self.template.allAnimals.map(\.id), ["template"])
  }

  func test_enumFixtures() {
    XCTAssertEqual(PetFixtures.labrador.owner?.firstName, "Ann")
    XCTAssertNil(PetFixtures.strayCat.owner)
    XCTAssertTrue(PetFixtures.emptyZoo.allAnimals.isEmpty)
  }

  func test_globalFixture() throws {
    let dog = try XCTUnwrap(sharedDogQueryData.allAnimals.first?.asDog)
    XCTAssertEqual(dog.species, "Labrador")
    XCTAssertEqual(dog.skinCovering, .case(.fur))
  }
}
