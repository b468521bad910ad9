import XCTest
import Apollo
import ApolloTestSupport
import AnimalKingdomAPI
import AnimalKingdomAPITestMocks

// The idiom corpus on mocks generated before Apollo iOS 1.23 (its Podfile.lock pins 1.15.3): every initializer
// parameter is `T? = nil`, so only what a test passes or assigns is set.
final class LegacyIdiomTests: XCTestCase {

  var cat: Mock<Cat>!

  override func setUp() {
    super.setUp()
    cat = Mock<Cat>(id: "c1")
  }

  func test_xctUnwrap() throws {
    let details = PetDetails.from(Mock<Dog>(favoriteToy: "Ball", id: "1", owner: Mock<Human>()))
    let owner = try XCTUnwrap(details.owner)
    XCTAssertEqual(owner.firstName, "Ann") // expect: unset-field-read firstName
  }

  func test_xctUnwrap_set() throws {
    let details = PetDetails.from(Mock<Dog>(favoriteToy: "Ball", id: "1", owner: Mock<Human>(firstName: "Ann")))
    XCTAssertEqual(try XCTUnwrap(details.owner).firstName, "Ann") // safe
  }

  func test_forIn_unpassedScalar() {
    let data = AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: [Mock<Dog>(species: "Lab")]))
    for animal in data.allAnimals {
      XCTAssertEqual(animal.id, "1") // expect: unset-field-read id
    }
  }

  func test_keyPath_set() {
    let data = AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: [Mock<Dog>(species: "Lab")]))
    XCTAssertEqual(data.allAnimals.map(\.species), ["Lab"]) // safe
  }

  func test_keyPath_unpassedObject() {
    let data = AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: [Mock<Dog>(species: "Lab")]))
    XCTAssertEqual(data.allAnimals.map(\.height).count, 1) // expect: unset-field-read height
  }

  func test_optionalMap_setUpMock() {
    let details = PetDetails.from(cat)
    XCTAssertEqual(details.owner.map { $0.firstName }, nil) // safe
    XCTAssertEqual(details.favoriteToy, "Yarn") // expect: unset-field-read favoriteToy
  }

  func test_firstWhere_setUpMock() {
    cat.species = "Tabby"
    let data = AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: [cat]))
    let found = data.allAnimals.first(where: { $0.id == "c1" }) // safe
    XCTAssertEqual(found?.species, "Tabby") // safe
  }

  func test_nilCoalescingList() {
    let data = AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: [Mock<Dog>(id: "1", predators: [Mock<Cat>(id: "2")])]))
    for predator in data.allAnimals.first?.predators ?? [] {
      XCTAssertEqual(predator.species, "Tabby") // expect: unset-field-read species
    }
  }

  func test_containsWhere() {
    let data = AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: [Mock<Dog>(id: "1")]))
    XCTAssertTrue(data.allAnimals.contains { $0.species == "Lab" }) // expect: unset-field-read species
  }

  func test_ifCaseLet() {
    let details = PetDetails.from(Mock<Dog>(favoriteToy: "Ball", id: "1", owner: Mock<Human>()))
    if case let owner? = details.owner {
      XCTAssertEqual(owner.firstName, "Ann") // expect: unset-field-read firstName
    }
  }

  func test_switchSome() {
    let details = PetDetails.from(Mock<Dog>(favoriteToy: "Ball", id: "1", owner: Mock<Human>()))
    switch details.owner {
    case .some(let owner):
      XCTAssertEqual(owner.firstName, "Ann") // expect: unset-field-read firstName
    case .none:
      XCTFail("no owner")
    }
  }

  func test_sortedBy() {
    let data = AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: [Mock<Dog>(id: "1"), Mock<Dog>(id: "2")]))
    let sorted = data.allAnimals.sorted { $0.species < $1.species } // expect: unset-field-read species
    XCTAssertEqual(sorted.count, 2)
  }

  func test_reduce() {
    let data = AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: [Mock<Cat>(id: "1", species: "Tabby")]))
    XCTAssertEqual(data.allAnimals.reduce(0) { $0 + $1.height.feet }, 1) // expect: unset-field-read height
  }

  func test_graphQLResult() {
    let data = AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: [Mock<Cat>(species: "Tabby")]))
    let result = GraphQLResult(data: data, extensions: nil, errors: nil, source: .server, dependentKeys: nil)
    XCTAssertEqual(result.data?.allAnimals.first?.id, "c1") // expect: unset-field-read id
  }

  func test_staticFixture() {
    XCTAssertEqual(LegacyFixtures.cat.allAnimals[0].id, "c1") // expect: unset-field-read id
  }
}

enum LegacyFixtures {
  static let cat = AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: [Mock<Cat>(species: "Tabby")]))
}
