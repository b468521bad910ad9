import ArgumentParser
import Foundation
import JSONRPC
import Server

struct SelectionSetsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "selection-sets",
        abstract: "Print the selection sets Apollo iOS generates for the workspace's operations and fragments.",
        discussion: """
            One record per generated struct (AllAnimalsQuery.Data.AllAnimal.AsDog, PetDetails.Owner): its fields \
            with accessor types (direct and merged), fragment and type-case accessors, typealiases and initializer. \
            An array, or one array per project in an object keyed by namespace when the workspace has several.
            """)

    @OptionGroup var workspace: WorkspaceOptions

    func run() throws {
        let loaded = try workspace.load()
        let reports = loaded.projects.map { project in
            (project.configuration.namespace, project.index.selectionSetModel().selectionSets.map {
                SelectionSetReport($0, relativeTo: project.configuration.root.path)
            })
        }
        let encoder = JSONCEncoder(prettyPrinted: true, writesNilAsNull: true)
        let bytes = reports.count == 1
            ? try encoder.encode(reports[0].1)
            : try encoder.encode(Dictionary(reports, uniquingKeysWith: { first, _ in first }))
        FileHandle.standardOutput.write(Data(bytes + [UInt8(ascii: "\n")]))
    }
}
