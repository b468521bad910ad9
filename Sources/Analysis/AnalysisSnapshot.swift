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
/// nothing of the protocol. Here: waiting for the index, and the documents' contexts and texts; the queries are one
/// file per feature in `Queries/` (and `PositionQueries.swift`, `DocumentActions.swift`).
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
    /// What the snapshots of a host derive from each file and keep.
    var memo: FileMemo? { caches?.memo }
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

    /// This snapshot once the index holds the open document `id` as it is now (its latest edit, and the first
    /// indexing), waiting at most `timeout`: a pull of its diagnostics right after `didOpen` or `didChange` would
    /// otherwise be answered on the text before, and a client that pulls keeps that answer. nil when it is not in
    /// by then.
    public func afterIndexing(_ id: FileID, timeout: DispatchTimeInterval = .seconds(2)) -> AnalysisSnapshot? {
        guard let indexer, let file = id.url else { return afterFirstIndex(timeout: timeout) }
        guard let workspaces = indexer.snapshot(including: file, timeout: timeout) else { return nil }
        return AnalysisSnapshot(
            documents: documents, workspaces: workspaces, isIndexed: true, indexer: indexer, caches: caches
        ).cancellable(when: isCancelled)
    }

    // MARK: Documents

    /// The context of the open Swift test file `id`, waiting (bounded) for the first index; nil when it belongs
    /// to no project. A query about a document that is not open fails.
    public func testFile(_ id: FileID) throws -> TestFileContext? {
        guard case .swift(let context) = try file(id) else { return nil }
        return context
    }

    /// The context of the open GraphQL document `id`: nil when it is no document of a project.
    public func graphQLDocument(_ id: FileID) -> GraphQLDocumentContext? {
        guard case .graphQL(let context) = try? file(id) else { return nil }
        return context
    }

    /// A document's text as the client has it: open, indexed, or the workspace's Swift or JSON file.
    public func lines(of path: String, project: Workspace.Project, workspace: Workspace? = nil) -> LineTable? {
        documents[FileID(path: path)]?.lines
            ?? project.index.documents[path].map { LineTable($0.text) }
            ?? (workspace?.swiftSources.text(of: path) ?? workspace?.jsonFiles.text(of: path)).map(LineTable.init)
    }

    /// The text of a JSON file of `workspace`: open, else as the workspace holds it.
    func jsonText(of file: URL, in workspace: Workspace) -> [UInt8]? {
        documents[FileID(url: file)]?.lines.bytes ?? workspace.jsonFiles.text(of: file.path)
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
}
