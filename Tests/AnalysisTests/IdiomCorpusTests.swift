import Foundation
import GraphQLIndex
import MocklsTestSupport
import SourceText
import Features
@testable import Analysis
import XCTest

/// The idiom corpus (`Tests/corpus`, its README says where each idiom comes from): small tests that reach a model the
/// ways real suites do, on Apollo iOS 1.15 (before 1.23), 1.25 and 2.3 mocks. A read that crashes ends with
/// `// expect: unset-field-read word…`; a read that must stay silent ends with `// safe`; no other line may carry a
/// diagnostic. `mockls check` finds these, as the editor does (`CheckReport`, helpers of the other files included).
final class IdiomCorpusTests: XCTestCase {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("corpus")
    static let workspaces = ["apollo-1.15", "apollo-1.25", "apollo-2.3"]

    /// Each corpus workspace copied into a workspace of its own whose configuration names AnimalKingdom as Apollo 2.3
    /// ships it, kept in the repository (`Tests/goldens/apollo-2.3.0`): the corpus's own configurations name
    /// ../shared's copy, which `testTheCorpusTypeChecks` and Tests/protocol/test_runtime_oracle.py compile it against.
    /// Made once for the suite, removed after it.
    nonisolated(unsafe) private static var copies: [String: TestWorkspace] = [:]

    /// The folder of corpus workspace `name` on the repository's AnimalKingdom.
    static func folder(_ name: String) throws -> URL {
        if let copy = copies[name] { return copy.folder }
        let original = corpus.appendingPathComponent(name)
        var files = ["apollo-codegen-config.json": TestWorkspace.apolloConfiguration(namespace: "AnimalKingdomAPI")]
        let graphql = corpus.deletingLastPathComponent().appendingPathComponent("goldens/apollo-2.3.0/AnimalKingdomAPI/graphql")
        for document in try FileManager.default.contentsOfDirectory(atPath: graphql.path) {
            files["graphql/\(document)"] = try String(contentsOf: graphql.appendingPathComponent(document), encoding: .utf8)
        }
        let enumerator = FileManager.default.enumerator(at: original, includingPropertiesForKeys: nil)
        for case let url as URL in enumerator?.allObjects ?? [] where ["swift", "lock"].contains(url.pathExtension) {
            files[String(url.standardizedFileURL.path.dropFirst(original.standardizedFileURL.path.count + 1))] = try String(contentsOf: url, encoding: .utf8)
        }
        let copy = try TestWorkspace(files: files)
        copies[name] = copy
        return copy.folder
    }

    override class func tearDown() {
        for copy in copies.values { copy.remove() }
        copies = [:]
        super.tearDown()
    }

    /// Every Swift file of the corpus as the editor has it: its workspace's name, its URL and its context.
    static func testFiles() throws -> [(workspace: String, file: URL, context: TestFileContext)] {
        try workspaces.flatMap { name in
            let folder = try Self.folder(name)
            let analysis = AnalysisSnapshot(workspaces: [Workspace(folder: folder)])
            return try WorkspaceFiles(walking: folder).paths.map(URL.init(fileURLWithPath:)).map { file in
                let bytes = try Array(Data(contentsOf: file))
                let document = Document(FileID(url: file), languageID: "swift", version: 0, lines: LineTable(bytes))
                return (name, file, try XCTUnwrap(TestFileContext(document, in: analysis.workspaces), file.path))
            }
        }
    }

    struct Tally {
        var crashes = 0, found = 0, safe = 0, falsePositives = 0
    }

    func testEveryCrashingReadIsFoundAndNoSafeReadIsFlagged() throws {
        var total = Tally()
        var failures: [String] = []
        for name in Self.workspaces {
            let folder = try Self.folder(name)
            let report = CheckReport(workspace: Workspace(folder: folder))
            var tally = Tally()
            let files = WorkspaceFiles(walking: folder).paths.map(URL.init(fileURLWithPath:))
            XCTAssertFalse(files.isEmpty, name)
            for file in files {
                let text = try String(contentsOf: file, encoding: .utf8)
                let records = report.records.filter { folder.appendingPathComponent($0.file).standardizedFileURL == file.standardizedFileURL }
                let shown = "\(name)/\(file.lastPathComponent)"
                for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    let number = index + 1
                    let here = records.filter { $0.line == number }
                    if let marker = line.range(of: "// expect: ") {
                        let words = line[marker.upperBound...].split(separator: " ").map(String.init)
                        tally.crashes += 1
                        if let match = here.first(where: { $0.code == words[0] }) {
                            tally.found += 1
                            let missing = words.dropFirst().filter { !match.message.contains($0) }
                            if !missing.isEmpty { failures.append("\(shown):\(number): \(missing) not in: \(match.message)") }
                        } else {
                            failures.append("\(shown):\(number): expected \(words[0]), got \(here.map { "[\($0.code)] \($0.message)" })")
                        }
                        continue
                    }
                    if line.hasSuffix("// safe") { tally.safe += 1 }
                    if !here.isEmpty {
                        tally.falsePositives += here.count
                        failures.append("\(shown):\(number): unexpected \(here.map { "[\($0.code)] \($0.message)" })")
                    }
                }
            }
            print("idiom corpus \(name): \(tally.found) of \(tally.crashes) crashing reads found, \(tally.falsePositives) diagnostics where none belong (\(tally.safe) safe reads)")
            total.crashes += tally.crashes
            total.found += tally.found
            total.safe += tally.safe
            total.falsePositives += tally.falsePositives
        }
        print("idiom corpus: recall \(total.found)/\(total.crashes), false positives \(total.falsePositives) (\(total.safe) safe reads)")
        XCTAssertGreaterThanOrEqual(total.crashes + total.safe, 60)
        XCTAssertEqual(failures, [])
    }

    /// Every idiom is real Swift: the corpus's files type-check against Apollo's own modules (ApolloAPI, Apollo,
    /// ApolloTestSupport 1.25.7 or 2.4.0 and the AnimalKingdomAPI Apollo's codegen wrote, `../shared/apollo-runtime`)
    /// with the mocks of each workspace's Apollo version, with XCTest and Swift Testing.
    func testTheCorpusTypeChecks() throws {
        _ = try SharedFolder.require("fixtures/apollo/AnimalKingdomAPI")
        for name in Self.workspaces {
            let folder = Self.corpus.appendingPathComponent(name)
            let workspace = Workspace(folder: folder)
            let project = try XCTUnwrap(workspace.projects.first, name)
            let index = project.index
            guard let modules = try StandInApollo(
                realApolloFor: index.mockModel, version: index.mockModel.format.release == .two ? .v2 : .v1, name: "corpus-\(name)")
            else { throw XCTSkip("swiftc is not on PATH") }
            defer { modules.remove() }
            let errors = try modules.typecheck(WorkspaceFiles(walking: folder).paths.map(URL.init(fileURLWithPath:)))
            XCTAssertEqual(errors.map(\.description), [], name)
        }
    }
}

extension IdiomCorpusTests {
    /// At every crashing read of the corpus, completion after the `.` before the field offers that field, and hover on
    /// it describes it: the editor reads the test as the diagnostics do.
    func testCompletionAndHoverAtEveryRead() throws {
        var failures: [String] = []
        var checked = 0
        for (name, file, context) in try Self.testFiles() {
            let text = String(decoding: context.document.lines.bytes, as: UTF8.self)
            var lineStart = 0
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                defer { lineStart += line.utf8.count + 1 }
                guard let marker = line.range(of: "// expect: unset-field-read ") else { continue }
                let field = String(line[marker.upperBound...].split(separator: " ")[0])
                let code = line[..<marker.lowerBound]
                // The last `.field` (or `\.field`) of the line's code: the read.
                guard let dot = code.ranges(of: "." + field).last(where: { range in
                    range.upperBound == code.endIndex || !(code[range.upperBound].isLetter || code[range.upperBound].isNumber)
                }) else {
                    failures.append("\(name)/\(file.lastPathComponent):\(index + 1): no `.\(field)` on the line")
                    continue
                }
                let offset = lineStart + code[..<dot.lowerBound].utf8.count + 1
                let shown = "\(name)/\(file.lastPathComponent):\(index + 1) `\(field)`"
                checked += 1
                let labels = context.completions(at: offset).map(\.label)
                if !labels.contains(field) { failures.append("\(shown): completion offers \(labels.prefix(8))") }
                // On the name's first letter (where Vim's `w` lands) and on its last.
                for at in [offset, offset + field.utf8.count - 1] where context.hover(at: at)?.contents.contains(field) != true {
                    failures.append("\(shown): no hover at column \(at - lineStart + 1)")
                }
            }
        }
        print("idiom corpus: completion and hover at \(checked) reads, \(failures.count) failures")
        XCTAssertGreaterThan(checked, 40)
        XCTAssertEqual(failures, [])
    }
}

extension IdiomCorpusTests {
    /// Coverage reads the corpus as the diagnostics do: every crashing read counts as a read of its field by its test,
    /// and every test that builds its model from mocks it follows sets what it passes.
    func testCoverageCountsEveryRead() throws {
        var failures: [String] = []
        var checked = 0
        var unfollowed = 0
        for name in Self.workspaces {
            let folder = try Self.folder(name)
            let report = SelectionCoverageReport(AnalysisSnapshot(workspaces: [Workspace(folder: folder)]))
            unfollowed += report.unfollowedTestCount
            for file in WorkspaceFiles(walking: folder).paths.map(URL.init(fileURLWithPath:)) {
                let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
                var type = "", function = ""
                for (index, line) in lines.enumerated() {
                    let words = line.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" })
                    if let at = words.firstIndex(where: { $0 == "class" || $0 == "struct" }), at + 1 < words.count { type = String(words[at + 1]) }
                    if let at = words.firstIndex(of: "func"), at + 1 < words.count { function = String(words[at + 1]) }
                    guard let marker = line.range(of: "// expect: unset-field-read ") else { continue }
                    let field = String(line[marker.upperBound...].split(separator: " ")[0])
                    let test = "\(type).\(function)"
                    checked += 1
                    let reads = report.rows.filter { $0.field.id.path.split(separator: ".").last.map(String.init) == field }
                        .contains { $0.tests.contains { $0.name == test && $0.reads } }
                    if !reads { failures.append("\(name)/\(file.lastPathComponent):\(index + 1): no row has `\(test)` reading `\(field)`") }
                }
            }
        }
        print("idiom corpus: coverage counts \(checked - failures.count) of \(checked) crashing reads; \(unfollowed) tests not followed")
        XCTAssertEqual(failures, [])
        // The one test mockls cannot follow hands its model to a closure stored for later (`test_closureStoredForLater`).
        XCTAssertEqual(unfollowed, 1)
        // Fields set in the closures of `map` over a list and over an optional count as set.
        let report = SelectionCoverageReport(AnalysisSnapshot(workspaces: [Workspace(folder: try Self.folder("apollo-1.25"))]))
        func sets(_ definition: String, _ path: String, by test: String) -> Bool {
            report.rows.contains { row in
                row.field.id.definition == definition && row.field.id.path == path && row.tests.contains { $0.name == test && $0.sets }
            }
        }
        XCTAssertTrue(sets("AllAnimalsQuery", "allAnimals.species", by: "SequenceTests.test_listMapBuildsMocks"))
        XCTAssertTrue(sets("PetDetails", "owner.firstName", by: "SequenceTests.test_optionalMapBuildsTheOwner_set"))
    }
}

extension IdiomCorpusTests {
    /// `mockls response` at every `from(_:)` of the corpus, in tests, factories and fixtures: a response wherever the
    /// mock sets every non-null field, and each operation's response checks clean as that operation's fixture (with
    /// the variables `withVariables:` gives); where it writes none, it says why, and never "no from(_:) here".
    func testResponsesAtEveryFrom() throws {
        var failures: [String] = []
        var (written, unset) = (0, 0)
        for (name, file, context) in try Self.testFiles() {
            let index = context.index
            var operations: [String: OperationDefinition] = [:]
            var fragments: [String: FragmentDefinition] = [:]
            for document in index.documents.values where document.role == .executable {
                for operation in document.effective.operations { if let name = operation.name?.value { operations[name] = operation } }
                for fragment in document.effective.fragments { fragments[fragment.name.value] = fragment }
            }
            let text = String(decoding: context.document.lines.bytes, as: UTF8.self)
            var lineStart = 0
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                defer { lineStart += line.utf8.count + 1 }
                guard let from = line.range(of: ".from("), !line.contains("map(") else { continue }
                let shown = "\(name)/\(file.lastPathComponent):\(number + 1)"
                switch context.response(at: lineStart + line[..<from.lowerBound].utf8.count + 1) {
                case .success(let response):
                    written += 1
                    // An operation's response is a fixture of it.
                    guard let operation = operations[response.name] ?? operations[String(response.name.dropLast("Query".count))] else { continue }
                    let variables = response.variables.flatMap { try? JSONSyntax.parse(Array($0.utf8)).get() }
                    let diagnostics = ResponseFixtureCheck.diagnostics(
                        of: Array(response.json.utf8), operation: operation, schema: index.schema, fragments: fragments, variables: variables)
                    if !diagnostics.isEmpty { failures.append("\(shown): the response does not check clean: \(diagnostics.map(\.message))") }
                case .failure(.unset(let problems)):
                    unset += 1
                    // A factory's parameter without a default value holds nothing known; nor does Apollo's default of a
                    // non-null custom scalar (AnimalKingdom 2.3's `birthdate: CustomDate!`).
                    let expected = [
                        "is not set on the mock", "is set to nil", "set to something mockls does not follow", "with no default value: ask at a call of",
                        "has Apollo's default for a custom scalar, whose JSON mockls does not know",
                    ]
                    if problems.contains(where: { problem in !expected.contains { problem.contains($0) } }) {
                        failures.append("\(shown): \(problems)")
                    }
                case .failure(.notFollowed(let reason)):
                    failures.append("\(shown): not followed: \(reason)")
                case .failure(.noModel):
                    failures.append("\(shown): no model")
                }
            }
        }
        print("idiom corpus: \(written) responses written, \(unset) refused for fields their mocks do not set, \(failures.count) failures")
        XCTAssertGreaterThan(written, 10)
        XCTAssertEqual(failures, [])
    }
}
