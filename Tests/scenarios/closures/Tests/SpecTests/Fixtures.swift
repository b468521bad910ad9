import ApolloTestSupport
import AnimalKingdomAPI
import AnimalKingdomAPITestMocks

// Helpers in a file of their own, as test suites keep them: what they build is followed into the tests that call
// them (HelperTests.swift).
enum Fixtures {
  /// A dog with a height, and nothing else set.
  static func tallDog() -> Mock<Dog> {
    Mock<Dog>(height: Mock<Height>(feet: 7, inches: 1), species: "Great Dane")
  }

  /// A model whose dog leaves its height to Apollo's shallow default.
  static func animal() -> AllAnimalsQuery.Data.AllAnimal {
    let dog = Mock<Dog>(id: "1", species: "Lab")
    return .from(dog)
  }

  static var emptyCat: Mock<Cat> { Mock<Cat>() }

  /// Followed with the argument the test passes.
  static func dog(named name: String) -> Mock<Dog> {
    Mock<Dog>(humanName: name)
  }
}
