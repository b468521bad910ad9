import XCTest
import ApolloAPI
import StarWarsAPI

// A test file as it is written before it builds mocks: XCTest, ApolloAPI and the schema module, no
// ApolloTestSupport and no test mocks module; the synchronous `try X.Data(data:)` of Apollo iOS 1.x. Converting it
// brings the imports the mocks need, and no `await` (ResponseConversionTests).
final class PlainImportsTests: XCTestCase {
  func test_heroName() throws {
    let data: [String: Any] = ["hero": ["__typename": "Droid", "name": "R2-D2"]]
    let model = try HeroNameQuery.Data(data: data) // convert
    XCTAssertEqual(model.hero?.name, "R2-D2")
  }
}
