import Foundation
import PackagePlugin

/// `swift package mockls-check [--workspace DIR] [--strict] [PATH…]`: `mockls check` on the package (or DIR), its
/// findings reported through SwiftPM's diagnostics with their file and line, which Xcode's issue navigator lists.
/// Exits 0 when it reports only warnings, unless `--strict` (then anything reported fails the command); a problem
/// that stops the check (no Apollo project found, a bad argument) always fails it.
@main
struct MocklsCheck: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var arguments = ArgumentExtractor(arguments)
        let strict = arguments.extractFlag(named: "strict") > 0
        let workspace = arguments.extractOption(named: "workspace").last.map { URL(fileURLWithPath: $0, relativeTo: context.package.directoryURL) }
            ?? context.package.directoryURL
        try CheckRun(mockls: try context.tool(named: "mockls").url, workspace: workspace, paths: arguments.remainingArguments, strict: strict).run()
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension MocklsCheck: XcodeCommandPlugin {
    /// From Xcode's File > Packages menu, or the project navigator: the Xcode project's folder is the workspace.
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        var arguments = ArgumentExtractor(arguments)
        let strict = arguments.extractFlag(named: "strict") > 0
        try CheckRun(
            mockls: try context.tool(named: "mockls").url, workspace: context.xcodeProject.directoryURL,
            paths: arguments.remainingArguments, strict: strict
        ).run()
    }
}
#endif

struct CheckRun {
    let mockls: URL
    let workspace: URL
    let paths: [String]
    let strict: Bool

    /// One finding of `mockls check --format json`.
    struct Record: Decodable {
        let file: String
        let line: Int
        let column: Int
        let severity: String
        let code: String
        let message: String
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    func run() throws {
        let process = Process()
        process.executableURL = mockls
        process.arguments = ["check", "--workspace", workspace.path, "--format", "json"] + paths
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 || process.terminationStatus == 1 else {
            let reason = errorText.trimmingCharacters(in: .whitespacesAndNewlines)
            Diagnostics.error("mockls check: \(reason.isEmpty ? "exit status \(process.terminationStatus)" : reason)")
            throw Failure(description: "mockls check failed")
        }
        let records = try JSONDecoder().decode([Record].self, from: data)
        for record in records {
            let file = record.file.hasPrefix("/") ? record.file : workspace.appendingPathComponent(record.file).path
            // SwiftPM's command line prints a plugin's diagnostics without their file and line (Xcode shows them
            // in the issue navigator): the message starts with them, as a compiler's does.
            let message = "\(file):\(record.line):\(record.column): \(record.message) [\(record.code)]"
            switch record.severity {
            case "error": Diagnostics.error(message, file: file, line: record.line)
            // A hint (`unused-operation`) is a remark: nothing is wrong with the build.
            case "hint": Diagnostics.remark(message, file: file, line: record.line)
            default: Diagnostics.warning(message, file: file, line: record.line)
            }
        }
        let problems = records.filter { $0.severity != "hint" }.count
        print("mockls: \(problems) problem\(problems == 1 ? "" : "s") found")
        if strict, problems > 0 { throw Failure(description: "mockls check found \(problems) problem(s) (--strict)") }
    }
}
