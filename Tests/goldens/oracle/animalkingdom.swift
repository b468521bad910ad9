// Completion oracle, Apollo iOS 1.23+ and before 1.23 (Tests/FeaturesTests/CompletionOracleTests.swift): every completion item and
// code action at each `‸` is applied and the function type-checked with swiftc against Apollo iOS 1.25.7's own
// modules and the AnimalKingdomAPI Apollo's codegen 1.25 wrote, with the mocks of each format; every initializer label
// left out at a `‸` must fail to type-check there. One `‸` a function.
import ApolloTestSupport
import AnimalKingdomAPI
import AnimalKingdomAPITestMocks


/// A plain struct of the test target: its memberwise initializer's missing arguments are a quick fix.
struct Fixture {
  let name: String
  let count: Int
  var note: String = ""
  let height: Int
}
func labelsOfAnEmptyCall() {
  _ = Mock<Dog>(‸)
}

func labelsAfterTheLastParameter() {
  _ = Mock<Dog>(id: "1", species: "Lab", ‸)
}

func labelsAfterOne() {
  _ = Mock<Dog>(favoriteToy: "ball", ‸)
}

func labelsBetweenTwo() {
  _ = Mock<Dog>(bodyTemperature: 37, ‸laysEggs: false)
}

func labelsAfterACommaWithNoSpace() {
  _ = Mock<Dog>(bodyTemperature: 37,‸laysEggs: false)
}

func labelsBeforeTheFirst() {
  _ = Mock<Dog>(‸height: Mock<Height>())
}

func labelsWithATypedPrefix() {
  _ = Mock<Dog>(id: "1", spe‸)
}

func labelsAcrossLines() {
  _ = Mock<Dog>(
    height: Mock<Height>(feet: 2, inches: 7),
    ‸
    species: "Lab"
  )
}

func labelsAfterAnArgumentOnItsOwnLine() {
  _ = Mock<Dog>(
    bodyTemperature: 37,
    ‸
  )
}

func labelsOfANestedMockInAList() {
  _ = Mock<Query>(allAnimals: [Mock<Dog>(id: "1"), Mock<Cat>(‸)])
}

func labelsOfAContextualInit() {
  let height: Mock<Height> = .init(feet: 1, ‸)
  _ = height
}

func labelsOfAContextualMock() {
  let height: Mock<Height> = Mock(‸)
  _ = height
}

func labelsOfAMockPlaceholder() {
  _ = Mock<Height>.placeholder(feet: 3, ‸)
}

func labelsOfAnEmptyMockPlaceholder() {
  _ = Mock<Cat>.placeholder(‸)
}

func valueOfAnObjectField() {
  _ = Mock<Dog>(height: ‸)
}

func valueOfAnInterfaceListField() {
  _ = Mock<Dog>(predators: ‸)
}

func valueInsideTheBracketsOfAList() {
  _ = Mock<Query>(allAnimals: [‸])
}

func valueOfAnEnumField() {
  _ = Mock<Height>(relativeSize: ‸)
}

func valueOfANullableEnumField() {
  _ = Mock<Dog>(skinCovering: ‸)
}

func valueOfAUnionListField() {
  _ = Mock<Query>(classroomPets: ‸)
}

func valueOfAnAbstractFieldOfAMutation() {
  _ = Mock<Mutation>(adoptPet: ‸)
}

func valueAfterALeadingDotOfAnEnumField() {
  _ = Mock<Height>(relativeSize: .‸)
}

func valueAfterALeadingDotOfAnObjectField() {
  _ = Mock<Dog>(height: .‸)
}

func typeArgument() {
  _ = Mock<‸>()
}

func typeArgumentTyped() {
  _ = Mock<Ca‸>()
}

func membersOfAMock() {
  let dog = Mock<Dog>()
  _ = dog.‸
}

func membersThroughAnOptionalChain() {
  let dog = Mock<Dog>(height: Mock<Height>())
  _ = dog.height?.‸
}

func membersOfAModel() {
  let data = AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: [Mock<Dog>()]))
  _ = data.allAnimals[0].‸
}

func membersOfATypeCase() {
  let animal = AllAnimalsQuery.Data.AllAnimal.from(Mock<Cat>())
  _ = animal.asCat?.‸
}

func fragmentAccessors() {
  let animal = AllAnimalsQuery.Data.AllAnimal.from(Mock<Dog>())
  _ = animal.fragments.‸
}

func fromArguments() {
  let dog = Mock<Dog>(species: "Lab")
  _ = dog
  _ = AllAnimalsQuery.Data.AllAnimal.from(‸)
}

func fromArgumentsOfAFragment() {
  _ = HeightInMeters.from(‸)
}

func codeActionsOnAMockCall() {
  let dog = Mock‸<Dog>(species: "Lab")
  _ = AllAnimalsQuery.Data.AllAnimal.from(dog).height.feet
}

func codeActionsOnAnUnsetRead() {
  let cat = Mock<Cat>()
  _ = AllAnimalsQuery.Data.AllAnimal.from(cat).spe‸cies
}

func codeActionsOnAMisspelledLabel() {
  _ = Mock<Dog>(spe‸ceis: "Lab")
}

func codeActionsOnAssignments() {
  let dog = Mock<Dog>()
  dog.species = "Lab"
  dog.id = "1"
  _ = AllAnimalsQuery.Data.AllAnimal.from(d‸og)
}

func labelsOfASelectionSetPlaceholder() {
  _ = AllAnimalsQuery.Data.AllAnimal.placeholder(‸)
}

func labelsOfAFragmentPlaceholderAfterOne() {
  _ = PetDetails.placeholder(id: "1", ‸)
}

func missingArgumentsOfAStruct() {
  _ = Fixture(‸count: 1)
}

func labelsInsideAClosure() {
  [1, 2].forEach { _ in
    _ = Mock<Dog>(id: "1", ‸)
  }
}

func membersOfAClosureElement() {
  let dogs = [Mock<Dog>(species: "Lab")]
  dogs.forEach { dog in
    _ = dog.‸
  }
}

func codeActionsOnAnUnsetReadInAClosure() {
  let cats = [Mock<Cat>()]
  cats.forEach { cat in
    _ = AllAnimalsQuery.Data.AllAnimal.from(cat).spe‸cies
  }
}
