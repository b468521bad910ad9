import Features
import GraphQLIndex
import SourceText
import SwiftAnalysis
import SwiftSyntax

/// What makes the features' own answers (UTF-8 offsets, before any protocol conversion) unusable, judged with the text
/// they answer for: the surfaces that call the features directly run it, as `AnswerCheck` judges the server's replies.
/// A violation is a finding, as a crash is.
enum EditCheck {
    /// A completion's replacement must be on the cursor's line and contain the cursor (LSP 3.17, `textEdit`).
    static func completions(_ completions: [Completion], at offset: Int, in lines: LineTable, what: String) {
        let line = lines.contentRange(ofLine: lines.line(containing: offset))
        for completion in completions {
            let range = completion.replaceRange
            guard range.lowerBound <= offset, offset <= range.upperBound, line.lowerBound <= range.lowerBound,
                range.upperBound <= max(line.upperBound, offset)
            else {
                fatalError("\(what): the completion \(completion.label) replaces \(range), not on the line \(line) of the cursor \(offset)")
            }
        }
    }

    /// The edits of one action: each inside the text, none overlapping another.
    static func edits(_ edits: [Diagnostic.Fix], in text: [UInt8], what: String) {
        let count = text.count
        let sorted = edits.map(\.range).sorted { ($0.lowerBound, $0.upperBound) < ($1.lowerBound, $1.upperBound) }
        if let outside = sorted.first(where: { $0.lowerBound < 0 || $0.upperBound > count }) {
            fatalError("\(what): an edit at \(outside), outside the text of \(count) bytes")
        }
        // Insertions at one offset are not: LSP orders them as the list does.
        if let (first, second) = zip(sorted, sorted.dropFirst()).first(where: { $0.upperBound > $1.lowerBound }) {
            let shown = text[max(0, first.lowerBound - 80)..<min(count, second.upperBound + 80)]
            fatalError("\(what): edits that overlap, at \(first) and \(second) (\(edits.map { "\($0.range): \($0.text.debugDescription)" })), in:\n\(String(decoding: shown, as: UTF8.self))")
        }
    }

    /// How badly `tree` parses: its missing tokens and the runs of tokens the parser could not place, each as the
    /// text around it (what a finding shows).
    static func syntaxErrors(_ tree: some SyntaxProtocol) -> [String] {
        let counter = SyntaxErrorCounter(viewMode: .all)
        counter.walk(tree)
        return counter.errors
    }
}

private final class SyntaxErrorCounter: SyntaxVisitor {
    var errors: [String] = []

    override func visit(_ node: UnexpectedNodesSyntax) -> SyntaxVisitorContinueKind {
        errors.append("unexpected \(node.trimmedDescription.prefix(40).debugDescription) in \(node.parent.map { "\($0.kind)" } ?? "")")
        return .skipChildren
    }

    override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
        if token.presence == .missing {
            errors.append("missing \(token.tokenKind) after \(token.previousToken(viewMode: .sourceAccurate)?.text.debugDescription ?? "the start")")
        }
        return .skipChildren
    }
}
