import Features
import GraphQLIndex
import MocklsTestSupport
import SwiftAnalysis
import XCTest

/// Signature help at markers in test code (the repository's own API from a lone clone, AnimalKingdom with
/// ../shared): the signature shown and the parameter the cursor is at.
final class SignatureHelpTests: XCTestCase {
    private func help(_ marked: String, format: MockFormat = .defaults, bookshelf: Bool = false) throws -> [String: Signature?] {
        let fixture = bookshelf ? try FeatureFixture.bookshelf(format: format) : try FeatureFixture(api: "AnimalKingdomAPI", format: format)
        let source = MarkedSource(marked)
        let file = SwiftFile(source.text)
        return Dictionary(uniqueKeysWithValues: source.offsets.map { ($0.key, SignatureHelp.signature(at: $0.value, in: file, project: fixture.project)) })
    }

    private func active(_ signature: Signature??) -> String? {
        guard let signature = signature ?? nil, let index = signature.activeParameter else { return nil }
        return signature.parameters[index].label
    }

    func testMockInitializerOfTheOwnAPI() throws {
        let found = try help("""
            func test() {
              let book = Mock<Book>(1️⃣title: "Du2️⃣ne")
              _ = Mock<Book>(author: Mock<Author>(name: 3️⃣"x"), 4️⃣
            }
            """, bookshelf: true)
        let signature = try XCTUnwrap(found["1️⃣"] ?? nil)
        XCTAssertEqual(signature.label, """
            Mock<Book>(author: Mock<Author> = Mock<Author>(), coAuthors: [Mock<Author>] = [], \
            genre: GraphQLEnum<BookshelfAPI.Genre> = .case(.fiction), id: BookshelfAPI.ID = "", published: BookshelfAPI.Date? = nil, \
            rating: Double? = nil, title: String = "")
            """)
        XCTAssertEqual(active(found["1️⃣"]), #"title: String = """#)
        XCTAssertEqual(active(found["2️⃣"]), #"title: String = """#)
        XCTAssertEqual((found["3️⃣"] ?? nil)?.label.hasPrefix("Mock<Author>("), true)
        XCTAssertEqual(active(found["3️⃣"]), #"name: String = """#)
        XCTAssertEqual(active(found["4️⃣"]), "coAuthors: [Mock<Author>] = []")
    }

    func testMockInitializerFollowsTheArgumentAtTheCursor() throws {
        let found = try help("""
            func test() {
              let dog = Mock<Dog>(1️⃣species: "La2️⃣b", 3️⃣)
              let other = Mock<Dog>(height: Mock<Height>(feet: 4️⃣2), 5️⃣
              _ = Mock<Dog>(species: String(6️⃣"x"))
              _ = Mock<Dog>(spe7️⃣ceis: "x")
            }
            """)
        let signature = try XCTUnwrap(found["1️⃣"] ?? nil)
        XCTAssertTrue(signature.label.hasPrefix("Mock<Dog>(birthdate: AnimalKingdomAPI.CustomDate? = nil, bodyTemperature: Int = 0, "), signature.label)
        XCTAssertEqual(signature.parameters.count, 12)
        XCTAssertEqual(active(found["1️⃣"]), #"species: String = """#)
        XCTAssertEqual(active(found["2️⃣"]), #"species: String = """#)
        // After `species`, nothing may follow it in Apollo's order: no active parameter.
        XCTAssertNil(active(found["3️⃣"]))
        // In a nested mock, its own signature; after it, the outer call's next parameter.
        XCTAssertEqual((found["4️⃣"] ?? nil)?.label.hasPrefix("Mock<Height>("), true)
        XCTAssertEqual(active(found["4️⃣"]), "feet: Int = 0")
        XCTAssertEqual(active(found["5️⃣"]), #"houseDetails: AnimalKingdomAPI.Object? = nil"#)
        // Inside a call mockls does not know: the mock call around it.
        XCTAssertEqual(active(found["6️⃣"]), #"species: String = """#)
        // A label that names no parameter: the signature, with none active.
        XCTAssertNotNil(found["7️⃣"] ?? nil)
        XCTAssertNil(active(found["7️⃣"]))
        XCTAssertTrue(try XCTUnwrap(signature.parameters.first { $0.label.hasPrefix("height") }?.documentation).contains("Height"))
    }

    func testBeforeOneTwentyThreeEveryParameterDefaultsToNil() throws {
        let found = try help("_ = Mock<Dog>(1️⃣)", format: .optionalParameters)
        XCTAssertEqual(active(found["1️⃣"]), "birthdate: AnimalKingdomAPI.CustomDate? = nil")
        XCTAssertTrue(try XCTUnwrap(found["1️⃣"] ?? nil).label.contains("species: String? = nil"))
    }

    func testFromAndItsVariables() throws {
        let found = try help("""
            func test() async {
              _ = await AllAnimalsQuery.Data.AllAnimal.from(1️⃣)
              _ = await AllAnimalsQuery.Data.AllAnimal.from(dog, 2️⃣)
              _ = await HeightInMeters.from(dog, withVariables: 3️⃣nil)
              _ = AllAnimalsQuery.Data.AllAnimal.AsDog.from(4️⃣)
            }
            """, format: .apolloTwo)
        let signature = try XCTUnwrap(found["1️⃣"] ?? nil)
        XCTAssertEqual(
            signature.label,
            "AllAnimalsQuery.Data.AllAnimal.from(_ mock: Mock<O>, withVariables variables: GraphQLOperation.Variables? = nil) async -> AllAnimal")
        XCTAssertEqual(active(found["1️⃣"]), "_ mock: Mock<O>")
        XCTAssertTrue(try XCTUnwrap(signature.parameters[0].documentation).contains("`Mock<Dog>`"))
        XCTAssertEqual(active(found["2️⃣"]), "withVariables variables: GraphQLOperation.Variables? = nil")
        XCTAssertEqual(active(found["3️⃣"]), "withVariables variables: GraphQLOperation.Variables? = nil")
        // A type case has no `from(_:)`.
        XCTAssertNil(found["4️⃣"] ?? nil)
    }

    func testPlaceholderFactories() throws {
        let found = try help("""
            _ = Mock<Height>.placeholder(feet: 1, 1️⃣)
            _ = AllAnimalsQuery.Data.AllAnimal.placeholder(2️⃣)
            _ = AllAnimalsQuery.Data.AllAnimal.Height(feet: 2, 3️⃣)
            """)
        XCTAssertEqual((found["1️⃣"] ?? nil)?.label.hasPrefix("Mock<Height>.placeholder(centimeters: Double = .placeholder(), feet: Int = .placeholder(), "), true)
        XCTAssertEqual(active(found["1️⃣"]), "inches: Int? = nil")
        XCTAssertEqual((found["2️⃣"] ?? nil)?.label.hasPrefix("AllAnimalsQuery.Data.AllAnimal.placeholder("), true)
        // A selection set's initializer (with `selectionSetInitializers`).
        XCTAssertEqual((found["3️⃣"] ?? nil)?.label, "AllAnimalsQuery.Data.AllAnimal.Height(feet: Int, inches: Int? = nil, meters: Int)")
        XCTAssertEqual(active(found["3️⃣"]), "inches: Int? = nil")
    }

    func testNoSignatureOutsideACall() throws {
        let found = try help("""
            func test() {
              let dog = Mock<Dog>(species: "x")1️⃣
              print(2️⃣dog)
            }
            """)
        XCTAssertNil(found["1️⃣"] ?? nil)
        XCTAssertNil(found["2️⃣"] ?? nil)
    }
}

/// Completion after a leading dot in an argument value: what an implicit member of the parameter's type can be.
final class LeadingDotCompletionTests: XCTestCase {
    func testEnumCasesInitAndPlaceholder() throws {
        let fixture = try FeatureFixture(api: "AnimalKingdomAPI")
        func items(_ marked: String, placeholders: Bool = false) -> [String] {
            let source = MarkedSource(marked)
            return MockCompletions.completions(at: source["1️⃣"], in: SwiftFile(source.text), project: fixture.project, placeholders: placeholders)
                .map(\.label)
        }
        XCTAssertEqual(items("_ = Mock<Height>(relativeSize: .1️⃣)"), [".case(.large)", ".case(.average)", ".case(.small)"])
        // Non-null in 1.23+: `.placeholder()` finds the factory; nullable, it would find Optional's (nil): left out.
        XCTAssertEqual(items("_ = Mock<Dog>(height: .1️⃣)", placeholders: true), [".init()", ".placeholder()"])
        XCTAssertEqual(items("_ = Mock<Dog>(owner: .1️⃣)", placeholders: true), [".init()"])
        XCTAssertEqual(items("_ = Mock<Dog>(height: .1️⃣)"), [".init()"])
        // A string has no implicit member to offer; an interface has no mock of its own.
        XCTAssertEqual(items("_ = Mock<Dog>(species: .1️⃣)"), [])
        XCTAssertEqual(items("_ = Mock<Dog>(predators: [.1️⃣])"), [])
    }
}
