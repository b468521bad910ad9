import ApolloTestSupport
import XCTest
import ZooAPI
import ZooAPITestMocks

final class DogTests: XCTestCase {
  func testOwner() {
    let data = DogQuery.Data.from(Mock<Query>(dog: Mock<Dog>(name: "Rex")))
    XCTAssertEqual(data.dog.name, "Rex")
    XCTAssertEqual(data.dog.owner.name, "Ada")
  }
}
