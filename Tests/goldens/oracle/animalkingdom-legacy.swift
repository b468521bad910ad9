// Completion oracle, Apollo iOS before 1.23, every initializer parameter `T? = nil`: the cases of
// animalkingdom.swift are checked against those mocks too; these are the ones only they have
// (Tests/FeaturesTests/CompletionOracleTests.swift).
import ApolloTestSupport
import AnimalKingdomAPI
import AnimalKingdomAPITestMocks

func labelsOfALegacyMockWithNil() {
  _ = Mock<Dog>(height: nil, ‸species: "Lab")
}

func renamingALabelWhoseValueIsNil() {
  _ = Mock<Cat>(spe‸ceis: nil)
}
