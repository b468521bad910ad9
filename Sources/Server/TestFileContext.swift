import Features
import Foundation
import GraphQLIndex
import LSP
import SwiftAnalysis

/// What a request or a pushed diagnostic about a Swift test file works from: the open document at one version, its
/// tree, and the workspace and project it belongs to with the options fixes follow. Found the same way for every
/// request and for diagnostics.
struct TestFileContext: Sendable {
    let document: Document
    let file: SwiftTestFile
    let workspace: Workspace
    let project: Workspace.Project
    let options: FixOptions

    var index: ProjectIndex { project.index }

    /// The context of a Swift document: nil for another language, or for a file of no project.
    init?(_ document: Document, in workspaces: [Workspace]) {
        guard let file = document.swiftFile, let url = document.fileURL,
            let (workspace, project) = workspaces.lazy.compactMap({ workspace in
                workspace.project(forSwiftFile: url, text: document.lines.bytes).map { (workspace, $0) }
            }).first
        else { return nil }
        self.document = document
        self.file = file
        self.workspace = workspace
        self.project = project
        options = FixOptions(placeholders: workspace.hasPlaceholderFactories, mocksModule: workspace.mocksModule(of: project))
    }

    /// The context of the open document at `uri` in a request's snapshot; a request about a document that is not
    /// open fails.
    static func find(_ uri: DocumentURI, in snapshot: ServerSnapshot) throws -> TestFileContext? {
        guard let document = snapshot.documents[uri] else { throw DocumentError.notOpen(uri) }
        // Right after start-up: the first index, waited for (bounded), rather than no index at all.
        guard let indexed = snapshot.afterFirstIndex() else { return nil }
        return TestFileContext(document, in: indexed.workspaces)
    }
}
