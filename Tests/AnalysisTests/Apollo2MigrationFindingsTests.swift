import Foundation
import MocklsTestSupport
import SourceText
@testable import Analysis
import XCTest

/// Issue 65: mockls reads migrated tests as it read their 1.x form. Over the 1.x corpora (in the repository, with the
/// AnimalKingdom documents of `Tests/goldens`), the crash warnings, the selection coverage, the completion in every
/// `Mock<…>(` and the JSON response of every `from(mock)` are the same before `mockls migrate --to 2 --write` and after
/// (but what a model moved out of a stub's closure lets mockls see: the fields it sets, its response).
final class Apollo2MigrationFindingsTests: XCTestCase {
    struct Findings: Equatable {
        /// Per file: the crash warnings' messages.
        var warnings: [String: [String]] = [:]
        /// Per selected field: the tests that set it and that read it.
        var coverage: [String: [String]] = [:]
        /// Per file: the completion labels in each `Mock<…>(`, and each response written.
        var completions: [String: [[String]]] = [:]
        var responses: [String: [String]] = [:]
    }

    func findings(_ folder: URL) throws -> Findings {
        var findings = Findings()
        let workspace = Workspace(folder: folder)
        for record in CheckReport(workspace: workspace).records where record.code == "unset-field-read" {
            // (The lines a message names move where the migration writes a line above.)
            findings.warnings[record.file, default: []].append(record.message.replacing(/\(line \d+\)/, with: "(line _)"))
        }
        let snapshot = AnalysisSnapshot(workspaces: [workspace])
        for row in try snapshot.selectionCoverage().rows {
            let key = "\(row.field.document) \(row.field.id)"
            findings.coverage[key, default: []] += row.tests.map { "\($0.name) sets \($0.sets) reads \($0.reads)" }
        }
        for path in try WorkspaceFiles(walking: folder).paths where path.hasSuffix(".swift") {
            let file = URL(fileURLWithPath: path)
            let document = Document(FileID(url: file), languageID: "swift", version: 0, lines: LineTable(try Array(Data(contentsOf: file))))
            guard let context = TestFileContext(document, in: snapshot.workspaces) else { continue }
            let name = URL(fileURLWithPath: path).lastPathComponent
            let bytes = context.document.lines.bytes
            for offset in Self.offsets(of: "Mock<", in: bytes) {
                // Just inside the call's parenthesis.
                guard let open = bytes[offset...].firstIndex(of: UInt8(ascii: "(")) else { continue }
                findings.completions[name, default: []].append(context.completions(at: open + 1).map(\.label).sorted())
            }
            for offset in Self.offsets(of: ".from(", in: bytes) {
                if case .success(let written) = context.response(at: offset + 1) { findings.responses[name, default: []].append(written.json) }
            }
            findings.completions[name]?.sort { $0.joined(separator: ",") < $1.joined(separator: ",") }
            findings.responses[name]?.sort()
        }
        for key in findings.warnings.keys { findings.warnings[key]?.sort() }
        for key in findings.coverage.keys { findings.coverage[key]?.sort() }
        return findings
    }

    /// What `a` has that `b` has not (each as often as it is more often in `a`).
    static func difference(_ a: [String]?, _ b: [String]?) -> [String] {
        var rest = b ?? []
        return (a ?? []).filter { item in
            guard let index = rest.firstIndex(of: item) else { return true }
            rest.remove(at: index)
            return false
        }
    }

    static func offsets(of needle: String, in bytes: [UInt8]) -> [Int] {
        let pattern = Array(needle.utf8)
        guard bytes.count >= pattern.count else { return [] }
        return (0...(bytes.count - pattern.count)).filter { bytes[$0..<$0 + pattern.count].elementsEqual(pattern) }
    }

    func testMigratedTestsReadAsTheirOneXForm() throws {
        for name in ["apollo-1.25", "migration-1.x"] {
            let copy = try Apollo2MigrationProofTests.copy(Apollo2MigrationProofTests.corpus.appendingPathComponent(name))
            defer { copy.remove() }
            let before = try findings(copy.folder)
            let report = Apollo2MigrationReport(workspace: Workspace(folder: copy.folder))
            var migrated = 0
            for file in report.files where file.migrated != file.original {
                try Data(file.migrated).write(to: URL(fileURLWithPath: file.id.path))
                migrated += 1
            }
            XCTAssertGreaterThan(migrated, 5, name)
            let after = try findings(copy.folder)
            // The corpora judge something: warnings, coverage, completions and responses to compare.
            XCTAssertGreaterThan(before.coverage.values.joined().count, 20, name)
            XCTAssertGreaterThan(before.completions.values.joined().count, 20, name)
            XCTAssertGreaterThan(before.responses.values.joined().count, 5, name)
            if name == "apollo-1.25" { XCTAssertGreaterThan(before.warnings.values.joined().count, 20, name) }
            for key in Set(before.warnings.keys).union(after.warnings.keys) where before.warnings[key] != after.warnings[key] {
                XCTFail("\(name)/\(key): crash warnings only before \(Self.difference(before.warnings[key], after.warnings[key])), only after \(Self.difference(after.warnings[key], before.warnings[key]))")
            }
            // A model a stub's closure built (which mockls does not follow: nothing says the closure runs) is built in
            // the test after the migration (`AsyncSites.standsAlone`), where it is followed: the fields it sets may be
            // seen set after, never read, and nothing seen before is lost.
            for key in Set(before.coverage.keys).union(after.coverage.keys) where before.coverage[key] != after.coverage[key] {
                let lost = Self.difference(before.coverage[key], after.coverage[key])
                let gained = Self.difference(after.coverage[key], before.coverage[key])
                if !lost.isEmpty || gained.contains(where: { !$0.hasSuffix(" sets true reads false") }) {
                    XCTFail("\(name): coverage of \(key.split(separator: "/").last ?? ""): only before \(lost), only after \(gained)")
                }
            }
            for key in Set(before.completions.keys).union(after.completions.keys) where before.completions[key] != after.completions[key] {
                XCTFail("\(name)/\(key): completions before \(before.completions[key]?.count ?? 0), after \(after.completions[key]?.count ?? 0): \(zip(before.completions[key] ?? [], after.completions[key] ?? []).filter { $0.0 != $0.1 }.prefix(2))")
            }
            // (The same: a `from(mock)` moved out of a stub's closure has its response where it had none.)
            for key in Set(before.responses.keys).union(after.responses.keys) where !Self.difference(before.responses[key], after.responses[key]).isEmpty {
                XCTFail("\(name)/\(key): responses before \(before.responses[key]?.count ?? 0), after \(after.responses[key]?.count ?? 0)")
            }
        }
    }
}
