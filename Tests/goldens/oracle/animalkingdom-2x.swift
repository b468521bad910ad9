// Completion oracle, Apollo iOS 2.x, whose `from(_:)` is async (Tests/FeaturesTests/CompletionOracleTests.swift): every completion item and
// code action at each `‸` is applied and the function type-checked with swiftc against Apollo iOS 2.4.0's own
// modules and the AnimalKingdomAPI and mocks Apollo's codegen 2.3 wrote, from the schema and operations of
// `../shared/apollo-runtime/AnimalKingdomAPI-2.3/graphql`; every initializer label left out at a `‸` must fail to
// type-check there. One `‸` a function.
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
func labelsOfAnEmptyCall() async {
  _ = Mock<Dog>(‸)
}

func labelsAfterTheLastParameter() async {
  _ = Mock<Dog>(id: "1", species: "Lab", ‸)
}

func labelsAfterOne() async {
  _ = Mock<Dog>(favoriteToy: "ball", ‸)
}

func labelsBetweenTwo() async {
  _ = Mock<Dog>(bodyTemperature: 37, ‸laysEggs: false)
}

func labelsAfterACommaWithNoSpace() async {
  _ = Mock<Dog>(bodyTemperature: 37,‸laysEggs: false)
}

func labelsBeforeTheFirst() async {
  _ = Mock<Dog>(‸height: Mock<Height>())
}

func labelsWithATypedPrefix() async {
  _ = Mock<Dog>(id: "1", spe‸)
}

func labelsAcrossLines() async {
  _ = Mock<Dog>(
    height: Mock<Height>(feet: 2, inches: 7),
    ‸
    species: "Lab"
  )
}

func labelsAfterAnArgumentOnItsOwnLine() async {
  _ = Mock<Dog>(
    bodyTemperature: 37,
    ‸
  )
}

func labelsOfANestedMockInAList() async {
  _ = Mock<Query>(allAnimals: [Mock<Dog>(id: "1"), Mock<Cat>(‸)])
}

func labelsOfAContextualInit() async {
  let height: Mock<Height> = .init(feet: 1, ‸)
  _ = height
}

func labelsOfAContextualMock() async {
  let height: Mock<Height> = Mock(‸)
  _ = height
}

func labelsOfAMockPlaceholder() async {
  _ = Mock<Height>.placeholder(feet: 3, ‸)
}

func labelsOfAnEmptyMockPlaceholder() async {
  _ = Mock<Cat>.placeholder(‸)
}

func valueOfAnObjectField() async {
  _ = Mock<Dog>(height: ‸)
}

func valueOfAnInterfaceListField() async {
  _ = Mock<Dog>(predators: ‸)
}

func valueInsideTheBracketsOfAList() async {
  _ = Mock<Query>(allAnimals: [‸])
}

func valueOfAnEnumField() async {
  _ = Mock<Height>(relativeSize: ‸)
}

func valueOfANullableEnumField() async {
  _ = Mock<Dog>(skinCovering: ‸)
}

func valueOfAUnionListField() async {
  _ = Mock<Query>(classroomPets: ‸)
}

func valueOfAnAbstractFieldOfAMutation() async {
  _ = Mock<Mutation>(adoptPet: ‸)
}

func typeArgument() async {
  _ = Mock<‸>()
}

func typeArgumentTyped() async {
  _ = Mock<Ca‸>()
}

func membersOfAMock() async {
  let dog = Mock<Dog>()
  _ = dog.‸
}

func membersThroughAnOptionalChain() async {
  let dog = Mock<Dog>(height: Mock<Height>())
  _ = dog.height?.‸
}

func membersOfAModel() async {
  let data = await AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: [Mock<Dog>()]))
  _ = data.allAnimals[0].‸
}

func membersOfATypeCase() async {
  let animal = await AllAnimalsQuery.Data.AllAnimal.from(Mock<Cat>())
  _ = animal.asCat?.‸
}

func fragmentAccessors() async {
  let animal = await AllAnimalsQuery.Data.AllAnimal.from(Mock<Dog>())
  _ = animal.fragments.‸
}

func fromArguments() async {
  let dog = Mock<Dog>(species: "Lab")
  _ = dog
  _ = await AllAnimalsQuery.Data.AllAnimal.from(‸)
}

func fromArgumentsInAnAsyncLet() async {
  let dog = Mock<Dog>(species: "Lab")
  _ = dog
  async let animal = AllAnimalsQuery.Data.AllAnimal.from(‸)
  _ = await animal
}

func fromWithVariablesInAThrowingTest() async throws {
  let dog = Mock<Dog>(species: "Lab")
  _ = dog
  _ = try await AllAnimalsQuery.Data.AllAnimal.from(‸, withVariables: nil)
}

func codeActionsOnAnAsyncLetRead() async {
  let cat = Mock<Cat>()
  async let animal = AllAnimalsQuery.Data.AllAnimal.from(cat)
  _ = await animal.spe‸cies
}

func fromArgumentsOfAFragment() async {
  _ = await HeightInMeters.from(‸)
}

func codeActionsOnAMockCall() async {
  let dog = Mock‸<Dog>(species: "Lab")
  _ = await AllAnimalsQuery.Data.AllAnimal.from(dog).height.feet
}

func codeActionsOnAnUnsetRead() async {
  let cat = Mock<Cat>()
  _ = await AllAnimalsQuery.Data.AllAnimal.from(cat).spe‸cies
}

func codeActionsOnAMisspelledLabel() async {
  _ = Mock<Dog>(spe‸ceis: "Lab")
}

func codeActionsOnAssignments() async {
  let dog = Mock<Dog>()
  dog.species = "Lab"
  dog.id = "1"
  _ = await AllAnimalsQuery.Data.AllAnimal.from(d‸og)
}

func labelsOfASelectionSetPlaceholder() async {
  _ = AllAnimalsQuery.Data.AllAnimal.placeholder(‸)
}

func labelsOfAFragmentPlaceholderAfterOne() async {
  _ = PetDetails.placeholder(id: "1", ‸)
}

func missingArgumentsOfAStruct() async {
  _ = Fixture(‸count: 1)
}
