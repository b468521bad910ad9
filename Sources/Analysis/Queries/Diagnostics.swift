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
        let id = context.document.id
        let cache = documents[id] != nil ? memo?.state(.functionDiagnostics, of: id) { MockDiagnosticsCache() } : nil
        return context.diagnostics(cache: cache) + registeredFixtureDiagnostics(of: context)
    }

    /// The diagnostics of every indexed GraphQL document, configuration file and generated mock file, by file; when
    /// cancelled (`cancellable(when:)`), what was found until then.
    public var workspaceDiagnostics: [FileID: (lines: LineTable, diagnostics: [Diagnostic])] {
        var result: [FileID: (lines: LineTable, diagnostics: [Diagnostic])] = [:]
        for workspace in workspaces {
            for (file, entry) in workspace.diagnostics {
                result[file, default: (LineTable(entry.text), [])].diagnostics += entry.diagnostics
            }
            for (path, diagnostics) in unusedFields(of: workspace) {
                guard let text = workspace.documentText(path) else { continue }
                result[FileID(path: path), default: (LineTable(text), [])].diagnostics += diagnostics
            }
        }
        for (file, entry) in responseFixtureDiagnostics { result[file] = entry }
        return result
    }

    /// The diagnostics of an open document that is no test file, as a client that pulls asks for them: a response
    /// fixture (as edited), a GraphQL document, a configuration or a generated mock file, with the text they were
    /// computed on; the same the workspace's diagnostics push. Nil for a document that is none of them.
    public func documentDiagnostics(of id: FileID) -> (lines: LineTable, diagnostics: [Diagnostic])? {
        if let fixture = responseFixtureDiagnostics(of: id) { return fixture }
        guard id.isFile else { return nil }
        let path = id.path
        for workspace in workspaces {
            let text = workspace.documentText(path)
            let unused = text != nil ? unusedFields(of: workspace)[path] ?? [] : []
            if let entry = workspace.diagnostics(of: id) { return (LineTable(entry.text), entry.diagnostics + unused) }
            if !unused.isEmpty, let text { return (LineTable(text), unused) }
        }
        return nil
    }

    /// The diagnostics of the JSON document `id` as a response fixture (its text as edited); nil when it is not one.
    public func responseFixtureDiagnostics(of id: FileID) -> (lines: LineTable, diagnostics: [Diagnostic])? {
        guard let file = id.url, ResponseFixtures.isCandidate(id.key) else { return nil }
        for workspace in workspaces where workspace.jsonFiles.contains(id.key) || isUnsavedFixture(id, of: workspace) {
            let read = { (file: URL) in jsonText(of: file, in: workspace) }
            guard let text = documents[id]?.lines.bytes ?? read(file) else { continue }
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
    func fixtureFiles(of workspace: Workspace) -> [FileID] {
        workspace.responseFixtureFiles.map(FileID.init(url:)) + documents.files.filter { file in
            ResponseFixtures.isCandidate(file.key) && isUnsavedFixture(file, of: workspace)
        }.sorted()
    }

    /// An open document below `workspace`'s root that it does not hold yet: a fixture being written, not saved.
    private func isUnsavedFixture(_ file: FileID, of workspace: Workspace) -> Bool {
        documents[file] != nil && workspace.contains(file)
            && !workspace.jsonFiles.contains(file.key)
    }

    /// The diagnostics of every JSON response fixture of the workspaces (`ResponseFixtures`), open ones as edited.
    public var responseFixtureDiagnostics: [FileID: (lines: LineTable, diagnostics: [Diagnostic])] {
        var result: [FileID: (lines: LineTable, diagnostics: [Diagnostic])] = [:]
        for workspace in workspaces {
            let files = fixtureFiles(of: workspace)
            guard !files.isEmpty else { continue }
            let catalog = ResponseFixtures.catalog(of: workspace)
            guard !catalog.isEmpty else { continue }
            let read = { (file: URL) in jsonText(of: file, in: workspace) }
            let names = ResponseFixtures.operationNames(in: catalog)
            for id in files {
                // Cut short when cancelled (a later change of the index): the caller drops what it got.
                if isCancelled() { return result }
                guard let file = id.url, let text = read(file) else { continue }
                if let fixture = ResponseFixtures.fixture(for: file, text: text, in: catalog, reads: workspace.responseFixtureReads) {
                    result[id] = (LineTable(text), ResponseFixtures.diagnostics(of: file, text: text, fixture: fixture, read: read))
                } else if let hint = ResponseFixtures.unknownOperationHint(of: file, text: text, operations: names) {
                    result[id] = (LineTable(text), [hint])
                }
            }
        }
        return result
    }
}

extension FileMemo.Query where Value == MockDiagnosticsCache, Reads == Void {
    /// An open test file's per-function diagnostics, kept between its versions (each function's checked by the cache).
    static var functionDiagnostics: Self { Self(name: "function diagnostics") }
}
