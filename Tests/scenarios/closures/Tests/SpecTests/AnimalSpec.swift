import ApolloTestSupport
import AnimalKingdomAPI
import AnimalKingdomAPITestMocks

// A line that must carry a diagnostic ends with an `expect:` comment (the code, then words of the message); every
// other line must carry none. Apollo iOS >= 1.23 mocks. Tests written in closures: Quick specs.
final class AnimalSpec: QuickSpec {
  override class func spec() {
    describe("a dog") {
      let dog = Mock<Dog>(id: "1", species: "Lab")

      it("reads what it set, and a height it never set") {
        let animal = AllAnimalsQuery.Data.AllAnimal.from(dog)
        expect(animal.species).to(equal("Lab"))
        expect(animal.height.feet).to(equal(2)) // expect: unset-field-read feet Height
      }

      context("with a height") {
        it("reads its feet") {
          let tall = Mock<Dog>(height: Mock<Height>(feet: 2, inches: 7), species: "Lab")
          expect(AllAnimalsQuery.Data.AllAnimal.from(tall).height.feet).to(equal(2))
        }
      }

      it("misspells a field") {
        _ = Mock<Dog>(speceis: "Lab") // expect: unknown-mock-field speceis species
      }

      it("converts the wrong mock") {
        let rock = Mock<PetRock>()
        _ = DogFragment.from(rock) // expect: mock-type-mismatch PetRock Dog
      }

      xit("never runs") {
        let cat = Mock<Cat>()
        expect(AllAnimalsQuery.Data.AllAnimal.from(cat).id).to(equal("c"))
      }
    }

    describe("a cat set up before each example") {
      var cat: Mock<Cat>!
      beforeEach {
        cat = Mock<Cat>()
        cat.id = "c"
      }

      it("reads what beforeEach set") {
        let animal = AllAnimalsQuery.Data.AllAnimal.from(cat)
        expect(animal.id).to(equal("c"))
      }
    }

    describe("a mock changed before each example") {
      let bird = Mock<Bird>()
      beforeEach {
        bird.id = "b"
      }

      it("reads what beforeEach set on it") {
        expect(AllAnimalsQuery.Data.AllAnimal.from(bird).id).to(equal("b"))
      }
    }
  }
}
