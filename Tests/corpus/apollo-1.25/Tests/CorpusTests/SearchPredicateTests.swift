import XCTest
import ApolloTestSupport
import AnimalKingdomAPI
import AnimalKingdomAPITestMocks

// Searches whose predicate compares a field with a literal the mocks set: Swift runs them element after element until
// they decide, reading each element they reach, and Apollo 1.25.7 crashes on the first unset field read. mockls decides
// the predicate from the mocks' values (`first(where:)`, `contains(where:)`, `allSatisfy`, `filter`).
final class SearchPredicateTests: XCTestCase {

  private func dogs(_ second: Mock<Dog>) -> AllAnimalsQuery.Data {
    let first = Mock<Dog>()
    first.id = "a"
    first.species = "Lab"
    return AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: [first, second]))
  }

  func test_firstWhere_reachesTheUnsetOne() {
    let second = Mock<Dog>()
    second.id = "b"
    let data = dogs(second)
    XCTAssertEqual(data.allAnimals.first(where: { $0.id == "b" })?.species, "Lab") // expect: unset-field-read species Dog
  }

  func test_firstWhere_reachesASetOne() {
    let second = Mock<Dog>()
    second.id = "b"
    let data = dogs(second)
    XCTAssertEqual(data.allAnimals.first(where: { $0.id == "a" })?.species, "Lab") // safe
  }

  func test_filter_keepsTheUnsetOne() {
    let second = Mock<Dog>()
    second.id = "b"
    let data = dogs(second)
    XCTAssertEqual(data.allAnimals.filter { $0.id == "b" }.first?.species, "Lab") // expect: unset-field-read species Dog
  }

  func test_filter_keepsASetOne() {
    let second = Mock<Dog>()
    second.id = "b"
    let data = dogs(second)
    XCTAssertEqual(data.allAnimals.filter { $0.id != "b" }.first?.species, "Lab") // safe
  }

  func test_containsWhere_readsEveryElementItReaches() {
    let data = dogs(Mock<Dog>())
    XCTAssertTrue(data.allAnimals.contains(where: { $0.id == "z" })) // expect: unset-field-read id Dog
  }

  func test_containsWhere_stopsBeforeTheUnsetOne() {
    let data = dogs(Mock<Dog>())
    XCTAssertTrue(data.allAnimals.contains(where: { $0.id == "a" })) // safe
  }

  func test_allSatisfy_readsWhileItHolds() {
    let data = dogs(Mock<Dog>())
    XCTAssertTrue(data.allAnimals.allSatisfy { $0.id == "a" }) // expect: unset-field-read id Dog
  }

  func test_allSatisfy_stopsWhereItFails() {
    let data = dogs(Mock<Dog>())
    XCTAssertFalse(data.allAnimals.allSatisfy { $0.id == "z" }) // safe
  }
}
