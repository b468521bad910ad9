import XCTest
import ApolloTestSupport
import AnimalKingdomAPI
import AnimalKingdomAPITestMocks

/// Fixtures rebuilt before every test in `setUp`, released in `tearDown`.
final class SetUpFixtureTests: XCTestCase {
  private var zoo: AllAnimalsQuery.Data!
  private var rex: PetDetails!
  private var mockDog: Mock<Dog>!

  override func setUp() {
    super.setUp()
    mockDog = Mock<Dog>(favoriteToy: "Ball", humanName: "Rex", id: "dog-1")
    rex = PetDetails.from(mockDog)
    zoo = AllAnimalsQuery.Data.from(
      Mock<Query>(allAnimals: [
        mockDog,
        Mock<Cat>(id: "cat-1", isJellicle: true, species: "Tabby"),
      ])
    )
  }

  override func tearDown() {
    zoo = nil
    rex = nil
    mockDog = nil
    super.tearDown()
  }

  func test_zooHasBothAnimals() {
    XCTAssertEqual(zoo.allAnimals.map(\.id), ["dog-1", "cat-1"])
  }

  func test_catIsJellicle() throws {
    let cat = try XCTUnwrap(zoo.allAnimals.last?.asCat)
    XCTAssertTrue(cat.isJellicle)
  }

  func test_rexHasNoOwner() {
    XCTAssertEqual(rex.humanName, "Rex")
    XCTAssertNil(rex.owner)
  }

  func test_editingTheMockThenRebuilding() {
    mockDog.owner = Mock<Human>(firstName: "Ann")
    let rebuilt = PetDetails.from(mockDog)

    XCTAssertEqual(rebuilt.owner?.firstName, "Ann")
    XCTAssertNil(rex.owner, "the model built in setUp does not change with the mock")
  }
}

/// The throwing set-up: fixtures that need unwrapping.
final class ThrowingSetUpFixtureTests: XCTestCase {
  var firstDog: DogQuery.Data.AllAnimal.AsDog!
  var adoption: PetAdoptionMutation.Data!

  override func setUpWithError() throws {
    try super.setUpWithError()
    let data = DogQuery.Data.from(Mock<Query>(allAnimals: [Mock<Dog>(id: "d1", species: "Pug")]))
    firstDog = try XCTUnwrap(data.allAnimals.first?.asDog)
    adoption = PetAdoptionMutation.Data.from(Mock<Mutation>(adoptPet: Mock<Dog>(humanName: "Pugsley", id: "d1")))
  }

  override func tearDownWithError() throws {
    firstDog = nil
    adoption = nil
    try super.tearDownWithError()
  }

  func test_adoptedPetIsTheFirstDog() {
    XCTAssertEqual(adoption.adoptPet.id, firstDog.id)
    XCTAssertEqual(adoption.adoptPet.humanName, "Pugsley")
  }

  func test_species() {
    XCTAssertEqual(firstDog.species, "Pug")
  }
}
