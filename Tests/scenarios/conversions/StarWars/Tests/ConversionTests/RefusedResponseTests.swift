import XCTest
import StarWarsAPI

// Dictionaries mockls cannot turn into a mock that means the same: each `// refuse:` names the reason.
final class RefusedResponseTests: XCTestCase {

  func test_abstractWithoutTypename() throws {
    let model = try HeroNameQuery.Data(data: ["hero": ["name": "R2-D2"]]) // refuse: `hero` is `Character`, an interface: give it a `__typename`
    XCTAssertEqual(model.hero?.name, "R2-D2")
  }

  func test_keyNoMockFieldHas() throws {
    let model = try HeroNameQuery.Data(data: ["hero": ["__typename": "Droid", "name": "R2-D2", "nickname": "Artoo"]]) // refuse: no field `nickname` on `Droid` (at `hero`)
    XCTAssertEqual(model.hero?.name, "R2-D2")
  }

  func test_typenameOfAnotherType() throws {
    let model = try HeroNameQuery.Data(data: ["hero": ["__typename": "Starship", "name": "Falcon"]]) // refuse: "Starship" at `hero` is not a possible type of `Character`
    XCTAssertEqual(model.hero?.name, "Falcon")
  }

  func test_valueOfTheWrongType() throws {
    let model = try HeroNameWithIDQuery.Data(data: ["hero": ["__typename": "Droid", "id": true, "name": "R2-D2"]]) // refuse: `hero.id` is `ID`: found `true`
    XCTAssertEqual(model.hero?.name, "R2-D2")
  }

  func test_nestedValueThatIsNoLiteral() throws {
    let hero: [String: Any] = ["__typename": "Droid", "name": "R2-D2"]
    let model = try HeroNameQuery.Data(data: ["hero": hero]) // refuse: `hero` is `Character`: expected a dictionary literal, found `hero`
    XCTAssertEqual(model.hero?.name, "R2-D2")
  }

  func test_dictionaryUsedTwice() throws {
    let data: [String: Any] = ["hero": ["__typename": "Droid", "name": "R2-D2"]]
    let model = try HeroNameQuery.Data(data: data) // refuse: `data` is also used on line 36
    XCTAssertEqual(data.count, 1)
    XCTAssertEqual(model.hero?.name, "R2-D2")
  }

  func test_typeCase() throws {
    let droid = try HeroDetailsQuery.Data.Hero.AsDroid(data: ["__typename": "Droid", "name": "R2-D2"]) // refuse: is a type case
    XCTAssertEqual(droid.name, "R2-D2")
  }

  func test_misspeltKey() throws {
    let model = try HeroNameQuery.Data(data: ["hero": ["__typename": "Droid", "naem": "R2-D2"]]) // refuse: no field `naem` on `Droid` (at `hero`); did you mean `name`?
    XCTAssertEqual(model.hero?.name, nil)
  }
}
