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

    func run() throws {
        let projects = try workspace.loadForGenerating().projects
        for project in projects {
            let text = PlaceholderFileRenderer.render(
                model: project.index.mockModel, schema: project.index.schema, mocksModule: project.configuration.testMocksModule,
                selectionSets: project.index.selectionSetModel(), initializers: project.configuration.selectionSetInitializers)
            guard let output else {
                print(text, terminator: "")
                continue
            }
            var destination = URL(fileURLWithPath: output)
            var isFolder: ObjCBool = false
            let namesAFolder = output.hasSuffix("/") || (FileManager.default.fileExists(atPath: output, isDirectory: &isFolder) && isFolder.boolValue)
            if projects.count > 1 || namesAFolder {
                try OutputFiles.createFolder(destination)
                destination.appendPathComponent("\(project.index.mockModel.namespace)+Placeholders.swift")
            }
            try OutputFiles.write(text, to: destination)
            printError("mockls: wrote \(destination.path)")
        }
    }
}
