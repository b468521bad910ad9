import XCTest
import ApolloTestSupport
import AnimalKingdomAPI
import AnimalKingdomAPITestMocks

// A fragment, an operation and an alias used from two test files (ZooTests.swift, HeightTests.swift): what rename
// and references change together with the GraphQL documents.
final class ZooTests: XCTestCase {

  func test_alias() {
    let dog = Mock<Dog>(id: "1", nickname: "Rex")
    dog.nickname = "Max"
    let animal = ZooAnimalsQuery.Data.AllAnimal.from(dog)
    XCTAssertEqual(animal.nickname, "Max")
  }

  func test_fragmentOfAnEmptyMock() {
    let animal = ZooAnimalsQuery.Data.AllAnimal.from(Mock<Dog>())
    XCTAssertEqual(animal.fragments.animalHeight.height.feet, 1) // expect: unset-field-read height
  }
}
