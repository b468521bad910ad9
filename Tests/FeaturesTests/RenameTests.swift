import Foundation
import GraphQLIndex
import MocklsTestSupport
import SwiftAnalysis
import XCTest

@testable import Features

/// Renaming a fragment, an operation and an alias of the renames scenario (`Tests/scenarios/renames`) with the
/// edits mockls makes: the renamed tests type-check against stand-ins built from the renamed documents, as they
/// did before against the original ones, and say the same unset reads.
final class RenameTests: XCTestCase {
    static let scenario = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("scenarios/renames")

    func testRenamedTestsTypeCheckAgainstTheRenamedDocuments() throws {
        let fixture = try FeatureFixture.animalKingdom()
        let schema = try XCTUnwrap(fixture.project.documents.values.first { $0.role == .schema })
        let operationsPath = Self.scenario.appendingPathComponent("graphql/Zoo.graphql").path
        var operations = Array(try Data(contentsOf: URL(fileURLWithPath: operationsPath)))
        var tests = try ["ZooTests.swift", "HeightTests.swift"].map {
            (name: $0, text: Array(try Data(contentsOf: Self.scenario.appendingPathComponent("Tests/RenameTests/\($0)"))))
        }
        func project() -> ProjectIndex {
            ProjectIndex(namespace: "AnimalKingdomAPI", format: .defaults, sources: [
                (schema.path, .schema, schema.text), (operationsPath, .executable, operations),
            ])
        }
        func unsetReads(_ project: ProjectIndex) -> [String] {
            tests.flatMap { test in
                MockDiagnostics.diagnostics(in: SwiftFile(test.text), project: project, options: TestConventions()).map { "\(test.name):\(SwiftFile(test.text).line(of: $0.range.lowerBound))" }
            }
        }
        func typecheck(_ project: ProjectIndex, _ label: String) throws {
            guard let modules = try StandInApollo(
                model: project.mockModel, schema: project.schema, selectionSets: project.selectionSetModel(), name: "renames-\(label)")
            else { throw XCTSkip("swiftc is not on PATH") }
            defer { modules.remove() }
            // XCTest stands in too: the assertions the tests call.
            let prelude = """
                open class XCTestCase {}
                func XCTAssertEqual<T: Equatable>(_ a: T, _ b: T, file: StaticString = #file, line: UInt = #line) {}
                func XCTAssertEqual<T: Equatable>(_ a: T?, _ b: T?, file: StaticString = #file, line: UInt = #line) {}

                """
            var files: [URL] = []
            for test in tests {
                let url = modules.folder.appendingPathComponent(test.name)
                let text = String(decoding: test.text, as: UTF8.self).replacingOccurrences(of: "import XCTest\n", with: "")
                try ((test.name == tests[0].name ? prelude : "") + text).write(to: url, atomically: true, encoding: .utf8)
                files.append(url)
            }
            XCTAssertEqual(try modules.typecheck(files), [], label)
        }
        var current = project()
        try typecheck(current, "before")
        let reads = unsetReads(current)
        XCTAssertEqual(reads.count, 2)

        func apply(_ target: RenameTarget, _ newName: String) throws {
            XCTAssertNil(Rename.refusal(renaming: target, to: newName, project: current))
            let graphQL = Rename.graphQLEdits(target, to: newName, project: current)
            XCTAssertFalse(graphQL.isEmpty)
            for edit in graphQL.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
                XCTAssertEqual(edit.document, operationsPath)
                operations.replaceSubrange(edit.range, with: Array(edit.text.utf8))
            }
            for index in tests.indices {
                let edits = Rename.swiftEdits(target, to: newName, in: SwiftFile(tests[index].text), project: current)
                for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
                    tests[index].text.replaceSubrange(edit.range, with: Array(edit.text.utf8))
                }
            }
            current = project()
        }
        try apply(.alias(key: "nickname", types: Set(current.schema.possibleTypes(of: "Animal"))), "petName")
        try apply(.fragment("AnimalHeight"), "AnimalSize")
        try apply(.operation("ZooAnimals"), "ParkAnimals")

        let renamed = tests.map { String(decoding: $0.text, as: UTF8.self) }.joined()
        XCTAssertTrue(renamed.contains("ParkAnimalsQuery.Data.AllAnimal.from(") && renamed.contains(".fragments.animalSize.height"))
        XCTAssertTrue(renamed.contains("AnimalSize.from(") && renamed.contains("Mock<Dog>(id: \"1\", petName: \"Rex\")"))
        XCTAssertFalse(renamed.contains("nickname") || renamed.contains("AnimalHeight") || renamed.contains("ZooAnimals"))
        try typecheck(current, "after")
        XCTAssertEqual(unsetReads(current), reads)
    }
}
