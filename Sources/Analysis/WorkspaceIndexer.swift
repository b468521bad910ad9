import Dispatch
import Foundation
import GraphQLIndex
import SourceText
import Synchronization

/// Keeps the workspaces' indexes current off the reading thread.
///
/// Changes are applied in arrival order on one serial queue; each produces new `Workspace` values that replace the
/// current ones at once, so readers (`snapshot`) never wait for indexing and never see a half-built index.
/// What queues up while the indexer is busy is coalesced, so that a client faster than indexing cannot grow the
/// queue without bound (a fuzzer changing folders with every message did, by 10 KB a message): edits to the same
/// file index only the newest text, and changes of folders only the newest folders.
final class WorkspaceIndexer: Sendable {
    private let queue = DispatchQueue(label: "mockls.indexer", qos: .utility)
    private let current = Mutex<[Workspace]>([])
    /// The newest text of each file waiting to be indexed (nil: read the disk), with the number of the change that
    /// asked for it; a file stays here until its newest text is in the index (`snapshot(including:timeout:)`).
    private let pendingText = Mutex<(changes: Int, texts: [URL: (change: Int, text: [UInt8]?)])>((0, [:]))
    /// The newest folders asked for and not indexed yet; `reload` when any request since the last indexing asked
    /// for a load from scratch.
    private let pendingFolders = Mutex<(folders: [URL], overlays: [URL: [UInt8]], reload: Bool)?>(nil)
    private let log: @Sendable (String) -> Void
    /// Called after every change of the indexes (their diagnostics are published from there).
    private let indexed: @Sendable () -> Void

    /// Whether the workspaces' files are heard of as they change (the host's `FileEvents`).
    private let events: FileEvents

    init(log: @escaping @Sendable (String) -> Void, indexed: @escaping @Sendable () -> Void = {}, events: FileEvents = .readNow) {
        self.log = log
        self.indexed = indexed
        self.events = events
    }

    /// The workspaces as last indexed.
    var snapshot: [Workspace] { current.withLock { $0 } }

    /// Whether the first indexing (after `initialized`) has finished: before, an empty snapshot means "not yet", not
    /// "nothing there".
    var isReady: Bool { ready.load(ordering: .acquiring) }
    private let ready = Atomic<Bool>(false)
    private let started = Atomic<Bool>(false)
    private let firstLoad = DispatchSemaphore(value: 0)

    /// The workspaces once the first indexing is in, waiting for it at most `timeout`; nil when it is not in by then.
    func snapshotAfterFirstIndex(timeout: DispatchTimeInterval) -> [Workspace]? {
        // Without `initialized` nothing is indexed, and nothing is coming.
        if isReady || !started.load(ordering: .acquiring) { return snapshot }
        guard firstLoad.wait(timeout: .now() + timeout) == .success else { return nil }
        firstLoad.signal()  // for the next waiter
        return snapshot
    }

    /// Discovers and indexes `folders` from scratch (start-up, configuration changes, folders added or removed).
    /// Here and in `setFolders`, `folders` come standardized, as `WorkspaceFolders.roots` gives them: a folder kept is
    /// found without standardizing it again (that cost grew with the folders at every change).
    func load(_ folders: [URL], overlays: [URL: [UInt8]]) {
        started.store(true, ordering: .releasing)
        changeFolders(folders, overlays: overlays, reload: true)
    }

    /// Keeps the workspaces of folders that stay, indexes the new ones and drops the others (their diagnostics are
    /// cleared): what a change of workspace folders needs, without re-indexing what did not change.
    func setFolders(_ folders: [URL], overlays: [URL: [UInt8]]) {
        changeFolders(folders, overlays: overlays, reload: false)
    }

    private func changeFolders(_ folders: [URL], overlays: [URL: [UInt8]], reload: Bool) {
        let queued = pendingFolders.withLock { pending -> Bool in
            defer { pending = (folders, overlays, reload || pending?.reload == true) }
            return pending != nil
        }
        // A change already queued will take these folders when it runs.
        guard !queued else { return }
        queue.async { [self] in
            guard let (folders, overlays, reload) = pendingFolders.withLock({ pending in
                defer { pending = nil }
                return pending
            }) else { return }
            let started = DispatchTime.now()
            let before = current.withLock { $0 }
            // By folder: a change costs time in proportion to the folders, however many a client announces.
            let previous = Dictionary(before.map { ($0.folder, $0) }, uniquingKeysWith: { first, _ in first })
            // A reload reads every folder again, keeping the Swift texts of files that did not change.
            let workspaces = folders.map { folder in
                let kept = previous[folder] ?? previous[folder.standardizedFileURL]
                return (reload ? nil : kept) ?? Workspace(folder: folder, overlays: overlays, previous: kept, events: events)
            }
            current.withLock { $0 = workspaces }
            if reload {
                if !ready.exchange(true, ordering: .acquiringAndReleasing) { firstLoad.signal() }
                let projects = workspaces.reduce(0) { $0 + $1.projects.count }
                let documents = workspaces.flatMap(\.projects).reduce(0) { $0 + $1.index.documents.count }
                log("indexed \(projects) project(s), \(documents) GraphQL document(s) in \(Self.milliseconds(since: started)) ms")
                for workspace in workspaces {
                    for project in workspace.projects {
                        log("project \(project.configuration.namespace): mocks as Apollo iOS \(project.index.format.release.rawValue) writes them (\(project.formatReason))")
                    }
                    for error in workspace.configurationErrors { log("configuration error: \(error)") }
                }
            } else {
                log(Self.folderChange(from: before.map(\.folder), to: workspaces.map(\.folder)))
            }
            indexed()
        }
    }

    /// What a change of folders added and removed, naming a few: a log line the size of the change, not of the
    /// folders (a client that announces thousands would otherwise log them all at every change).
    static func folderChange(from before: [URL], to after: [URL]) -> String {
        let (old, new) = (Set(before), Set(after))
        func named(_ folders: [URL]) -> String {
            let shown = folders.prefix(3).map(\.path).joined(separator: ", ")
            return folders.count > 3 ? "\(shown) and \(folders.count - 3) more" : shown
        }
        var parts = ["workspace folders: \(after.count)"]
        let added = after.filter { !old.contains($0) }, removed = before.filter { !new.contains($0) }
        if !added.isEmpty { parts.append("added \(named(added))") }
        if !removed.isEmpty { parts.append("removed \(named(removed))") }
        return parts.joined(separator: "; ")
    }

    /// Re-indexes one file: `text` is an open document's text; nil reads the disk (or removes a deleted file).
    func update(_ file: URL, text: [UInt8]?) {
        let file = file.standardizedFileURL
        pendingText.withLock { pending in
            pending.changes += 1
            pending.texts[file] = (pending.changes, text)
        }
        queue.async { [self] in
            // A later edit of the same file already took the newest text: nothing left to do.
            guard let newest = pendingText.withLock({ $0.texts[file] }) else { return }
            var workspaces = current.withLock { $0 }
            var changed = false
            for index in workspaces.indices { changed = workspaces[index].update(file, text: newest.text) || changed }
            if changed { current.withLock { $0 = workspaces } }
            // Pending until its text is in: a newer edit that came meanwhile stays, for the update it queued.
            pendingText.withLock { pending in
                if pending.texts[file]?.change == newest.change { pending.texts[file] = nil }
            }
            if changed { indexed() }
        }
    }

    /// The workspaces once the first indexing and every change of `file` asked for so far are in, waiting at most
    /// `timeout`; nil when they are not in by then. What a question about the index's own entry for a document
    /// needs right after the document was opened or edited (its diagnostics, pulled).
    func snapshot(including file: URL, timeout: DispatchTimeInterval) -> [Workspace]? {
        let deadline = DispatchTime.now() + timeout
        guard snapshotAfterFirstIndex(timeout: timeout) != nil else { return nil }
        let file = file.standardizedFileURL
        while pendingText.withLock({ $0.texts[file] != nil }) {
            // The queue runs changes in order: once this block runs, the change pending now has been applied.
            let done = DispatchSemaphore(value: 0)
            queue.async { done.signal() }
            guard done.wait(timeout: deadline) == .success else { return nil }
        }
        return snapshot
    }

    private static func milliseconds(since start: DispatchTime) -> String {
        String(format: "%.1f", Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e6)
    }
}
