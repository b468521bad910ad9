import GraphQLIndex
import SourceText

/// The quick fixes of a response fixture: those of its diagnostics on the lines asked about (clients ask with the
/// cursor where it is, not on the diagnostic's exact range).
public enum ResponseFixtureActions {
    public static func actions(at range: Range<Int>, lines: LineTable, diagnostics: [Diagnostic]) -> [MockCodeAction] {
        let asked = lines.line(containing: range.lowerBound)...lines.line(containing: max(range.lowerBound, range.upperBound))
        return diagnostics.filter { diagnostic in
            let first = lines.line(containing: diagnostic.range.lowerBound)
            return asked.overlaps(first...lines.line(containing: max(diagnostic.range.lowerBound, diagnostic.range.upperBound - 1)))
        }.flatMap { diagnostic in
            diagnostic.fixes.map { fix in
                MockCodeAction(title: fix.title, kind: .quickFix, isPreferred: fix.isPreferred, diagnostics: [diagnostic], edits: [fix])
            }
        }
    }
}
