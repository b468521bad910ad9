import Features
import Foundation
import GraphQLIndex
import SourceText

/// The queries at a position of an open document that answer for Swift test files and GraphQL documents alike: the
/// language is told apart here, once, not by each caller.
extension AnalysisSnapshot {
    /// What is at `offset`.
    public func hover(at offset: Int, in file: AnalysisFile) -> Hover? {
        switch file {
        case .graphQL(let graphql): graphql.hover(at: offset)
        case .swift(let context): context.hover(at: offset)
        case .other: nil
        }
    }

    /// Where what is at `offset` is defined (several places for a model property Apollo merges from several
    /// selections), each with the text of the document it is in (open, else as indexed).
    public func definitions(at offset: Int, in file: AnalysisFile) -> [(location: SourceLocation, lines: LineTable)] {
        let project: Workspace.Project
        let found: [SourceLocation]
        switch file {
        case .graphQL(let graphql): (project, found) = (graphql.project, graphql.definition(at: offset).map { [$0] } ?? [])
        case .swift(let context): (project, found) = (context.project, context.definitions(at: offset))
        case .other: return []
        }
        return found.compactMap { location in lines(of: location.document, project: project).map { (location, $0) } }
    }

    /// The signature of the mock construction the cursor is in.
    public func signature(at offset: Int, in file: AnalysisFile) -> Signature? {
        guard case .swift(let context) = file else { return nil }
        return context.signature(at: offset)
    }

    /// The JSON response of the `from(_:)` at `offset` (`MockResponse`); nil when the file belongs to no project.
    public func response(at offset: Int, in file: AnalysisFile) -> Result<MockResponse.Written, MockResponse.Failure>? {
        guard case .swift(let context) = file else { return nil }
        return context.response(at: offset)
    }

    /// An open document's diagnostics with the text they were computed on: a test file's (computed now, for this
    /// version), else those the workspace holds for it (`documentDiagnostics(of:)`); nil for a document that has none.
    /// Both wait (bounded) for the index to hold the document as it is now (`afterIndexing(_:)`).
    public func diagnostics(ofDocument id: FileID) throws -> (lines: LineTable, diagnostics: [Diagnostic])? {
        guard let document = documents[id] else { throw DocumentError.notOpen(id) }
        let indexed = afterIndexing(id) ?? self
        if case .swift(let context) = indexed.context(of: document) { return (document.lines, indexed.diagnostics(of: context)) }
        return indexed.documentDiagnostics(of: id)
    }

    /// The documentation a completion item of the Swift file `id` left to be resolved, against the file's project
    /// as it is now (the file is not parsed for it).
    public func completionDocumentation(_ documentation: CompletionDocumentation, in id: FileID) -> String? {
        guard let document = documents[id], let indexed = afterFirstIndex() else { return nil }
        for workspace in indexed.workspaces {
            if let project = workspace.project(forSwiftFile: id, text: document.lines.bytes) {
                return documentation.markdown(in: project.index)
            }
        }
        return nil
    }
}
