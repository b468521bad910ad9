import XCTest
import ApolloTestSupport
import AnimalKingdomAPI
import AnimalKingdomAPITestMocks

// Elements of a list, reached the ways real suites reach them: `for … in`, subscripts, `first(where:)`, key paths, and
// the closures of `map`, `compactMap`, `contains(where:)`, `sorted(by:)`, `reduce`, `allSatisfy`.
final class SequenceTests: XCTestCase {

  private func animals(_ mocks: [Mock<Dog>]) -> AllAnimalsQuery.Data {
    AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: mocks))
  }

  func test_forIn() {
    let data = AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: [Mock<Dog>(species: "Lab")]))
    for animal in data.allAnimals {
      XCTAssertEqual(animal.height.feet, 2) // expect: unset-field-read feet Height
    }
  }

  func test_forIn_set() {
    let data = AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: [Mock<Dog>(height: Mock<Height>(feet: 2))]))
    for animal in data.allAnimals {
      XCTAssertEqual(animal.height.feet, 2) // safe
    }
  }

  func test_forIn_enumerated() {
    let data = AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: [Mock<Cat>()]))
    for (index, animal) in data.allAnimals.enumerated() {
      XCTAssertEqual(animal.id, "\(index)") // expect: unset-field-read id Cat
    }
  }

  func test_keyPathMap() {
    let data = AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: [Mock<Cat>()]))
    XCTAssertEqual(data.allAnimals.map(\.species), ["Tabby"]) // expect: unset-field-read species Cat
  }

  func test_keyPathMap_set() {
    let data = AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: [Mock<Cat>(species: "Tabby")]))
    XCTAssertEqual(data.allAnimals.map(\.species), ["Tabby"]) // safe
  }

  func test_keyPathMap_twoLevels() {
    let data = AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: [Mock<Dog>(species: "Lab")]))
    XCTAssertEqual(data.allAnimals.map(\.height.feet), [2]) // expect: unset-field-read feet Height
  }

  func test_closureMap_set() {
    let data = AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: [Mock<Dog>(height: Mock<Height>(feet: 2))]))
    XCTAssertEqual(data.allAnimals.map { $0.height.feet }, [2]) // safe
  }

  func test_firstWhere() {
    let data = AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: [Mock<Dog>(id: "1"), Mock<Cat>(id: "2")]))
    let cat = data.allAnimals.first(where: { $0.id == "2" })
    XCTAssertEqual(cat?.height.feet, 1) // expect: unset-field-read feet Height
  }

  func test_firstWhere_set() {
    let data = AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: [Mock<Dog>(id: "1"), Mock<Cat>(id: "2", species: "Tabby")]))
    let cat = data.allAnimals.first { $0.id == "2" }
    XCTAssertEqual(cat?.species, "Tabby") // safe
  }

  func test_subscript() {
    let data = AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: [Mock<Dog>(species: "Lab"), Mock<Cat>()]))
    XCTAssertEqual(data.allAnimals[1].species, "Tabby") // expect: unset-field-read species Cat
  }

  func test_subscript_set() {
    let data = AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: [Mock<Dog>(species: "Lab"), Mock<Cat>(species: "Tabby")]))
    XCTAssertEqual(data.allAnimals[1].species, "Tabby") // safe
  }

  func test_last() {
    let data = AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: [Mock<Dog>(species: "Lab"), Mock<Cat>()]))
    XCTAssertEqual(data.allAnimals.last?.species, "Tabby") // expect: unset-field-read species Cat
  }

  func test_containsWhere() {
    let data = AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: [Mock<Cat>()]))
    XCTAssertTrue(data.allAnimals.contains(where: { $0.species == "Tabby" })) // expect: unset-field-read species Cat
  }

  func test_containsWhere_set() {
    let data = AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: [Mock<Cat>(species: "Tabby")]))
    XCTAssertTrue(data.allAnimals.contains { $0.species == "Tabby" }) // safe
  }

  func test_sortedBy() {
    let data = AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: [Mock<Dog>(id: "1"), Mock<Dog>(id: "2")]))
    let sorted = data.allAnimals.sorted(by: { $0.height.feet < $1.height.feet }) // expect: unset-field-read feet Height
    XCTAssertEqual(sorted.count, 2)
  }

  func test_sortedBy_set() {
    let data = AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: [Mock<Dog>(height: Mock<Height>(feet: 1)), Mock<Dog>(height: Mock<Height>(feet: 2))]))
    let sorted = data.allAnimals.sorted { lhs, rhs in lhs.height.feet < rhs.height.feet } // safe
    XCTAssertEqual(sorted.first?.height.feet, 1) // safe
  }

  func test_reduce() {
    let data = AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: [Mock<Bird>(species: "Owl")]))
    let total = data.allAnimals.reduce(0) { $0 + $1.height.feet } // expect: unset-field-read feet Height
    XCTAssertEqual(total, 1)
  }

  func test_reduce_set() {
    let data = AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: [Mock<Bird>(height: Mock<Height>(feet: 1))]))
    let total = data.allAnimals.reduce(0) { sum, animal in sum + animal.height.feet } // safe
    XCTAssertEqual(total, 1)
  }

  func test_allSatisfy() {
    let data = AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: [Mock<Cat>()]))
    XCTAssertTrue(data.allAnimals.allSatisfy { $0.species == "Tabby" }) // expect: unset-field-read species Cat
  }

  func test_compactMap_typeCase_set() {
    let data = AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: [Mock<Dog>(favoriteToy: "Ball"), Mock<Cat>()]))
    XCTAssertEqual(data.allAnimals.compactMap(\.asDog).map(\.favoriteToy), ["Ball"]) // safe
  }

  func test_filterThenCount_set() {
    let data = AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: [Mock<Cat>(species: "Tabby"), Mock<Dog>(species: "Lab")]))
    XCTAssertEqual(data.allAnimals.filter { $0.species == "Lab" }.count, 1) // safe
  }

  func test_listMapBuildsMocks() {
    let data = AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: ["Lab", "Pug"].map { Mock<Dog>(species: $0) }))
    XCTAssertEqual(data.allAnimals.map(\.species), ["Lab", "Pug"]) // safe
    XCTAssertEqual(data.allAnimals[1].height.feet, 1) // expect: unset-field-read feet Height
  }

  func test_optionalMapBuildsTheOwner_set() {
    let name: String? = "Ann"
    let details = PetDetails.from(Mock<Dog>(id: "1", owner: name.map { Mock<Human>(firstName: $0) }))
    XCTAssertEqual(details.owner?.firstName, "Ann") // safe
  }

  func test_helperBuildsTheData() {
    let data = animals([Mock<Dog>()])
    XCTAssertEqual(data.allAnimals.map(\.species), ["Lab"]) // expect: unset-field-read species Dog
  }
}
