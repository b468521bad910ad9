import Features
import Foundation
import GraphQLIndex
import MocklsTestSupport
import SwiftAnalysis
import XCTest

/// Every quick fix of every diagnostic of the scenario files, applied, against the goldens in `Tests/goldens/fixes`
/// (`MOCKLS_UPDATE=1` rewrites them: read the diff): the repository's own API (Examples/Bookshelf) from a lone clone,
/// Apollo's AnimalKingdom scenarios (`../shared`) as the cross-check.
final class CodeActionTests: XCTestCase {
    private static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("goldens/fixes")
    private static let diagnostics = goldens.deletingLastPathComponent().appendingPathComponent("diagnostics")

    private struct Scenario {
        var name: String
        var source: String
        var project: ProjectIndex
        var options: TestConventions
    }

    private static func read(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }

    /// `Tests/goldens/diagnostics/bookshelf.swift` on the repository's own API, with and without placeholders, and
    /// `animalkingdom.swift` on AnimalKingdom as Apollo 2.3 ships it (kept in the repository).
    private func ownScenarios() throws -> [Scenario] {
        let source = try Self.read(Self.diagnostics.appendingPathComponent("bookshelf.swift"))
        let project = try FeatureFixture.bookshelf().project
        return [
            Scenario(name: "bookshelf", source: source, project: project, options: TestConventions()),
            Scenario(name: "bookshelf-placeholders", source: source, project: project, options: TestConventions(placeholders: true)),
            Scenario(
                name: "own", source: try Self.read(Self.diagnostics.appendingPathComponent("animalkingdom.swift")),
                project: try FeatureFixture.animalKingdom().project, options: TestConventions()),
        ]
    }

    private func sharedScenarios() throws -> [Scenario] {
        let shared = try SharedFolder.require("fixtures/scenarios")
        let current = try Self.read(shared.appendingPathComponent("animalkingdom/Tests/AnimalKingdomTests/AnimalTests.swift"))
        let legacy = try Self.read(shared.appendingPathComponent("animalkingdom-1.15/Tests/AnimalKingdomTests/LegacyMockTests.swift"))
        let defaults = try project(.defaults)
        let optionalParameters = try project(.optionalParameters)
        return [
            Scenario(name: "animalkingdom", source: current, project: defaults, options: TestConventions()),
            Scenario(name: "animalkingdom-placeholders", source: current, project: defaults, options: TestConventions(placeholders: true)),
            Scenario(name: "animalkingdom-1.15", source: legacy, project: optionalParameters, options: TestConventions()),
            Scenario(name: "animalkingdom-1.15-placeholders", source: legacy, project: optionalParameters, options: TestConventions(placeholders: true)),
        ]
    }

    private func project(_ format: MockFormat) throws -> ProjectIndex {
        let fixture = try FeatureFixture(api: "AnimalKingdomAPI")
        let sources = fixture.project.documents.values.map { ($0.path, $0.role, $0.text) }.sorted { $0.0 < $1.0 }
        return ProjectIndex(namespace: "AnimalKingdomAPI", format: format, sources: sources)
    }

    /// The lines an edit changed, before and after.
    private static func diff(_ before: String, _ after: String) -> String {
        let old = before.split(separator: "\n", omittingEmptySubsequences: false)
        let new = after.split(separator: "\n", omittingEmptySubsequences: false)
        var start = 0
        while start < min(old.count, new.count), old[start] == new[start] { start += 1 }
        var end = 0
        while end < min(old.count, new.count) - start, old[old.count - 1 - end] == new[new.count - 1 - end] { end += 1 }
        return (["@@ line \(start + 1)"] + old[start..<(old.count - end)].map { "-" + $0 } + new[start..<(new.count - end)].map { "+" + $0 })
            .joined(separator: "\n")
    }

    private static func apply(_ edits: [Diagnostic.Fix], to source: String) -> String {
        var bytes = Array(source.utf8)
        for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            bytes.replaceSubrange(edit.range, with: Array(edit.text.utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    func testEveryFixAgainstTheGoldens() throws {
        try checkEveryFix(of: try ownScenarios())
    }

    func testEveryFixAgainstTheGoldensOfApollosSample() throws {
        try checkEveryFix(of: try sharedScenarios())
    }

    private func checkEveryFix(of scenarios: [Scenario]) throws {
        for scenario in scenarios {
            let project = scenario.project
            let file = SwiftFile(scenario.source)
            let diagnostics = MockDiagnostics.diagnostics(in: file, project: project, options: scenario.options)
            var report: [String] = []
            for diagnostic in diagnostics {
                let line = file.line(of: diagnostic.range.lowerBound)
                let actions = MockCodeActions.actions(
                    at: diagnostic.range, in: file, project: project, diagnostics: [diagnostic], options: scenario.options
                ).filter { $0.kind == .quickFix }
                if actions.isEmpty { report.append("-- line \(line) \(diagnostic.code): no fix --") }
                for action in actions {
                    let preferred = action.isPreferred ? " (preferred)" : ""
                    report.append("-- line \(line) \(diagnostic.code): \(action.title)\(preferred) --")
                    report.append(Self.diff(scenario.source, Self.apply(action.edits, to: scenario.source)))
                }
            }
            // The refactorings of every `Mock<…>(` call.
            let lines = scenario.source.split(separator: "\n", omittingEmptySubsequences: false)
            var offset = 0
            for (index, line) in lines.enumerated() {
                defer { offset += line.utf8.count + 1 }
                guard let column = line.range(of: "Mock<").map({ line.utf8.distance(from: line.startIndex, to: $0.lowerBound) }) else { continue }
                let at = offset + column + 5
                for action in MockCodeActions.refactorings(at: at..<at, in: file, project: project, options: scenario.options) {
                    report.append("-- line \(index + 1) refactoring: \(action.title) --")
                    report.append(Self.diff(scenario.source, Self.apply(action.edits, to: scenario.source)))
                }
            }
            let text = report.joined(separator: "\n") + "\n"
            let url = Self.goldens.appendingPathComponent("\(scenario.name).txt")
            if ProcessInfo.processInfo.environment["MOCKLS_UPDATE"] == "1" {
                try text.write(to: url, atomically: true, encoding: .utf8)
            } else {
                XCTAssertEqual(text, try String(contentsOf: url, encoding: .utf8), "\(scenario.name): run with MOCKLS_UPDATE=1 and read the diff")
            }
        }
    }

    /// "Set every field this test reads but its mocks never set", applied to each function with an
    /// `unset-field-read`, leaves none: in the file as the fixes leave it, nothing crashes any more.
    func testSettingEveryUnsetFieldLeavesNone() throws {
        let scenarios = try ownScenarios()
        for scenario in scenarios {
            XCTAssertTrue(MockDiagnostics.diagnostics(in: SwiftFile(scenario.source), project: scenario.project, options: scenario.options)
                .contains { $0.code == .unsetFieldRead }, "\(scenario.name) has an unset-field-read to fix")
        }
        try checkSettingEveryUnsetFieldLeavesNone(in: scenarios)
    }

    func testSettingEveryUnsetFieldLeavesNoneInApollosSample() throws {
        try checkSettingEveryUnsetFieldLeavesNone(in: try sharedScenarios())
    }

    private func checkSettingEveryUnsetFieldLeavesNone(in scenarios: [Scenario]) throws {
        for scenario in scenarios {
            let project = scenario.project
            var source = scenario.source
            for _ in 0..<40 {
                let file = SwiftFile(source)
                guard let unset = MockDiagnostics.diagnostics(in: file, project: project, options: scenario.options)
                    .first(where: { $0.code == .unsetFieldRead })
                else { break }
                let all = try XCTUnwrap(MockCodeActions.setEveryUnsetField(
                    inFunctionAt: unset.range.lowerBound, in: file, project: project, options: scenario.options), scenario.name)
                source = Self.apply([all.edit], to: source)
            }
            let left = MockDiagnostics.diagnostics(in: SwiftFile(source), project: project, options: scenario.options)
                .filter { $0.code == .unsetFieldRead }
            XCTAssertEqual(left.map(\.message), [], scenario.name)
        }
    }
}

/// A read in a loop over a list of like mocks crashes on each element: one diagnostic, whose fix sets the field on
/// every element, or no fix when the loop follows only some of them.
final class LoopFixTests: XCTestCase {
    /// On the repository's own API (Examples/Bookshelf).
    func testOneFixSetsTheFieldOnEveryShelf() throws {
        let project = try FeatureFixture.bookshelf().project
        let source = """
            func test_loop() {
              let data = ShelvesQuery.Data.from(Mock<Query>(shelves: [Mock<Shelf>(), Mock<Shelf>()]))
              for shelf in data.shelves {
                XCTAssertEqual(shelf.label, "")
              }
            }
            """
        let diagnostics = MockDiagnostics.diagnostics(in: SwiftFile(source), project: project, options: TestConventions())
        XCTAssertEqual(diagnostics.map(\.code), [.unsetFieldRead])
        let fix = try XCTUnwrap(diagnostics.first?.fixes.first)
        XCTAssertEqual(fix.title, "Set `label` on each of the 2 `Mock<Shelf>`")
        var bytes = Array(source.utf8)
        bytes.replaceSubrange(fix.range, with: Array(fix.text.utf8))
        let fixed = String(decoding: bytes, as: UTF8.self)
        XCTAssertTrue(fixed.contains(#"[Mock<Shelf>(label: ""), Mock<Shelf>(label: "")]"#), fixed)
        XCTAssertEqual(MockDiagnostics.diagnostics(in: SwiftFile(fixed), project: project, options: TestConventions()), [])
    }

    private func source(dogs: Int) -> String {
        let list = Array(repeating: "Mock<Dog>()", count: dogs).joined(separator: ", ")
        return """
            func test_loop() {
              let data = AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: [\(list)]))
              for animal in data.allAnimals {
                XCTAssertEqual(animal.species, "")
              }
            }
            """
    }

    func testOneFixSetsTheFieldOnEveryElement() throws {
        let project = try FeatureFixture.animalKingdom().project
        let source = source(dogs: 3)
        let diagnostics = MockDiagnostics.diagnostics(in: SwiftFile(source), project: project, options: TestConventions())
        XCTAssertEqual(diagnostics.map(\.code), [.unsetFieldRead])
        let fix = try XCTUnwrap(diagnostics.first?.fixes.first)
        XCTAssertEqual(diagnostics.first?.fixes.count, 1)
        XCTAssertEqual(fix.title, "Set `species` on each of the 3 `Mock<Dog>`")
        var bytes = Array(source.utf8)
        bytes.replaceSubrange(fix.range, with: Array(fix.text.utf8))
        let fixed = String(decoding: bytes, as: UTF8.self)
        XCTAssertTrue(fixed.contains(#"[Mock<Dog>(species: ""), Mock<Dog>(species: ""), Mock<Dog>(species: "")]"#), fixed)
        XCTAssertEqual(MockDiagnostics.diagnostics(in: SwiftFile(fixed), project: project, options: TestConventions()), [])
    }

    func testNoFixWhenTheLoopFollowsOnlySomeElements() throws {
        let project = try FeatureFixture.animalKingdom().project
        let diagnostics = MockDiagnostics.diagnostics(in: SwiftFile(source(dogs: 20)), project: project, options: TestConventions())
        XCTAssertEqual(diagnostics.map(\.code), [.unsetFieldRead], "the first element already crashes")
        XCTAssertEqual(diagnostics.first?.fixes, [], "setting it on the 16 elements followed would leave 4 crashing")
    }
}

/// Refactorings of a `Mock<T>(…)` call at the cursor (`1️⃣`).
final class MockRefactoringTests: XCTestCase {
    /// `bookshelf`: on the repository's own API; else on AnimalKingdom as Apollo 2.3 ships it (kept in the repository).
    private func refactor(_ marked: String, placeholders: Bool = false, bookshelf: Bool = false) throws -> [String: String] {
        let fixture = bookshelf ? try FeatureFixture.bookshelf() : try FeatureFixture.animalKingdom()
        let source = MarkedSource(marked).text
        let offset = try XCTUnwrap(MarkedSource(marked).offsets["1️⃣"])
        let actions = MockCodeActions.refactorings(
            at: offset..<offset, in: SwiftFile(source), project: fixture.project, options: TestConventions(placeholders: placeholders))
        var results: [String: String] = [:]
        for action in actions {
            var bytes = Array(source.utf8)
            for edit in action.edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
                bytes.replaceSubrange(edit.range, with: Array(edit.text.utf8))
            }
            XCTAssertEqual(action.kind, .refactor)
            results[action.title] = String(decoding: bytes, as: UTF8.self)
        }
        return results
    }

    func testFillEveryFieldAndOneInitializerCallOnTheOwnAPI() throws {
        let filled = try refactor("let book = Mock<Book>(1️⃣title: \"Dune\")", bookshelf: true)
        XCTAssertEqual(filled["Fill every field of `Mock<Book>`"], """
            let book = Mock<Book>(
                author: Mock<Author>(),
                coAuthors: [],
                genre: .case(.fiction),
                id: "",
                title: "Dune"
            )
            """)
        let built = try refactor("""
            func t() {
              let book = Mock<B1️⃣ook>()
              book.title = "Dune"
              book.id = "1"
              _ = BookQuery.Data.Book.from(book)
            }
            """, bookshelf: true)
        XCTAssertEqual(built["Build `Mock<Book>` with one initializer call"], """
            func t() {
              let book = Mock<Book>(id: "1", title: "Dune")
              _ = BookQuery.Data.Book.from(book)
            }
            """)
    }

    func testFillEveryField() throws {
        let results = try refactor("func t() {\n  let h = Mock<Height>(1️⃣inches: 2)\n}\n")
        XCTAssertEqual(results["Fill every field of `Mock<Height>`"], """
            func t() {
              let h = Mock<Height>(
                  centimeters: 0.0,
                  feet: 0,
                  inches: 2,
                  meters: 0,
                  relativeSize: .case(.large)
              )
            }

            """)
        let placeholders = try refactor("let h = Mock<Height>(1️⃣)", placeholders: true)
        XCTAssertEqual(
            placeholders["Fill every field of `Mock<Height>` with `.placeholder()`"],
            "let h = Mock<Height>(\n    centimeters: .placeholder(),\n    feet: .placeholder(),\n    inches: Int.placeholder(),\n    meters: .placeholder(),\n    relativeSize: .placeholder()\n)")
        XCTAssertEqual(placeholders["Use `Mock<Height>.placeholder(…)`"], "let h = Mock<Height>.placeholder()")
        XCTAssertNil(try refactor("let h = Mock<Height>(1️⃣)")["Use `Mock<Height>.placeholder(…)`"], "only where the factories exist")
    }

    func testAssignmentsBecomeOneInitializerCall() throws {
        let results = try refactor("""
            func t() {
              let cat = Mock<C1️⃣at>()
              cat.species = "Tabby"
              cat.id = "c1"
              let animal = AllAnimalsQuery.Data.AllAnimal.from(cat)
            }
            """)
        XCTAssertEqual(results["Build `Mock<Cat>` with one initializer call"], """
            func t() {
              let cat = Mock<Cat>(id: "c1", species: "Tabby")
              let animal = AllAnimalsQuery.Data.AllAnimal.from(cat)
            }
            """)
    }
}

/// Factories and missing arguments for plain structs.
final class StructFactoryTests: XCTestCase {
    private func apply(_ action: MockCodeAction, to source: String) -> String {
        var bytes = Array(source.utf8)
        for edit in action.edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            bytes.replaceSubrange(edit.range, with: Array(edit.text.utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    func testShapesFollowTheMemberwiseInitializer() {
        let shapes = SwiftFile("""
            struct User {
                let id: String
                var name: String
                var nickname: String?
                var age: Int = 0
                let kind = "user"
                var display: String { name }
                static var count = 0
            }
            struct Custom { let a: Int; init() { a = 1 } }
            enum Outer { struct Inner { var flag: Bool } }
            """).structShapes()
        XCTAssertEqual(shapes.map(\.qualifiedName), ["User", "Outer.Inner"])
        // Found by the Swift fuzz surface: a struct still being written gets no factory (`extension  {` would not parse).
        for unfinished in [
            "struct  {\n    var a: Int\n}\n", "enum  { struct Inner { var a: Int } }\n", "struct User { var age: In(t }\n",
            // The factory would go after the outer class's end, which its missing brace puts nowhere in particular.
            "class Tests {\n  struct Answers { var hover: String? }\n  func test() {\n",
        ] {
            XCTAssertEqual(SwiftFile(unfinished).structShapes().map(\.qualifiedName), [], unfinished)
        }
        XCTAssertEqual(shapes[0].parameters.map(\.label), ["id", "name", "nickname", "age"])
        XCTAssertEqual(shapes[0].parameters.map(\.defaultValue), [nil, nil, "nil", "0"])
    }

    func testGenerateAFactory() throws {
        let source = "struct User {\n    let name: String\n    var age: Int\n}\n"
        let offset = Array(source.utf8).firstIndex(of: UInt8(ascii: "U"))! + 1
        let file = SwiftFile(source)
        let action = try XCTUnwrap(StructFactories.actions(at: offset..<offset, in: file, structs: []).first)
        XCTAssertEqual(action.title, "Generate `User.placeholder(…)`")
        XCTAssertEqual(apply(action, to: source), """
            struct User {
                let name: String
                var age: Int
            }

            extension User {
                static func placeholder(
                    name: String = .placeholder(),
                    age: Int = .placeholder()
                ) -> User {
                    User(name: name, age: age)
                }
            }

            """)
    }

    func testAddMissingArgumentsInOrder() throws {
        let shapes = SwiftFile("struct User { let id: String; let name: String; var age: Int; var nickname: String? }").structShapes()
        for (source, expected) in [
            ("let u = User(age: 20)", "let u = User(id: .placeholder(), name: .placeholder(), age: 20)"),
            ("let u = User(id: \"1\")", "let u = User(id: \"1\", name: .placeholder(), age: .placeholder())"),
            ("let u = User()", "let u = User(id: .placeholder(), name: .placeholder(), age: .placeholder())"),
        ] {
            let offset = source.utf8.count - 2
            let actions = StructFactories.actions(at: offset..<offset, in: SwiftFile(source), structs: shapes)
            let add = try XCTUnwrap(actions.first { $0.title == "Add missing arguments with `.placeholder()`" }, source)
            XCTAssertEqual(apply(add, to: source), expected)
        }
        XCTAssertTrue(StructFactories.actions(at: 15..<15, in: SwiftFile("let u = User(id: \"1\", name: \"a\", age: 1)"), structs: shapes)
            .filter { $0.title.hasPrefix("Add") }.isEmpty, "nothing missing")
    }
}
