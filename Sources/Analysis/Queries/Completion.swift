import Features
import GraphQLIndex
import SourceText

/// Completion in a Swift test file or a GraphQL document, kept to the cursor's line.
extension AnalysisSnapshot {
    /// The completions at `offset` of a Swift test file or a GraphQL document, with the index their documentation is
    /// read from; nil when the document belongs to no project (or, in the editor, while the first index is not in).
    public func completions(at offset: Int, in file: AnalysisFile) -> CompletionAnswer? {
        switch file {
        case .graphQL(let graphql):
            let completions = Self.onCursorLine(graphql.completions(at: offset), at: offset, in: graphql.document.lines)
            return CompletionAnswer(completions: completions, index: graphql.index, language: .graphQL)
        case .swift(let context):
            let completions = Self.onCursorLine(context.completions(at: offset), at: offset, in: context.document.lines)
            return CompletionAnswer(completions: completions, index: context.index, language: .swift)
        case .other:
            return nil
        }
    }

    /// LSP 3.17: a completion's edit is on one line and contains the position. An edit that would reach another line
    /// (and delete its line break) is cut to the cursor's line, whatever feature wrote it.
    static func onCursorLine(_ completions: [Completion], at offset: Int, in lines: LineTable) -> [Completion] {
        let line = lines.contentRange(ofLine: lines.line(containing: offset))
        return completions.map { completion in
            let range = completion.replaceRange
            guard range.lowerBound < line.lowerBound || range.upperBound > line.upperBound || !(range.lowerBound...range.upperBound).contains(offset)
            else { return completion }
            var kept = completion
            let lower = min(max(range.lowerBound, line.lowerBound), offset)
            kept.replaceRange = lower..<max(min(range.upperBound, line.upperBound), offset)
            return kept
        }
    }
}

/// What `AnalysisSnapshot.completions` found.
public struct CompletionAnswer: Sendable {
    public enum Language: Sendable { case swift, graphQL }
    public let completions: [Completion]
    /// The project's index, which documentation is written from (`CompletionDocumentation.markdown(in:)`).
    public let index: ProjectIndex
    public let language: Language
}
