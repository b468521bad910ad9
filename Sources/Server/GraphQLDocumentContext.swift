import Features
import Foundation
import GraphQLIndex
import LSP

/// What a request about a GraphQL document works from: the open document as the client has it, and the project it
/// belongs to (the first whose configuration takes the file) with its role there.
struct GraphQLDocumentContext: Sendable {
    let document: Document
    let workspace: Workspace
    let project: Workspace.Project
    let role: DocumentRole

    var index: ProjectIndex { project.index }
    /// The document's path, as the index knows it.
    var path: String { document.fileURL?.path ?? "" }

    /// The context of the open document at `uri`: nil when it is no document of a project (or not open).
    static func find(_ uri: DocumentURI, in snapshot: ServerSnapshot) -> GraphQLDocumentContext? {
        guard let document = snapshot.documents[uri], document.swiftFile == nil, let url = document.fileURL,
            let indexed = snapshot.afterFirstIndex()
        else { return nil }
        for workspace in indexed.workspaces {
            for project in workspace.projects {
                if let role = project.configuration.role(of: url) {
                    return GraphQLDocumentContext(document: document, workspace: workspace, project: project, role: role)
                }
            }
        }
        return nil
    }
}
