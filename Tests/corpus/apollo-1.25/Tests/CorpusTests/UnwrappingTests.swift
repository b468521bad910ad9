import XCTest
import ApolloTestSupport
import AnimalKingdomAPI
import AnimalKingdomAPITestMocks

// The idiom corpus (Tests/corpus/README.md says where each idiom was seen). A read that crashes ends with an
// `expect:` comment (the code, then words of the message); a read that must stay silent ends with `// safe`. Apollo
// iOS 1.25: non-null scalars default to placeholder values, non-null objects to an empty `Mock<X>()`, and
// `Mock<T>()` sets nothing.
final class UnwrappingTests: XCTestCase {

  func test_xctUnwrap_bound_ownerNeverNamed() throws {
    let dog = Mock<Dog>(id: "1", owner: Mock<Human>())
    let details = PetDetails.from(dog)
    let owner = try XCTUnwrap(details.owner)
    XCTAssertEqual(owner.firstName, "Ann") // expect: unset-field-read firstName Human
  }

  func test_xctUnwrap_bound_ownerNamed() throws {
    let dog = Mock<Dog>(id: "1", owner: Mock<Human>(firstName: "Ann"))
    let details = PetDetails.from(dog)
    let owner = try XCTUnwrap(details.owner)
    XCTAssertEqual(owner.firstName, "Ann") // safe
  }

  func test_xctUnwrap_inline() throws {
    let details = PetDetails.from(Mock<Cat>(owner: Mock<Human>()))
    XCTAssertEqual(try XCTUnwrap(details.owner).firstName, "Ann") // expect: unset-field-read firstName
  }

  func test_xctUnwrap_inline_set() throws {
    let details = PetDetails.from(Mock<Cat>(owner: Mock<Human>(firstName: "Ann")))
    XCTAssertEqual(try XCTUnwrap(details.owner).firstName, "Ann") // safe
  }

  func test_xctUnwrap_withMessage() throws {
    let owner = try XCTUnwrap(PetDetails.from(Mock<Bird>(owner: Mock<Human>())).owner, "the bird has an owner")
    XCTAssertFalse(owner.firstName.isEmpty) // expect: unset-field-read firstName
  }

  func test_xctUnwrap_firstElement() throws {
    let data = AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: [Mock<Cat>()]))
    let first = try XCTUnwrap(data.allAnimals.first)
    XCTAssertEqual(first.species, "Tabby") // expect: unset-field-read species Cat
  }

  func test_xctUnwrap_firstElement_set() throws {
    let data = AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: [Mock<Cat>(species: "Tabby")]))
    let first = try XCTUnwrap(data.allAnimals.first)
    XCTAssertEqual(first.species, "Tabby") // safe
  }

  func test_ifCaseLet() {
    let details = PetDetails.from(Mock<Dog>(owner: Mock<Human>()))
    if case let owner? = details.owner {
      XCTAssertEqual(owner.firstName, "Ann") // expect: unset-field-read firstName
    }
  }

  func test_ifCaseLet_set() {
    let details = PetDetails.from(Mock<Dog>(owner: Mock<Human>(firstName: "Ann")))
    if case let owner? = details.owner {
      XCTAssertEqual(owner.firstName, "Ann") // safe
    }
  }

  func test_switchSome() {
    let details = PetDetails.from(Mock<Dog>(owner: Mock<Human>()))
    switch details.owner {
    case .some(let owner):
      XCTAssertEqual(owner.firstName, "Ann") // expect: unset-field-read firstName
    case .none:
      XCTFail("no owner")
    }
  }

  func test_switchSome_set() {
    let details = PetDetails.from(Mock<Dog>(owner: Mock<Human>(firstName: "Ann")))
    switch details.owner {
    case let owner?:
      XCTAssertEqual(owner.firstName, "Ann") // safe
    case nil:
      XCTFail("no owner")
    }
  }

  func test_ifLetShorthand() {
    let owner = PetDetails.from(Mock<Dog>(owner: Mock<Human>())).owner
    if let owner {
      XCTAssertEqual(owner.firstName, "Ann") // expect: unset-field-read firstName
    }
  }

  func test_guardLet_set() {
    let details = PetDetails.from(Mock<Dog>(owner: Mock<Human>(firstName: "Ann")))
    guard let owner = details.owner else { return XCTFail("no owner") }
    XCTAssertEqual(owner.firstName, "Ann") // safe
  }

  func test_optionalMap() {
    let details = PetDetails.from(Mock<Dog>(owner: Mock<Human>()))
    XCTAssertEqual(details.owner.map { $0.firstName }, "Ann") // expect: unset-field-read firstName
  }

  func test_optionalMap_set() {
    let details = PetDetails.from(Mock<Dog>(owner: Mock<Human>(firstName: "Ann")))
    XCTAssertEqual(details.owner.map { $0.firstName }, "Ann") // safe
  }

  func test_optionalMap_keyPath() {
    let details = PetDetails.from(Mock<Dog>(owner: Mock<Human>()))
    XCTAssertEqual(details.owner.map(\.firstName), "Ann") // expect: unset-field-read firstName
  }

  func test_optionalFlatMap_namedParameter_set() {
    let details = PetDetails.from(Mock<Dog>(owner: Mock<Human>(firstName: "Ann")))
    XCTAssertEqual(details.owner.flatMap { owner in owner.firstName }, "Ann") // safe
  }

  func test_nilCoalescing_list() {
    let data = AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: [Mock<Dog>(predators: [Mock<Cat>()])]))
    for predator in data.allAnimals.first?.predators ?? [] {
      XCTAssertEqual(predator.species, "Tabby") // expect: unset-field-read species Cat
    }
  }

  func test_nilCoalescing_list_set() {
    let data = AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: [Mock<Dog>(predators: [Mock<Cat>(species: "Tabby")])]))
    for predator in data.allAnimals.first?.predators ?? [] {
      XCTAssertEqual(predator.species, "Tabby") // safe
    }
  }

  func test_forceUnwrap() {
    let details = PetDetails.from(Mock<Dog>(owner: Mock<Human>()))
    XCTAssertEqual(details.owner!.firstName, "Ann") // expect: unset-field-read firstName
  }

  func test_guardLet() {
    let details = PetDetails.from(Mock<Dog>(owner: Mock<Human>()))
    guard let owner = details.owner else { return XCTFail("no owner") }
    XCTAssertEqual(owner.firstName, "Ann") // expect: unset-field-read firstName
  }

  func test_optionalFlatMap_namedParameter() {
    let details = PetDetails.from(Mock<Dog>(owner: Mock<Human>()))
    XCTAssertEqual(details.owner.flatMap { owner in owner.firstName }, "Ann") // expect: unset-field-read firstName
  }

  func test_forceUnwrap_set() {
    let details = PetDetails.from(Mock<Dog>(owner: Mock<Human>(firstName: "Ann")))
    XCTAssertEqual(details.owner!.firstName, "Ann") // safe
  }
}
