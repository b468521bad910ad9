import Features
import Foundation
import GraphQLIndex
import MocklsTestSupport
import SwiftAnalysis
import XCTest

/// No cursor position and no half-typed prefix of a real test file makes a feature trap.
final class FeatureRobustnessTests: XCTestCase {
    /// A test file full of AnimalKingdom's mocks, the diagnostics golden (`Tests/goldens/diagnostics`).
    private func scenarioTest() throws -> String {
        let url = FeatureFixture.repository.appendingPathComponent("Tests/goldens/diagnostics/animalkingdom.swift")
        return try String(contentsOf: url, encoding: .utf8)
    }

    func testEveryOffsetOfAScenarioFile() throws {
        let fixture = try FeatureFixture.animalKingdom()
        let source = try scenarioTest()
        let file = SwiftFile(source)
        var answered = 0
        let diagnostics = MockDiagnostics.diagnostics(in: file, project: fixture.project, options: TestConventions())
        let structs = file.structShapes()
        for offset in 0...(source.utf8.count + 2) {
            if !MockCompletions.completions(at: offset, in: file, project: fixture.project, placeholders: false).isEmpty { answered += 1 }
            if MockHover.hover(at: offset, in: file, project: fixture.project) != nil { answered += 1 }
            _ = MockDefinition.definition(at: offset, in: file, project: fixture.project)
            if offset % 3 == 0 {
                let range = offset..<min(offset + 4, source.utf8.count + 2)
                if !MockCodeActions.actions(at: range, in: file, project: fixture.project, diagnostics: diagnostics).isEmpty { answered += 1 }
                _ = StructFactories.actions(at: range, in: file, structs: structs)
            }
        }
        XCTAssertGreaterThan(answered, 100, "the features answer somewhere in a file full of mocks")
    }

    /// GraphQL completion at every offset of the repository's documents (AnimalKingdom as Apollo 2.3 ships it,
    /// Examples/Bookshelf), whole and cut off there as if typed.
    func testGraphQLCompletionAtEveryOffsetOfTheRepositorysDocuments() throws {
        var answered = 0
        for fixture in [try FeatureFixture.animalKingdom(), try FeatureFixture.bookshelf()] {
            for document in fixture.project.documents.values {
                let text = document.text
                for offset in 0...text.count {
                    let whole = GraphQLCompletion.completions(at: offset, in: text, role: document.role, project: fixture.project)
                    let typed = GraphQLCompletion.completions(at: offset, in: Array(text[..<offset]), role: document.role, project: fixture.project)
                    for completion in whole + typed {
                        XCTAssertTrue(completion.replaceRange.lowerBound >= 0 && completion.replaceRange.upperBound <= text.count)
                    }
                    if !typed.isEmpty { answered += 1 }
                }
            }
        }
        XCTAssertGreaterThan(answered, 1000)
    }

    func testEveryPrefixAsTyped() throws {
        let fixture = try FeatureFixture.animalKingdom()
        let bytes = Array(try scenarioTest().utf8)
        var previous: (text: [UInt8], file: SwiftFile)?
        for end in stride(from: 0, through: bytes.count, by: 5) {
            let text = Array(bytes[..<end])
            let file = previous.map { $0.file.updated(to: text) } ?? SwiftFile(text)
            _ = MockCompletions.completions(at: end, in: file, project: fixture.project, placeholders: false)
            _ = MockHover.hover(at: max(0, end - 1), in: file, project: fixture.project)
            if end % 25 == 0 {
                let diagnostics = MockDiagnostics.diagnostics(in: file, project: fixture.project, options: TestConventions())
                _ = MockCodeActions.actions(at: max(0, end - 5)..<end, in: file, project: fixture.project, diagnostics: diagnostics)
            }
            previous = (text, file)
        }
        XCTAssertEqual(previous?.file.tree.description, String(decoding: bytes[..<(bytes.count / 5 * 5)], as: UTF8.self))
    }

    /// Recursion through what the value-flow reading follows ends, with nothing judged: helpers that call themselves
    /// or each other, closures stored and called later, closures that return closures, key paths of key paths, lists
    /// sorted over and over (each element one of many), and closures nested deep. Every feature answers, silent
    /// where it cannot follow.
    func testRecursionThroughClosuresHelpersAndKeyPathsEnds() throws {
        let fixture = try FeatureFixture.animalKingdom()
        let nested = String(repeating: "xs.map { xs in ", count: 60) + "xs" + String(repeating: " }", count: 60)
        let sorted = "dogs" + String(repeating: ".sorted { $0.id < $1.id }", count: 12)
        let source = """
            import ApolloTestSupport
            func makeDog() -> Mock<Dog> { let dog = makeDog(); return dog }
            func ping() -> AllAnimalsQuery.Data.AllAnimal { return .from(pongDog()) }
            func pongDog() -> Mock<Dog> { let animal = ping(); return Mock<Dog>(id: animal.id) }
            let fixture: Mock<Dog> = { fixture }()
            final class RecursionTests: XCTestCase {
              func test_recursion() throws {
                let data = AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: [makeDog(), pongDog()]))
                let later = { AllAnimalsQuery.Data.AllAnimal.from(later()) }
                let dog = later()
                XCTAssertEqual(dog.height.feet, 1)
                let make = { { { Mock<Dog>() } } }
                XCTAssertEqual(AllAnimalsQuery.Data.AllAnimal.from(make()()()).id, "1")
                XCTAssertEqual(data.allAnimals.map(\\.height.feet), [1])
                XCTAssertEqual(data.allAnimals.map(\\.self).map(\\.predators).flatMap(\\.self).map(\\.species), [])
                let dogs = data.allAnimals
                XCTAssertEqual(\(sorted).first?.species, "Lab")
                let xs = [dogs]
                XCTAssertEqual(\(nested).count, 1)
                XCTAssertEqual(try XCTUnwrap(XCTUnwrap(XCTUnwrap(fixture))).id, "1")
              }
            }
            """
        let file = SwiftFile(source)
        let helpers = WorkspaceHelpers(helpers: file.modelHelpers())
        let diagnostics = MockDiagnostics.diagnostics(in: file, project: fixture.project, options: TestConventions(), helpers: helpers)
        // Nothing is judged through what is not followed: a closure called later, closures returning closures, a fixture
        // that is itself. (`pongDog()` ends where it would call itself again: its `Mock<Dog>` has no height.)
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        let judged = diagnostics.map { lines[file.line(of: $0.range.lowerBound) - 1] }
        XCTAssertFalse(judged.contains { $0.contains("dog.height") || $0.contains("make()") || $0.contains("fixture") }, "\(diagnostics)")
        _ = SelectionCoverage.uses(in: file, project: fixture.project, helpers: helpers)
        for offset in stride(from: 0, to: source.utf8.count, by: 17) {
            _ = MockCompletions.completions(at: offset, in: file, project: fixture.project, placeholders: false)
            _ = MockHover.hover(at: offset, in: file, project: fixture.project)
            _ = MockResponse.response(at: offset, in: file, project: fixture.project, options: TestConventions(), helpers: helpers)
        }
    }

    /// Found by `make fuzz`: a struct declaring one property twice has no memberwise initializer; the struct-factory
    /// actions on a call of it used to trap building the parameter order.
    func testAStructWithADuplicatedPropertyGetsNoFactoryFix() {
        let source = """
            struct Record { var name: String?; var count: Int; var count: Int; var tags: [String] }
            func test() {
              let record = Record(name: nil)
            }
            """
        let file = SwiftFile(source)
        let structs = file.structShapes()
        for offset in 0...source.utf8.count {
            _ = StructFactories.actions(at: offset..<offset, in: file, structs: structs)
        }
        let call = source.utf8.count - 6
        XCTAssertFalse(StructFactories.actions(at: call..<call, in: file, structs: structs).contains { $0.title.contains("missing arguments") })
    }
}
