import GraphQLIndex
import SourceText

/// The quick fixes of a response fixture: those of its diagnostics on the lines asked about (clients ask with the
/// cursor where it is, not on the diagnostic's exact range).
public enum ResponseFixtureActions {
    public static func actions(at range: Range<Int>, lines: LineTable, diagnostics: [Diagnostic]) -> [MockCodeAction] {
        let asked = DiagnosticFixes.onLines(of: range, lines: lines, diagnostics: diagnostics)
        var actions = DiagnosticFixes.actions(of: asked)
        // A fixture written before Apollo needed `__typename` lacks it on every object: one fix for all of them.
        let missing = diagnostics.filter(isMissingTypename)
        if missing.count > 1, asked.contains(where: isMissingTypename) {
            actions.append(MockCodeAction(
                title: "Add every missing \"__typename\" (\(missing.count))", kind: .quickFix, isPreferred: false,
                diagnostics: missing, edits: missing.map { $0.fixes[0] }))
        }
        return actions
    }

    /// A `fixture-typename` finding whose fix inserts the member (not one that corrects a wrong name).
    private static func isMissingTypename(_ diagnostic: Diagnostic) -> Bool {
        diagnostic.code == .fixtureTypename && diagnostic.fixes.first?.text.hasPrefix("\"__typename\"") == true
    }
}
