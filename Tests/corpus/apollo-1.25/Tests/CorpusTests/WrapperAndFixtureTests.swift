import XCTest
import Apollo
import ApolloTestSupport
import AnimalKingdomAPI
import AnimalKingdomAPITestMocks

// Apollo's own wrappers (`GraphQLResult`, `Result`), fixtures kept outside functions (static and global lets,
// constants, stored properties initialised by closures) and factories in another file (Fixtures.swift).
final class WrapperAndFixtureTests: XCTestCase {

  let builtDog: Mock<Dog> = {
    let dog = Mock<Dog>()
    dog.id = "1"
    return dog
  }()

  lazy var namedCat: Mock<Cat> = {
    let cat = Mock<Cat>(species: "Tabby")
    cat.owner = Mock<Human>(firstName: "Ann")
    return cat
  }()

  func test_graphQLResult() {
    let data = AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: [Mock<Cat>()]))
    let result = GraphQLResult(data: data, extensions: nil, errors: nil, source: .server, dependentKeys: nil)
    XCTAssertEqual(result.data?.allAnimals.first?.species, "Tabby") // expect: unset-field-read species Cat
  }

  func test_graphQLResult_set() {
    let data = AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: [Mock<Cat>(species: "Tabby")]))
    let result = GraphQLResult(data: data, extensions: nil, errors: nil, source: .server, dependentKeys: nil)
    XCTAssertEqual(result.data?.allAnimals.first?.species, "Tabby") // safe
  }

  func test_resultGet() throws {
    let data = AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: [Mock<Dog>(species: "Lab")]))
    let result: Result<GraphQLResult<AllAnimalsQuery.Data>, Error> = .success(
      GraphQLResult(data: data, extensions: nil, errors: nil, source: .cache, dependentKeys: nil))
    let animals = try XCTUnwrap(try result.get().data?.allAnimals)
    XCTAssertEqual(animals[0].height.feet, 2) // expect: unset-field-read feet Height
  }

  func test_resultGet_set() throws {
    let data = AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: [Mock<Dog>(height: Mock<Height>(feet: 2))]))
    let result = Result<GraphQLResult<AllAnimalsQuery.Data>, Error>.success(
      GraphQLResult(data: data, extensions: nil, errors: nil, source: .cache, dependentKeys: nil))
    XCTAssertEqual(try result.get().data?.allAnimals[0].height.feet, 2) // safe
  }

  func test_storedPropertyClosure() {
    let details = PetDetails.from(builtDog)
    XCTAssertEqual(details.id, "1") // safe
    XCTAssertEqual(details.favoriteToy, "Ball") // expect: unset-field-read favoriteToy Dog
  }

  func test_lazyStoredPropertyClosure_set() {
    let details = PetDetails.from(namedCat)
    XCTAssertEqual(details.owner?.firstName, "Ann") // safe
  }

  func test_staticModelFixture() {
    XCTAssertEqual(AnimalFixtures.emptyCatData.allAnimals[0].species, "Tabby") // expect: unset-field-read species Cat
  }

  func test_staticModelFixture_set() {
    XCTAssertEqual(AnimalFixtures.tabbyData.allAnimals[0].species, "Tabby") // safe
  }

  func test_globalFixture() {
    let details = PetDetails.from(ownerlessDog)
    XCTAssertEqual(details.owner?.firstName, "Ann") // expect: unset-field-read firstName Human
  }

  func test_factoryDefaults_set() {
    let details = PetDetails.from(Mock<Dog>.withOwner())
    XCTAssertEqual(details.owner?.firstName, AnimalFixtures.Constants.ownerName) // safe
  }

  func test_withVariables() {
    let crocodile = Mock<Crocodile>(height: Mock<Height>(feet: 3, inches: 1))
    let data = AllAnimalsIncludeSkipQuery.Data.from(
      Mock<Query>(allAnimals: [crocodile]),
      withVariables: ["includeSpecies": false, "skipHeightInMeters": true, "getCat": false, "getWarmBlooded": false, "varA": false])
    XCTAssertEqual(data.allAnimals[0].height.feet, 3) // safe
    XCTAssertNil(data.allAnimals[0].species) // safe
  }

  func test_factoryReturnsModel() {
    let animal = AnimalFixtures.animal(species: "Lab")
    XCTAssertEqual(animal.height.feet, 2) // expect: unset-field-read feet Height
  }

  func test_factoryReturnsModel_set() {
    XCTAssertEqual(AnimalFixtures.animal(species: "Lab").species, "Lab") // safe
  }
}
