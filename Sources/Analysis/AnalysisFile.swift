import Foundation
import SourceText

/// An open document as the queries see it, looked up once (`AnalysisSnapshot.file(_:)`): a Swift file of a project with its
/// context, a GraphQL document of a project, or another document (a JSON fixture, a configuration, a Swift file of
/// no project, any document while the first index is not in). A query at a position takes one, so that a request
/// finds its document, waits for the index and chooses the project once.
public enum AnalysisFile: Sendable {
    case swift(TestFileContext)
    case graphQL(GraphQLDocumentContext)
    case other(Document)

    public var document: Document {
        switch self {
        case .swift(let context): context.document
        case .graphQL(let context): context.document
        case .other(let document): document
        }
    }

    /// The document's text: what a request's positions are offsets into.
    public var lines: LineTable { document.lines }
}

extension AnalysisSnapshot {
    /// The open document `id`, its project chosen once, after the first index (waiting for it, bounded, as
    /// `testFile(_:)` does). A query about a document that is not open fails.
    public func file(_ id: FileID) throws -> AnalysisFile {
        guard let document = documents[id] else { throw DocumentError.notOpen(id) }
        guard let indexed = afterFirstIndex() else { return .other(document) }
        return indexed.context(of: document)
    }

    /// `document` as the queries see it in this snapshot's workspaces, with the other open documents as the editor
    /// has them: the one place a context is made, for an open document (`file(_:)`), a file a command reads, or a
    /// version the diagnostics publisher is about to answer for.
    public func context(of document: Document) -> AnalysisFile {
        if document.isSwift {
            return TestFileContext(document, in: workspaces, openDocuments: documents).map(AnalysisFile.swift) ?? .other(document)
        }
        return GraphQLDocumentContext(document, in: workspaces).map(AnalysisFile.graphQL) ?? .other(document)
    }
}
