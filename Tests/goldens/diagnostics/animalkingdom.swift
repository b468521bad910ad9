import XCTest
import ApolloTestSupport
import AnimalKingdomAPI
import AnimalKingdomAPITestMocks

// Diagnostics on Apollo's AnimalKingdom API with mocks of Apollo iOS >= 1.23 (checked by FeaturesTests).
// A line that must carry a diagnostic ends with an `expect:` comment (the code, then words of the message);
// every other line must carry none.
final class Assignments: XCTestCase {
  func test_assignmentThroughAnOptionalChainSetsTheNestedDefault() {
    let dog = Mock<Dog>(id: "1")
    dog.height?.feet = 3
    let animal = AllAnimalsQuery.Data.AllAnimal.from(dog)
    XCTAssertEqual(animal.height.feet, 3)
    XCTAssertEqual(animal.height.inches, nil)
  }

  func test_assigningAWholeMock() {
    let dog = Mock<Dog>(id: "1")
    dog.height = Mock<Height>(feet: 1)
    let animal = AllAnimalsQuery.Data.AllAnimal.from(dog)
    XCTAssertEqual(animal.height.feet, 1)
  }

  func test_anEmptyMockAssignedLater() {
    let dog = Mock<Dog>(id: "1")
    dog.height = Mock<Height>()
    let animal = AllAnimalsQuery.Data.AllAnimal.from(dog)
    XCTAssertEqual(animal.height.feet, 1) // expect: unset-field-read feet Height line
  }

  func test_assignmentsAfterFromDoNotReachTheModel() {
    let cat = Mock<Cat>()
    let animal = AllAnimalsQuery.Data.AllAnimal.from(cat)
    cat.id = "late"
    XCTAssertEqual(animal.id, "late") // expect: unset-field-read id Cat
  }

  func test_unknownFieldAssigned() {
    let dog = Mock<Dog>()
    dog.speceis = "Lab" // expect: unknown-mock-field speceis species
    dog.bestFriend = nil // expect: unknown-mock-field bestFriend schema selects
  }
}

final class NestingAndAliases: XCTestCase {
  func test_nestedThroughAVariableMutatedLater() {
    let height = Mock<Height>()
    let dog = Mock<Dog>(height: height, id: "1")
    height.feet = 4
    let animal = AllAnimalsQuery.Data.AllAnimal.from(dog)
    XCTAssertEqual(animal.height.feet, 4)
    XCTAssertNil(animal.height.inches)
  }

  func test_anotherNameForTheSameMock() {
    let dog = Mock<Dog>()
    let same = dog
    same.id = "1"
    let animal = AllAnimalsQuery.Data.AllAnimal.from(dog)
    XCTAssertEqual(animal.id, "1")
    XCTAssertEqual(animal.species, "") // expect: unset-field-read species Dog
  }

  func test_listElements() {
    let query = Mock<Query>(allAnimals: [Mock<Dog>(id: "1"), Mock<Cat>(height: Mock<Height>(feet: 1), id: "2")])
    let data = AllAnimalsQuery.Data.from(query)
    XCTAssertEqual(data.allAnimals[0].height.feet, 1) // expect: unset-field-read feet
    XCTAssertEqual(data.allAnimals.first?.species, "")
    XCTAssertEqual(data.allAnimals.last?.height.feet, 1)
    for animal in data.allAnimals {
      XCTAssertGreaterThan(animal.height.feet, 0) // expect: unset-field-read feet
    }
  }
}

final class NestedLoops: XCTestCase {
  /// Found by `make fuzz`: each loop over a known list runs its body per element, so nested loops multiplied
  /// (10^12 runs here). The outer loops are still followed; past the budget an element is unknown and silent.
  func test_nestedLoopsStayLinear() {
    let data = AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: [Mock<Dog>(), Mock<Dog>(), Mock<Dog>(), Mock<Dog>(), Mock<Dog>(), Mock<Dog>(), Mock<Dog>(), Mock<Dog>(), Mock<Dog>(), Mock<Dog>()]))
    for a in data.allAnimals {
      XCTAssertGreaterThan(a.height.feet, 0) // expect: unset-field-read height
      for b in data.allAnimals {
        XCTAssertEqual(b.species, "") // expect: unset-field-read species
        for c in data.allAnimals {
          XCTAssertEqual(c.species, "")
          for d in data.allAnimals {
            XCTAssertEqual(d.species, "")
            for e in data.allAnimals {
              XCTAssertEqual(e.species, "")
              for f in data.allAnimals {
                XCTAssertEqual(f.species, "")
                for g in data.allAnimals {
                  XCTAssertEqual(g.species, "")
                  for h in data.allAnimals {
                    XCTAssertEqual(h.species, "")
                    for i in data.allAnimals {
                      XCTAssertEqual(i.species, "")
                      for j in data.allAnimals {
                        XCTAssertEqual(j.species, "")
                        for k in data.allAnimals {
                          XCTAssertEqual(k.species, "")
                          for l in data.allAnimals {
                            XCTAssertEqual(l.species, "")
                            _ = Mock<Dog>(speceis: "Lab") // expect: unknown-mock-field speceis species
                          }
                        }
                      }
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
  }
}

final class Reads: XCTestCase {
  func test_everyKindOfRead() {
    let dog = Mock<Dog>()
    dog.id = "1"
    let animal = AllAnimalsQuery.Data.AllAnimal.from(dog)
    #expect(animal.species == "Lab") // expect: unset-field-read species
    print("height: \(animal.height.feet)") // expect: unset-field-read height
    let total = animal.predators.count + 1 // expect: unset-field-read predators
    XCTAssertEqual(animal.fragments.heightInMeters.height.meters, 1) // expect: unset-field-read height
    XCTAssertNil(animal.asCat, "a Dog is not a Cat: no crash")
    XCTAssertNil(animal.asCat?.isJellicle)
    XCTAssertNil(animal.skinCovering, "nullable")
    _ = total
  }

  func test_conditionalFieldsNeverCrash() {
    let dog = Mock<Dog>()
    let animal = AllAnimalsIncludeSkipQuery.Data.AllAnimal.from(dog)
    XCTAssertNil(animal.species)
  }

  func test_aPlaceholderSetsEverythingDeeply() {
    let dog = Mock<Dog>.placeholder()
    let animal = AllAnimalsQuery.Data.AllAnimal.from(dog)
    XCTAssertEqual(animal.height.feet, 0)
    XCTAssertEqual(animal.fragments.heightInMeters.height.meters, 0)
  }

  func test_shadowedNames() {
    let dog = Mock<Dog>(id: "outer")
    do {
      let dog = Mock<Dog>()
      _ = dog
    }
    let animal = AllAnimalsQuery.Data.AllAnimal.from(dog)
    XCTAssertEqual(animal.species, "")
  }

  func test_mocksRebuiltInALoop() {
    for name in ["a", "b"] {
      let dog = Mock<Dog>(id: name)
      let animal = AllAnimalsQuery.Data.AllAnimal.from(dog)
      XCTAssertEqual(animal.id, name)
      XCTAssertEqual(animal.height.feet, 0) // expect: unset-field-read feet
    }
  }
}

final class Escapes: XCTestCase {
  var stored: Mock<Dog>?

  func test_passedToAFunctionBeforeFrom() {
    let dog = Mock<Dog>()
    configure(dog)
    let animal = AllAnimalsQuery.Data.AllAnimal.from(dog)
    XCTAssertEqual(animal.species, "")
  }

  func test_storedOrCaptured() {
    let dog = Mock<Dog>()
    stored = dog
    let cat = Mock<Cat>()
    let later = { cat.id = "1" }
    later()
    XCTAssertEqual(AllAnimalsQuery.Data.AllAnimal.from(dog).species, "")
    XCTAssertEqual(AllAnimalsQuery.Data.AllAnimal.from(cat).id, "1")
  }

  func test_theModelEscapingDoesNotHideTheMock() {
    let dog = Mock<Dog>(id: "1")
    let animal = AllAnimalsQuery.Data.AllAnimal.from(dog)
    render(animal)
    XCTAssertEqual(animal.height.feet, 0) // expect: unset-field-read feet
  }

  private func configure(_ dog: Mock<Dog>) { dog.species = "Lab" }
  private func render(_ animal: AllAnimalsQuery.Data.AllAnimal) {}
}

final class StoredPropertiesAndSetUp: XCTestCase {
  var dog: Mock<Dog>!
  let cat = Mock<Cat>()

  override func setUp() {
    super.setUp()
    dog = Mock<Dog>(id: "1")
  }

  func test_setUpBuildsTheMock() {
    let animal = AllAnimalsQuery.Data.AllAnimal.from(dog)
    XCTAssertEqual(animal.id, "1")
    XCTAssertEqual(animal.height.feet, 0) // expect: unset-field-read feet line
  }

  func test_aStoredEmptyMock() {
    let animal = AllAnimalsQuery.Data.AllAnimal.from(cat)
    XCTAssertEqual(animal.id, "") // expect: unset-field-read id Cat
  }

  func test_aHelperMayChangeStoredMocks() {
    prepare()
    XCTAssertEqual(AllAnimalsQuery.Data.AllAnimal.from(cat).id, "")
  }

  private func prepare() { cat.id = "1" }
}

final class Types: XCTestCase {
  func test_types() {
    _ = Mock<Unicorn>() // expect: unknown-mock-type Unicorn
    _ = Mock<Dogs>() // expect: unknown-mock-type Dogs `Dog`
    _ = Mock<ClassroomPet>() // expect: abstract-mock-type ClassroomPet union Cat
    let typed: Mock<Pet>? = nil // expect: abstract-mock-type Pet
    _ = typed
    _ = Mock<Dog>(height: Mock<Cat>()) // expect: mock-type-mismatch height Height Cat
    _ = Mock<Mutation>(adoptPet: Mock<Height>()) // expect: mock-type-mismatch adoptPet Pet Height
    _ = Mock<Query>(allAnimals: [Mock<Dog>(), Mock<PetRock>()]) // expect: mock-type-mismatch allAnimals PetRock
    _ = AllAnimalsQuery.Data.AllAnimal.from(Mock<PetRock>()) // expect: mock-type-mismatch PetRock Animal
    // A mock of what a field holds, given for the data itself: wrapped (renaming it would not compile).
    _ = AllAnimalsQuery.Data.from(Mock<Dog>(species: "Lab")) // expect: mock-type-mismatch Query allAnimals crashes
    let cat = Mock<Cat>(species: "Cat")
    _ = ClassroomPetsQuery.Data.from(cat) // expect: mock-type-mismatch Query classroomPets nil nothing
    _ = Mock<Mutation>(adoptPet: Mock<Cat>())
  }
}

final class UnseenChanges: XCTestCase {
  func test_rawDataAndMethodsOfAMock() {
    let dog = Mock<Dog>()
    dog._data["id"] = "1"
    let cat = Mock<Cat>()
    cat._setScalar("1", for: \.id)
    XCTAssertEqual(AllAnimalsQuery.Data.AllAnimal.from(dog).id, "1")
    XCTAssertEqual(AllAnimalsQuery.Data.AllAnimal.from(cat).id, "1")
  }

  func test_aVariableRebuiltInABranch() {
    var dog = Mock<Dog>(id: "1")
    if Bool.random() {
      dog = Mock<Dog>()
    }
    XCTAssertEqual(AllAnimalsQuery.Data.AllAnimal.from(dog).id, "1")
    var cat = Mock<Cat>()
    cat = Mock<Cat>(id: "2")
    XCTAssertEqual(AllAnimalsQuery.Data.AllAnimal.from(cat).height.feet, 0) // expect: unset-field-read feet
  }
}
