import Features
import Foundation
import GraphQLIndex
import MocklsTestSupport
import SwiftAnalysis
import XCTest

/// Every quick fix of every diagnostic, and every refactoring of every `Mock<…>(` call, applied to the shared
/// scenarios' test files as they are written (with only the imports they have), type-checks against Apollo's own
/// modules of the scenario's release (1.25.7 or 2.4.0) and the AnimalKingdomAPI its codegen wrote
/// (`StandInApollo.forTypeChecking`): an edit that does not compile fails. The file as written must type-check too, so
/// a failure is the edit's. All of a file's variants go to the compiler in one run, each as a copy of the test class
/// renamed, and the errors are mapped back to them by line.
final class FixTypeCheckTests: XCTestCase {
    private struct Scenario {
        var folder: String
        var file: String
        var format: MockFormat
        var version: StandInApollo.Version
        var options: TestConventions
    }

    private static let scenarios = [
        Scenario(folder: "animalkingdom", file: "Tests/AnimalKingdomTests/AnimalTests.swift", format: .defaults, version: .v1, options: TestConventions()),
        Scenario(folder: "animalkingdom-1.15", file: "Tests/AnimalKingdomTests/LegacyMockTests.swift", format: .optionalParameters, version: .v1, options: TestConventions()),
        Scenario(folder: "animalkingdom-2.x", file: "Tests/AnimalKingdomTests/AsyncAnimalTests.swift", format: .apolloTwo, version: .v2, options: TestConventions()),
    ]

    func testEveryFixAndRefactoringCompilesInTheFilesAsWritten() throws {
        for scenario in Self.scenarios {
            let url = try SharedFolder.require("fixtures/scenarios/\(scenario.folder)/\(scenario.file)")
            let source = try String(contentsOf: url, encoding: .utf8)
            // The project of the AnimalKingdomAPI Apollo's codegen wrote for the scenario's release.
            let project = try FeatureFixture(api: "AnimalKingdomAPI", format: scenario.format, generatedFor: scenario.version).project
            let file = SwiftFile(source)
            var variants: [(name: String, text: String)] = [("as written", source)]
            for diagnostic in MockDiagnostics.diagnostics(in: file, project: project, options: scenario.options) {
                let actions = MockCodeActions.actions(
                    at: diagnostic.range, in: file, project: project, diagnostics: [diagnostic], options: scenario.options)
                for action in actions where action.kind == .quickFix {
                    variants.append(("line \(file.line(of: diagnostic.range.lowerBound)) \(diagnostic.code): \(action.title)", Self.apply(action.edits, to: source)))
                }
            }
            var offset = 0
            for (index, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                defer { offset += line.utf8.count + 1 }
                guard let mock = line.range(of: "Mock<") else { continue }
                let at = offset + line.utf8.distance(from: line.startIndex, to: mock.lowerBound) + 5
                for action in MockCodeActions.refactorings(at: at..<at, in: file, project: project, options: scenario.options) {
                    variants.append(("line \(index + 1) refactoring: \(action.title)", Self.apply(action.edits, to: source)))
                }
            }
            XCTAssertGreaterThan(variants.count, 10, scenario.folder)

            guard let modules = try StandInApollo.forTypeChecking(
                model: project.mockModel, schema: project.schema, selectionSets: project.selectionSetModel(),
                version: scenario.version, name: "fixes-\(scenario.folder)")
            else { throw XCTSkip("swiftc is not on PATH") }
            defer { modules.remove() }
            // The imports once, as the file has them; then each variant's declarations, the class renamed.
            let imports = source.split(separator: "\n").filter { $0.hasPrefix("import ") }.joined(separator: "\n") + "\n"
            var out = imports
            var lines: [(range: Range<Int>, variant: Int)] = []
            var next = out.filter { $0 == "\n" }.count + 1
            for (index, variant) in variants.enumerated() {
                let body = variant.text.split(separator: "\n", omittingEmptySubsequences: false)
                    .filter { !$0.hasPrefix("import ") }.joined(separator: "\n")
                let renamed = Self.renamingTypes(in: body, suffix: "_V\(index)") + "\n"
                let count = renamed.filter { $0 == "\n" }.count
                lines.append((next..<(next + count), index))
                next += count
                out += renamed
            }
            let output = modules.folder.appendingPathComponent("Fixes.swift")
            try out.write(to: output, atomically: true, encoding: .utf8)
            let errors = try modules.typecheck([output])
            var failing: [Int: [String]] = [:]
            for error in errors {
                let owner = lines.first { $0.range.contains(error.line) }?.variant ?? -1
                failing[owner, default: []].append("\(error.line): \(error.message)")
            }
            XCTAssertNil(failing[-1], "\(scenario.folder): errors outside every variant")
            // The scenarios keep some code that does not compile on purpose (an unknown label, `Mock<Animal>`), which
            // the error diagnostics flag: exactly those errors are the file's own. An edit may remove one, never add one.
            let own = (failing[0] ?? []).map(Self.message)
            // Where they are in the file: the lines the baseline's body (the file without its imports) puts them on.
            let bodyLines = source.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
                .filter { !$0.element.hasPrefix("import ") }.map { $0.offset + 1 }
            let errorLines = Set((failing[0] ?? []).compactMap { Int($0.prefix { $0 != ":" }) }.map { bodyLines[$0 - lines[0].range.lowerBound] })
            let flagged = Set(MockDiagnostics.diagnostics(in: file, project: project, options: scenario.options)
                .filter { $0.severity == .error }.map { file.line(of: $0.range.lowerBound) })
            XCTAssertEqual(errorLines, flagged, "\(scenario.folder): the file as written has errors the diagnostics do not flag: \(failing[0] ?? [])")
            for (index, variant) in variants.enumerated().dropFirst() {
                var allowed = own
                for message in (failing[index] ?? []).map(Self.message) {
                    if let position = allowed.firstIndex(of: message) {
                        allowed.remove(at: position)
                    } else {
                        XCTFail("\(scenario.folder) \(variant.name) does not compile: \(message)")
                    }
                }
            }
            print("fix type-check, \(scenario.folder): \(variants.count - 1) fixes and refactorings type-checked in the file as written")
        }
    }

    /// An error's message without its line.
    private static func message(_ error: String) -> String {
        String(error.drop { $0 != ":" }.dropFirst(2))
    }

    private static func apply(_ edits: [Diagnostic.Fix], to source: String) -> String {
        var bytes = Array(source.utf8)
        for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            bytes.replaceSubrange(edit.range, with: Array(edit.text.utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The file's top-level types renamed with `suffix` (`final class AnimalTests` → `AnimalTests_V3`), so that many
    /// copies of it live in one module.
    private static func renamingTypes(in text: String, suffix: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            guard !line.hasPrefix(" "), let keyword = ["class ", "struct ", "enum "].compactMap({ line.range(of: $0) }).first else { return String(line) }
            let name = line[keyword.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            return String(line[..<keyword.upperBound]) + name + suffix + line[keyword.upperBound...].dropFirst(name.count)
        }.joined(separator: "\n")
    }
}
