import XCTest
import Testing
import ApolloTestSupport
import AnimalKingdomAPI
import AnimalKingdomAPITestMocks

// The idiom corpus on Apollo iOS 2.x (Package.resolved pins 2.3.0): `from(_:)` is async.
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

  @Test(arguments: [1, 2])
  func heights(feet: Int) async {
    let animal = await AllAnimalsQuery.Data.AllAnimal.from(Mock<Dog>(height: Mock<Height>(feet: feet)))
    #expect(animal.height.feet == feet) // safe
    #expect(animal.species.isEmpty) // safe
  }
}
