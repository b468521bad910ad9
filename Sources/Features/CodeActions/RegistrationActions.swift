import GraphQLIndex
import SwiftAnalysis

/// On a test transport's registration of a mock (`transport.register(X.self, data: …)`): replace the mock with the
/// whole response of X (`OperationFill`, `mockls fill`), under the registration's Boolean `variables:`; a quick fix
/// of its `incomplete-response`, a refactoring otherwise.
enum RegistrationActions {
    static func actions(at range: Range<Int>, in file: SwiftFile, project: ProjectIndex, diagnostics: [Diagnostic]) -> [MockCodeAction] {
        let lines = file.lines
        let line = lines.line(containing: range.lowerBound)
        guard let registration = file.transportRegistrations().first(where: { registration in
            registration.range.contains(range.lowerBound) || lines.line(containing: registration.range.lowerBound) == line
        }), let data = registration.data, let operation = registration.operation.last
        else { return [] }
        let variables = registration.variables.compactMapValues { $0 == "true" ? true : $0 == "false" ? false : nil }
        let start = lines.contentRange(ofLine: lines.line(containing: registration.range.lowerBound))
        let indent = String(decoding: lines.bytes[start].prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }, as: UTF8.self)
        guard case .success(let filled) = OperationFill.fill(operation, variables: variables, project: project, indent: indent) else { return [] }
        let incomplete = diagnostics.filter { $0.code == .incompleteResponse && $0.range.overlaps(data) }
        return [MockCodeAction(
            title: "Replace the mock with the whole response of `\(operation)`", kind: incomplete.isEmpty ? .refactor : .quickFix,
            isPreferred: false, diagnostics: incomplete, edits: [Diagnostic.Fix(title: "", range: data, text: filled, isPreferred: false)])]
    }
}
