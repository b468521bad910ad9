import Dispatch
import Features
import Foundation
import GraphQLIndex
import LSP
import SourceText
import SwiftAnalysis
import Synchronization

/// Keeps the diagnostics of open Swift test files current.
///
/// Clients that pull diagnostics and can be asked to pull again get them through `textDocument/diagnostic` and a
/// `workspace/diagnostic/refresh` when the index changes. The others get them pushed: an edit schedules the file,
/// and a file is computed once edits to it have paused for `delay` (a newer edit supersedes the scheduled one).
/// Work runs on one serial queue, off the reading thread, from the document value the edit produced.
final class DiagnosticsDelivery: Sendable {
    enum Mode: Sendable { case push, pull }

    let mode: Mode
    private let queue = DispatchQueue(label: "mockls.test-diagnostics", qos: .userInitiated)
    private let delay: DispatchTimeInterval = .milliseconds(25)
    private let workspaces: @Sendable () -> [Workspace]
    /// Sends a document's diagnostics (the server converts them to the protocol's positions).
    private let publish: @Sendable (_ document: Document?, _ uri: DocumentURI, _ diagnostics: [TestDiagnostic]) -> Void
    private let refresh: @Sendable () -> Void

    private struct State {
        var open: [DocumentURI: Document] = [:]
        /// The edit each open file was last scheduled for: a scheduled computation runs only if it is still the
        /// newest. Numbered across all files, so a closed file's entry can go (a reopened file never meets an old
        /// number), and the map stays as large as the open files.
        var generation: [DocumentURI: Int] = [:]
        var edits = 0
        /// What was last published per file, with the text it was computed for: an unchanged list is not sent again,
        /// an empty one only to clear.
        var published: [DocumentURI: (text: LineTable, diagnostics: [TestDiagnostic])] = [:]
        /// Per open file: each function's diagnostics, so that an edit re-follows the functions it changed only.
        var caches: [DocumentURI: MockDiagnosticsCache] = [:]
    }

    private let state = Mutex(State())

    /// Told once, when the index is in, of an open test file (it imports ApolloTestSupport) that belongs to no
    /// project with a schema: it gets no mock diagnostics, and the user should know why.
    private let noProject: @Sendable (_ uri: DocumentURI, _ why: NoProject) -> Void

    /// Why a test file has no project.
    enum NoProject: Sendable {
        /// No configuration file in the workspace or above it.
        case noConfiguration
        /// Configurations that cannot be used, or whose schema paths match nothing.
        case configurationErrors([ConfigurationError])
        /// A configuration whose schema files are there but declare no type (they do not parse yet).
        case schemaDeclaresNoType
    }
    private let isIndexed: @Sendable () -> Bool
    private let toldOfNoProject = Atomic<Bool>(false)

    init(
        mode: Mode, workspaces: @escaping @Sendable () -> [Workspace],
        publish: @escaping @Sendable (_ document: Document?, _ uri: DocumentURI, _ diagnostics: [TestDiagnostic]) -> Void,
        refresh: @escaping @Sendable () -> Void,
        isIndexed: @escaping @Sendable () -> Bool = { true },
        noProject: @escaping @Sendable (_ uri: DocumentURI, _ why: NoProject) -> Void = { _, _ in }
    ) {
        self.mode = mode
        self.workspaces = workspaces
        self.publish = publish
        self.refresh = refresh
        self.isIndexed = isIndexed
        self.noProject = noProject
    }

    /// Tells `noProject` of `document` if it is a test file of no project (once a session).
    private func checkProject(of document: Document) {
        let text = document.lines.bytes
        let workspaces = workspaces()
        guard !toldOfNoProject.load(ordering: .relaxed), isIndexed(), text.contains(bytes: "import ApolloTestSupport"),
            let url = URL(string: document.uri), url.isFileURL,
            !workspaces.contains(where: { $0.project(forSwiftFile: url, text: text) != nil }),
            !toldOfNoProject.exchange(true, ordering: .relaxed)
        else { return }
        // A configuration that cannot be used, or whose schema is missing or does not parse yet, is not "no project"
        // to the user: the message says what is wrong with it.
        let errors = workspaces.flatMap(\.configurationErrors)
        let configured = workspaces.contains { workspace in
            workspace.projects.contains { $0.configuration.file != nil }
        }
        noProject(document.uri, errors.isEmpty ? (configured ? .schemaDeclaresNoType : .noConfiguration) : .configurationErrors(errors))
    }

    /// A Swift document was opened or edited.
    func changed(_ document: Document) {
        let (generation, opened) = state.withLock { state in
            let opened = state.open[document.uri] == nil
            state.open[document.uri] = document
            state.edits += 1
            state.generation[document.uri] = state.edits
            return (state.edits, opened)
        }
        // Whether the file has a project is asked when it opens (and at every re-index), not at every keystroke.
        if opened, !toldOfNoProject.load(ordering: .relaxed) { queue.async { [self] in checkProject(of: document) } }
        guard mode == .push else { return }
        queue.asyncAfter(deadline: .now() + delay) { [self] in
            guard let current = state.withLock({ $0.generation[document.uri] == generation ? $0.open[document.uri] : nil }) else {
                return
            }
            let found = TestFileContext(current, in: workspaces()).map(diagnostics(of:)) ?? []
            let isNew = state.withLock { state in
                guard state.generation[document.uri] == generation else { return false }
                // The same diagnostics at the same positions need not be sent again.
                if let previous = state.published[document.uri], previous.diagnostics == found, found.allSatisfy({
                    current.lines.samePosition($0.range.lowerBound, as: previous.text)
                        && current.lines.samePosition($0.range.upperBound, as: previous.text)
                }) {
                    return false
                }
                if found.isEmpty, state.published[document.uri] == nil { return false }
                state.published[document.uri] = (current.lines, found)
                return true
            }
            if isNew { publish(current, current.uri, found) }
        }
    }

    func closed(_ uri: DocumentURI) {
        let hadDiagnostics = state.withLock { state in
            state.generation.removeValue(forKey: uri)
            state.open.removeValue(forKey: uri)
            state.caches.removeValue(forKey: uri)
            return !(state.published.removeValue(forKey: uri)?.diagnostics ?? []).isEmpty
        }
        guard hadDiagnostics, mode == .push else { return }
        queue.async { [self] in publish(nil, uri, []) }
    }

    /// The workspaces were re-indexed: every open test file may read differently.
    func indexChanged() {
        queue.async { [self] in
            for document in state.withLock({ Array($0.open.values) }) { checkProject(of: document) }
        }
        switch mode {
        case .pull:
            refresh()
        case .push:
            for document in state.withLock({ Array($0.open.values) }) { changed(document) }
        }
    }

    /// The diagnostics of a test file, computed through the file's cache of per-function results.
    func diagnostics(of context: TestFileContext) -> [TestDiagnostic] {
        let uri = context.document.uri
        let cache = state.withLock { state in
            if let cache = state.caches[uri] { return cache }
            let cache = MockDiagnosticsCache()
            state.caches[uri] = cache
            return cache
        }
        return MockDiagnostics.diagnostics(
            in: context.file, project: context.index, cache: cache, options: context.options,
            helpers: context.document.fileURL.map { context.workspace.helpers(besides: $0) } ?? .none)
    }
}
