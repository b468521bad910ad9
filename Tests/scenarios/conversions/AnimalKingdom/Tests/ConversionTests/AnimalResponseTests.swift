import XCTest
import ApolloTestSupport
import AnimalKingdomAPI
import AnimalKingdomAPITestMocks

// Responses of the AnimalKingdom API spelled as dictionaries: interfaces and a union picked by `__typename`, enums,
// custom scalars, nulls in lists. Every call marked `// convert` converts (Tests/goldens/conversions).
final class AnimalResponseTests: XCTestCase {

  func test_dogQuery() throws {
    let data: [String: Any] = [
      "data": [
        "allAnimals": [
          [
            "__typename": "Dog",
            "id": "1",
            "skinCovering": "FUR",
            "species": "Canis familiaris",
            "houseDetails": "kennel",
          ],
          ["__typename": "Cat", "id": "2", "skinCovering": NSNull()],
          ["__typename": "Bird", "id": "3", "skinCovering": "FEATHERS"],
        ]
      ]
    ]
    let model = try DogQuery.Data(data: data) // convert
    XCTAssertEqual(model.allAnimals.count, 3)
  }

  func test_classroomPets() throws {
    let model = try ClassroomPetsQuery.Data(data: [ // convert
      "classroomPets": [
        ["__typename": "Cat", "species": "Felis catus", "humanName": "Tom", "laysEggs": false, "bodyTemperature": 38, "isJellicle": true],
        ["__typename": "PetRock", "humanName": "Rocky", "favoriteToy": "Pebble"],
        nil,
      ]
    ])
    XCTAssertEqual(model.classroomPets?.count, 3)
  }

  func test_petDetails() throws {
    let details = PetDetails(_dataDict: DataDict(data: [ // convert
      "__typename": "Dog",
      "id": "1",
      "humanName": "Rex",
      "favoriteToy": "Ball",
      "owner": ["__typename": "Human", "firstName": "Ada"],
    ], fulfilledFragments: [ObjectIdentifier(PetDetails.self)]))
    XCTAssertEqual(details.owner?.firstName, "Ada")
  }
}
