import ArgumentParser
import Foundation
import GraphQLIndex
import Server

/// `--workspace DIR`, shared by the commands that read a workspace.
struct WorkspaceOptions: ParsableArguments {
    @Option(name: .long, help: "The workspace folder (default: the current directory).")
    var workspace: String?

    @Option(
        name: .long,
        help: """
            The mocks' format: pre-1.23, 1.23+ or 2.x, optionally with ",optional" for requireNonOptionalMockFields: \
            false (default: what the generated mock files, then an apollo-ios pin in Package.resolved or Podfile.lock \
            say, else 2.x).
            """)
    var mockFormat: String?

    var folder: URL {
        URL(fileURLWithPath: workspace ?? FileManager.default.currentDirectoryPath).standardizedFileURL
    }

    /// The workspace, or a usage error (exit 2) when it cannot be used. Configuration files that cannot be used are
    /// printed, one line each, unless `printingConfigurationErrors` is false (`check` reports them with its findings)
    /// and some project could be used.
    func load(printingConfigurationErrors: Bool = true) throws -> Workspace {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ValidationError("\(folder.path) is not a folder")
        }
        let workspace = Workspace(folder: folder, format: try format())
        if printingConfigurationErrors || workspace.projects.isEmpty {
            for error in workspace.configurationErrors { printError("mockls: \(error)") }
        }
        if !workspace.configurationErrors.isEmpty, workspace.projects.isEmpty { throw ExitCode(2) }
        return workspace
    }

    /// The workspace, or exit 2 with a message when it holds no project with a schema: a CI job pointed at the
    /// wrong folder must not pass for finding nothing.
    func loadProject(printingConfigurationErrors: Bool = true) throws -> Workspace {
        let workspace = try load(printingConfigurationErrors: printingConfigurationErrors)
        guard workspace.projects.contains(where: \.hasSchema) else {
            printError("""
                mockls: no Apollo project found for \(folder.path): no apollo-codegen-config.json or graphql-config \
                file in it or in a folder above it (up to the repository's top), and no .graphqls schema in it
                """)
            throw ExitCode(2)
        }
        return workspace
    }
}

extension WorkspaceOptions {
    /// `--mock-format`, read.
    func format() throws -> MockFormat? {
        guard let mockFormat else { return nil }
        let parts = mockFormat.split(separator: ",", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        guard let release = MockFormat.Release(rawValue: parts[0]), parts.count == 1 || parts[1] == "optional" else {
            throw ValidationError("--mock-format: expected pre-1.23, 1.23+ or 2.x (with \",optional\" or not), not \(mockFormat)")
        }
        return MockFormat(release: release, requireNonOptionalMockFields: parts.count == 1)
    }
}

func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}
