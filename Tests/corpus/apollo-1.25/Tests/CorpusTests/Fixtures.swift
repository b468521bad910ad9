import ApolloTestSupport
import AnimalKingdomAPI
import AnimalKingdomAPITestMocks

// Fixtures and factories in a file of their own, as test suites keep them.
enum AnimalFixtures {
  enum Constants {
    static let ownerName = "Ann"
    static let dogID = "d1"
  }

  static let emptyCatData = AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: [Mock<Cat>()]))
  static let tabbyData = AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: [Mock<Cat>(species: "Tabby")]))

  static func animal(species: String = "Lab") -> AllAnimalsQuery.Data.AllAnimal {
    let dog = Mock<Dog>(id: Constants.dogID, species: species)
    return .from(dog)
  }
}

let ownerlessDog = Mock<Dog>(id: "1", owner: Mock<Human>())

extension Mock where O == Dog {
  static func withOwner(name: String = AnimalFixtures.Constants.ownerName) -> Mock<Dog> {
    Mock<Dog>(id: AnimalFixtures.Constants.dogID, owner: Mock<Human>(firstName: name))
  }
}
