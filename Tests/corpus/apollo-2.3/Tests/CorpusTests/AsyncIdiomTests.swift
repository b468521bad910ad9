import XCTest
import Testing
import ApolloTestSupport
import AnimalKingdomAPI
import AnimalKingdomAPITestMocks

// The idiom corpus on Apollo iOS 2.x (its Podfile.lock pins 2.3.0): `from(_:)` is async.
final class AsyncIdiomTests: XCTestCase {

  func test_xctUnwrap_await() async throws {
    let details = await PetDetails.from(Mock<Dog>(id: "1", owner: Mock<Human>()))
    let owner = try XCTUnwrap(details.owner)
    XCTAssertEqual(owner.firstName, "Ann") // expect: unset-field-read firstName
  }

  func test_xctUnwrap_inline_set() async throws {
    let details = await PetDetails.from(Mock<Dog>(owner: Mock<Human>(firstName: "Ann")))
    XCTAssertEqual(try XCTUnwrap(details.owner).firstName, "Ann") // safe
  }

  func test_asyncLet() async {
    async let data = AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: [Mock<Cat>()]))
    let species = await data.allAnimals.map(\.species) // expect: unset-field-read species Cat
    XCTAssertEqual(species, ["Tabby"])
  }

  func test_forIn_set() async {
    let data = await AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: [Mock<Cat>(species: "Tabby")]))
    for animal in data.allAnimals {
      XCTAssertEqual(animal.species, "Tabby") // safe
    }
  }

  func test_optionalMap() async {
    let details = await PetDetails.from(Mock<Cat>(owner: Mock<Human>()))
    XCTAssertEqual(details.owner.map(\.firstName), "Ann") // expect: unset-field-read firstName
  }

  func test_firstWhere_set() async {
    let data = await AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: [Mock<Cat>(id: "c", species: "Tabby")]))
    XCTAssertEqual(data.allAnimals.first(where: { $0.id == "c" })?.species, "Tabby") // safe
  }

  func test_forIn() async {
    let data = await AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: [Mock<Cat>()]))
    for animal in data.allAnimals {
      XCTAssertEqual(animal.species, "Tabby") // expect: unset-field-read species Cat
    }
  }

  func test_firstWhere() async throws {
    let data = await AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: [Mock<Dog>(id: "d"), Mock<Cat>(id: "c")]))
    let cat = try XCTUnwrap(data.allAnimals.first(where: { $0.id == "c" }))
    XCTAssertEqual(cat.id, "c") // safe
    XCTAssertEqual(cat.height.feet, 1) // expect: unset-field-read feet Height
  }

  func test_compactMapTypeCase() async {
    let data = await AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: [Mock<Dog>(), Mock<Cat>(species: "Tabby")]))
    XCTAssertEqual(data.allAnimals.compactMap(\.asDog).map(\.favoriteToy), ["Ball"]) // expect: unset-field-read favoriteToy
  }

  func test_nilCoalescing() async {
    let data = await AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: [Mock<Dog>(predators: [Mock<Bird>()])]))
    XCTAssertEqual(data.allAnimals.first?.predators.count, 1) // safe
    for predator in data.allAnimals.first?.predators ?? [] {
      XCTAssertEqual(predator.species, "Owl") // expect: unset-field-read species Bird
    }
  }
}

@Suite struct AsyncSuite {
  @Test func requireOwner() async throws {
    let details = await PetDetails.from(Mock<Bird>(owner: Mock<Human>()))
    let owner = try #require(details.owner)
    #expect(owner.firstName == "Ann") // expect: unset-field-read firstName
  }

  @Test func requireOwner_set() async throws {
    let details = await PetDetails.from(Mock<Bird>(owner: Mock<Human>(firstName: "Ann")))
    #expect(try #require(details.owner).firstName == "Ann") // safe
  }

  @Test func requireFirst() async throws {
    let data = await AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: [Mock<Dog>(species: "Lab")]))
    let dog = try #require(data.allAnimals.first)
    #expect(dog.height.feet == 2) // expect: unset-field-read feet Height
  }

  @Test(arguments: ["Lab", "Pug"])
  func breeds(species: String) async {
    let animal = await AllAnimalsQuery.Data.AllAnimal.from(Mock<Dog>(species: species))
    #expect(animal.species == species) // safe
    #expect(animal.predators.map(\.species).isEmpty) // safe
    #expect(animal.height.feet > 0) // expect: unset-field-read feet Height
  }

  @Test(arguments: [1, 2])
  func heights(feet: Int) async {
    let animal = await AllAnimalsQuery.Data.AllAnimal.from(Mock<Dog>(height: Mock<Height>(feet: feet)))
    #expect(animal.height.feet == feet) // safe
    #expect(animal.species.isEmpty) // safe
  }
}
