import GraphQLIndex
import SourceText
import SwiftAnalysis

/// On a test transport's registration of a mock (`transport.register(X.self, data: …)`): replace the mock with the
/// whole response of X (`OperationFill`, `mockls fill`), under the registration's Boolean `variables:`, as a
/// refactoring. Where the registration has an `incomplete-response`, the same edit is that diagnostic's fix (so the
/// command line's fixes have it too), and is not offered twice.
enum RegistrationActions {
    static func wholeResponseTitle(_ operation: String) -> String { "Replace the mock with the whole response of `\(operation)`" }

    static func actions(at range: Range<Int>, in file: SwiftFile, project: ProjectIndex, diagnostics: [Diagnostic]) -> [MockCodeAction] {
        let lines = file.lines
        let line = lines.line(containing: range.lowerBound)
        guard let registration = file.transportRegistrations().first(where: { registration in
            registration.range.contains(range.lowerBound) || lines.line(containing: registration.range.lowerBound) == line
        }), let data = registration.data, let operation = registration.operation.last,
            !diagnostics.contains(where: { $0.code == .incompleteResponse && $0.range.overlaps(data) })
        else { return [] }
        guard let fill = wholeResponse(of: operation, replacing: data, in: lines, variables: registration.variables, project: project)
        else { return [] }
        return [MockCodeAction(
            title: fill.title, kind: .refactor, isPreferred: false, diagnostics: [], edits: [fill])]
    }

    /// The edit that replaces the mock at `range` with the whole response of `operation` (`OperationFill`), under the
    /// Boolean ones among the registration's `variables` (as written), indented from the mock's line; nil when the
    /// operation cannot be filled.
    static func wholeResponse(
        of operation: String, replacing range: Range<Int>, in lines: LineTable, variables: [String: String], project: ProjectIndex
    ) -> Diagnostic.Fix? {
        let decided = variables.compactMapValues { $0 == "true" ? true : $0 == "false" ? false : nil }
        let start = lines.contentRange(ofLine: lines.line(containing: range.lowerBound))
        let indent = String(decoding: lines.bytes[start].prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }, as: UTF8.self)
        guard case .success(let filled) = OperationFill.fill(operation, variables: decided, project: project, indent: indent) else { return nil }
        return Diagnostic.Fix(title: wholeResponseTitle(operation), range: range, text: filled, isPreferred: false)
    }
}
