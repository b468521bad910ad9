import Features
import Foundation
import GraphQLIndex
import SourceText
import SwiftAnalysis
import Synchronization

/// For every field the operations and fragments of a workspace's projects select, the tests that set it on a mock
/// reaching that operation or fragment and the tests that read it from a model (`SelectionCoverage`): what
/// `mockls coverage` prints and what the editor shows on a GraphQL document's fields.
public struct SelectionCoverageReport: Sendable {
    /// A test that sets or reads a field.
    public struct Test: Sendable, Equatable {
        /// `AnimalTests.test_typeCase`.
        public var name: String
        public var file: URL
        /// The line the test function starts on, 0-based.
        public var line: Int
        public var sets: Bool
        public var reads: Bool
    }

    public struct Row: Sendable {
        public var field: SelectionCoverage.SelectedField
        /// The project's namespace (several projects may select fields of the same names).
        public var project: String
        public var file: URL
        /// The field's name or alias in its document: 0-based, UTF-8 and UTF-16 columns.
        public var start: LineColumn
        public var utf16Start: LineColumn
        public var utf16End: LineColumn
        /// The tests that set or read it, in file order.
        public var tests: [Test]
        /// Tests that reach its operation or fragment but that mockls cannot follow there.
        public var unknown: Int

        public var setCount: Int { tests.count { $0.sets } }
        public var readCount: Int { tests.count { $0.reads } }
    }

    public private(set) var rows: [Row] = []
    /// The tests that build a model of an operation or fragment or read one, and those of them that reach one where
    /// mockls cannot follow them.
    public private(set) var testCount = 0
    public private(set) var unfollowedTestCount = 0

    /// The coverage of every project of `analysis`'s workspaces (of `documents` only, when given: GraphQL document
    /// paths), its test files read as the editor has them open, else from disk.
    public init(_ analysis: Analysis, documents: Set<String>? = nil) {
        for workspace in analysis.workspaces {
            for project in workspace.projects where project.hasSchema {
                let fields = SelectionCoverage.selectedFields(of: project.index).filter { documents?.contains($0.document) ?? true }
                guard !fields.isEmpty else { continue }
                let index = project.index
                let cache = analysis.coverageCache
                let found = analysis.projectSwiftFiles(workspace: workspace, project: project, naming: Self.testMarkers) { url, file in
                    let helpers = workspace.helpers(besides: url)
                    let compute = {
                        SelectionCoverage.uses(in: file, project: index, helpers: helpers).map { ($0, file.lines.line(containing: $0.range.lowerBound)) }
                    }
                    let uses = cache?.uses(of: url, text: file.lines.bytes, index: index, helpers: helpers, compute) ?? compute()
                    return uses.map { (url, $1, $0) }
                }
                testCount += found.count
                unfollowedTestCount += found.count { !$0.2.unfollowed.isEmpty }
                var byField: [SelectionCoverage.FieldID: [Test]] = [:]
                var unknown: [String: Int] = [:]
                for (url, line, use) in found {
                    for id in use.set.union(use.read) {
                        byField[id, default: []].append(Test(
                            name: use.name, file: url, line: line, sets: use.set.contains(id), reads: use.read.contains(id)))
                    }
                    for name in use.unfollowed { unknown[name, default: 0] += 1 }
                }
                var lineTables: [String: LineTable] = [:]
                for field in fields {
                    guard let lines = lineTables[field.document] ?? analysis.lines(of: field.document, project: project) else { continue }
                    lineTables[field.document] = lines
                    let utf8 = lines.position(of: field.range.lowerBound, unit: .utf8)
                    let utf16 = lines.positions(of: [field.range.lowerBound, field.range.upperBound], unit: .utf16)
                    rows.append(Row(
                        field: field, project: project.configuration.namespace, file: URL(fileURLWithPath: field.document), start: utf8,
                        utf16Start: utf16[0], utf16End: utf16[1], tests: byField[field.id] ?? [], unknown: unknown[field.id.definition] ?? 0))
                }
            }
        }
    }

    /// What a Swift file must mention to hold a test that builds or reads a model.
    static let testMarkers: Set<String> = ["Mock<", "from(", "ApolloTestSupport"]

    /// The share of `rows` that `count` says yes to, in percent (100 for none).
    public static func share(_ rows: some Collection<Row>, _ count: (Row) -> Bool) -> Double {
        rows.isEmpty ? 100 : Double(rows.count(where: count)) * 100 / Double(rows.count)
    }
}

/// Each test file's tests and what they set and read, kept while its text, its project's index and the helpers of
/// the other files stay the same: the editor asks again at every edit of any test file, and only that file changed.
final class SelectionCoverageCache: Sendable {
    /// Each test with the line it starts on.
    typealias Uses = [(SelectionCoverage.TestUse, Int)]
    private let entries = Mutex<[URL: (key: Int, uses: Uses)]>([:])

    func uses(of file: URL, text: [UInt8], index: ProjectIndex, helpers: WorkspaceHelpers, _ compute: () -> Uses) -> Uses {
        var hasher = Hasher()
        hasher.combine(text)
        hasher.combine(index.revision)
        for helper in helpers.helpers { hasher.combine(helper.name); hasher.combine(helper.fingerprint) }
        hasher.combine(helpers.mutatedFixtures)
        let key = hasher.finalize()
        if let entry = entries.withLock({ $0[file] }), entry.key == key { return entry.uses }
        let uses = compute()
        entries.withLock { $0[file] = (key, uses) }
        return uses
    }
}
