import ArgumentParser
import Foundation
import Server

/// `--workspace DIR`, shared by the commands that read a workspace.
struct WorkspaceOptions: ParsableArguments {
    @Option(name: .long, help: "The workspace folder (default: the current directory).")
    var workspace: String?

    var folder: URL {
        URL(fileURLWithPath: workspace ?? FileManager.default.currentDirectoryPath).standardizedFileURL
    }

    /// The workspace, or a usage error (exit 2) when it cannot be used.
    func load() throws -> Workspace {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ValidationError("\(folder.path) is not a folder")
        }
        let workspace = Workspace(folder: folder)
        for error in workspace.configurationErrors { printError("mockls: \(error)") }
        if !workspace.configurationErrors.isEmpty, workspace.projects.isEmpty { throw ExitCode(2) }
        return workspace
    }

    /// The workspace, or exit 2 with a message when it holds no project with a schema: a CI job pointed at the
    /// wrong folder must not pass for finding nothing.
    func loadProject() throws -> Workspace {
        let workspace = try load()
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

func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}
