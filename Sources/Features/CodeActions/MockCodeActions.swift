import GraphQLIndex
import SourceText
import SwiftAnalysis

/// A code action on a test file: edits in UTF-8 offsets, and the diagnostics it fixes.
public struct MockCodeAction: Sendable, Equatable {
    public enum Kind: String, Sendable { case quickFix = "quickfix", refactor = "refactor.rewrite" }

    public var title: String
    public var kind: Kind
    public var isPreferred: Bool
    public var diagnostics: [Diagnostic]
    /// Replacements in the file, none overlapping.
    public var edits: [Diagnostic.Fix]
}

extension MockCodeAction {
    /// `text` with `edits` applied, all against the text as it was (they do not overlap): from the end; of a
    /// replacement and an insertion at one offset, the insertion lands before it; insertions at one offset read in
    /// the list's order (LSP 3.17).
    public static func applying(_ edits: [Diagnostic.Fix], to text: [UInt8]) -> [UInt8] {
        var result = text
        let ordered = edits.enumerated().sorted {
            ($0.element.range.lowerBound, $0.element.range.upperBound, $0.offset) > ($1.element.range.lowerBound, $1.element.range.upperBound, $1.offset)
        }
        for edit in ordered.map(\.element) { result.replaceSubrange(edit.range, with: Array(edit.text.utf8)) }
        return result
    }
}

/// The quick fixes of the diagnostics at a range, and the fix that sets every field a test reads from mocks that
/// never set it.
public enum MockCodeActions {
    public static func actions(
        at range: Range<Int>, in file: SwiftFile, project: ProjectIndex, diagnostics: [Diagnostic],
        options: TestConventions = TestConventions()
    ) -> [MockCodeAction] {
        // Every diagnostic on the lines asked about, not only under the cursor: clients ask with the cursor where it
        // is (Neovim's `vim.lsp.buf.code_action()` at column 1 of the diagnostic's line).
        let lines = file.lines
        let asked = lines.line(containing: range.lowerBound)...lines.line(containing: max(range.lowerBound, range.upperBound))
        let touched = diagnostics.filter { diagnostic in
            let first = lines.line(containing: diagnostic.range.lowerBound)
            let last = lines.line(containing: max(diagnostic.range.lowerBound, diagnostic.range.upperBound - 1))
            return asked.overlaps(first...last)
        }
        var actions: [MockCodeAction] = []
        for diagnostic in touched {
            for fix in diagnostic.fixes {
                actions.append(MockCodeAction(
                    title: fix.title, kind: .quickFix, isPreferred: fix.isPreferred, diagnostics: [diagnostic], edits: [fix]))
            }
        }
        actions += refactorings(at: range, in: file, project: project, options: options)
        if let unset = touched.first(where: { $0.code == .unsetFieldRead }),
            let all = setEveryUnsetField(inFunctionAt: unset.range.lowerBound, in: file, project: project, options: options)
        {
            let fixed = diagnostics.filter { $0.code == .unsetFieldRead && all.function.contains($0.range.lowerBound) }
            actions.append(MockCodeAction(
                title: "Set every field this test reads but its mocks never set", kind: .quickFix, isPreferred: false,
                diagnostics: fixed, edits: [all.edit]))
        }
        return actions
    }

    /// Rewrites of the `Mock<T>(…)` call at the cursor: every field filled, `Mock<T>()` and the assignments after it
    /// turned into one initializer call, the call turned into the generated `placeholder(…)` factory.
    public static func refactorings(
        at range: Range<Int>, in file: SwiftFile, project: ProjectIndex, options: TestConventions = TestConventions()
    ) -> [MockCodeAction] {
        guard let site = file.mockConstructionSite(at: range.lowerBound),
            let object = project.mockModel.object(swiftName: site.type.name), !object.fields.isEmpty
        else { return [] }
        let writer = FixWriter(file: file, project: project, options: options)
        let labels = Set(object.fields.map(\.initLabel))
        let mock = "Mock<\(site.type)>"
        func call(_ values: [String: String]) -> String {
            let arguments = object.fields.compactMap { field in values[field.initLabel].map { "\(field.initLabel): \($0)" } }
            guard arguments.count > 2 else { return "\(mock)(\(arguments.joined(separator: ", ")))" }
            let inner = site.indentation + "    "
            return "\(mock)(\n" + arguments.map { inner + $0 }.joined(separator: ",\n") + "\n\(site.indentation))"
        }
        var actions: [MockCodeAction] = []
        // An argument still without its value (`height: |`) is one to fill.
        let given = Dictionary(
            site.arguments.filter { !$0.value.allSatisfy(\.isWhitespace) }.map { ($0.label, $0.value) }) { first, _ in first }
        // Without factories only the non-null fields: a nullable one reads as `nil` unset, and a literal for it
        // (a custom scalar's, say) may not even parse.
        let fillable = object.fields.filter { options.placeholders || $0.isNonNull }
        if site.construction.kind == .initializer, given.keys.allSatisfy(labels.contains),
            fillable.contains(where: { given[$0.initLabel] == nil })
        {
            var values = given
            for field in fillable where values[field.initLabel] == nil {
                values[field.initLabel] = writer.value(for: field, inArgument: true)
            }
            actions.append(MockCodeAction(
                title: options.placeholders ? "Fill every field of `\(mock)` with `.placeholder()`" : "Fill every field of `\(mock)`",
                kind: .refactor, isPreferred: false, diagnostics: [],
                edits: [Diagnostic.Fix(title: "", range: site.construction.range, text: call(values), isPreferred: false)]))
        }
        if site.construction.arguments.isEmpty, !site.assignments.isEmpty,
            site.assignments.allSatisfy({ labels.contains($0.label) }),
            Set(site.assignments.map(\.label)).count == site.assignments.count
        {
            let values = Dictionary(uniqueKeysWithValues: site.assignments.map { ($0.label, $0.value) })
            actions.append(MockCodeAction(
                title: "Build `\(mock)` with one initializer call", kind: .refactor, isPreferred: false, diagnostics: [],
                edits: [Diagnostic.Fix(title: "", range: site.construction.range, text: call(values), isPreferred: false)]
                    + site.assignmentRemovals.map { Diagnostic.Fix(title: "", range: $0, text: "", isPreferred: false) }))
        }
        if options.placeholders, site.construction.kind == .initializer {
            actions.append(MockCodeAction(
                title: "Use `\(mock).placeholder(…)`", kind: .refactor, isPreferred: false, diagnostics: [],
                edits: [Diagnostic.Fix(title: "", range: site.calleeRange.upperBound..<site.calleeRange.upperBound, text: ".placeholder", isPreferred: false)]))
        }
        return actions
    }

    /// Applies the `unset-field-read` fixes of one function until none is left (a fix can reveal the next, as when
    /// a nested mock is passed and one of its own fields is read), and returns the whole change as one edit.
    public static func setEveryUnsetField(
        inFunctionAt offset: Int, in file: SwiftFile, project: ProjectIndex, options: TestConventions = TestConventions()
    ) -> (edit: Diagnostic.Fix, function: Range<Int>)? {
        let units = file.mockFlowUnits()
        guard let index = units.firstIndex(where: { $0.range.contains(offset) }) else { return nil }
        let original = file.lines.bytes
        var current = file
        for _ in 0..<24 {
            let units = current.mockFlowUnits()
            guard units.indices.contains(index) else { break }
            let function = units[index].range
            let fixes = MockDiagnostics.diagnostics(in: current, units: [units[index]], project: project, options: options)
                .filter { $0.code == .unsetFieldRead && function.contains($0.range.lowerBound) }
                .compactMap(\.fixes.first)
            guard !fixes.isEmpty else { break }
            // Fixes that do not touch each other a round: two insertions at one place would come out in the wrong
            // order, and a fix that sets a field on every element of a list spans the others' edits.
            var taken: [Range<Int>] = []
            var bytes = current.lines.bytes
            for fix in fixes.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
                let touches = taken.contains {
                    $0.lowerBound == fix.range.lowerBound || ($0.lowerBound < fix.range.upperBound && fix.range.lowerBound < $0.upperBound)
                }
                guard !touches else { continue }
                taken.append(fix.range)
                bytes.replaceSubrange(fix.range, with: Array(fix.text.utf8))
            }
            current = current.updated(to: bytes)
        }
        let final = current.lines.bytes
        guard final != original else { return nil }
        let changed = changedRange(from: original, to: final)
        let edit = Diagnostic.Fix(
            title: "Set every field this test reads but its mocks never set", range: changed.old,
            text: String(decoding: final[changed.new], as: UTF8.self), isPreferred: false)
        return (edit, units[index].range)
    }
}
