import Features
import Foundation
import GraphQLIndex
import XCTest

/// Completion on Apollo's AnimalKingdom sample API, at `1️⃣` in code as it is typed.
final class MockCompletionsTests: XCTestCase {
    private static let project: (schema: Schema, model: MockModel)? = {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let graphql = repository.deletingLastPathComponent().appendingPathComponent("shared/fixtures/apollo/AnimalKingdomAPI/graphql")
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: graphql.path) else { return nil }
        var sources: [(path: String, role: DocumentRole, text: [UInt8])] = []
        for name in names.sorted() where name.hasSuffix(".graphql") || name.hasSuffix(".graphqls") {
            let data = try! Data(contentsOf: graphql.appendingPathComponent(name))
            sources.append((name, name.hasSuffix(".graphqls") ? .schema : .executable, Array(data)))
        }
        let index = ProjectIndex(namespace: "AnimalKingdomAPI", sources: sources)
        return (index.schema, index.mockModel)
    }()

    private func complete(_ marked: String) throws -> [Completion] {
        guard let project = Self.project else { throw XCTSkip("../shared is not beside the repository") }
        let range = marked.range(of: "1️⃣")!
        let offset = marked.utf8.distance(from: marked.startIndex, to: range.lowerBound)
        return MockCompletions.completions(
            at: offset, in: marked.replacingCharacters(in: range, with: ""), model: project.model, schema: project.schema)
    }

    func testTypeArgumentsAreTheMockedObjects() throws {
        let items = try complete("let dog = Mock<Do1️⃣")
        XCTAssertEqual(items.map(\.label), ["Bird", "Cat", "Crocodile", "Dog", "Fish", "Height", "Human", "Mutation", "PetRock", "Query", "Rat"])
        XCTAssertEqual(items.first { $0.label == "Dog" }?.replaceRange, 15..<17)
    }

    func testArgumentsInApollosOrderWithoutTheGivenOnes() throws {
        let items = try complete("let dog = Mock<Dog>(id: \"1\", 1️⃣")
        XCTAssertEqual(Array(items.map(\.label).prefix(4)), ["birthdate", "bodyTemperature", "favoriteToy", "height"])
        XCTAssertFalse(items.contains { $0.label == "id" })
        let height = try XCTUnwrap(items.first { $0.label == "height" })
        XCTAssertEqual(height.detail, "Mock<Height> = Mock<Height>()")
        XCTAssertEqual(height.insertText, "height: ")
        XCTAssertEqual(height.snippet, "height: ${1:Mock<Height>()}")
        XCTAssertTrue(height.documentation?.contains("`height: Height!`") ?? false)
        XCTAssertEqual(items.first { $0.label == "skinCovering" }?.detail, "GraphQLEnum<AnimalKingdomAPI.SkinCovering>? = nil")
    }

    func testValuesForAbstractEnumAndListFields() throws {
        let owner = try complete("let dog = Mock<Dog>(owner: 1️⃣")
        XCTAssertEqual(owner.map(\.label), ["Mock<Human>()"])
        let predators = try complete("let dog = Mock<Dog>(predators: 1️⃣")
        XCTAssertEqual(predators.map(\.label), ["[Mock<Bird>()]", "[Mock<Cat>()]", "[Mock<Crocodile>()]", "[Mock<Dog>()]", "[Mock<Fish>()]", "[Mock<Human>()]", "[Mock<Rat>()]"])
        let skin = try complete("let dog = Mock<Dog>(skinCovering: 1️⃣")
        XCTAssertEqual(skin.first?.label, ".case(.fur)")
    }

    func testNothingOutsideMockCode() throws {
        XCTAssertEqual(try complete("print(1️⃣"), [])
        XCTAssertEqual(try complete("let x = Mock<Unknown>(1️⃣"), [])
    }
}
