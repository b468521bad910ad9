import Analysis
import Foundation

extension SARIFLog {
    /// `mockls coverage --format sarif`: a result (a note) at each selected field no test reads, in its GraphQL
    /// document; `selection-untested` when no test sets it either, `selection-unread` when tests set it but none reads it.
    init(coverage report: SelectionCoverageReport, workspace: URL) {
        let rules = [
            Rule(
                id: "selection-untested", shortDescription: Text(text: "A selected field no test sets or reads"),
                help: Text(text: "An operation or fragment selects this field, but no test sets it on a mock that reaches the operation and no test reads it from a model: the tests do not exercise it. Tests mockls cannot follow are not counted."),
                defaultConfiguration: Configuration(level: "note")),
            Rule(
                id: "selection-unread", shortDescription: Text(text: "A selected field tests set but never read"),
                help: Text(text: "Tests set this field on mocks that reach the operation, but no test reads it from a model: what the app does with it is not checked."),
                defaultConfiguration: Configuration(level: "note")),
        ]
        let results = report.rows.filter { $0.readCount == 0 }.map { row in
            let relative = relativePath(row.file.path, to: workspace.path)
            let untested = row.setCount == 0
            let where_ = "`\(row.field.id.path)` of \(row.field.kind) `\(row.field.id.definition)`"
            let message = untested
                ? "no test sets or reads \(where_)" + (row.unknown > 0 ? " (\(row.unknown) not followed)" : "")
                : "\(row.setCount == 1 ? "1 test sets" : "\(row.setCount) tests set") \(where_), but no test reads it"
            return Result(
                ruleId: untested ? "selection-untested" : "selection-unread", ruleIndex: untested ? 0 : 1, level: "note",
                message: Text(text: message),
                locations: [Location(physicalLocation: PhysicalLocation(
                    artifactLocation: ArtifactLocation(uri: Self.relativeURI(relative), uriBaseId: relative.hasPrefix("/") ? nil : "WORKSPACE"),
                    region: Region(
                        startLine: row.utf16Start.line + 1, startColumn: row.utf16Start.column + 1, endLine: row.utf16End.line + 1,
                        endColumn: row.utf16End.column + 1)))],
                fixes: nil)
        }
        self.init(runs: [Self.run(rules: rules, results: results, workspace: workspace)])
    }
}
