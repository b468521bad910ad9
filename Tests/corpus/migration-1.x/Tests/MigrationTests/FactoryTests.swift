import XCTest
import ApolloTestSupport
import AnimalKingdomAPI
import AnimalKingdomAPITestMocks

/// Factories of Fixtures.swift and of the test case itself, called from several tests, some inside assertions.
final class FactoryTests: XCTestCase {

  func mockData(humanName: String?, ownerID: String = "owner-1") -> PetAdoptionMutation.Data {
    let mock = Mock<Mutation>()
    mock.adoptPet = Mock<Dog>(humanName: humanName, id: "dog-1", owner: Mock<Human>(id: ownerID))
    return PetAdoptionMutation.Data.from(mock)
  }

  private func animals(_ mocks: [Mock<Dog>]) -> AllAnimalsQuery.Data {
    AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: mocks))
  }

  func test_adoption_named() {
    let data = self.mockData(humanName: "Rex")
    XCTAssertEqual(data.adoptPet.humanName, "Rex")
    XCTAssertEqual(data.adoptPet.id, "dog-1")
  }

  func test_adoption_unnamed() {
    XCTAssertNil(mockData(humanName: nil).adoptPet.humanName)
  }

  func test_privateFactory() {
    let data = animals([Mock<Dog>(id: "a"), Mock<Dog>(id: "b")])
    XCTAssertEqual(data.allAnimals.map(\.id), ["a", "b"])
  }

  func test_globalFactory_defaults() {
    let data = makeAllAnimalsData()
    XCTAssertEqual(data.allAnimals.map(\.species), ["Labrador", "Beagle"])
    XCTAssertEqual(data.allAnimals.last?.height.inches, 1)
  }

  func test_globalFactory_insideAssertion() {
    XCTAssertEqual(makeAllAnimalsData(species: ["Pug"]).allAnimals.first?.species, "Pug")
    XCTAssertEqual(makeAllAnimalsData(species: []).allAnimals.count, 0)
  }

  func test_petDetailsFactory() throws {
    let details = makePetDetails(ownerName: "Ann")
    XCTAssertEqual(try XCTUnwrap(details.owner).firstName, "Ann")
    XCTAssertNil(makePetDetails(ownerName: nil).owner)
  }

  func test_staticFixtureOnData() {
    let data = DogQuery.Data.fixture(species: "Corgi")
    XCTAssertEqual(data.allAnimals.first?.asDog?.species, "Corgi")
    XCTAssertEqual(DogQuery.Data.fixture(id: "d9").allAnimals.first?.id, "d9")
  }

  func test_staticFixture_implicitMember() {
    let expected: DogQuery.Data = .fixture()
    XCTAssertEqual(expected.allAnimals.count, 1)
  }

  func test_findPetFixture() {
    let data = FindPetQuery.Data.fixture(names: ["Tom", nil])
    XCTAssertEqual(data.findPet.map(\.humanName), ["Tom", nil])
    XCTAssertEqual(FindPetQuery.Data.fixture(names: []).findPet.count, 0)
  }

  func test_adoptedFixture() {
    XCTAssertEqual(PetAdoptionMutation.Data.adopted(humanName: "Rex").adoptPet.humanName, "Rex")
    XCTAssertEqual(PetAdoptionMutation.Data.adopted().adoptPet.id, "dog-1")
  }

  func test_factoriesInsideMap() {
    let names = ["Rex", "Max"].map { makePetDetails(id: $0, humanName: $0).humanName }
    XCTAssertEqual(names, ["Rex", "Max"])
  }
}
