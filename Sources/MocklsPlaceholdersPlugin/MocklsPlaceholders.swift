import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory mockls-placeholders --target T [--workspace DIR]`:
/// `mockls placeholders` for the package's Apollo project(s), written into target T's folder as
/// `<Namespace>+Placeholders.swift` (one file per project).
@main
struct MocklsPlaceholders: CommandPlugin {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var arguments = ArgumentExtractor(arguments)
        let names = arguments.extractOption(named: "target")
        let workspace = arguments.extractOption(named: "workspace").last.map { URL(fileURLWithPath: $0, relativeTo: context.package.directoryURL) }
            ?? context.package.directoryURL
        guard names.count == 1, let target = try context.package.targets(named: names).first else {
            throw Failure(description: "name the target to write the placeholder factories into: --target <name>")
        }
        let process = Process()
        process.executableURL = try context.tool(named: "mockls").url
        // A folder as output: each project's file is named for its namespace.
        process.arguments = ["placeholders", "--workspace", workspace.path, "--output", target.directoryURL.path + "/"]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            Diagnostics.error("mockls placeholders: \(errorText.trimmingCharacters(in: .whitespacesAndNewlines))")
            throw Failure(description: "mockls placeholders failed")
        }
        print(errorText.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
