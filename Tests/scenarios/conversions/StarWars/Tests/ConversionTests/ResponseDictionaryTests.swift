import XCTest
import ApolloTestSupport
import StarWarsAPI
import StarWarsAPITestMocks

// Responses spelled as dictionaries, as Apollo's testing docs and NEWT's write-up start from. Every call marked
// `// convert` converts; the conversions are in Tests/goldens/conversions.
final class ResponseDictionaryTests: XCTestCase {

  // A whole response, with `__typename`s, a list of friends and a null.
  func test_heroAndFriendsNames() throws {
    let data: [String: Any] = [
      "data": [
        "__typename": "Query",
        "hero": [
          "__typename": "Human",
          "name": "Luke Skywalker",
          "friends": [
            ["__typename": "Human", "name": "Han Solo"],
            ["__typename": "Droid", "name": "R2-D2"],
          ],
        ],
      ]
    ]
    let model = try HeroAndFriendsNamesQuery.Data(data: data) // convert
    XCTAssertEqual(model.hero?.friends?.count, 2)
  }

  // The data alone, given inline, with variables.
  func test_heroNameWithVariables() throws {
    let model = try HeroNameQuery.Data(data: ["hero": ["__typename": "Droid", "name": "R2-D2"]], variables: ["episode": "JEDI"]) // convert
    XCTAssertEqual(model.hero?.name, "R2-D2")
  }

  // Aliases: the response key is the mock field.
  func test_twoHeroes() throws {
    let data: [String: Any] = ["r2": ["__typename": "Droid", "name": "R2-D2"], "luke": ["__typename": "Human", "name": "Luke Skywalker"]]
    let model = try TwoHeroesQuery.Data(data: data) // convert
    XCTAssertEqual(model.luke?.name, "Luke Skywalker")
  }

  // A non-null field the operation selects and the response leaves out (`appearsIn`): the mock leaves it out too,
  // which 1.23+'s initializer would fill; what the operation does not select is left alone.
  func test_heroNameWithoutAppearsIn() throws {
    let data: [String: Any] = ["hero": ["__typename": "Human", "name": "Luke Skywalker"]]
    let model = try HeroNameAndAppearsInQuery.Data(data: data) // convert
    XCTAssertEqual(model.hero?.name, "Luke Skywalker")
  }

  // Enums, and a list of them.
  func test_heroAppearsIn() throws {
    let data: [String: Any] = ["hero": ["__typename": "Droid", "appearsIn": ["NEWHOPE", "EMPIRE", "JEDI"]]]
    let model = try HeroAppearsInQuery.Data(data: data) // convert
    XCTAssertEqual(model.hero?.appearsIn.count, 3)
  }

  // An object field without `__typename` (its type is an object), numbers, a nested list of floats, and NSNull.
  func test_starshipCoordinates() throws {
    let data: [String: Any] = [
      "starshipCoordinates": [
        "name": "Millennium Falcon",
        "coordinates": [[1, 2.5], [3.0, 4]],
        "length": NSNull(),
      ]
    ]
    let model = try StarshipCoordinatesQuery.Data(data: data) // convert
    XCTAssertEqual(model.starshipCoordinates?.name, "Millennium Falcon")
  }

  // A named fragment, built from a `DataDict` as generated code does.
  func test_heroDetailsFragment() throws {
    let fragment = HeroDetails(_dataDict: DataDict(data: ["__typename": "Human", "name": "Luke Skywalker", "height": 1.72], fulfilledFragments: [])) // convert
    XCTAssertEqual(fragment.name, "Luke Skywalker")
  }

  // Every type of a union, ids given as numbers.
  func test_search() throws {
    let data: [String: Any] = [
      "search": [
        ["__typename": "Human", "id": 1000, "name": "Luke Skywalker"],
        ["__typename": "Droid", "id": "2001", "name": "R2-D2"],
        ["__typename": "Starship", "id": "3000", "name": "Millennium Falcon"],
        NSNull(),
      ]
    ]
    let model = try SearchQuery.Data(data: data) // convert
    XCTAssertEqual(model.search?.count, 4)
  }

  // `.init(_dataDict:)` with the type given by the declaration, as generated initializers are called.
  func test_droidDetailsWithContextualType() throws {
    let droid: DroidDetails = .init(_dataDict: DataDict(data: ["__typename": "Droid", "name": "R2-D2", "primaryFunction": "Astromech"], fulfilledFragments: [])) // convert
    XCTAssertEqual(droid.primaryFunction, "Astromech")
  }
}
