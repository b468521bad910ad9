import Dispatch
import Features
import Foundation
import GraphQLIndex
import SourceText
import Synchronization

/// The workspace's Swift files as queries read them (references, rename, coverage, field usage): open ones as the
/// editor has them, the others as the workspace holds them, filtered by the names they mention, on every core.
extension AnalysisSnapshot {
    /// `body` for each Swift file of the workspace that belongs to `project` and mentions one of `names` (open ones as
    /// the editor has them, the others as the workspace holds them), with its text, on every core; the results in file
    /// order.
    func projectSwiftTexts<T: Sendable>(
        workspace: Workspace, project: Workspace.Project, naming names: Set<String>, _ body: @Sendable (FileID, [UInt8]) -> [T]
    ) -> [T] {
        let name = project.configuration.name
        return swiftTextsByProject(workspace: workspace, naming: names) { owner, file, bytes in
            owner.configuration.name == name ? body(file, bytes) : []
        }[name] ?? []
    }

    /// One Swift file of a workspace as a query reads it: the editor's text when it is open, else the workspace's.
    struct SwiftText: Sendable {
        var path: String
        var text: [UInt8]
        /// Whether `text` is an open document's (else what the workspace holds, read again if it changed on disk).
        var isOpen: Bool
    }

    /// Whether the workspace's Swift files are test code (`TestFiles.isTestCode`): as the workspace read them,
    /// an open one from the editor's text.
    struct TestCode: Sendable {
        let open: DocumentStore
        let mentions: SwiftNameMentions

        /// Known without the file's text: nil for an open file, or one the workspace did not read.
        func known(_ path: String) -> Bool? { open.text(ofPath: path) == nil ? mentions.isTest(path) : nil }

        func isTest(_ path: String, text: [UInt8]) -> Bool { known(path) ?? TestFiles.isTestCode(path: path, text: text) }
    }

    func testCode(in workspace: Workspace) -> TestCode { TestCode(open: documents, mentions: workspace.nameMentions) }

    /// The workspace's Swift files that mention one of `names`, with their texts, in path order, read on every core.
    func swiftTexts(of workspace: Workspace, naming names: Set<String>, including: (String) -> Bool = { _ in true }) -> [SwiftText] {
        let sources = workspace.swiftSources
        let paths = sources.paths.filter(including)
        let openDocuments = documents
        // The files that build or read mocks were found when the workspace read them.
        let scannedAtLoad = names == TestFiles.modelMarkers
        var found = [SwiftText?](repeating: nil, count: paths.count)
        found.withUnsafeMutableBufferPointer { found in
            nonisolated(unsafe) let found = found
            let isCancelled = isCancelled
            DispatchQueue.concurrentPerform(iterations: paths.count) { index in
                guard !isCancelled() else { return }
                let open = openDocuments.text(ofPath: paths[index])
                guard let (text, isPreferred) = open.map({ ($0, nil) }) ?? sources.textAndPreference(of: paths[index]) else { return }
                guard scannedAtLoad ? isPreferred ?? TestFiles.readsMocks(text) : names.contains(where: { text.contains(bytes: $0) }) else { return }
                found[index] = SwiftText(path: paths[index], text: text, isOpen: open != nil)
            }
        }
        return found.compactMap { $0 }
    }

    /// `body` for each Swift file of the workspace that mentions one of `names` and belongs to a project, with that
    /// project; the results by project name, in file order. One walk, one read and one project lookup a file,
    /// whatever the number of projects: a report over every project asks once, not once a project.
    func swiftTextsByProject<T: Sendable>(
        workspace: Workspace, naming names: Set<String>, _ body: @Sendable (Workspace.Project, FileID, [UInt8]) -> [T]
    ) -> [String: [T]] {
        swiftTextsByProject(workspace: workspace, texts: swiftTexts(of: workspace, naming: names), body)
    }

    /// The same over texts already read (`swiftTexts(of:naming:)`).
    func swiftTextsByProject<T: Sendable>(
        workspace: Workspace, texts: [SwiftText], _ body: @Sendable (Workspace.Project, FileID, [UInt8]) -> [T]
    ) -> [String: [T]] {
        let sources = workspace.swiftSources
        let found = Mutex<[Int: (project: String, results: [T])]>([:])
        let isCancelled = isCancelled
        DispatchQueue.concurrentPerform(iterations: texts.count) { index in
            guard !isCancelled() else { return }
            let file = texts[index]
            let id = FileID(standardizedPath: file.path)
            guard let project = workspace.project(
                forSwiftFile: id, text: file.text, mentions: file.isOpen ? nil : sources.mentions(of: file.path, text: file.text))
            else { return }
            let results = body(project, id, file.text)
            if !results.isEmpty { found.withLock { $0[index] = (project.configuration.name, results) } }
        }
        var byProject: [String: [T]] = [:]
        for (_, entry) in found.withLock({ $0 }).sorted(by: { $0.key < $1.key }) { byProject[entry.project, default: []] += entry.results }
        return byProject
    }
}
