import ArgumentParser
import Foundation
import JSONRPC
import Analysis
import enum GraphQLIndex.DiagnosticCode

struct CheckCommand: ParsableCommand, WorkspaceCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Report mock reads that crash, unknown mock fields and types, and mocks of the wrong type, for CI.",
        discussion: """
            Checks every Swift file of the workspace (or of PATHS) that uses Mock< or imports ApolloTestSupport, and \
            the workspace's GraphQL documents and JSON response fixtures (a .json file named after an operation, with \
            or without its Query/Mutation/Subscription suffix, checked against it; X.variables.json beside it gives \
            the variables of its @include/@skip). Exit status: 1 when an error or warning is reported (see --fail-on), \
            0 when none is (a configuration error is an error found, on the configuration file, in every format), 2 on \
            a usage error, when no project is found, or when no project can be used. Lines and columns are 1-based; columns count UTF-8 bytes, as swiftc does.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, xcode, json, github, sarif }

    @OptionGroup var workspace: WorkspaceOptions

    @Option(help: """
        Output format: text (path:line:column: severity: message [code], paths relative to where mockls runs), \
        xcode (the same with absolute paths, as Xcode's build log and issue navigator read them), json, github \
        (workflow annotations), or sarif (SARIF 2.1.0, for code scanning).
        """)
    var format: Format = .text

    enum FailureLevel: String, ExpressibleByArgument, CaseIterable {
        case error, warning, information, hint

        /// A finding of `severity` ("error", "warning", "information", "hint") fails the check.
        func fails(_ severity: String) -> Bool {
            let order = ["error", "warning", "information", "hint"]
            return (order.firstIndex(of: severity) ?? 0) <= order.firstIndex(of: rawValue)!
        }
    }

    @Option(name: .customLong("fail-on"), help: """
        The least severe finding that makes the exit status 1: error, warning (the default: information and \
        hints are reported, never fail), information or hint.
        """)
    var failOn: FailureLevel = .warning

    @Option(name: .customLong("include"), help: """
        A finding off by default to report too (repeatable): read-only-by-tests (a field only tests read, no app code).
        """)
    var include: [IncludedCode] = []

    enum IncludedCode: String, ExpressibleByArgument, CaseIterable {
        case readOnlyByTests = "read-only-by-tests"
        var code: DiagnosticCode { DiagnosticCode(rawValue: rawValue)! }
    }

    @Argument(help: "Files or folders to check (default: the whole workspace).")
    var paths: [String] = []

    func run() throws {
        // A configuration that cannot be used is one of the findings (`invalid-configuration`, `no-schema` on the
        // configuration file), in every format: CI reads its annotations and SARIF results, not standard error.
        let urls = paths.map { URL(fileURLWithPath: $0).standardizedFileURL }
        for url in urls where !FileManager.default.fileExists(atPath: url.path) {
            throw ValidationError("\(url.path) does not exist")
        }
        let loaded = try workspace.read(near: urls)
        let configurationErrors = loaded.configurationErrors
        if configurationErrors.isEmpty { try workspace.requireSchema(in: loaded) }
        let folder = loaded.folder
        // A Swift file named here that the workspace's walk skips (below `.build`, or outside it) is checked all the
        // same, as read now.
        var documents = DocumentStore()
        for url in urls where WorkspaceFiles.Kind.swift.includes(url.path) && !loaded.swiftSources.contains(url.path) {
            guard let text = FileTree.contents(url) else { continue }
            documents.open(FileID(url: url), languageID: "swift", version: 0, text: text)
        }
        let report = CheckReport(workspace: loaded, paths: urls, documents: documents, including: Set(include.map(\.code)))
        switch format {
        case .text:
            for record in report.records {
                print("\(displayPath(record.file, in: folder)):\(record.line):\(record.column): \(record.severity): \(record.message) [\(record.code)]")
            }
        case .xcode:
            for record in report.records {
                print("\(absolutePath(record.file, in: folder)):\(record.line):\(record.column): \(record.severity): \(record.message) [\(record.code)]")
            }
        case .sarif:
            let log = SARIFLog(report: report, workspace: loaded.folder)
            let bytes = try JSONCEncoder(prettyPrinted: true).encode(log)
            FileHandle.standardOutput.write(Data(bytes + [UInt8(ascii: "\n")]))
        case .json:
            let bytes = try JSONCEncoder(prettyPrinted: true, writesNilAsNull: true).encode(report.records)
            FileHandle.standardOutput.write(Data(bytes + [UInt8(ascii: "\n")]))
        case .github:
            for record in report.records {
                let level = record.severity == "error" ? "error" : record.severity == "warning" ? "warning" : "notice"
                print("::\(level) file=\(escapeProperty(displayPath(record.file, in: folder))),line=\(record.line),col=\(record.column),"
                    + "endLine=\(record.endLine),endColumn=\(record.endColumn),title=\(escapeProperty(record.code))::"
                    + escapeData(record.message))
            }
        }
        // The summary follows the findings wherever both go (`2>&1` in CI): `print` buffers standard output.
        fflush(nil)
        let files = Set(report.checkedFiles).count
        // Which Apollo the verdicts assume (a crash in 1.23+ is none in pre-1.23), then the count, last.
        for project in loaded.projects where project.hasSchema {
            printError("mockls: \(project.configuration.namespace): mocks as Apollo iOS \(project.index.format.release.rawValue) writes them (\(project.formatReason))")
        }
        printError("mockls: \(report.records.count) problem\(report.records.count == 1 ? "" : "s") in \(files) file\(files == 1 ? "" : "s") checked")
        // Nothing could be checked: a configuration error, not a finding among others.
        if !configurationErrors.isEmpty, !loaded.projects.contains(where: \.hasSchema) { throw ExitCode(2) }
        if report.records.contains(where: { failOn.fails($0.severity) }) { throw ExitCode(1) }
    }

    private func absolutePath(_ file: String, in folder: URL) -> String {
        file.hasPrefix("/") ? file : folder.appendingPathComponent(file).path
    }

    /// Records name files relative to the workspace; printed paths are relative to where mockls runs.
    private func displayPath(_ file: String, in folder: URL) -> String {
        let absolute = absolutePath(file, in: folder)
        return relativePath(absolute, to: FileManager.default.currentDirectoryPath)
    }

    /// GitHub workflow commands: `%`, CR and LF in data; also `:` and `,` in properties.
    private func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
    }

    private func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
