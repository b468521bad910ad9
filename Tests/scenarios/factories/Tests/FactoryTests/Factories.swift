import Foundation
import ApolloTestSupport
import AnimalKingdomAPI
import AnimalKingdomAPITestMocks

// Factories and fixtures in a file of their own, as test suites keep them: what they build is followed into the
// tests that use them (FactoryTests.swift, FixtureTests.swift, ListTests.swift).

extension Mock where O == Dog {
  /// Everything the list screen reads, each part overridable.
  static func mock(
    id: String = "d1", species: String = "Lab", height: Mock<Height> = Mock<Height>(feet: 2, inches: 3, meters: 1)
  ) -> Mock<Dog> {
    Mock<Dog>(height: height, id: id, species: species)
  }

  /// The height is left to Apollo's shallow default: an empty `Mock<Height>()`.
  static func shallow(id: String = "d2") -> Mock<Dog> {
    let dog = Mock<Dog>(id: id)
    dog.species = "Beagle"
    return dog
  }

  /// Takes a closure: what it does to the mock is not followed.
  static func configured(_ configure: (Mock<Dog>) -> Void) -> Mock<Dog> {
    let dog = Mock<Dog>()
    configure(dog)
    return dog
  }

  /// Reads from disk: not followed.
  static func fromDisk(path: String) -> Mock<Dog> {
    let dog = Mock<Dog>()
    dog.species = (try? String(contentsOfFile: path, encoding: .utf8)) ?? "Lab"
    if path.isEmpty { dog.id = "none" }
    return dog
  }
}

/// Every dog it makes is also kept in `registry`, where other code may change it: not followed past that.
var registry: [Mock<Dog>] = []

func registeredDog() -> Mock<Dog> {
  let dog = Mock<Dog>(id: "r1")
  registry.append(dog)
  return dog
}

extension Mock<Cat> {
  static var tabby: Mock<Cat> { Mock<Cat>(id: "c1", species: "Tabby") }
}

extension Cat {
  /// Sets nothing.
  static var empty: Mock<Cat> { Mock<Cat>() }
}

func makeBird(id: String = "b1", height: Mock<Height> = Mock<Height>(feet: 1, meters: 0)) -> Mock<Bird> {
  Mock<Bird>(height: height, id: id, species: "Robin")
}

enum Fixtures {
  /// Stored: one mock for every test. Its height is Apollo's shallow default.
  static let siamese = Mock<Cat>(id: "c2", species: "Siamese")
  /// Stored, and changed by FixtureTests.test_changesTheSharedFixture: what it holds depends on the order tests run in.
  static let sharedDog = Mock<Dog>()
  /// Stored, and handed to code that may change it (FixtureTests.test_handsTheFixtureOver).
  static let lentDog = Mock<Dog>(id: "l")
  static let tallDog: Mock<Dog> = .mock(height: Mock<Height>(feet: 7, inches: 1, meters: 2))
}

/// Apollo iOS 2.x: a helper that converts, awaiting `from(_:)`.
func makeAnimal() async -> AllAnimalsQuery.Data.AllAnimal {
  let dog = Mock<Dog>(id: "a1", species: "Akita")
  return await .from(dog)
}

/// A global fixture.
let pug = Mock<Dog>(id: "g1", species: "Pug")
