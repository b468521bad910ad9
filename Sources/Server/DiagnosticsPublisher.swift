import Analysis
import Dispatch
import Foundation
import struct GraphQLIndex.Diagnostic
import SourceText
import Synchronization

/// Keeps the diagnostics the client shows current, for every kind of file: Swift test files, and the GraphQL
/// documents, configuration files and generated mock files of the workspaces. One memory of what was published,
/// per document, for both: an unchanged list is not sent again, an empty one only to clear.
///
/// A workspace's diagnostics are pushed whenever its index changes. Test files' diagnostics are pulled by clients
/// that pull and can be asked to pull again (`textDocument/diagnostic`, and a `workspace/diagnostic/refresh` when
/// the index changes); the others get them pushed: an edit schedules the file, and a file is computed once edits to
/// it have paused for `delay` (a newer edit supersedes the scheduled one). Work runs on one serial queue, off the
/// reading thread, from the document value the edit produced.
final class DiagnosticsPublisher: Sendable {
    enum Mode: Sendable { case push, pull }

    let mode: Mode
    private let queue = DispatchQueue(label: "mockls.diagnostics", qos: .userInitiated)
    private let delay: DispatchTimeInterval = .milliseconds(25)
    private let analysis: @Sendable () -> AnalysisSnapshot
    /// Sends a document's diagnostics (the server converts them to the protocol's positions); `version` is the
    /// version of the open document they were computed for, nil for files read from the workspace.
    private let publish: @Sendable (_ uri: String, _ version: Int?, _ lines: LineTable, _ diagnostics: [Diagnostic]) -> Void
    private let refresh: @Sendable () -> Void

    private struct State {
        var open: [String: Document] = [:]
        /// The edit each open file was last scheduled for: a scheduled computation runs only if it is still the
        /// newest. Numbered across all files, so a closed file's entry can go (a reopened file never meets an old
        /// number), and the map stays as large as the open files.
        var generation: [String: Int] = [:]
        var edits = 0
        /// What was last published per document, with the text it was computed for.
        var published: [String: (lines: LineTable, diagnostics: [Diagnostic])] = [:]
        /// The documents of the last workspace diagnostics: those that drop out of them are cleared.
        var workspaceDocuments: Set<String> = []
        /// Open documents other than test files (GraphQL, fixtures, configurations) whose diagnostics a pulling
        /// client pulls: not pushed while open, or it would show them twice.
        var pulled: Set<String> = []
        /// What the client last pulled of each pulled document: a computation of the workspace's diagnostics that
        /// finds another list for one asks the client to pull again. Compared with what the client holds, not with
        /// the last computation, whose snapshot may already have held an edit the client was never told of.
        var givenByPull: [String: [Diagnostic]] = [:]
    }

    private let state = Mutex(State())

    /// Told once, when the index is in, of an open test file (it imports ApolloTestSupport) that belongs to no
    /// project with a schema: it gets no mock diagnostics, and the user should know why.
    private let noProject: @Sendable (_ uri: String, _ why: NoProject) -> Void

    /// Why a test file has no project.
    enum NoProject: Sendable {
        /// No configuration file in the workspace or above it.
        case noConfiguration
        /// Configurations that cannot be used, or whose schema paths match nothing.
        case configurationErrors([ConfigurationError])
        /// A configuration whose schema files are there but declare no type (they do not parse yet).
        case schemaDeclaresNoType
    }
    private let toldOfNoProject = Atomic<Bool>(false)
    /// The index changes so far: the workspace's diagnostics of a change are computed only while no later change came,
    /// whose would replace them at once (typing in a GraphQL document re-indexes at every keystroke).
    private let indexChanges = Atomic<Int>(0)

    init(
        mode: Mode, analysis: @escaping @Sendable () -> AnalysisSnapshot,
        publish: @escaping @Sendable (_ uri: String, _ version: Int?, _ lines: LineTable, _ diagnostics: [Diagnostic]) -> Void,
        refresh: @escaping @Sendable () -> Void,
        noProject: @escaping @Sendable (_ uri: String, _ why: NoProject) -> Void = { _, _ in }
    ) {
        self.mode = mode
        self.analysis = analysis
        self.publish = publish
        self.refresh = refresh
        self.noProject = noProject
    }

    /// Publishes `found` for `uri` unless the same diagnostics at the same positions went out last (or, for a
    /// document with none, nothing went out yet); `isCurrent` (under the lock) says whether it is still wanted.
    private func publishIfNew(
        _ uri: String, version: Int?, lines: LineTable, _ found: [Diagnostic], isCurrent: (State) -> Bool = { _ in true }
    ) {
        let isNew = state.withLock { state in
            guard isCurrent(state) else { return false }
            if let previous = state.published[uri], previous.diagnostics == found, found.allSatisfy({
                lines.samePosition($0.range.lowerBound, as: previous.lines) && lines.samePosition($0.range.upperBound, as: previous.lines)
            }) {
                return false
            }
            if found.isEmpty {
                guard state.published.removeValue(forKey: uri) != nil else { return false }
            } else {
                state.published[uri] = (lines, found)
            }
            return true
        }
        if isNew { publish(uri, version, lines, found) }
    }

    /// Tells `noProject` of `document` if it is a test file of no project (once a session).
    private func checkProject(of document: Document) {
        let text = document.lines.bytes
        let analysis = analysis()
        guard !toldOfNoProject.load(ordering: .relaxed), analysis.isIndexed, TestFiles.importsTestSupport(text),
            document.id.isFile,
            !analysis.workspaces.contains(where: { $0.project(forSwiftFile: document.id, text: text) != nil }),
            !toldOfNoProject.exchange(true, ordering: .relaxed)
        else { return }
        // A configuration that cannot be used, or whose schema is missing or does not parse yet, is not "no project"
        // to the user: the message says what is wrong with it.
        let errors = analysis.workspaces.flatMap(\.configurationErrors)
        let configured = analysis.workspaces.contains { workspace in
            workspace.projects.contains { $0.configuration.file != nil }
        }
        noProject(document.uri, errors.isEmpty ? (configured ? .schemaDeclaresNoType : .noConfiguration) : .configurationErrors(errors))
    }

    /// A Swift document was opened or edited (`byIndex`: it is read again because the index changed, whose own
    /// publication covers the workspace's diagnostics).
    func changed(_ document: Document, byIndex: Bool = false) {
        let (generation, opened) = state.withLock { state in
            let opened = state.open[document.uri] == nil
            state.open[document.uri] = document
            state.edits += 1
            state.generation[document.uri] = state.edits
            return (state.edits, opened)
        }
        // Whether the file has a project is asked when it opens (and at every re-index), not at every keystroke.
        if opened, !toldOfNoProject.load(ordering: .relaxed) { queue.async { [self] in checkProject(of: document) } }
        // Swift code may gain or lose the last read of a field: the GraphQL documents' hints (`unused-field`) follow,
        // once edits pause.
        let superseded = laterIndexChange()
        if !byIndex {
            queue.asyncAfter(deadline: .now() + delay) { [self] in
                guard state.withLock({ $0.edits == generation }) else { return }
                publishWorkspaceDiagnostics(unless: superseded)
            }
        }
        guard mode == .push else { return }
        queue.asyncAfter(deadline: .now() + delay) { [self] in
            guard let current = state.withLock({ $0.generation[document.uri] == generation ? $0.open[document.uri] : nil }) else {
                return
            }
            let analysis = analysis()
            var found: [Diagnostic] = []
            if case .swift(let context) = analysis.context(of: current) { found = analysis.diagnostics(of: context) }
            publishIfNew(current.uri, version: current.version, lines: current.lines, found) { $0.generation[document.uri] == generation }
        }
    }

    /// A document that is no test file (a GraphQL document, a JSON fixture, a configuration) was opened. A pulling
    /// client pulls its diagnostics from now on (`AnalysisSnapshot.documentDiagnostics`): the pushed ones are withdrawn.
    func openedOther(_ uri: String) {
        guard mode == .pull else { return }
        let hadDiagnostics = state.withLock { state in
            state.pulled.insert(uri)
            return !(state.published.removeValue(forKey: uri)?.diagnostics ?? []).isEmpty
        }
        if hadDiagnostics { queue.async { [self] in publish(uri, nil, LineTable([]), []) } }
    }

    /// A pulling client was answered `diagnostics` for `uri`: what it shows until it pulls again.
    func answeredPull(_ uri: String, _ diagnostics: [Diagnostic]) {
        state.withLock { state in
            if state.pulled.contains(uri) { state.givenByPull[uri] = diagnostics }
        }
    }

    func closed(_ uri: String) {
        let (hadDiagnostics, wasPulled) = state.withLock { state in
            state.generation.removeValue(forKey: uri)
            state.open.removeValue(forKey: uri)
            state.givenByPull.removeValue(forKey: uri)
            let wasPulled = state.pulled.remove(uri) != nil
            return (!(state.published.removeValue(forKey: uri)?.diagnostics ?? []).isEmpty, wasPulled)
        }
        // Closed, a workspace file is pushed again (the client pulls open documents only).
        if wasPulled {
            let superseded = laterIndexChange()
            queue.async { [self] in publishWorkspaceDiagnostics(unless: superseded) }
        }
        guard hadDiagnostics, mode == .push else { return }
        queue.async { [self] in publish(uri, nil, LineTable([]), []) }
    }

    /// The workspaces were re-indexed: their diagnostics are published, and every open test file may read
    /// differently.
    func indexChanged() {
        indexChanges.add(1, ordering: .relaxed)
        let superseded = laterIndexChange()
        queue.async { [self] in
            publishWorkspaceDiagnostics(unless: superseded)
            for document in state.withLock({ Array($0.open.values) }) { checkProject(of: document) }
        }
        switch mode {
        case .pull:
            refresh()
        case .push:
            for document in state.withLock({ Array($0.open.values) }) { changed(document, byIndex: true) }
        }
    }

    /// Whether an index change came after now: what is computed for now would then be replaced at once.
    private func laterIndexChange() -> @Sendable () -> Bool {
        let change = indexChanges.load(ordering: .relaxed)
        return { self.indexChanges.load(ordering: .relaxed) != change }
    }

    /// Publishes the diagnostics of every indexed document, configuration and generated mock file whose diagnostics
    /// changed, and clears those of files that have none any more; nothing when `superseded` says a later change came
    /// (its computation stops and the later one publishes). A pulling client whose pulled documents now read
    /// otherwise than it was last answered (an edit of Swift code changes their hints, and changes no index) is asked
    /// to pull again.
    private func publishWorkspaceDiagnostics(unless superseded: @escaping @Sendable () -> Bool) {
        guard !superseded() else { return }
        let found = analysis().cancellable(when: superseded).workspaceDiagnostics
        guard !superseded() else { return }
        let pulled = state.withLock { $0.pulled }
        let all = Dictionary(uniqueKeysWithValues: found.map { ($0.key.uri, $0.value) })
        let next = all.filter { !pulled.contains($0.key) }
        let stale = state.withLock { state in
            state.givenByPull.contains { uri, given in (all[uri]?.diagnostics ?? []) != given }
        }
        if stale, mode == .pull { refresh() }
        let dropped = state.withLock { state in
            defer { state.workspaceDocuments = Set(next.keys) }
            return state.workspaceDocuments.subtracting(next.keys)
        }
        for uri in dropped.union(next.keys).sorted() {
            let entry = next[uri]
            publishIfNew(uri, version: nil, lines: entry?.lines ?? LineTable([]), entry?.diagnostics ?? [])
        }
    }
}
