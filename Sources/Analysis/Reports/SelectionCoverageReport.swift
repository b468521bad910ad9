import Dispatch
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
        public var file: FileID
        /// The line the test function starts on, 0-based.
        public var line: Int
        public var sets: Bool
        public var reads: Bool
    }

    public struct Row: Sendable {
        public var field: SelectionCoverage.SelectedField
        /// The project's namespace (several projects may select fields of the same names).
        public var project: String
        public var file: FileID
        /// The field's name or alias in its document: 0-based, UTF-8 and UTF-16 columns.
        public var start: LineColumn
        public var utf16Start: LineColumn
        public var utf16End: LineColumn
        /// The tests that set or read it, in file order.
        public var tests: [Test]
        /// Tests that reach its operation or fragment but that mockls cannot follow there.
        public var unknown: Int
        /// The project's name (`ProjectConfiguration.name`).
        var projectName: String
        /// Where the app files (Swift files that are no tests) read it (`FieldUsage`), by file in path order; nil when
        /// that is not known: the app's code is not followed into its operation or fragment, or not every file was read.
        public var appReads: [FieldRead]?

        /// How many app files read it; nil when that is not known.
        public var appFiles: Int? { appReads.map { Set($0.map(\.file)).count } }

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
    public init(_ analysis: AnalysisSnapshot, documents: Set<String>? = nil) {
        for workspace in analysis.workspaces {
            let start = rows.count
            addTests(of: workspace, analysis: analysis, documents: documents)
            guard rows.count > start else { continue }
            // The app's reads, apart: an edit of app code changes them and no test.
            let usage = analysis.fieldUsage(of: workspace, readingTests: false)
            let reads = Dictionary(
                workspace.projects.map { ($0.configuration.name, usage.appReads(of: $0.configuration.name, index: $0.index)) },
                uniquingKeysWith: { first, _ in first })
            for index in rows.indices.dropFirst(start) {
                rows[index].appReads = (reads[rows[index].projectName] ?? nil)?(rows[index].field.id)
            }
        }
    }

    /// The rows of `workspace`'s fields with the tests that set or read them.
    private mutating func addTests(of workspace: Workspace, analysis: AnalysisSnapshot, documents: Set<String>?) {
        let (cache, memo) = (analysis.coverageCache, analysis.memo)
        // What this workspace's part of the report depends on; the part itself when nothing of it changed.
        let texts = analysis.swiftTexts(of: workspace, naming: Self.testMarkers)
        let key = ReportKey(
            root: workspace.root.path, documents: documents,
            projects: workspace.projects.filter(\.hasSchema).map { "\($0.configuration.name) \($0.index.revision)" },
            helpers: workspace.helpersFingerprint)
        let openDocuments = analysis.documents
        if let part = cache?.part(for: key, texts: texts, holds: { $0.allSatisfy { $0.hold(in: workspace, openDocuments: openDocuments) } }) {
            rows += part.rows
            testCount += part.testCount
            unfollowedTestCount += part.unfollowedTestCount
            return
        }
        let before = (rows: rows.count, tests: testCount, unfollowed: unfollowedTestCount)
        // What the files' tests read of the types other files declare.
        let otherFiles = Mutex<[OtherFilesDependencies]>([])
        defer {
            // A part cut short by a cancellation is not the part.
            if !analysis.isCancelled() {
                cache?.remember(ReportPart(
                    key: key, texts: texts, otherFiles: otherFiles.withLock { $0 }, rows: Array(rows[before.rows...]),
                    testCount: testCount - before.tests, unfollowedTestCount: unfollowedTestCount - before.unfollowed))
                cache?.save(root: workspace.root.path)
            }
        }
        // Each project's fields, numbered: what its files' tests are gathered against.
        var selections: [String: ProjectSelections] = [:]
        for project in workspace.projects where project.hasSchema {
            let all = SelectionCoverage.selectedFields(of: project.index)
            // The rows asked for, by their place in `all` (which numbers the fields for every file's tests).
            let wanted = all.indices.filter { documents?.contains(all[$0].document) ?? true }
            guard !wanted.isEmpty else { continue }
            selections[project.configuration.name] = ProjectSelections(project: project, all: all, wanted: wanted)
        }
        guard !selections.isEmpty else { return }
        // One pass over the workspace's Swift files for all its projects: each file is read and given its project once.
        let byProject = analysis.swiftTextsByProject(workspace: workspace, texts: texts) { [selections] project, file, text -> [(FileID, FileTest)] in
            guard selections[project.configuration.name] != nil else { return [] }
            let index = project.index
            let helpers = workspace.helpers(besides: file)
            let compute = { () -> SelectionCoverageCache.FileTests in
                let parsed = memo?.parse(file, text: text) ?? SwiftFile(text)
                let others = OtherFilesProperties(workspace, besides: file, openDocuments: openDocuments, memo: memo)
                let tests = SelectionCoverage.uses(in: parsed, project: index, helpers: helpers, declaredProperty: others.property).map { use in
                    FileTest(
                        name: use.name, line: parsed.lines.line(containing: use.range.lowerBound),
                        sets: use.setNumbers, reads: use.readNumbers,
                        unfollowed: use.unfollowed.sorted())
                }
                return .init(tests: tests, otherFiles: others.dependencies)
            }
            let found = cache?.tests(
                of: file, text: text, index: index, helpers: helpers, workspace: workspace, openDocuments: openDocuments, compute) ?? compute()
            if !found.otherFiles.isEmpty { otherFiles.withLock { $0.append(found.otherFiles) } }
            return found.tests.map { (file, $0) }
        }
        for project in workspace.projects {
            guard let selection = selections[project.configuration.name] else { continue }
            addRows(of: selection, tests: byProject[project.configuration.name] ?? [], analysis: analysis)
        }
    }

    /// A project's selected fields, numbered, and the ones a report shows.
    private struct ProjectSelections: Sendable {
        var project: Workspace.Project
        var all: [SelectionCoverage.SelectedField]
        var wanted: [Int]
    }

    private mutating func addRows(
        of selection: ProjectSelections, tests found: [(FileID, FileTest)], analysis: AnalysisSnapshot
    ) {
        let (project, all, wanted) = (selection.project, selection.all, selection.wanted)
        testCount += found.count
        unfollowedTestCount += found.count { !$0.1.unfollowed.isEmpty }
        var isWanted = [Bool](repeating: false, count: all.count)
        for number in wanted { isWanted[number] = true }
        var byField = [[Test]](repeating: [], count: all.count)
        var unknown: [String: Int] = [:]
        for (url, test) in found {
            // Both lists are sorted: one walk gives each field the test sets or reads.
            var (set, read) = (test.sets[...], test.reads[...])
            while let number = Self.smaller(set.first, read.first) {
                let (sets, reads) = (set.first == number, read.first == number)
                if sets { set = set.dropFirst() }
                if reads { read = read.dropFirst() }
                if isWanted[number] { byField[number].append(Test(name: test.name, file: url, line: test.line, sets: sets, reads: reads)) }
            }
            for name in test.unfollowed { unknown[name, default: 0] += 1 }
        }
        var lineTables: [String: LineTable] = [:]
        for number in wanted {
            let field = all[number]
            guard let lines = lineTables[field.document] ?? analysis.lines(of: field.document, project: project) else { continue }
            lineTables[field.document] = lines
            let utf8 = lines.position(of: field.range.lowerBound, unit: .utf8)
            let utf16 = lines.positions(of: [field.range.lowerBound, field.range.upperBound], unit: .utf16)
            rows.append(Row(
                field: field, project: project.configuration.namespace, file: FileID(path: field.document), start: utf8,
                utf16Start: utf16[0], utf16End: utf16[1], tests: byField[number], unknown: unknown[field.id.definition] ?? 0,
                projectName: project.configuration.name))
        }
    }

    /// The smaller of two numbers either of which may be missing (nil when both are).
    private static func smaller(_ first: Int?, _ second: Int?) -> Int? {
        guard let first else { return second }
        guard let second else { return first }
        return min(first, second)
    }

    /// One test of a file, its fields numbered by their place in the project's `SelectionCoverage.selectedFields`
    /// (what the cache keeps: numbers are cheaper to gather than names, and the index revision is part of its key).
    struct FileTest: Sendable, Codable, Equatable {
        var name: String
        /// 0-based.
        var line: Int
        var sets: [Int]
        var reads: [Int]
        var unfollowed: [String]
    }

    /// What a Swift file must mention to hold a test that builds or reads a model.
    static let testMarkers = TestFiles.modelMarkers

    /// The share of `rows` that `count` says yes to, in percent (100 for none).
    public static func share(_ rows: some Collection<Row>, _ count: (Row) -> Bool) -> Double {
        rows.isEmpty ? 100 : Double(rows.count(where: count)) * 100 / Double(rows.count)
    }
}

/// What one workspace's part of a report depends on, but for its Swift files' texts (compared on their own).
struct ReportKey: Hashable, Sendable {
    var root: String
    var documents: Set<String>?
    /// Each project with a schema, by name and index revision.
    var projects: [String]
    var helpers: Int
}

/// One workspace's part of a report, with what it was computed from.
struct ReportPart: Sendable {
    var key: ReportKey
    var texts: [AnalysisSnapshot.SwiftText]
    /// What its files' tests read of the types other files declare (a view model's properties), by file.
    var otherFiles: [OtherFilesDependencies]
    var rows: [SelectionCoverageReport.Row]
    var testCount: Int
    var unfollowedTestCount: Int
}

/// Each test file's tests and what they set and read, kept while its text, its project's index and the helpers of
/// the other files stay the same: the editor asks again at every edit of any test file, and only that file changed.
/// And each workspace's part of a report, kept while nothing it read changed (the editor asks for a document's lenses
/// again whenever any file changes, and most requests find nothing changed for the document asked about).
/// With a `CoverageStore`, what an earlier session computed is taken too, while a file's text and what its tests were
/// read against are the same (compared by `StableHash`: the same in every session), and what this one computes is
/// kept for the next.
final class SelectionCoverageCache: Sendable {
    typealias Tests = [SelectionCoverageReport.FileTest]
    /// A file's tests, and what following them read of the types other files declare.
    struct FileTests: Sendable {
        var tests: Tests
        var otherFiles: OtherFilesDependencies
    }

    /// A file's tests as the memo keeps them (`FileMemo.Query.coverageTests`).
    struct Kept: Sendable {
        var tests: Tests
        /// What the store keeps of them (with a store only).
        var stored: CoverageStore.Entry?
    }

    /// Where each file's tests are kept while the session lasts.
    private let memo: FileMemo
    /// The last part of a report for each key (each GraphQL document an editor shows lenses for has its own).
    private let parts = Mutex<[ReportKey: ReportPart]>([:])
    private static let maximumParts = 32
    /// How many parts were answered from here (for tests).
    private let partsReused = Atomic<Int>(0)
    var reusedParts: Int { partsReused.load(ordering: .relaxed) }
    private let store: CoverageStore?
    /// What the store held for the workspaces loaded, by file path.
    private let kept = Mutex<[String: CoverageStore.Entry]>([:])
    /// How many files' tests were followed, and taken from what the store held (for tests).
    private let counts = Mutex((followed: 0, taken: 0))
    var followedFiles: Int { counts.withLock { $0.followed } }
    var takenFiles: Int { counts.withLock { $0.taken } }
    /// The files whose tests were followed since the store was last asked to write their workspace.
    private let unsaved = Mutex<Set<String>>([])

    /// What the store is being read for: a file's tests wait for it before they are followed.
    private let loading = DispatchGroup()

    init(store: CoverageStore? = nil, memo: FileMemo = FileMemo()) { (self.store, self.memo) = (store, memo) }

    /// Takes what the store kept of `root`'s workspace, read in the background (the host calls it when it loads the
    /// workspace, and the workspace is indexed meanwhile).
    func load(root: String) {
        guard let store else { return }
        loading.enter()
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            let found = store.entries(of: root)
            kept.withLock { $0.merge(found) { _, new in new } }
            loading.leave()
        }
    }

    /// Asks the store to write `root`'s entries when files' tests were followed since it last did.
    func save(root: String) {
        let prefix = root.hasSuffix("/") ? root : root + "/"
        guard let store, unsaved.withLock({ unsaved in
            let written = unsaved.filter { $0.hasPrefix(prefix) }
            unsaved.subtract(written)
            return !written.isEmpty
        }) else { return }
        store.save(root) { [memo] in
            var files: [String: CoverageStore.Entry] = [:]
            for (file, kept) in memo.all(.coverageTests) where file.key.hasPrefix(prefix) { files[file.key] = kept.stored }
            return files
        }
    }

    /// The part of a report for `key` when the workspace's Swift files are still `texts` (same files, same texts) and
    /// what its tests read of other files `holds`.
    func part(for key: ReportKey, texts: [AnalysisSnapshot.SwiftText], holds: ([OtherFilesDependencies]) -> Bool) -> ReportPart? {
        guard let part = parts.withLock({ $0[key] }), part.texts.count == texts.count,
            zip(part.texts, texts).allSatisfy({ $0.path == $1.path && $0.text.hasSameBytes(as: $1.text) }), holds(part.otherFiles)
        else { return nil }
        partsReused.add(1, ordering: .relaxed)
        return part
    }

    func remember(_ part: ReportPart) {
        parts.withLock { parts in
            if parts.count >= Self.maximumParts, parts[part.key] == nil { parts.removeAll() }
            parts[part.key] = part
        }
    }

    /// `file`'s tests: kept while its text, `index`, `helpers` and what they read of other files of `workspace` (the
    /// editor's `openDocuments` first) are the same, else computed.
    func tests(
        of file: FileID, text: [UInt8], index: ProjectIndex, helpers: WorkspaceHelpers, workspace: Workspace, openDocuments: DocumentStore,
        _ compute: () -> FileTests
    ) -> FileTests {
        let helpersFingerprint = helpers.stableFingerprint
        let inputs = FileMemo.Inputs(text: text, revision: index.revision, helpers: Int(truncatingIfNeeded: helpersFingerprint))
        if let (kept, otherFiles) = memo.kept(.coverageTests, of: file, inputs: inputs, holds: { $0.hold(in: workspace, openDocuments: openDocuments) }) {
            return FileTests(tests: kept.tests, otherFiles: otherFiles)
        }
        // With a store: the file's text and context as every session hashes them, and what an earlier one kept of them
        // (taken once: from here on the entry below holds it, or what replaces it).
        var stored: (text: String, context: String)?
        var taken: FileTests?
        if store != nil {
            var context = StableHash()
            context.combine(Self.fingerprint(of: index))
            context.combine(helpersFingerprint)
            let hashes = (text: String(StableHash.of(text), radix: 16), context: String(context.value, radix: 16))
            loading.wait()
            if let kept = kept.withLock({ $0.removeValue(forKey: file.key) }), kept.text == hashes.text, kept.context == hashes.context,
                let otherFiles = OtherFilesDependencies.holding(kept.otherFiles, besides: file.key, in: workspace, openDocuments: openDocuments)
            {
                taken = FileTests(tests: kept.tests, otherFiles: otherFiles)
            }
            stored = hashes
        }
        let found = taken ?? compute()
        counts.withLock { taken == nil ? ($0.followed += 1) : ($0.taken += 1) }
        if taken == nil, stored != nil { unsaved.withLock { _ = $0.insert(file.key) } }
        let kept = Kept(
            tests: found.tests,
            stored: stored.map { .init(text: $0.text, context: $0.context, tests: found.tests, otherFiles: found.otherFiles.stored) })
        memo.keep(.coverageTests, of: file, inputs: inputs, value: kept, reads: found.otherFiles)
        return found
    }

    /// What a test file's tests are read against in `index`, the same in every session: its namespace, its mock format
    /// and its documents (what `SelectionCoverage` numbers the fields from).
    static func fingerprint(of index: ProjectIndex) -> UInt64 {
        index.derived(.storedCoverageContext) {
            var hash = StableHash()
            hash.combine(index.namespace)
            // Every stored property of the format, but its dictionaries, whose order changes with each launch: sorted apart.
            var format = index.format
            (format.customTypeNames, format.customScalars) = ([:], [:])
            var written = ""
            dump(format, to: &written)
            hash.combine(written)
            for (name, swiftName) in index.format.customTypeNames.sorted(by: { $0.key < $1.key }) {
                hash.combine(name)
                hash.combine(swiftName)
            }
            for (name, declaration) in index.format.customScalars.sorted(by: { $0.key < $1.key }) {
                hash.combine(name)
                hash.combine(String(describing: declaration))
            }
            for document in index.documents.values.sorted(by: { $0.path < $1.path }) {
                hash.combine(document.path)
                hash.combine(document.role.rawValue)
                hash.combine(document.text)
            }
            return hash.value
        }
    }
}

extension DerivedKind {
    static let storedCoverageContext = DerivedKind("stored coverage context")
}

extension FileMemo.Query where Value == SelectionCoverageCache.Kept, Reads == OtherFilesDependencies {
    /// A test file's tests and what each sets and reads of the selected fields.
    static var coverageTests: Self { Self(name: "coverage tests") }
}
