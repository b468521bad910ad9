import Analysis
import ArgumentParser
import Foundation
import JSONRPC

struct CoverageCommand: ParsableCommand, WorkspaceCommand {
    static let configuration = CommandConfiguration(
        commandName: "coverage",
        abstract: "Report which fields of each operation and fragment the tests set on mocks and read from models.",
        discussion: """
            For every field an operation or fragment selects (by response path from its root, aliases as written; a \
            fragment's fields under the fragment's name, wherever it is spread), counts the tests that set it on a \
            mock reaching that operation or fragment (by argument or assignment; Apollo's and placeholder factories' \
            defaults are not the test's) and the tests that read it from a model. Tests are followed as `mockls \
            check` follows them, through helpers, fixtures, closures and lists. A test mockls cannot follow through an \
            operation (a mock from code it does not read, a model handed to a function) counts there as not \
            followed, not as zero. Exit status: 1 when --min is given and the share of fields read is below it, 2 on \
            a usage or configuration error, else 0.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json, markdown, sarif }

    @OptionGroup var workspace: WorkspaceOptions

    @Option(help: """
        Output format: text (per operation and fragment: the share of fields set and read, and the fields no test \
        touches), json (one row per field with its tests), markdown (a table, for a pull request or a job summary), \
        or sarif (SARIF 2.1.0: a result at each field no test reads).
        """)
    var format: Format = .text

    @Option(help: "Fail (exit 1) when fewer than this percentage (60 or 60%) of the selected fields are read by some test.")
    var min: Percentage?

    func validate() throws {
        let min = self.min?.value
        if let min, !(0...100).contains(min) { throw ValidationError("--min: a percentage from 0 to 100, not \(self.min!.written)") }
    }

    func run() throws {
        let loaded = try workspace.loadProject()
        let clock = ContinuousClock()
        let start = clock.now
        let report = SelectionCoverageReport(AnalysisSnapshot(workspaces: [loaded]))
        CommandLog.logger.info("followed \(plural(report.testCount, "test")) through \(plural(report.rows.count, "selected field")) in \(milliseconds(clock.now - start))")
        let groups = Self.definitions(of: report)
        switch format {
        case .text:
            for group in groups { print(text(group)) }
        case .markdown:
            print(markdown(groups, report: report))
        case .json:
            let bytes = try JSONCEncoder(prettyPrinted: true).encode(report.rows.map { JSONRow($0, workspace: workspace.folder) })
            FileHandle.standardOutput.write(Data(bytes + [UInt8(ascii: "\n")]))
        case .sarif:
            let bytes = try JSONCEncoder(prettyPrinted: true).encode(SARIFLog(coverage: report, workspace: workspace.folder))
            FileHandle.standardOutput.write(Data(bytes + [UInt8(ascii: "\n")]))
        }
        fflush(nil)
        let read = SelectionCoverageReport.share(report.rows) { $0.readCount > 0 }
        let set = SelectionCoverageReport.share(report.rows) { $0.setCount > 0 }
        printError("mockls: \(summary(report, groups: groups)): \(percent(set)) set, \(percent(read)) read")
        if let min = min?.value, read < min {
            printError("mockls: \(percent(read)) of the selected fields are read by a test, under --min \(percent(min))")
            throw ExitCode(1)
        }
    }

    /// The rows of one operation or fragment.
    struct Definition {
        var name: String
        var kind: String
        var file: String
        var rows: [SelectionCoverageReport.Row]
        var unknown: Int { rows.first?.unknown ?? 0 }
    }

    static func definitions(of report: SelectionCoverageReport) -> [Definition] {
        var groups: [Definition] = []
        for row in report.rows {
            if let last = groups.last, last.name == row.field.id.definition, last.file == row.file.path {
                groups[groups.count - 1].rows.append(row)
            } else {
                groups.append(Definition(name: row.field.id.definition, kind: row.field.kind, file: row.file.path, rows: [row]))
            }
        }
        return groups
    }

    private func text(_ group: Definition) -> String {
        let rows = group.rows
        var lines = ["\(group.name) (\(group.kind), \(displayPath(group.file))): \(plural(rows.count, "field")), "
            + "\(counted(rows) { $0.setCount > 0 }) set, \(counted(rows) { $0.readCount > 0 }) read"
            + (group.unknown > 0 ? ", \(plural(group.unknown, "test")) not followed" : "")]
        let untouched = rows.filter { $0.tests.isEmpty }.map(\.field.id.path)
        let unread = rows.filter { $0.setCount > 0 && $0.readCount == 0 }.map(\.field.id.path)
        if !untouched.isEmpty { lines.append("  no test sets or reads: " + untouched.joined(separator: ", ")) }
        if !unread.isEmpty { lines.append("  set, never read: " + unread.joined(separator: ", ")) }
        if rows.contains(where: { $0.appFiles != nil }) {
            let unusedByApp = rows.filter { $0.appFiles == 0 }.map(\.field.id.path)
            lines.append("  read by app code: \(counted(rows) { ($0.appFiles ?? 0) > 0 })"
                + (unusedByApp.isEmpty ? "" : "; not read by app code: " + unusedByApp.joined(separator: ", ")))
        }
        return lines.joined(separator: "\n")
    }

    private func markdown(_ groups: [Definition], report: SelectionCoverageReport) -> String {
        var lines = [
            "## Selection coverage", "",
            "\(summary(report, groups: groups)).", "",
            "| Operation or fragment | Fields | Set | Read | Not followed | No test sets or reads | Read in app | No app code reads |",
            "|---|---:|---:|---:|---:|---|---:|---|",
        ]
        for group in groups {
            let rows = group.rows
            let untouched = rows.filter { $0.tests.isEmpty }.map { "`\($0.field.id.path)`" }.joined(separator: ", ")
            let followed = rows.contains { $0.appFiles != nil }
            let unusedByApp = rows.filter { $0.appFiles == 0 }.map { "`\($0.field.id.path)`" }.joined(separator: ", ")
            lines.append("| `\(group.name)` (\(group.kind)) | \(rows.count) | \(counted(rows) { $0.setCount > 0 }) | "
                + "\(counted(rows) { $0.readCount > 0 }) | \(group.unknown) | \(untouched) | "
                + (followed ? "\(counted(rows) { ($0.appFiles ?? 0) > 0 }) | \(unusedByApp) |" : "not followed | |"))
        }
        return lines.joined(separator: "\n")
    }

    /// "3 of 8 (38%)".
    private func counted(_ rows: [SelectionCoverageReport.Row], _ test: (SelectionCoverageReport.Row) -> Bool) -> String {
        "\(rows.count(where: test)) of \(rows.count) (\(percent(SelectionCoverageReport.share(rows, test))))"
    }

    private func summary(_ report: SelectionCoverageReport, groups: [Definition]) -> String {
        let operations = groups.count { $0.kind != "fragment" }
        return "\(plural(report.rows.count, "field")) selected in \(plural(operations, "operation")) and "
            + "\(plural(groups.count - operations, "fragment")), reached by \(plural(report.testCount, "test"))"
            + (report.unfollowedTestCount > 0 ? " (\(report.unfollowedTestCount) not followed everywhere)" : "")
    }

    private func percent(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value))%" : String(format: "%.1f%%", value)
    }

    /// Paths relative to where mockls runs, as `check` prints them.
    private func displayPath(_ file: String) -> String {
        relativePath(file, to: FileManager.default.currentDirectoryPath)
    }

    /// A row of the JSON format: positions 1-based, columns in UTF-8 bytes; paths relative to the workspace.
    struct JSONRow: Encodable {
        struct Test: Encodable {
            var name: String
            var file: String
            var line: Int
            var set: Bool
            var read: Bool
        }

        /// A read of the field in the app's code: 1-based, the column in UTF-8 bytes.
        struct AppRead: Encodable {
            var file: String
            var line: Int
            var column: Int
        }

        var operation: String
        var kind: String
        var project: String
        var path: String
        var file: String
        var line: Int
        var column: Int
        var set: Int
        var read: Int
        var unknown: Int
        /// The app files that read it; absent where the app's code is not followed into its operation or fragment.
        var appFiles: Int?
        /// Where the app's code reads it (what the editor's app lens opens); absent with `appFiles`.
        var appReads: [AppRead]?
        var tests: [Test]

        init(_ row: SelectionCoverageReport.Row, workspace: URL) {
            let relative = { (path: String) in relativePath(path, to: workspace.path) }
            operation = row.field.id.definition
            kind = row.field.kind
            project = row.project
            path = row.field.id.path
            file = relative(row.file.path)
            line = row.start.line + 1
            column = row.start.column + 1
            set = row.setCount
            read = row.readCount
            unknown = row.unknown
            appFiles = row.appFiles
            appReads = row.appReads?.map { read in
                let start = read.lines.position(of: read.range.lowerBound, unit: .utf8)
                return AppRead(file: relative(read.file.path), line: start.line + 1, column: start.column + 1)
            }
            tests = row.tests.map { Test(name: $0.name, file: relative($0.file.path), line: $0.line + 1, set: $0.sets, read: $0.reads) }
        }
    }
}

/// `--min 60` or `--min 60%`: a share of 100.
struct Percentage: ExpressibleByArgument {
    var value: Double
    var written: String

    init?(argument: String) {
        let number = argument.hasSuffix("%") ? String(argument.dropLast()) : argument
        guard let value = Double(number.trimmingCharacters(in: .whitespaces)), value.isFinite else { return nil }
        (self.value, written) = (value, argument)
    }
}
