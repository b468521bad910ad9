import ArgumentParser
import Foundation
import GraphQLIndex
import Analysis

struct PlaceholdersCommand: ParsableCommand, WorkspaceCommand {
    static let configuration = CommandConfiguration(
        commandName: "placeholders",
        abstract: "Write the placeholder() factories of the workspace's mocks, as one Swift file for the test target.",
        discussion: """
            Mock<T>.placeholder(…) for every mock, with every non-null field set deeply (fields default to \
            .placeholder(), nullable ones to nil), and placeholders for String, Int, Double, Bool, Optional, Array, \
            custom scalars and the enums the mocks use; and X.placeholder(…) for every selection set Apollo generates \
            an initializer for (options.selectionSetInitializers). With several projects, --output names a folder and each \
            project gets <Namespace>+Placeholders.swift in it.
            """)

    @OptionGroup var workspace: WorkspaceOptions

    @Option(help: "Write the file here instead of printing it; a folder (an existing one, or a path ending in /) gets <Namespace>+Placeholders.swift.")
    var output: String?

    @Flag(help: "Replace an existing file even when mockls did not write it (by default such a file is left as it is, exit status 2).")
    var force = false

    func run() throws {
        let projects = try workspace.loadForGenerating().projects
        var written: [(text: String, file: URL)] = []
        for project in projects {
            let text = PlaceholderFileRenderer.render(
                model: project.index.mockModel, schema: project.index.schema, mocksModule: project.configuration.testMocksModule,
                selectionSets: project.index.selectionSetModel(), initializers: project.configuration.selectionSetInitializers)
            guard let output else {
                print(text, terminator: "")
                continue
            }
            var destination = URL(fileURLWithPath: output)
            let namesAFolder = output.hasSuffix("/") || FileTree.kind(of: output) == .folder
            if projects.count > 1, !namesAFolder {
                // A file name (`Mocks/P.swift`) is not made into a folder: each project needs a file of its own.
                let names = projects.map(\.configuration.namespace).joined(separator: ", ")
                throw FileSystemError(path: output, reason: "names a file, and the workspace has \(projects.count) projects (\(names)): give a folder (ending in /), which gets <Namespace>+Placeholders.swift for each; nothing written")
            }
            if namesAFolder {
                destination.appendPathComponent("\(project.index.mockModel.namespace)+Placeholders.swift")
            }
            written.append((text, destination))
        }
        try OutputFiles.write(written, as: .generated(mark: PlaceholderFileRenderer.mark), force: force)
        for (_, file) in written { printError("mockls: wrote \(file.path)") }
    }
}
