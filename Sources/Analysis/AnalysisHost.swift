import Features
import Foundation
import GraphQLIndex
import SourceText
import Synchronization

/// Owns what the analysis is computed from, and changes it: the workspace folders and their indexes (discovered,
/// configured and re-indexed in the background by `WorkspaceIndexer`), the open documents with their parse caches,
/// and the per-file diagnostics caches. `snapshot` is the `AnalysisSnapshot` of this moment.
///
/// The language server drives it from its reading thread, in arrival order: changes come from one thread, and
/// `snapshot` may be taken from any. It knows nothing of the protocol; the server turns notifications into these
/// calls.
public final class AnalysisHost: Sendable {
    /// Changed by the calling thread only, read by `snapshot` from any thread.
    private let state: Mutex<(documents: DocumentStore, folders: WorkspaceFolders)>
    public var documents: DocumentStore { state.withLock { $0.documents } }
    private var folders: WorkspaceFolders { state.withLock { $0.folders } }
    private let indexer: WorkspaceIndexer
    private let caches: AnalysisCaches
    /// Whether every change of the workspaces' files is heard of (a client's watchers, or `watch`).
    private let events = FileEvents(heard: false)
    /// The host's own watch of the workspace folders (`watchFolders()`), for clients that register no watchers.
    private let watch = Mutex<(any FolderWatch)?>(nil)
    private let log: @Sendable (String) -> Void

    /// `log` gets what indexing did; `indexed` is called after every change of the indexes. `keepsCoverage`: each test
    /// file's coverage is kept on disk for the next session of the workspace (`CoverageStore`; the language server's).
    public convenience init(
        folders: [URL], keepsCoverage: Bool = false, log: @escaping @Sendable (String) -> Void, indexed: @escaping @Sendable () -> Void = {}
    ) {
        self.init(folders: folders, store: keepsCoverage ? CoverageStore() : nil, log: log, indexed: indexed)
    }

    init(folders: [URL], store: CoverageStore?, log: @escaping @Sendable (String) -> Void, indexed: @escaping @Sendable () -> Void = {}) {
        state = Mutex((DocumentStore(), WorkspaceFolders(folders)))
        indexer = WorkspaceIndexer(log: log, indexed: indexed, events: events)
        caches = AnalysisCaches(store: store)
        self.log = log
    }

    deinit { stopWatching() }

    // MARK: File events

    /// The client registered file watchers (`filesChanged` hears of every change), or they are gone.
    public func clientWatchesFiles(_ watches: Bool) {
        events.set(heard: watches || watch.withLock { $0 != nil })
    }

    /// Watches the workspace folders itself (`FolderWatch`: inotify on Linux, else a poll), for a client that registers
    /// no watchers: what changes on disk reaches `filesChanged` as a client's file event would. Folders added later
    /// are watched from then on.
    public func watchFolders() {
        let roots = folders.roots
        let log = self.log
        let started = FolderWatches.start(roots, log: log) { [weak self] files in self?.filesChanged(files) }
        let previous = watch.withLock { watch in
            defer { watch = started }
            return watch
        }
        previous?.stop()
        events.set(heard: started != nil)
    }

    /// Stops the host's own watch (at shutdown).
    public func stopWatching() {
        watch.withLock { watch in
            defer { watch = nil }
            return watch
        }?.stop()
    }

    /// Writes what is to be kept for the next session now (at shutdown).
    public func flush() {
        caches.store?.flush()
    }

    public var snapshot: AnalysisSnapshot {
        AnalysisSnapshot(
            documents: documents, workspaces: indexer.snapshot, isIndexed: indexer.isReady, indexer: indexer,
            caches: caches)
    }

    /// The workspace folders, in the order first added.
    public var folderURLs: [URL] { folders.urls }

    // MARK: Workspace

    /// Discovers and indexes the workspace folders from scratch (start-up, configuration and pin changes).
    public func load() {
        let roots = folders.roots
        for root in roots { caches.coverage.load(root: root.path) }
        indexer.load(roots, overlays: graphQLOverlays)
    }

    /// Adds and removes workspace folders; re-announcing an open folder, or adding one inside it, changes nothing.
    public func changeFolders(added: [URL], removed: [URL]) {
        let (before, after) = state.withLock { state in
            let before = state.folders.roots
            state.folders.change(added: added, removed: removed)
            return (before, state.folders.roots)
        }
        guard after != before else { return }
        let known = Set(before)
        for root in after where !known.contains(root) { caches.coverage.load(root: root.path) }
        indexer.setFolders(after, overlays: graphQLOverlays)
        watch.withLock { $0 }?.watch(after)
    }

    /// Files changed on disk: a configuration, pin, generated mock or custom scalar file reloads the workspaces,
    /// GraphQL documents are re-indexed (an open one keeps the editor's text), Swift files and fixtures read again.
    public func filesChanged(_ files: [URL]) {
        if files.contains(where: {
            Self.configurationNames.contains($0.lastPathComponent) || $0.path.hasSuffix(Self.generatedMockSuffix)
                || CustomScalarFiles.contains($0.path)
        }) {
            load()
            return
        }
        let overlays = graphQLOverlays
        for file in files where Self.graphQLExtensions.contains(file.pathExtension) || ["json", "swift"].contains(file.pathExtension) {
            indexer.update(file, text: overlays[file])
        }
    }

    /// Writes a file a command creates (`mockls.writeResponse`) whole, through a temporary file renamed into place,
    /// and reads it into the workspace at once, as a file event would.
    public func write(_ text: String, to file: URL) throws {
        try FileTree.replace(file, with: Array(text.utf8))
        filesChanged([file])
    }

    /// Writes a file a command generates (`mockls.writeTestTransport`), as `write(_:to:)`, where no file is or over
    /// one whose first line starts with `mark` (one mockls wrote); never over another.
    public func write(_ text: String, to file: URL, replacingOnlyFilesMarked mark: String) throws {
        if FileTree.kind(of: file.path) != .missing {
            guard let existing = FileTree.contents(file), existing.starts(with: Array(mark.utf8)) else {
                throw GeneratedFileError(path: file.path, reason: "exists and mockls did not write it (its first line is not `\(mark)`): nothing written")
            }
        }
        try write(text, to: file)
    }

    /// A document was saved. Without file watching, a save is when new and changed files are looked for; a Swift
    /// file with helpers that return mocks or models (or that had some) changes what the tests that call them read.
    public func saved(_ file: FileID, watchingFiles: Bool) {
        if !watchingFiles || savedHelpers(file) { load() }
    }

    /// Whether a saved Swift document declares helpers that return mocks or models, or the workspace read some from
    /// it before.
    private func savedHelpers(_ file: FileID) -> Bool {
        guard file.isFile, file.pathExtension == "swift" else { return false }
        if documents[file]?.swiftFile?.modelHelpers().isEmpty == false { return true }
        return indexer.snapshot.contains { $0.declaresHelpers(in: file) }
    }

    // MARK: Documents

    /// Opens the document `file`, which the client names `uri` (its `file:` URI when not given).
    @discardableResult
    public func open(_ file: FileID, uri: String? = nil, languageID: String, version: Int, text: [UInt8]) -> Document {
        let opened = state.withLock { $0.documents.open(file, uri: uri, languageID: languageID, version: version, text: text) }
        reindexIfIndexed(file)
        return opened
    }

    @discardableResult
    public func change(_ file: FileID, version: Int, edit: (LineTable) throws -> LineTable) throws -> Document {
        let changed = try state.withLock { try $0.documents.change(file, version: version, edit: edit) }
        reindexIfIndexed(file)
        return changed
    }

    public func close(_ file: FileID) throws {
        try state.withLock { _ = try $0.documents.close(file) }
        caches.memo.forget(.functionDiagnostics, of: file)
        reindexIfIndexed(file)
    }

    /// Open GraphQL documents, whose text wins over the disk.
    private var graphQLOverlays: [URL: [UInt8]] {
        var overlays: [URL: [UInt8]] = [:]
        let documents = documents
        for file in documents.files where Self.graphQLExtensions.contains(file.pathExtension) {
            guard let url = file.url, let document = documents[file] else { continue }
            overlays[url] = document.lines.bytes
        }
        return overlays
    }

    /// An open GraphQL document changes the index; an open JSON document, the diagnostics of a response fixture.
    private func reindexIfIndexed(_ file: FileID) {
        guard Self.graphQLExtensions.contains(file.pathExtension) || file.pathExtension == "json", let url = file.url else { return }
        indexer.update(url, text: documents[file]?.lines.bytes)
    }

    // MARK: Files

    public static let graphQLExtensions: Set<String> = ["graphql", "graphqls", "gql"]
    static let generatedMockSuffix = "+Mock.graphql.swift"
    /// The files whose change can change a workspace's projects or formats.
    static let configurationNames: Set<String> = Set(
        [ProjectDiscovery.apolloConfigurationName] + MockFormatDetector.pinFileNames + GraphQLConfigFile.names)

    /// Glob patterns for every file whose change the host must hear of (`filesChanged`): GraphQL documents,
    /// configurations, pins and generated mock files. Built from the lists above, so that watching and reacting agree.
    public static var watchedFilePatterns: [String] {
        graphQLExtensions.sorted().map { "**/*.\($0)" } + configurationNames.sorted().map { "**/\($0)" }
            + ["**/*\(generatedMockSuffix)", "**/*.json", "**/*.swift"]
    }

}

/// A file a command would write is one it must not replace.
public struct GeneratedFileError: Error, CustomStringConvertible {
    public var path: String
    public var reason: String
    public var description: String { "\(path) \(reason)" }
}
