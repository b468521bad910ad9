import Features
import Foundation
import GraphQLIndex
import SourceText
import SwiftAnalysis

/// What `mockls migrate --to 2` does to a workspace's tests (`TestFiles.isTestCode`; the app's code is read for
/// helpers, never edited): the migrated text of each test file in scope that changes,
/// what it left in each and why, and the files it would not touch. The migration is planned over all of the
/// workspace's test code at once (`Apollo2Migration.plan`), so a helper in one file makes its callers in the others
/// `async`; only the files in scope get edits.
public struct Apollo2MigrationReport: Sendable {
    public struct File: Sendable {
        public let id: FileID
        /// Relative to the workspace folder when inside it.
        public let name: String
        public let original: [UInt8]
        public let migrated: [UInt8]
        /// What was not migrated: 1-based line and UTF-8 column, and the reason.
        public let left: [(line: Int, column: Int, reason: String)]
    }

    /// The files in scope that change, or hold something left, in path order.
    public private(set) var files: [File] = []
    /// Files in scope not touched at all, with the reason (they do not parse).
    public private(set) var refused: [(name: String, reason: String)] = []

    /// `paths`: files or folders (the whole workspace when empty). `documents`: texts that stand for the disk's.
    public init(workspace: Workspace, paths: [URL] = [], documents: DocumentStore = DocumentStore()) {
        let roots = paths.isEmpty ? [workspace.folder] : paths.map(\.standardizedFileURL)
        let inScope = { (path: String) in roots.contains { path == $0.path || path.hasPrefix($0.path + "/") } }
        let sources = workspace.swiftSources
        let given = documents.files.filter { $0.isFile && documents[$0]?.isSwift == true }.map(\.key)
        let paths = Set(sources.paths + given).sorted()
        let memo = FileMemo()
        var read: [(id: FileID, text: [UInt8], file: SwiftFile)] = []
        // The app's files that take 1.x's `ApolloClientProtocol` (and whether one declares its own).
        var appTakingClientProtocol: [String] = []
        var appDeclaresClientProtocol = false
        for path in paths {
            let id = FileID(standardizedPath: path)
            guard let text = documents[id]?.lines.bytes ?? sources.text(of: path) else { continue }
            if !TestFiles.isTestCode(path: path, text: text), text.contains(bytes: "ApolloClientProtocol") {
                if text.contains(bytes: "protocol ApolloClientProtocol") { appDeclaresClientProtocol = true }
                appTakingClientProtocol.append(Self.name(path, in: workspace))
            }
            // The tests and their helpers: test code, and any file that builds models from mocks.
            guard TestFiles.isTestCode(path: path, text: text) || text.contains(bytes: "from(") else { continue }
            let file = memo.parse(id, text: text)
            if file.tree.hasError {
                if inScope(path), TestFiles.isTestCode(path: path, text: text), text.contains(bytes: "from(") || ApolloOneConstructs.mayHold(text) {
                    refused.append((Self.name(path, in: workspace), "does not parse: fix its syntax first"))
                }
                continue
            }
            read.append((id, text, file))
        }
        let projects = workspace.projects.filter(\.hasSchema)
        let models = projects.map { Apollo2Diagnostics.isModel(in: $0.index) }
        let isModel = { (path: String) -> Bool in
            models.isEmpty ? path.first?.isUppercase == true : models.contains { $0(path) }
        }
        // The transport `mockls test-transport` wrote is written again for 2.x, not edited.
        let generated = read.filter { $0.text.starts(with: Array(TestTransportFile.mark.utf8)) }.map(\.id)
        read.removeAll { generated.contains($0.id) }
        for entry in generated where inScope(entry.key) {
            guard let text = documents[entry]?.lines.bytes ?? sources.text(of: entry.key) else { continue }
            let isPublic = String(decoding: text, as: UTF8.self).contains("public final class TestNetworkTransport")
            let migrated = Array(TestTransportFile.render(for: .two, isPublic: isPublic).utf8)
            files.append(File(id: entry, name: Self.name(entry.key, in: workspace), original: text, migrated: migrated, left: []))
        }
        let plans = Apollo2Migration.plan(
            read.map(\.file), isModel: isModel, appTakingClientProtocol: appTakingClientProtocol, appDeclaresClientProtocol: appDeclaresClientProtocol)
        // Tests only: app code that names `GraphQLResult` moves with the app, not with its tests.
        for (entry, plan) in zip(read, plans) where inScope(entry.id.key) && TestFiles.isTestCode(path: entry.id.key, text: entry.text) {
            guard !plan.edits.isEmpty || !plan.left.isEmpty else { continue }
            let lines = entry.file.lines
            let positions = lines.positions(of: plan.left.map(\.range.lowerBound), unit: .utf8)
            let left = zip(plan.left, positions).map { (line: $1.line + 1, column: $1.column + 1, reason: $0.reason) }
                .sorted { ($0.line, $0.column) < ($1.line, $1.column) }
            files.append(File(
                id: entry.id, name: Self.name(entry.id.key, in: workspace), original: entry.text, migrated: plan.applied(to: entry.text),
                left: left))
        }
        files.sort { $0.id < $1.id }
    }

    static func name(_ path: String, in workspace: Workspace) -> String {
        path.hasPrefix(workspace.folder.path + "/") ? String(path.dropFirst(workspace.folder.path.count + 1)) : path
    }
}
