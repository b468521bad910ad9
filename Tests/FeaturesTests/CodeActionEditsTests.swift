import Features
import Foundation
import GraphQLIndex
import MocklsTestSupport
import SourceText
import SwiftAnalysis
import XCTest

/// The edits of one code action never overlap (the protocol forbids it: clients reject the action or corrupt the
/// file), asked at every column of every line of the diagnostics goldens and of statements written on one line, on
/// AnimalKingdom as Apollo 2.3 ships it (kept in the repository) and Examples/Bookshelf.
final class CodeActionEditsTests: XCTestCase {
    private func overlaps(_ edits: [Diagnostic.Fix]) -> Bool {
        let sorted = edits.sorted { ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound) }
        return zip(sorted, sorted.dropFirst()).contains { first, second in
            first.range.upperBound > second.range.lowerBound || (first.range.isEmpty && second.range.lowerBound == first.range.lowerBound)
        }
    }

    private func apply(_ edits: [Diagnostic.Fix], to source: String) -> String {
        var bytes = Array(source.utf8)
        for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            bytes.replaceSubrange(edit.range, with: Array(edit.text.utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    func testAssignmentsOnTheDeclarationsLineBecomeOneCall() throws {
        let project = try FeatureFixture.animalKingdom().project
        let cases: [(String, String)] = [
            ("    let dog = Mock<Dog>(); dog.id = \"1\"\n", "    let dog = Mock<Dog>(id: \"1\")\n"),
            ("    let dog = Mock<Dog>(); dog.id = \"1\"; dog.species = \"Lab\"\n", "    let dog = Mock<Dog>(id: \"1\", species: \"Lab\")\n"),
            ("    let dog = Mock<Dog>(); dog.id = \"1\"; print(dog)\n", "    let dog = Mock<Dog>(id: \"1\"); print(dog)\n"),
            ("    let dog = Mock<Dog>(); dog.id = \"1\"\n    dog.species = \"Lab\"\n", "    let dog = Mock<Dog>(id: \"1\", species: \"Lab\")\n"),
            ("    let dog = Mock<Dog>()\n    dog.id = \"1\"; dog.species = \"Lab\"\n", "    let dog = Mock<Dog>(id: \"1\", species: \"Lab\")\n"),
            // Found by the Swift fuzz surface: a line of its own, then an assignment with something after it on its line.
            ("    let dog = Mock<Dog>()\n    dog.species = \"Lab\"\n    dog.id = \"1\"; print(dog)\n", "    let dog = Mock<Dog>(id: \"1\", species: \"Lab\")\n    print(dog)\n"),
            // Found by the Swift fuzz surface: an assignment still being written (an unterminated string) stays where
            // it is; the ones before it move into the call.
            ("    let dog = Mock<Dog>()\n    dog.id = \"1\"\n    dog.species = \"Lab\n    print(dog)\n",
             "    let dog = Mock<Dog>(id: \"1\")\n    dog.species = \"Lab\n    print(dog)\n"),
        ]
        for (body, expected) in cases {
            let source = "import AnimalKingdomAPITestMocks\nfunc test() {\n\(body)}\n"
            let file = SwiftFile(source)
            let at = Array(source.utf8).firstRange(of: Array("Mock<Dog>".utf8))!.lowerBound + 2
            let actions = MockCodeActions.actions(at: at..<at, in: file, project: project, diagnostics: [])
            let action = try XCTUnwrap(actions.first { $0.title == "Build `Mock<Dog>` with one initializer call" }, body)
            XCTAssertFalse(overlaps(action.edits), body)
            XCTAssertEqual(apply(action.edits, to: source), "import AnimalKingdomAPITestMocks\nfunc test() {\n\(expected)}\n", body)
        }
    }

    /// Found by the Swift fuzz surface: filling a call in a declaration the parser could not read changed how it read
    /// the rest (`.case(.large)` made it an enum case). Such a call is left alone; a half-typed call is not.
    func testACallInADeclarationThatDoesNotParseIsNotRewritten() throws {
        let project = try FeatureFixture.animalKingdom().project
        func fills(_ source: String) -> Bool {
            let at = Array(source.utf8).firstRange(of: Array("Mock<Height>(".utf8))!.upperBound
            return MockCodeActions.actions(at: at..<at, in: SwiftFile(source), project: project, diagnostics: [])
                .contains { $0.title == "Fill every field of `Mock<Height>`" }
        }
        XCTAssertFalse(fills("extension Mock where O == Dog {\n  convenience i\u{1}nit(\n    height: Mock<Height> = Mock<Height>()\n  ) {}\n}\n"))
        XCTAssertTrue(fills("func test() {\n  let height = Mock<Height>()\n}\n"))
        XCTAssertTrue(fills("func test() {\n  let height = Mock<Height>(\n}\n"), "a call being typed")
    }

    func testNoActionAtAnyColumnOfTheGoldensHasOverlappingEdits() throws {
        let project = try FeatureFixture.animalKingdom().project
        let goldens = FeatureFixture.goldens.deletingLastPathComponent().appendingPathComponent("diagnostics")
        var asked = 0
        var failures: [String] = []
        let bookshelf = try FeatureFixture.bookshelf().project
        for name in ["animalkingdom.swift", "animalkingdom-legacy.swift", "bookshelf.swift"] {
            let project = name.hasPrefix("bookshelf") ? bookshelf : project
            let source = try String(contentsOf: goldens.appendingPathComponent(name), encoding: .utf8)
            let file = SwiftFile(source)
            let diagnostics = MockDiagnostics.diagnostics(in: file, project: project, options: TestConventions())
            let lines = file.lines
            for line in 0..<lines.lineCount {
                let content = lines.contentRange(ofLine: line)
                // Every sixth column, and the line's ends: the refactorings depend on the call under the cursor.
                for offset in Set(stride(from: content.lowerBound, through: content.upperBound, by: 6)).union([content.upperBound]).sorted() {
                    asked += 1
                    for action in MockCodeActions.actions(at: offset..<offset, in: file, project: project, diagnostics: diagnostics)
                    where overlaps(action.edits) {
                        failures.append("\(name):\(line + 1): \(action.title)")
                    }
                }
            }
        }
        XCTAssertGreaterThan(asked, 1500)
        XCTAssertEqual(Array(Set(failures)).sorted(), [])
    }
}
