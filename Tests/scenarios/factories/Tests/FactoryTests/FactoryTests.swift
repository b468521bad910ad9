import XCTest
import ApolloTestSupport
import AnimalKingdomAPI
import AnimalKingdomAPITestMocks

// Mocks made by factories declared in Factories.swift, called every way Swift allows.
final class FactoryTests: XCTestCase {

  func test_factoryWithItsDefaults() {
    let animal = AllAnimalsQuery.Data.AllAnimal.from(Mock<Dog>.mock())
    XCTAssertEqual(animal.height.feet, 2)
    XCTAssertEqual(animal.fragments.heightInMeters.height.meters, 1)
    XCTAssertEqual(animal.species, "Lab")
  }

  func test_factoryArgumentReplacesItsDefault() {
    let animal = AllAnimalsQuery.Data.AllAnimal.from(Mock<Dog>.mock(id: "x", height: Mock<Height>()))
    XCTAssertEqual(animal.id, "x")
    XCTAssertEqual(animal.height.feet, 2) // expect: unset-field-read feet Height
  }

  func test_contextualFactory() {
    let dog: Mock<Dog> = .mock(species: "Husky")
    let animal = AllAnimalsQuery.Data.AllAnimal.from(dog)
    XCTAssertEqual(animal.species, "Husky")
    XCTAssertEqual(animal.height.feet, 2)
  }

  func test_factoryLeavesTheShallowDefault() {
    let animal = AllAnimalsQuery.Data.AllAnimal.from(Mock<Dog>.shallow())
    XCTAssertEqual(animal.species, "Beagle")
    XCTAssertEqual(animal.height.feet, 1) // expect: unset-field-read feet Height shallow()
  }

  func test_theTestSetsWhatTheFactoryLeftOut() {
    let dog = Mock<Dog>.shallow()
    dog.height = Mock<Height>(feet: 3, inches: 1)
    XCTAssertEqual(AllAnimalsQuery.Data.AllAnimal.from(dog).height.feet, 3)
  }

  func test_propertyOfAMockExtension() {
    let animal = AllAnimalsQuery.Data.AllAnimal.from(Mock<Cat>.tabby)
    XCTAssertEqual(animal.species, "Tabby")
  }

  func test_staticMemberOfTheMockClass() {
    let animal = AllAnimalsQuery.Data.AllAnimal.from(Cat.empty)
    XCTAssertEqual(animal.species, "x") // expect: unset-field-read species Cat empty
  }

  func test_freeFunction() {
    let bird = AllAnimalsQuery.Data.AllAnimal.from(makeBird())
    XCTAssertEqual(bird.height.feet, 1)
    XCTAssertEqual(bird.fragments.heightInMeters.height.meters, 0)
    XCTAssertEqual(AllAnimalsQuery.Data.AllAnimal.from(makeBird(height: Mock<Height>(feet: 4))).height.inches, nil)
  }

  func test_factoriesMocklsCannotFollowStaySilent() {
    let configured = Mock<Dog>.configured { $0.height = Mock<Height>(feet: 5, inches: 0) }
    XCTAssertEqual(AllAnimalsQuery.Data.AllAnimal.from(configured).height.feet, 5)
    let read = Mock<Dog>.fromDisk(path: "/tmp/dog")
    XCTAssertEqual(AllAnimalsQuery.Data.AllAnimal.from(read).id, "none")
    XCTAssertEqual(AllAnimalsQuery.Data.AllAnimal.from(registeredDog()).height.feet, 1)
  }
}

// Apollo iOS 2.x: `from(_:)` is async (no pin here: mockls takes the newest format).
final class AsyncFactoryTests: XCTestCase {

  func test_asyncLet() async {
    async let animal = AllAnimalsQuery.Data.AllAnimal.from(Mock<Dog>.shallow())
    let species = await animal.species
    XCTAssertEqual(species, "Beagle")
    let feet = await animal.height.feet // expect: unset-field-read feet Height shallow()
    XCTAssertEqual(feet, 1)
  }

  func test_asyncHelper() async {
    let animal = await makeAnimal()
    XCTAssertEqual(animal.species, "Akita")
    XCTAssertEqual(animal.height.feet, 1) // expect: unset-field-read feet Height makeAnimal()
  }

  func test_tryAwaitWithVariables() async throws {
    let animal = try await AllAnimalsQuery.Data.AllAnimal.from(Cat.empty, withVariables: nil)
    XCTAssertEqual(animal.id, "c") // expect: unset-field-read id Cat empty
  }
}
