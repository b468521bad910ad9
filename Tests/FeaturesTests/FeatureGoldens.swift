import Features
import Foundation
import GraphQLIndex
import MocklsTestSupport
import SwiftAnalysis
import XCTest

/// Golden cases for the test-file features, one file per shared API under `Tests/goldens/features/`:
///
///     -- completion: what the case shows --
///     let dog = Mock<Dog>(1️⃣
///     -- expect --
///     label · detail · inserted text
///
/// `hover:` cases expect the hover's Markdown; `definition:` cases expect `file:line:column` and the first line
/// of the text there. Run with `MOCKLS_UPDATE=1` to rewrite the expectations from what the features return
/// (then read the diff: a golden is only as right as its review).
struct FeatureGoldens {
    struct Case {
        var kind: String
        var name: String
        var source: String
        var expected: String
    }

    let url: URL
    let cases: [Case]

    init(contentsOf url: URL) throws {
        self.url = url
        var cases: [Case] = []
        var current: Case?
        var lines: [Substring] = []
        var readingExpectation = false
        func text() -> String { lines.joined(separator: "\n").trimmingCharacters(in: .newlines) }
        func finish() {
            if readingExpectation, var finished = current {
                finished.expected = text()
                cases.append(finished)
            }
        }
        for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false) {
            guard line.hasPrefix("-- "), line.hasSuffix(" --") else {
                lines.append(line)
                continue
            }
            let header = line.dropFirst(3).dropLast(3)
            if header == "expect" {
                current?.source = text()
                readingExpectation = true
            } else {
                finish()
                let parts = header.split(separator: ":", maxSplits: 1)
                current = Case(
                    kind: String(parts[0]), name: parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : "",
                    source: "", expected: "")
                readingExpectation = false
            }
            lines = []
        }
        finish()
        self.cases = cases
    }

    /// Checks every case against `actual`, or rewrites the file under `MOCKLS_UPDATE=1`.
    func check(_ actual: (Case) -> String, file: StaticString = #filePath, line: UInt = #line) throws {
        let results = cases.map { ($0, actual($0)) }
        if ProcessInfo.processInfo.environment["MOCKLS_UPDATE"] == "1" {
            let original = try String(contentsOf: url, encoding: .utf8)
            let preamble = original.components(separatedBy: "\n-- ").first.map { $0.hasPrefix("-- ") ? "" : $0 + "\n" } ?? ""
            let body = results.map { testCase, output in
                "-- \(testCase.kind): \(testCase.name) --\n\(testCase.source)\n-- expect --\n\(output)\n"
            }.joined(separator: "\n")
            try (preamble + body).write(to: url, atomically: true, encoding: .utf8)
            return
        }
        XCTAssertFalse(cases.isEmpty, "no cases in \(url.lastPathComponent)", file: file, line: line)
        for (testCase, output) in results where output != testCase.expected {
            XCTFail("""
                \(url.lastPathComponent) — \(testCase.kind): \(testCase.name)
                expected:
                \(testCase.expected)
                actual:
                \(output)
                """, file: file, line: line)
        }
    }
}

/// An API indexed as a project, and the features asked at a `1️⃣` marker: one of Apollo's sample APIs from
/// `../shared` (`init(api:)`, the cross-check), or the repository's own, Examples/Bookshelf (`bookshelf(format:)`),
/// which needs nothing beside the clone.
struct FeatureFixture {
    let project: ProjectIndex
    let graphqlDirectory: URL

    /// `format`: Apollo 1.25's mocks by default, which the goldens were written for (a project without a pin is taken
    /// to use 2.x; the 2.x oracle covers that). `generatedFor`: the project of the code Apollo's codegen wrote for
    /// that release, which the type-checking oracles compile against (`StandInApollo.generatedAPI(api:version:)`: its
    /// documents and its custom scalars' declarations); else the fixture's documents, `fixtures/apollo/<api>/graphql`.
    init(api: String, format: MockFormat = .defaults, generatedFor version: StandInApollo.Version? = nil) throws {
        var format = format
        let documents: [URL]
        if let version {
            let generated = try StandInApollo.generatedAPI(api: api, version: version)
            (graphqlDirectory, documents) = (generated.graphql, generated.documents)
            format.customScalars = generated.customScalars
        } else {
            graphqlDirectory = try SharedFolder.require("fixtures/apollo/\(api)/graphql")
            let enumerator = FileManager.default.enumerator(at: graphqlDirectory, includingPropertiesForKeys: nil)
            documents = (enumerator?.compactMap { $0 as? URL } ?? []).filter { ["graphql", "graphqls"].contains($0.pathExtension) }
        }
        project = try Self.index(documents, namespace: api, format: format)
    }

    private init(project: ProjectIndex, graphqlDirectory: URL) {
        self.project = project
        self.graphqlDirectory = graphqlDirectory
    }

    /// The repository's own example API (`Examples/Bookshelf/graphql`: an interface, a union, an enum with a deprecated
    /// case, a custom scalar, documented fields, a fragment, `@include`), with Apollo 1.25's mocks by default.
    static func bookshelf(format: MockFormat = .defaults) throws -> FeatureFixture {
        let graphqlDirectory = repository.appendingPathComponent("Examples/Bookshelf/graphql")
        let documents = try FileManager.default.contentsOfDirectory(at: graphqlDirectory, includingPropertiesForKeys: nil)
            .filter { ["graphql", "graphqls"].contains($0.pathExtension) }
        return FeatureFixture(project: try index(documents, namespace: "BookshelfAPI", format: format), graphqlDirectory: graphqlDirectory)
    }

    /// Apollo's AnimalKingdom as apollo-ios-dev 2.3.0 ships it, kept in the repository as the input of the 2.x mock
    /// golden (`Tests/goldens/apollo-2.3.0`): ../shared's copy is older (no `adoptionDate`, `birthdate` nullable, one
    /// `measurements` object, no `@defer` query). For what a lone clone tests on Apollo's own sample.
    static func animalKingdom(format: MockFormat = .defaults) throws -> FeatureFixture {
        let graphqlDirectory = repository.appendingPathComponent("Tests/goldens/apollo-2.3.0/AnimalKingdomAPI/graphql")
        let documents = try FileManager.default.contentsOfDirectory(at: graphqlDirectory, includingPropertiesForKeys: nil)
            .filter { ["graphql", "graphqls"].contains($0.pathExtension) }
        return FeatureFixture(project: try index(documents, namespace: "AnimalKingdomAPI", format: format), graphqlDirectory: graphqlDirectory)
    }

    private static func index(_ documents: [URL], namespace: String, format: MockFormat) throws -> ProjectIndex {
        let sources = try documents.map { url in
            (path: url.path, role: url.pathExtension == "graphqls" ? DocumentRole.schema : .executable, text: Array(try Data(contentsOf: url)))
        }
        return ProjectIndex(namespace: namespace, format: format, sources: sources.sorted { $0.path < $1.path })
    }

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("goldens/features")

    func output(_ testCase: FeatureGoldens.Case) -> String {
        let marked = MarkedSource(testCase.source)
        guard let offset = marked.offsets["1️⃣"] else { return "error: no 1️⃣ marker" }
        let source = marked.text
        let file = SwiftFile(source)
        switch testCase.kind {
        case "completion":
            let items = MockCompletions.completions(at: offset, in: file, project: project, placeholders: false)
            if items.isEmpty { return "(none)" }
            return items.map { item in
                let replaced = String(decoding: Array(source.utf8)[item.replaceRange], as: UTF8.self)
                let edit = replaced.isEmpty ? "" : " [replaces \"\(replaced)\"]"
                let deprecated = item.isDeprecated ? " (deprecated)" : ""
                return "\(item.label) · \(item.detail ?? "") · \(item.snippet ?? item.insertText)\(deprecated)\(edit)"
            }.joined(separator: "\n")
        case "completion-docs":
            let items = MockCompletions.completions(at: offset, in: file, project: project, placeholders: false)
            return items.prefix(3).map { "\($0.label):\n\($0.documentation?.markdown(in: project) ?? "(no documentation)")" }.joined(separator: "\n\n")
        case "hover":
            guard let hover = MockHover.hover(at: offset, in: file, project: project) else { return "(none)" }
            let covered = String(decoding: Array(source.utf8)[hover.range], as: UTF8.self)
            return "[\(covered)]\n" + hover.contents
        case "definition":
            let locations = MockDefinition.definitions(at: offset, in: file, project: project)
            guard !locations.isEmpty else { return "(none)" }
            return locations.map { location in
                guard let text = project.documents[location.document]?.text else { return "error: \(location.document) not indexed" }
                let before = text[..<location.range.lowerBound]
                let line = before.filter { $0 == 10 }.count + 1
                let column = location.range.lowerBound - (before.lastIndex(of: 10).map { $0 + 1 } ?? 0) + 1
                let firstLine = text[location.range].split(separator: 10, maxSplits: 1, omittingEmptySubsequences: false).first ?? []
                let relative = location.document.hasPrefix(graphqlDirectory.path + "/")
                    ? String(location.document.dropFirst(graphqlDirectory.path.count + 1)) : location.document
                return "\(relative):\(line):\(column) \(String(decoding: firstLine, as: UTF8.self))"
            }.joined(separator: "\n")
        default:
            return "error: unknown case kind \(testCase.kind)"
        }
    }
}

/// Completion, hover and definition against their goldens: the repository's own API from a lone clone, Apollo's
/// sample APIs (`../shared`) as the cross-check.
final class FeatureGoldenTests: XCTestCase {
    func testBookshelf() throws {
        try FeatureGoldens(contentsOf: FeatureFixture.goldens.appendingPathComponent("bookshelf.txt")).check(try FeatureFixture.bookshelf().output)
    }

    func testAnimalKingdom() throws {
        let fixture = try FeatureFixture(api: "AnimalKingdomAPI")
        try FeatureGoldens(contentsOf: FeatureFixture.goldens.appendingPathComponent("animalkingdom.txt")).check(fixture.output)
    }

    func testStarWars() throws {
        let fixture = try FeatureFixture(api: "StarWarsAPI")
        try FeatureGoldens(contentsOf: FeatureFixture.goldens.appendingPathComponent("starwars.txt")).check(fixture.output)
    }
}
