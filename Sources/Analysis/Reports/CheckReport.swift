import Features
import Foundation
import GraphQLIndex
import SourceText
import SwiftAnalysis
import Synchronization

/// What `mockls check` finds in a workspace: the diagnostics of its Swift test files and of its GraphQL documents,
/// as records with 1-based lines and UTF-8 columns (as swiftc counts them).
public struct CheckReport: Sendable {
    public struct Record: Encodable, Sendable, Equatable {
        /// Relative to the workspace folder when inside it.
        public var file: String
        public var line, column, endLine, endColumn: Int
        public var severity: String
        public var code: String
        public var message: String
        /// The columns counted in UTF-16 code units, as SARIF and GitHub count them (not in the JSON format).
        public var utf16Column, utf16EndColumn: Int
        /// The quick fixes an editor offers (not in the JSON format).
        public var fixes: [Fix]

        enum CodingKeys: String, CodingKey { case file, line, column, endLine, endColumn, severity, code, message }
    }

    /// A quick fix: edits of the record's file.
    public struct Fix: Sendable, Equatable {
        public var title: String
        public var edits: [Edit]
    }

    /// Replace a region (1-based lines, UTF-16 columns) with `text`.
    public struct Edit: Sendable, Equatable {
        public var line, utf16Column, endLine, utf16EndColumn: Int
        public var text: String
    }

    public private(set) var records: [Record] = []
    /// Absolute paths of the files checked.
    public private(set) var checkedFiles: [String] = []

    /// Checks `paths` (files or folders; the whole workspace when empty): every Swift file that builds mocks, and the
    /// GraphQL documents of the workspace's projects. Each test file's diagnostics come from `AnalysisSnapshot.diagnostics(of:)`
    /// as the editor's do, with the same fixes. The Swift files are the workspace's (`Workspace.swiftSources`) and
    /// `documents`, files named on the command line that the workspace's walk skips (below `.build`, say).
    /// `including`: the codes off by default (`DiagnosticCode.isOptionalInCheck`) to report all the same.
    public init(workspace: Workspace, paths: [URL] = [], documents: DocumentStore = DocumentStore(), including: Set<DiagnosticCode> = []) {
        // Caches of its own: what each test file reads of the fields is kept from its parse for the workspace's hints.
        let analysis = AnalysisSnapshot(documents: documents, workspaces: [workspace], isIndexed: true, indexer: nil, caches: AnalysisCaches())
        let roots = paths.isEmpty ? [workspace.folder] : paths.map(\.standardizedFileURL)
        let inScope = { (path: String) in roots.contains { path == $0.path || path.hasPrefix($0.path + "/") } }
        var found: [(file: FileID, lines: LineTable, diagnostics: [Diagnostic])] = []
        // Every file on its own, on every core: a file's diagnostics depend on the workspace alone.
        let given = documents.files.filter { $0.isFile && documents[$0]?.isSwift == true }
        let sources = workspace.swiftSources
        let inSources = roots.flatMap { root in (sources.contains(root.path) ? [root.path] : []) + sources.paths(under: root) }
        let files = Set(inSources.map { FileID(standardizedPath: $0) } + given).sorted()
        let results = Mutex<[Int: (file: FileID, lines: LineTable, diagnostics: [Diagnostic])?]>([:])
        // The app's files are read for their field reads first: the test files only when some is followed, and only
        // for the fields the app does not read.
        let unreadByApp = analysis.namesUnreadByApp(in: workspace)
        // On Apollo iOS 2 by evidence, a test file that builds no mock but still writes 1.x (a fake transport, a
        // `GraphQLResult` helper) is checked too: what 2.x no longer compiles is reported wherever tests write it.
        let onApolloTwo = workspace.projects.contains { $0.releaseIsKnown && $0.index.format.release == .two }
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            let file = files[index]
            guard let bytes = documents[file]?.lines.bytes ?? workspace.swiftSources.text(of: file.key),
                TestFiles.buildsMocks(bytes)
                    || onApolloTwo && ApolloOneConstructs.mayHold(bytes) && TestFiles.isTestCode(path: file.key, text: bytes)
            else { return }
            let document = Document(file, languageID: "swift", version: 0, lines: LineTable(bytes))
            guard case .swift(let context) = analysis.context(of: document) else {
                results.withLock { $0[index] = .some(nil) }
                return
            }
            let entry = (file, document.lines, analysis.diagnostics(of: context))
            if let unreadByApp { analysis.noteFieldReads(of: context, names: unreadByApp) }
            results.withLock { $0[index] = .some(entry) }
        }
        for (index, entry) in results.withLock({ $0 }).sorted(by: { $0.key < $1.key }) {
            checkedFiles.append(files[index].key)
            if let entry { found.append(entry) }
        }
        for (file, entry) in analysis.workspaceDiagnostics where inScope(file.key) {
            let diagnostics = entry.diagnostics.filter { !$0.code.isOptionalInCheck || including.contains($0.code) }
            guard !diagnostics.isEmpty else { continue }
            found.append((file, entry.lines, diagnostics))
        }
        // Every GraphQL document, configuration and fixture in scope was checked, with findings or without.
        let others = workspace.projects.flatMap { project in project.index.documents.keys + [project.configuration.file?.path].compactMap { $0 } }
            + workspace.responseFixtureFiles.map(\.path) + found.map(\.file.key)
        checkedFiles += Set(others.filter(inScope)).sorted()
        for (file, lines, diagnostics) in found.sorted(by: { $0.file < $1.file }) {
            let path = file.key
            let name = path.hasPrefix(workspace.folder.path + "/") ? String(path.dropFirst(workspace.folder.path.count + 1)) : path
            // Every position of the file at once (`LineTable.positions`): a long line is walked once, not per diagnostic.
            let bounds = diagnostics.flatMap { [$0.range.lowerBound, $0.range.upperBound] }
            let fixBounds = diagnostics.flatMap { $0.fixes.flatMap { [$0.range.lowerBound, $0.range.upperBound] } }
            let utf8 = lines.positions(of: bounds, unit: .utf8)
            let utf16 = lines.positions(of: bounds + fixBounds, unit: .utf16)
            var nextFix = bounds.count
            for (index, diagnostic) in diagnostics.enumerated() {
                let (start, end) = (utf8[2 * index], utf8[2 * index + 1])
                let fixes = diagnostic.fixes.map { fix in
                    let (from, to) = (utf16[nextFix], utf16[nextFix + 1])
                    nextFix += 2
                    return Fix(title: fix.title, edits: [Edit(
                        line: from.line + 1, utf16Column: from.column + 1, endLine: to.line + 1, utf16EndColumn: to.column + 1, text: fix.text)])
                }
                records.append(Record(
                    file: name, line: start.line + 1, column: start.column + 1, endLine: end.line + 1, endColumn: end.column + 1,
                    severity: diagnostic.severity.rawValue, code: diagnostic.code.rawValue, message: diagnostic.message,
                    utf16Column: utf16[2 * index].column + 1, utf16EndColumn: utf16[2 * index + 1].column + 1, fixes: fixes))
            }
        }
    }
}
