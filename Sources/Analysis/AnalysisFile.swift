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
    /// The open document `uri`, its project chosen once, after the first index (waiting for it, bounded, as
    /// `testFile(_:)` does). A query about a document that is not open fails.
    public func file(_ uri: String) throws -> AnalysisFile {
        guard let document = documents[uri] else { throw DocumentError.notOpen(uri) }
        guard let indexed = afterFirstIndex() else { return .other(document) }
        if document.isSwift {
            return TestFileContext(document, in: indexed.workspaces, openTexts: documents.textsByPath).map(AnalysisFile.swift) ?? .other(document)
        }
        return GraphQLDocumentContext(document, in: indexed.workspaces).map(AnalysisFile.graphQL) ?? .other(document)
    }
}
