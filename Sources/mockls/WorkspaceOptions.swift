import ArgumentParser
import Foundation
import GraphQLIndex
import Analysis
import SourceText

/// `--workspace DIR`, `--mock-format` and `--log-level`, shared by the commands that read a workspace.
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

    @OptionGroup var logging: LoggingOptions

    var folder: URL {
        URL(fileURLWithPath: workspace ?? FileManager.default.currentDirectoryPath).standardizedFileURL
    }

    /// The folder to read for files given by path: `--workspace`; else the current folder when it holds them all;
    /// else the folder of the project that holds the first (`mockls check ../Other/Tests/X.swift` checks it against
    /// its own project, not the current folder's).
    func folder(near paths: [URL]) -> URL {
        let current = folder
        guard workspace == nil, let first = paths.first,
            paths.contains(where: { !$0.standardizedFileURL.path.hasPrefix(current.path + "/") && $0.standardizedFileURL != current })
        else { return current }
        if let project = ProjectDiscovery.projectFolder(containing: first) { return project }
        return FileTree.kind(of: first.path) == .folder ? first.standardizedFileURL : first.standardizedFileURL.deletingLastPathComponent()
    }

    /// The workspace as it is, or a usage error (exit 2) when the folder is not one; what was read is logged.
    /// `paths`: the files the command was given, which choose the folder when it is not given (`folder(near:)`).
    func read(near paths: [URL] = []) throws -> Workspace {
        let folder = folder(near: paths)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ValidationError("\(folder.path) is not a folder")
        }
        let log = CommandLog.logger
        let format = try format()
        log.debug("reading the workspace \(folder.path)\(format.map { " (mock format \($0), from --mock-format)" } ?? "")")
        let clock = ContinuousClock()
        let start = clock.now
        let workspace = Workspace(folder: folder, format: format)
        let configuredAbove = workspace.root == folder ? "" : " (configured in \(workspace.root.path))"
        log.info("workspace \(folder.path)\(configuredAbove): \(plural(workspace.projects.count, "project")), read in \(milliseconds(clock.now - start))")
        for project in workspace.projects {
            let documents = project.index.documents.values
            let schema = documents.filter { $0.role == .schema }.count
            let generated = project.generatedMocks.isEmpty ? "" : ", \(plural(project.generatedMocks.count, "generated mock file"))"
            log.info("""
                project \(project.configuration.namespace) (\(project.configuration.name)): \(plural(schema, "schema document")), \
                \(plural(documents.count - schema, "operation document")), \(plural(project.index.mockModel.objectNames.count, "mock")), \
                mock format \(project.index.format) (\(project.formatReason))\(generated)
                """)
            for path in documents.map(\.path).sorted() { log.debug("\(project.configuration.namespace): \(path)") }
        }
        for error in workspace.configurationErrors { log.debug("configuration error: \(error)") }
        return workspace
    }

    /// The workspace, or a usage error (exit 2) when it cannot be used. Configuration files that cannot be used are
    /// printed, one line each.
    func load(near paths: [URL] = []) throws -> Workspace {
        let workspace = try read(near: paths)
        for error in workspace.configurationErrors { printError("mockls: \(error)") }
        if !workspace.configurationErrors.isEmpty, workspace.projects.isEmpty { throw ExitCode(2) }
        return workspace
    }

    /// The workspace, or exit 2 with a message when it holds no project with a schema: a CI job pointed at the
    /// wrong folder must not pass for finding nothing.
    func loadProject(near paths: [URL] = []) throws -> Workspace {
        let workspace = try load(near: paths)
        try requireSchema(in: workspace)
        return workspace
    }

    /// Exit 2, saying why, when no project of `workspace` has a schema. Its configuration errors were printed.
    func requireSchema(in workspace: Workspace) throws {
        guard !workspace.projects.contains(where: \.hasSchema) else { return }
        // A configuration was found: what keeps it from being used was said (its schema is missing), or is said
        // here (its schema does not parse).
        let configured = workspace.projects.filter { $0.configuration.file != nil }
        if !configured.isEmpty || !workspace.configurationErrors.isEmpty {
            for project in configured where project.missingSchema == nil {
                printError("mockls: \(project.configuration.name): its schema declares no type (see the schema files' own errors: mockls check)")
            }
            throw ExitCode(2)
        }
        printError("""
            mockls: no Apollo project found for \(workspace.folder.path): no apollo-codegen-config.json or graphql-config \
            file in it or in a folder above it (up to the repository's top), and no .graphqls schema in it
            """)
        throw ExitCode(2)
    }
}

extension WorkspaceOptions {
    /// The workspace of a command that generates code from it, or exit 2 naming why, with nothing written, when any
    /// of its projects cannot be used: a configuration that cannot be read, a schema that is missing or has errors.
    /// Apollo's code generator refuses the same projects; a half-read project would replace good files with poor ones.
    func loadForGenerating() throws -> Workspace {
        let workspace = try loadProject()
        var refused = !workspace.configurationErrors.isEmpty
        for project in workspace.projects {
            let index = project.index
            for document in index.documents.values where document.role == .schema {
                guard let error = index.diagnostics[document.path]?.first(where: { $0.severity == .error }) else { continue }
                let position = LineTable(document.text).position(of: error.range.lowerBound, unit: .utf8)
                printError("mockls: \(document.path):\(position.line + 1):\(position.column + 1): \(error.message) [\(error.code.rawValue)]")
                refused = true
            }
        }
        if refused {
            printError("mockls: nothing written: the project cannot be used until the errors above are fixed")
            throw ExitCode(2)
        }
        return workspace
    }

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

/// "12 ms".
func milliseconds(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    return "\(seconds * 1000 + attoseconds / 1_000_000_000_000_000) ms"
}

/// `path` relative to `folder` when it is inside it, else as it is.
func relativePath(_ path: String, to folder: String) -> String {
    path.hasPrefix(folder + "/") ? String(path.dropFirst(folder.count + 1)) : path
}

/// "1 file", "2 files".
func plural(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}

func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}
