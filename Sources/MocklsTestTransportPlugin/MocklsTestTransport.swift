import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory mockls-test-transport --target T [--workspace DIR]`:
/// `mockls test-transport` for the package's Apollo project, written into target T's folder as
/// `TestNetworkTransport.swift` (never over a file mockls did not write).
@main
struct MocklsTestTransport: CommandPlugin {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var arguments = ArgumentExtractor(arguments)
        let names = arguments.extractOption(named: "target")
        let workspace = arguments.extractOption(named: "workspace").last.map { URL(fileURLWithPath: $0, relativeTo: context.package.directoryURL) }
            ?? context.package.directoryURL
        guard names.count == 1, let target = try context.package.targets(named: names).first else {
            throw Failure(description: "name the test target to write the test transport into: --target <name>")
        }
        let process = Process()
        process.executableURL = try context.tool(named: "mockls").url
        process.arguments = ["test-transport", "--workspace", workspace.path, "--output", target.directoryURL.path + "/"]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let errorText = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            Diagnostics.error("mockls test-transport: \(errorText.trimmingCharacters(in: .whitespacesAndNewlines))")
            throw Failure(description: "mockls test-transport failed")
        }
        print(errorText.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
