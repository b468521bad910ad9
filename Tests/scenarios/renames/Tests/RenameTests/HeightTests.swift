import XCTest
import ApolloTestSupport
import AnimalKingdomAPI
import AnimalKingdomAPITestMocks

final class HeightTests: XCTestCase {

  func test_fragmentFromItsOwnMock() {
    let height = AnimalHeight.from(Mock<Dog>(height: Mock<Height>(feet: 3)))
    XCTAssertEqual(height.height.feet, 3)
  }

  func test_operationData() {
    let data = ZooAnimalsQuery.Data.from(Mock<Query>(allAnimals: [Mock<Cat>(nickname: "Tom")]))
    XCTAssertEqual(data.allAnimals.first?.nickname, "Tom")
    XCTAssertEqual(data.allAnimals[0].fragments.animalHeight.height.feet, 1) // expect: unset-field-read feet Height
  }
}
