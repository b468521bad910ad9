import GraphQLIndex
import SourceText

/// The quick fixes of a document's diagnostics on the lines a code action request asks about (clients ask with the
/// cursor where it is, not on the diagnostic's exact range): a response fixture's, a GraphQL document's.
public enum DiagnosticFixes {
    public static func actions(at range: Range<Int>, lines: LineTable, diagnostics: [Diagnostic]) -> [MockCodeAction] {
        actions(of: onLines(of: range, lines: lines, diagnostics: diagnostics))
    }

    /// The diagnostics on the lines `range` touches.
    static func onLines(of range: Range<Int>, lines: LineTable, diagnostics: [Diagnostic]) -> [Diagnostic] {
        let askedLines = lines.line(containing: range.lowerBound)...lines.line(containing: max(range.lowerBound, range.upperBound))
        return diagnostics.filter { diagnostic in
            let first = lines.line(containing: diagnostic.range.lowerBound)
            return askedLines.overlaps(first...lines.line(containing: max(diagnostic.range.lowerBound, diagnostic.range.upperBound - 1)))
        }
    }

    /// One action for each fix of each diagnostic.
    static func actions(of diagnostics: [Diagnostic]) -> [MockCodeAction] {
        diagnostics.flatMap { diagnostic in
            diagnostic.fixes.map { fix in
                MockCodeAction(title: fix.title, kind: .quickFix, isPreferred: fix.isPreferred, diagnostics: [diagnostic], edits: [fix])
            }
        }
    }
}
