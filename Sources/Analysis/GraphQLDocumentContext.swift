import Features
import Foundation
import GraphQLIndex
import SourceText

/// What a query about a GraphQL document works from: the document as the client has it, and the project it belongs
/// to (the first whose configuration takes the file) with its role there.
public struct GraphQLDocumentContext: Sendable {
    public let document: Document
    public let workspace: Workspace
    public let project: Workspace.Project
    public let role: DocumentRole

    public var index: ProjectIndex { project.index }
    /// The document's path, as the index knows it.
    public var path: String { document.id.isFile ? document.id.path : "" }

    /// The context of a document that is not Swift: nil when it is no document of a project.
    init?(_ document: Document, in workspaces: [Workspace]) {
        guard !document.isSwift, let url = document.id.url else { return nil }
        for workspace in workspaces {
            for project in workspace.projects {
                if let role = project.configuration.role(of: url) {
                    (self.document, self.workspace, self.project, self.role) = (document, workspace, project, role)
                    return
                }
            }
        }
        return nil
    }

    // MARK: Queries

    public func completions(at offset: Int) -> [Completion] {
        GraphQLCompletion.completions(at: offset, in: document.lines.bytes, role: role, project: index)
    }

    public func hover(at offset: Int) -> Hover? {
        GraphQLNavigation.hover(at: offset, in: document.lines.bytes, path: path, project: index)
    }

    public func definition(at offset: Int) -> SourceLocation? {
        GraphQLNavigation.definition(at: offset, in: document.lines.bytes, path: path, project: index)
    }

    public var symbols: [GraphQLSymbolInfo] {
        GraphQLSymbols.documentSymbols(GraphQLParser.parse(document.lines.bytes), typeNames: index.format.typeNameCapitalizer)
    }
}
