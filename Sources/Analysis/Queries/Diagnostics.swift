import Features
import Foundation
import GraphQLIndex
import SourceText
import Synchronization

/// The diagnostics of test files, of the workspaces' GraphQL documents, configurations and generated mocks, and of
/// JSON response fixtures (as edited when open).
extension AnalysisSnapshot {
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
