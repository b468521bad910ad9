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
final class TestDiagnostics: Sendable {
    enum Delivery: Sendable { case push, pull }

    let delivery: Delivery
    private let queue = DispatchQueue(label: "mockls.test-diagnostics", qos: .userInitiated)
    private let delay: DispatchTimeInterval = .milliseconds(25)
    private let encoding: PositionEncodingKind
    private let workspaces: @Sendable () -> [Workspace]
    private let publish: @Sendable (PublishDiagnosticsParams) -> Void
    private let refresh: @Sendable () -> Void

    private struct State {
        var open: [DocumentURI: Document] = [:]
        /// Bumped by every edit: a scheduled computation runs only if it is still the newest.
        var generation: [DocumentURI: Int] = [:]
        /// What was last published per file: an unchanged list is not sent again, an empty one only to clear.
        var published: [DocumentURI: [LSP.Diagnostic]] = [:]
        /// Per open file: each function's diagnostics, so that an edit re-follows the functions it changed only.
        var caches: [DocumentURI: MockDiagnosticsCache] = [:]
    }

    private let state = Mutex(State())

    init(
        delivery: Delivery, encoding: PositionEncodingKind, workspaces: @escaping @Sendable () -> [Workspace],
        publish: @escaping @Sendable (PublishDiagnosticsParams) -> Void, refresh: @escaping @Sendable () -> Void
    ) {
        self.delivery = delivery
        self.encoding = encoding
        self.workspaces = workspaces
        self.publish = publish
        self.refresh = refresh
    }

    /// A Swift document was opened or edited.
    func changed(_ document: Document) {
        let generation = state.withLock { state in
            state.open[document.uri] = document
            state.generation[document.uri, default: 0] += 1
            return state.generation[document.uri]!
        }
        guard delivery == .push else { return }
        queue.asyncAfter(deadline: .now() + delay) { [self] in
            guard let current = state.withLock({ $0.generation[document.uri] == generation ? $0.open[document.uri] : nil }) else {
                return
            }
            let found = diagnostics(of: current, in: workspaces())
            let isNew = state.withLock { state in
                guard state.generation[document.uri] == generation, state.published[document.uri] ?? [] != found else { return false }
                state.published[document.uri] = found
                return true
            }
            if isNew { publish(PublishDiagnosticsParams(uri: current.uri, version: current.version, diagnostics: found)) }
        }
    }

    func closed(_ uri: DocumentURI) {
        let hadDiagnostics = state.withLock { state in
            state.generation[uri, default: 0] += 1
            state.open.removeValue(forKey: uri)
            state.caches.removeValue(forKey: uri)
            return !(state.published.removeValue(forKey: uri) ?? []).isEmpty
        }
        guard hadDiagnostics, delivery == .push else { return }
        queue.async { [self] in publish(PublishDiagnosticsParams(uri: uri, version: nil, diagnostics: [])) }
    }

    /// The workspaces were re-indexed: every open test file may read differently.
    func indexChanged() {
        switch delivery {
        case .pull:
            refresh()
        case .push:
            for document in state.withLock({ Array($0.open.values) }) { changed(document) }
        }
    }

    /// The diagnostics of a Swift document against the project it belongs to (none outside every project).
    func diagnostics(of document: Document, in workspaces: [Workspace]) -> [LSP.Diagnostic] {
        guard let found = testDiagnostics(of: document, in: workspaces) else { return [] }
        return found.diagnostics.map { lspDiagnostic($0, lines: document.lines) }
    }

    /// The same as values, with what computed them (for code actions).
    func testDiagnostics(
        of document: Document, in workspaces: [Workspace]
    ) -> (diagnostics: [TestDiagnostic], file: SwiftTestFile, project: ProjectIndex, options: FixOptions, workspace: Workspace,
          configuration: ProjectConfiguration)? {
        guard let file = document.swiftFile, let url = URL(string: document.uri).map(\.standardizedFileURL),
            let (workspace, project) = workspaces.lazy.compactMap({ workspace in
                workspace.project(forSwiftFile: url, text: document.lines.bytes).map { (workspace, $0) }
            }).first
        else { return nil }
        let cache = state.withLock { state in
            if let cache = state.caches[document.uri] { return cache }
            let cache = MockDiagnosticsCache()
            state.caches[document.uri] = cache
            return cache
        }
        let options = FixOptions(placeholders: workspace.hasPlaceholderFactories)
        return (
            MockDiagnostics.diagnostics(in: file, project: project.index, cache: cache, options: options), file, project.index, options,
            workspace, project.configuration)
    }

    func lspDiagnostic(_ diagnostic: TestDiagnostic, lines: LineTable) -> LSP.Diagnostic {
        LSP.Diagnostic(
            range: lines.range(of: diagnostic.range, encoding: encoding),
            severity: diagnostic.severity == .error ? .error : .warning, code: diagnostic.code, message: diagnostic.message)
    }
}
