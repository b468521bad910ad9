import XCTest
import ApolloTestSupport
import AnimalKingdomAPI
import AnimalKingdomAPITestMocks

// `@include`/`@skip`, decided by the variables `from(_:withVariables:)` is given, as Apollo's executor decides them: a
// variable not given counts as false for both. A field left out reads nil; a field included reads nil when its mock
// does not set it (its accessor is optional); a required field inside an included object is read as any other.
final class IncludeSkipTests: XCTestCase {
  private let all: [String: Bool] = ["includeSpecies": true, "skipHeightInMeters": false, "getCat": true, "getWarmBlooded": true, "varA": true]

  func test_includedFieldUnset_readsNil() {
    let dog = Mock<Dog>()
    dog.height = Mock<Height>(feet: 1, inches: 2)
    let data = AllAnimalsIncludeSkipQuery.Data.from(Mock<Query>(allAnimals: [dog]),
      withVariables: ["includeSpecies": true, "skipHeightInMeters": true, "getCat": false, "getWarmBlooded": false, "varA": false])
    XCTAssertNil(data.allAnimals[0].species) // safe
  }

  func test_includedFieldSet() {
    let dog = Mock<Dog>(height: Mock<Height>(feet: 1, inches: 2), species: "Lab")
    let data = AllAnimalsIncludeSkipQuery.Data.from(Mock<Query>(allAnimals: [dog]),
      withVariables: ["includeSpecies": true, "skipHeightInMeters": true, "getCat": false, "getWarmBlooded": false, "varA": false])
    XCTAssertEqual(data.allAnimals[0].species, "Lab") // safe
  }

  func test_leftOutField_readsNilThoughSet() {
    let dog = Mock<Dog>(height: Mock<Height>(feet: 1, inches: 2), species: "Lab")
    let data = AllAnimalsIncludeSkipQuery.Data.from(Mock<Query>(allAnimals: [dog]),
      withVariables: ["includeSpecies": false, "skipHeightInMeters": true, "getCat": false, "getWarmBlooded": false, "varA": false])
    XCTAssertNil(data.allAnimals[0].species) // safe
  }

  func test_noVariables_everyConditionFalse() {
    let dog = Mock<Dog>(height: Mock<Height>(feet: 1, inches: 2), species: "Lab")
    let data = AllAnimalsIncludeSkipQuery.Data.from(Mock<Query>(allAnimals: [dog]))
    XCTAssertNil(data.allAnimals[0].species) // safe
    XCTAssertNil(data.allAnimals[0].fragments.heightInMeters) // safe
  }

  func test_unconditionalRequiredField_stillCrashes() {
    let dog = Mock<Dog>()
    let data = AllAnimalsIncludeSkipQuery.Data.from(Mock<Query>(allAnimals: [dog]), withVariables: all)
    XCTAssertEqual(data.allAnimals[0].height.feet, 1) // expect: unset-field-read height Dog
  }

  func test_skippedFragment_notSkipped_requiredFieldInside() {
    let dog = Mock<Dog>()
    dog.height = Mock<Height>(feet: 1, inches: 2)
    let data = AllAnimalsIncludeSkipQuery.Data.from(Mock<Query>(allAnimals: [dog]),
      withVariables: ["includeSpecies": true, "skipHeightInMeters": false, "getCat": false, "getWarmBlooded": false, "varA": false])
    XCTAssertEqual(data.allAnimals[0].fragments.heightInMeters?.height.meters, 1) // safe
  }

  func test_skippedFragment_notSkipped_requiredFieldUnset() {
    let height = Mock<Height>()
    height.feet = 1
    let dog = Mock<Dog>()
    dog.height = height
    let data = AllAnimalsIncludeSkipQuery.Data.from(Mock<Query>(allAnimals: [dog]),
      withVariables: ["includeSpecies": true, "skipHeightInMeters": false, "getCat": false, "getWarmBlooded": false, "varA": false])
    XCTAssertEqual(data.allAnimals[0].fragments.heightInMeters?.height.meters, 1) // expect: unset-field-read meters Height
  }

  func test_skippedFragment_skipped() {
    let dog = Mock<Dog>()
    dog.height = Mock<Height>(feet: 1, inches: 2)
    let data = AllAnimalsIncludeSkipQuery.Data.from(Mock<Query>(allAnimals: [dog]),
      withVariables: ["includeSpecies": true, "skipHeightInMeters": true, "getCat": false, "getWarmBlooded": false, "varA": false])
    XCTAssertNil(data.allAnimals[0].fragments.heightInMeters) // safe
  }

  func test_conditionalInlineFragment_included_requiredFieldInside() {
    let dog = Mock<Dog>()
    dog.height = Mock<Height>(feet: 1, inches: 2)
    let data = AllAnimalsIncludeSkipQuery.Data.from(Mock<Query>(allAnimals: [dog]),
      withVariables: ["includeSpecies": true, "skipHeightInMeters": true, "getCat": false, "getWarmBlooded": true, "varA": false])
    XCTAssertEqual(data.allAnimals[0].asWarmBloodedIfGetWarmBlooded?.bodyTemperature, 36) // expect: unset-field-read bodyTemperature Dog
  }

  func test_conditionalInlineFragment_leftOut() {
    let dog = Mock<Dog>()
    dog.height = Mock<Height>(feet: 1, inches: 2)
    let data = AllAnimalsIncludeSkipQuery.Data.from(Mock<Query>(allAnimals: [dog]),
      withVariables: ["includeSpecies": true, "skipHeightInMeters": true, "getCat": false, "getWarmBlooded": false, "varA": false])
    XCTAssertNil(data.allAnimals[0].asWarmBloodedIfGetWarmBlooded) // safe
  }

  func test_conditionalTypeCase_otherType() {
    let dog = Mock<Dog>()
    dog.height = Mock<Height>(feet: 1, inches: 2)
    let data = AllAnimalsIncludeSkipQuery.Data.from(Mock<Query>(allAnimals: [dog]), withVariables: all)
    XCTAssertNil(data.allAnimals[0].asCatIfGetCat?.isJellicle) // safe
  }

  func test_conditionalTypeCase_included_requiredFieldUnset() {
    let cat = Mock<Cat>()
    cat.height = Mock<Height>(feet: 1, inches: 2)
    let data = AllAnimalsIncludeSkipQuery.Data.from(Mock<Query>(allAnimals: [cat]),
      withVariables: ["includeSpecies": true, "skipHeightInMeters": true, "getCat": true, "getWarmBlooded": false, "varA": false])
    XCTAssertEqual(data.allAnimals[0].asCatIfGetCat?.isJellicle, true) // expect: unset-field-read isJellicle Cat
  }

  func test_nestedIncludedScalar_unset_readsNil() {
    let dog = Mock<Dog>()
    dog.height = Mock<Height>(feet: 1, inches: 2)
    dog.predators = [Mock<Cat>()]
    let data = AllAnimalsIncludeSkipQuery.Data.from(Mock<Query>(allAnimals: [dog]),
      withVariables: ["includeSpecies": true, "skipHeightInMeters": true, "getCat": false, "getWarmBlooded": false, "varA": false])
    XCTAssertNil(data.allAnimals[0].predators[0].species) // safe
  }

  func test_nestedConditionalInlineFragment_required() {
    let dog = Mock<Dog>()
    dog.height = Mock<Height>(feet: 1, inches: 2)
    dog.predators = [Mock<Cat>()]
    let data = AllAnimalsIncludeSkipQuery.Data.from(Mock<Query>(allAnimals: [dog]),
      withVariables: ["includeSpecies": true, "skipHeightInMeters": true, "getCat": false, "getWarmBlooded": true, "varA": false])
    XCTAssertEqual(data.allAnimals[0].predators[0].asWarmBloodedIfGetWarmBlooded?.laysEggs, false) // expect: unset-field-read laysEggs Cat
  }

  func test_variablesInAProperty_nullableRead() {
    let dog = Mock<Dog>()
    dog.height = Mock<Height>(feet: 1, inches: 2)
    let data = AllAnimalsIncludeSkipQuery.Data.from(Mock<Query>(allAnimals: [dog]), withVariables: all)
    XCTAssertNil(data.allAnimals[0].species) // safe
  }
}
