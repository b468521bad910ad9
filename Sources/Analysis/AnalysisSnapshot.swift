import Dispatch
import Features
import Foundation
import GraphQLIndex
import SourceText
import SwiftAnalysis
import Synchronization

/// One consistent view of the workspaces and the open documents, to answer queries from: what a request sees, what
/// a pushed diagnostic is computed from, and what a command of the command line reads. A value (the host makes a
/// new one at every change); queries take and return plain data — UTF-8 offsets, paths, `Diagnostic`s — and know
/// nothing of the protocol.
public struct AnalysisSnapshot: Sendable {
    public let documents: DocumentStore
    /// The indexed workspaces as of the last finished indexing (never waits for the indexer).
    public let workspaces: [Workspace]
    /// Whether the first indexing had finished when the snapshot was taken.
    public let isIndexed: Bool
    let indexer: WorkspaceIndexer?
    /// What the host's snapshots keep between requests (nil for the command line, which asks once).
    let caches: AnalysisCaches?
    /// Whether the request this snapshot answers was cancelled: the queries over a workspace's files (references,
    /// coverage) stop reading files and throw `CancellationError` once it says yes. Never, unless `cancellable(when:)`.
    public private(set) var isCancelled: @Sendable () -> Bool = { false }

    /// This snapshot, for a request that `check` says has been cancelled.
    public func cancellable(when check: @escaping @Sendable () -> Bool) -> AnalysisSnapshot {
        var copy = self
        copy.isCancelled = check
        return copy
    }
    /// Each open test file's per-function diagnostics, kept between its versions.
    var diagnosticsCaches: MockDiagnosticsCaches? { caches?.diagnostics }
    /// Each test file's selection coverage, kept while it and what it depends on stay the same (the editor's lenses).
    var coverageCache: SelectionCoverageCache? { caches?.coverage }

    /// A view of workspaces read at once (the command line): indexed, with `documents` (the files a command was
    /// given, read once) open.
    public init(workspaces: [Workspace], documents: DocumentStore = DocumentStore()) {
        self.init(documents: documents, workspaces: workspaces, isIndexed: true, indexer: nil, caches: nil)
    }

    /// Before a host starts: nothing indexed, and nothing coming.
    public static let beforeStart = AnalysisSnapshot(
        documents: DocumentStore(), workspaces: [], isIndexed: false, indexer: nil, caches: nil)

    init(
        documents: DocumentStore, workspaces: [Workspace], isIndexed: Bool, indexer: WorkspaceIndexer?, caches: AnalysisCaches?
    ) {
        self.documents = documents
        self.workspaces = workspaces
        self.isIndexed = isIndexed
        self.indexer = indexer
        self.caches = caches
    }

    /// This snapshot once the first indexing is in: a request sent right after the client attached waits for it (at
    /// most `timeout`) rather than answer from no index at all, which an editor would keep as a final answer. nil
    /// when it is still not in.
    public func afterFirstIndex(timeout: DispatchTimeInterval = .seconds(2)) -> AnalysisSnapshot? {
        if isIndexed { return self }
        guard let workspaces = indexer?.snapshotAfterFirstIndex(timeout: timeout) else { return nil }
        return AnalysisSnapshot(
            documents: documents, workspaces: workspaces, isIndexed: true, indexer: indexer, caches: caches
        ).cancellable(when: isCancelled)
    }

    /// This snapshot once the index holds the open document `uri` as it is now (its latest edit, and the first
    /// indexing), waiting at most `timeout`: a pull of its diagnostics right after `didOpen` or `didChange` would
    /// otherwise be answered on the text before, and a client that pulls keeps that answer. nil when it is not in
    /// by then.
    public func afterIndexing(_ uri: String, timeout: DispatchTimeInterval = .seconds(2)) -> AnalysisSnapshot? {
        guard let indexer, let file = AnalysisHost.fileURL(uri) else { return afterFirstIndex(timeout: timeout) }
        guard let workspaces = indexer.snapshot(including: file, timeout: timeout) else { return nil }
        return AnalysisSnapshot(
            documents: documents, workspaces: workspaces, isIndexed: true, indexer: indexer, caches: caches
        ).cancellable(when: isCancelled)
    }

    // MARK: Documents

    /// The context of the open Swift test file at `uri`, waiting (bounded) for the first index; nil when it belongs
    /// to no project. A query about a document that is not open fails.
    public func testFile(_ uri: String) throws -> TestFileContext? {
        guard let document = documents[uri] else { throw DocumentError.notOpen(uri) }
        guard let indexed = afterFirstIndex() else { return nil }
        return TestFileContext(document, in: indexed.workspaces, openTexts: documents.textsByPath)
    }

    /// The context of the open GraphQL document at `uri`: nil when it is no document of a project.
    public func graphQLDocument(_ uri: String) -> GraphQLDocumentContext? {
        guard let document = documents[uri], !document.isSwift, let indexed = afterFirstIndex() else { return nil }
        return GraphQLDocumentContext(document, in: indexed.workspaces)
    }

    /// A document's text as the client has it: open, indexed, or the workspace's Swift or JSON file.
    public func lines(of path: String, project: Workspace.Project, workspace: Workspace? = nil) -> LineTable? {
        documents[URL(fileURLWithPath: path).absoluteString]?.lines
            ?? project.index.documents[path].map { LineTable($0.text) }
            ?? (workspace?.swiftSources.text(of: path) ?? workspace?.jsonFiles.text(of: path)).map(LineTable.init)
    }

    /// The text of a JSON file of `workspace`: open, else as the workspace holds it.
    func jsonText(of file: URL, in workspace: Workspace) -> [UInt8]? {
        documents[file.absoluteString]?.lines.bytes ?? workspace.jsonFiles.text(of: file.path)
    }

    /// `items` each with the text of its document (`lines(of:project:workspace:)`), each document's made once;
    /// those whose document cannot be read are left out.
    func withLines<T>(_ items: [T], document: (T) -> String, project: Workspace.Project, workspace: Workspace) -> [(T, LineTable)] {
        var tables: [String: LineTable?] = [:]
        return items.compactMap { item in
            let path = document(item)
            if tables[path] == nil { tables[path] = .some(lines(of: path, project: project, workspace: workspace)) }
            return tables[path]!.map { (item, $0) }
        }
    }

    // MARK: Completion

    /// The completions at `offset` of a Swift test file or a GraphQL document, with the index their documentation is
    /// read from; nil when the document belongs to no project (or, in the editor, while the first index is not in).
    public func completions(at offset: Int, in file: AnalysisFile) -> CompletionAnswer? {
        switch file {
        case .graphQL(let graphql):
            let completions = Self.onCursorLine(graphql.completions(at: offset), at: offset, in: graphql.document.lines)
            return CompletionAnswer(completions: completions, index: graphql.index, language: .graphQL)
        case .swift(let context):
            let completions = Self.onCursorLine(context.completions(at: offset), at: offset, in: context.document.lines)
            return CompletionAnswer(completions: completions, index: context.index, language: .swift)
        case .other:
            return nil
        }
    }

    /// LSP 3.17: a completion's edit is on one line and contains the position. An edit that would reach another line
    /// (and delete its line break) is cut to the cursor's line, whatever feature wrote it.
    static func onCursorLine(_ completions: [Completion], at offset: Int, in lines: LineTable) -> [Completion] {
        let line = lines.contentRange(ofLine: lines.line(containing: offset))
        return completions.map { completion in
            let range = completion.replaceRange
            guard range.lowerBound < line.lowerBound || range.upperBound > line.upperBound || !(range.lowerBound...range.upperBound).contains(offset)
            else { return completion }
            var kept = completion
            let lower = min(max(range.lowerBound, line.lowerBound), offset)
            kept.replaceRange = lower..<max(min(range.upperBound, line.upperBound), offset)
            return kept
        }
    }

    // MARK: Diagnostics

    /// A test file's diagnostics with their fixes: through its cache of per-function results when it is open.
    public func diagnostics(of context: TestFileContext) -> [Diagnostic] {
        let cache = documents[context.document.uri] != nil ? diagnosticsCaches?.cache(for: context.document.uri) : nil
        return context.diagnostics(cache: cache) + registeredFixtureDiagnostics(of: context)
    }

    /// The diagnostics of every indexed GraphQL document, configuration file and generated mock file, by file; when
    /// cancelled (`cancellable(when:)`), what was found until then.
    public var workspaceDiagnostics: [URL: (lines: LineTable, diagnostics: [Diagnostic])] {
        var result: [URL: (lines: LineTable, diagnostics: [Diagnostic])] = [:]
        for workspace in workspaces {
            for (file, entry) in workspace.diagnostics {
                result[file, default: (LineTable(entry.text), [])].diagnostics += entry.diagnostics
            }
            for (path, diagnostics) in unusedFields(of: workspace) {
                guard let text = workspace.documentText(path) else { continue }
                result[URL(fileURLWithPath: path), default: (LineTable(text), [])].diagnostics += diagnostics
            }
        }
        for (file, entry) in responseFixtureDiagnostics { result[file] = entry }
        return result
    }

    /// The diagnostics of an open document that is no test file, as a client that pulls asks for them: a response
    /// fixture (as edited), a GraphQL document, a configuration or a generated mock file, with the text they were
    /// computed on; the same the workspace's diagnostics push. Nil for a document that is none of them.
    public func documentDiagnostics(of uri: String) -> (lines: LineTable, diagnostics: [Diagnostic])? {
        if let fixture = responseFixtureDiagnostics(of: uri) { return fixture }
        guard let url = AnalysisHost.fileURL(uri)?.standardizedFileURL else { return nil }
        for workspace in workspaces {
            let text = workspace.documentText(url.path)
            let unused = text != nil ? unusedFields(of: workspace)[url.path] ?? [] : []
            if let entry = workspace.diagnostics(of: url) { return (LineTable(entry.text), entry.diagnostics + unused) }
            if !unused.isEmpty, let text { return (LineTable(text), unused) }
        }
        return nil
    }

    /// The diagnostics of the JSON document `uri` as a response fixture (its text as edited); nil when it is not one.
    public func responseFixtureDiagnostics(of uri: String) -> (lines: LineTable, diagnostics: [Diagnostic])? {
        guard let file = AnalysisHost.fileURL(uri), ResponseFixtures.isCandidate(file.path) else { return nil }
        for workspace in workspaces where workspace.jsonFiles.contains(file.path) || isUnsavedFixture(file, of: workspace) {
            let read = { (file: URL) in jsonText(of: file, in: workspace) }
            guard let text = documents[uri]?.lines.bytes ?? read(file) else { continue }
            let catalog = ResponseFixtures.catalog(of: workspace)
            guard let fixture = ResponseFixtures.fixture(for: file, text: text, in: catalog, reads: workspace.responseFixtureReads) else {
                let hint = ResponseFixtures.unknownOperationHint(of: file, text: text, operations: ResponseFixtures.operationNames(in: catalog))
                return (LineTable(text), hint.map { [$0] } ?? [])
            }
            return (LineTable(text), ResponseFixtures.diagnostics(of: file, text: text, fixture: fixture, read: read))
        }
        return nil
    }

    /// The JSON files of `workspace` that may be response fixtures: those it holds, and the unsaved ones.
    func fixtureFiles(of workspace: Workspace) -> [URL] {
        workspace.responseFixtureFiles + documents.uris.compactMap { AnalysisHost.fileURL($0)?.standardizedFileURL }.filter { file in
            ResponseFixtures.isCandidate(file.path) && isUnsavedFixture(file, of: workspace)
        }
    }

    /// An open document below `workspace`'s root that it does not hold yet: a fixture being written, not saved.
    private func isUnsavedFixture(_ file: URL, of workspace: Workspace) -> Bool {
        documents[file.absoluteString] != nil && file.path.hasPrefix(workspace.root.standardizedFileURL.path + "/")
            && !workspace.jsonFiles.contains(file.path)
    }

    /// The diagnostics of every JSON response fixture of the workspaces (`ResponseFixtures`), open ones as edited.
    public var responseFixtureDiagnostics: [URL: (lines: LineTable, diagnostics: [Diagnostic])] {
        var result: [URL: (lines: LineTable, diagnostics: [Diagnostic])] = [:]
        for workspace in workspaces {
            let files = fixtureFiles(of: workspace)
            guard !files.isEmpty else { continue }
            let catalog = ResponseFixtures.catalog(of: workspace)
            guard !catalog.isEmpty else { continue }
            let read = { (file: URL) in jsonText(of: file, in: workspace) }
            let names = ResponseFixtures.operationNames(in: catalog)
            for file in files {
                // Cut short when cancelled (a later change of the index): the caller drops what it got.
                if isCancelled() { return result }
                guard let text = read(file) else { continue }
                if let fixture = ResponseFixtures.fixture(for: file, text: text, in: catalog, reads: workspace.responseFixtureReads) {
                    result[file] = (LineTable(text), ResponseFixtures.diagnostics(of: file, text: text, fixture: fixture, read: read))
                } else if let hint = ResponseFixtures.unknownOperationHint(of: file, text: text, operations: names) {
                    result[file] = (LineTable(text), [hint])
                }
            }
        }
        return result
    }

    // MARK: Selection coverage

    /// Which tests set and read each field the operations and fragments select (`SelectionCoverageReport`): of
    /// every document, or of the GraphQL document `uri` only.
    public func selectionCoverage(ofDocument uri: String? = nil) throws -> SelectionCoverageReport {
        let documents = uri.map { uri in Set([AnalysisHost.fileURL(uri)?.path].compactMap { $0 }) }
        let report = SelectionCoverageReport(afterFirstIndex() ?? self, documents: documents)
        if isCancelled() { throw CancellationError() }
        return report
    }

    // MARK: References and rename

    /// The uses of what is at `offset` of a GraphQL or Swift document: in the project's GraphQL documents and in the
    /// workspace's Swift files that belong to the project, with the text of each file they are in. The GraphQL
    /// documents' come first, then the app's code's, then the tests' (`ReferenceLocation.Kind`), each in file order.
    public func references(at offset: Int, in file: AnalysisFile, includingDeclaration: Bool) throws -> [(location: ReferenceLocation, lines: LineTable)] {
        let target: ReferenceTarget?
        let workspace: Workspace
        let project: Workspace.Project
        switch file {
        case .graphQL(let graphql):
            target = References.target(at: offset, inGraphQL: graphql.document.lines.bytes, path: graphql.path, project: graphql.index)
            (workspace, project) = (graphql.workspace, graphql.project)
        case .swift(let context):
            target = References.target(at: offset, inSwift: context.file, project: context.index, helpers: context.helperTypes)
            (workspace, project) = (context.workspace, context.project)
        case .other:
            return []
        }
        guard let target else { return [] }
        let names = References.swiftNames(of: target, project: project.index)
        let (index, testFiles) = (project.index, testCode(in: workspace))
        let occurrences = occurrenceReader(workspace: workspace, project: project)
        let inSwift = projectSwiftTexts(workspace: workspace, project: project, naming: names) { url, text in
            let found = occurrences(names, url, text).filter { $0.target == target }
            guard !found.isEmpty else { return [ReferenceLocation]() }
            let kind: ReferenceLocation.Kind = testFiles.isTest(url.path, text: text) ? .test : .app
            return found.map { ReferenceLocation(document: url.path, range: $0.range, kind: kind) }
        }
        // The GraphQL documents', then the app's reads, then the tests', each in file order.
        let found = References.inGraphQL(target, project: index, includingDeclaration: includingDeclaration)
            + inSwift.filter { $0.kind == .app } + inSwift.filter { $0.kind == .test }
        if isCancelled() { throw CancellationError() }
        return withLines(found, document: \.document, project: project, workspace: workspace).map { (location: $0, lines: $1) }
    }

    /// The occurrences in the document `uri` of what is at `offset` (`DocumentHighlights`), with its text.
    public func documentHighlights(at offset: Int, in file: AnalysisFile) -> [Range<Int>] {
        switch file {
        case .graphQL(let graphql):
            DocumentHighlights.inGraphQL(at: offset, in: graphql.document.lines.bytes, path: graphql.path, project: graphql.index)
        case .swift(let context):
            DocumentHighlights.inSwift(at: offset, in: context.file, project: context.index, helpers: context.helperTypes)
        case .other:
            []
        }
    }

    /// What may be renamed at `offset` of a GraphQL or Swift document, with the document's text, its workspace and
    /// project; nil for a document of no project.
    public func renameTarget(at offset: Int, in file: AnalysisFile) -> RenameQuery? {
        switch file {
        case .graphQL(let graphql):
            let lines = graphql.document.lines
            return RenameQuery(
                prepared: Rename.prepare(atGraphQL: offset, in: lines.bytes, path: graphql.path, project: graphql.index), lines: lines,
                workspace: graphql.workspace, project: graphql.project)
        case .swift(let context):
            return RenameQuery(
                prepared: Rename.prepare(atSwift: offset, in: context.file, project: context.index, helpers: context.helperTypes),
                lines: context.document.lines,
                workspace: context.workspace, project: context.project)
        case .other:
            return nil
        }
    }

    /// The edits that rename `target` to `newName` in the project's GraphQL documents and the workspace's Swift files
    /// that belong to it, each with the text of its file; or why it may not be renamed. Throws `CancellationError`
    /// when the request is cancelled (its loop over the files stops).
    public func renameEdits(_ query: RenameQuery, to newName: String) throws -> Result<[(edit: RenameEdit, lines: LineTable)], RenameRefusal> {
        let target: RenameTarget
        switch query.prepared {
        case .success(let (found, _)): target = found
        case .failure(let refusal): return .failure(refusal)
        }
        let project = query.project
        if let refusal = Rename.refusal(renaming: target, to: newName, project: project.index) { return .failure(refusal) }
        let references = target.referenceTarget
        let names = References.swiftNames(of: references, project: project.index)
        let index = project.index
        // The occurrence index references use: a rename after its references parses nothing again.
        let occurrences = occurrenceReader(workspace: query.workspace, project: project)
        let edits = Rename.graphQLEdits(target, to: newName, project: index)
            + projectSwiftTexts(workspace: query.workspace, project: project, naming: names) { url, text in
                let found = occurrences(names, url, text).filter { $0.target == references }.map(\.range)
                return Rename.swiftEdits(target, to: newName, at: found, in: text, project: index)
                    .map { RenameEdit(document: url.path, range: $0.range, text: $0.text) }
            }
        if isCancelled() { throw CancellationError() }
        return .success(withLines(edits, document: \.document, project: project, workspace: query.workspace).map { (edit: $0, lines: $1) })
    }

    /// What references and rename read of one Swift file of `project`: the occurrences of some names with what each
    /// stands for, through the occurrence index, each file's values read as definition and hover read them (with the
    /// workspace's helpers and the properties of types other files declare).
    private func occurrenceReader(
        workspace: Workspace, project: Workspace.Project
    ) -> @Sendable (Set<String>, URL, [UInt8]) -> [OccurrenceCache.Occurrence] {
        let (cache, index, helpersFingerprint, openTexts) = (caches?.occurrences ?? OccurrenceCache(), project.index, workspace.helpersFingerprint, documents.textsByPath)
        return { names, url, text in
            cache.occurrences(
                of: names, path: url.path, text: text, index: index, helpers: helpersFingerprint,
                holds: { $0.hold(in: workspace, openTexts: openTexts) }
            ) { missing in
                let file = SwiftFile(text)
                let others = OtherFilesProperties(workspace, besides: url, openTexts: openTexts)
                let types = others.helperTypes(of: file) { workspace.helpers(besides: url).helpers }
                return (References.occurrences(named: missing, in: file, project: index, helpers: types), others.dependencies)
            }
        }
    }

    /// `body` for each Swift file of the workspace that belongs to `project` and mentions one of `names` (open ones as
    /// the editor has them, the others as the workspace holds them), with its text, on every core; the results in file
    /// order.
    func projectSwiftTexts<T: Sendable>(
        workspace: Workspace, project: Workspace.Project, naming names: Set<String>, _ body: @Sendable (URL, [UInt8]) -> [T]
    ) -> [T] {
        let name = project.configuration.name
        return swiftTextsByProject(workspace: workspace, naming: names) { owner, url, bytes in
            owner.configuration.name == name ? body(url, bytes) : []
        }[name] ?? []
    }

    /// One Swift file of a workspace as a query reads it: the editor's text when it is open, else the workspace's.
    struct SwiftText: Sendable {
        var path: String
        var text: [UInt8]
        /// Whether `text` is an open document's (else what the workspace holds, read again if it changed on disk).
        var isOpen: Bool
    }

    /// Whether the workspace's Swift files are test code (`SwiftNameMentions.isTestCode`): as the workspace read them,
    /// an open one from the editor's text.
    struct TestCode: Sendable {
        let open: [String: [UInt8]]
        let mentions: SwiftNameMentions

        /// Known without the file's text: nil for an open file, or one the workspace did not read.
        func known(_ path: String) -> Bool? { open[path] == nil ? mentions.isTest(path) : nil }

        func isTest(_ path: String, text: [UInt8]) -> Bool { known(path) ?? SwiftNameMentions.isTestCode(path: path, text: text) }
    }

    func testCode(in workspace: Workspace) -> TestCode { TestCode(open: documents.textsByPath, mentions: workspace.nameMentions) }

    /// The workspace's Swift files that mention one of `names`, with their texts, in path order, read on every core.
    func swiftTexts(of workspace: Workspace, naming names: Set<String>, including: (String) -> Bool = { _ in true }) -> [SwiftText] {
        let sources = workspace.swiftSources
        let paths = sources.paths.filter(including)
        let openTexts = documents.textsByPath
        var found = [SwiftText?](repeating: nil, count: paths.count)
        found.withUnsafeMutableBufferPointer { found in
            nonisolated(unsafe) let found = found
            let isCancelled = isCancelled
            DispatchQueue.concurrentPerform(iterations: paths.count) { index in
                guard !isCancelled() else { return }
                let open = openTexts[paths[index]]
                guard let text = open ?? sources.text(of: paths[index]), names.contains(where: { text.contains(bytes: $0) }) else { return }
                found[index] = SwiftText(path: paths[index], text: text, isOpen: open != nil)
            }
        }
        return found.compactMap { $0 }
    }

    /// `body` for each Swift file of the workspace that mentions one of `names` and belongs to a project, with that
    /// project; the results by project name, in file order. One walk, one read and one project lookup a file,
    /// whatever the number of projects: a report over every project asks once, not once a project.
    func swiftTextsByProject<T: Sendable>(
        workspace: Workspace, naming names: Set<String>, _ body: @Sendable (Workspace.Project, URL, [UInt8]) -> [T]
    ) -> [String: [T]] {
        swiftTextsByProject(workspace: workspace, texts: swiftTexts(of: workspace, naming: names), body)
    }

    /// The same over texts already read (`swiftTexts(of:naming:)`).
    func swiftTextsByProject<T: Sendable>(
        workspace: Workspace, texts: [SwiftText], _ body: @Sendable (Workspace.Project, URL, [UInt8]) -> [T]
    ) -> [String: [T]] {
        let sources = workspace.swiftSources
        let found = Mutex<[Int: (project: String, results: [T])]>([:])
        let isCancelled = isCancelled
        DispatchQueue.concurrentPerform(iterations: texts.count) { index in
            guard !isCancelled() else { return }
            let file = texts[index]
            let url = URL(fileURLWithPath: file.path)
            guard let project = workspace.project(
                forSwiftFile: url, text: file.text, mentions: file.isOpen ? nil : sources.mentions(of: file.path, text: file.text))
            else { return }
            let results = body(project, url, file.text)
            if !results.isEmpty { found.withLock { $0[index] = (project.configuration.name, results) } }
        }
        var byProject: [String: [T]] = [:]
        for (_, entry) in found.withLock({ $0 }).sorted(by: { $0.key < $1.key }) { byProject[entry.project, default: []] += entry.results }
        return byProject
    }

    // MARK: Symbols

    /// The GraphQL symbols of every project whose names match `query`, with the text of their document; at most
    /// `limit`.
    public func workspaceSymbols(_ query: String, limit: Int = 500) -> [(symbol: WorkspaceSymbol, namespace: String, lines: LineTable)] {
        guard let indexed = afterFirstIndex() else { return [] }
        var result: [(symbol: WorkspaceSymbol, namespace: String, lines: LineTable)] = []
        // One line table per document, not per symbol: a short query finds hundreds of types in one schema.
        var lineTables: [String: LineTable] = [:]
        for project in indexed.workspaces.flatMap(\.projects) {
            for found in GraphQLSymbols.workspaceSymbols(query, in: [project.index]) {
                let lines: LineTable
                if let known = documents[URL(fileURLWithPath: found.document).absoluteString]?.lines ?? lineTables[found.document] {
                    lines = known
                } else if let text = project.index.documents[found.document]?.text {
                    lines = LineTable(text)
                    lineTables[found.document] = lines
                } else {
                    continue
                }
                result.append((found, project.configuration.namespace, lines))
                if result.count >= limit { return result }
            }
        }
        return result
    }
}

/// What `AnalysisSnapshot.completions` found.
public struct CompletionAnswer: Sendable {
    public enum Language: Sendable { case swift, graphQL }
    public let completions: [Completion]
    /// The project's index, which documentation is written from (`CompletionDocumentation.markdown(in:)`).
    public let index: ProjectIndex
    public let language: Language
}

/// A GraphQL symbol of `AnalysisSnapshot.workspaceSymbols`: with its document, and its Swift name when Apollo renames it.
public typealias WorkspaceSymbol = (symbol: GraphQLSymbolInfo, document: String, swiftName: String?)

/// What `AnalysisSnapshot.renameTarget` found.
public struct RenameQuery: Sendable {
    public let prepared: Result<(RenameTarget, Range<Int>), RenameRefusal>
    /// The text of the document asked about.
    public let lines: LineTable
    let workspace: Workspace
    let project: Workspace.Project
}

/// The per-function diagnostics of each open test file, kept between its versions (`MockDiagnosticsCache`).
final class MockDiagnosticsCaches: Sendable {
    private let caches = Mutex<[String: MockDiagnosticsCache]>([:])

    func cache(for uri: String) -> MockDiagnosticsCache {
        caches.withLock { caches in
            if let cache = caches[uri] { return cache }
            let cache = MockDiagnosticsCache()
            caches[uri] = cache
            return cache
        }
    }

    func forget(_ uri: String) { _ = caches.withLock { $0.removeValue(forKey: uri) } }
}
