import ArgumentParser
import Foundation
import GraphQLIndex
import JSONRPC
import Analysis

struct MocksCommand: ParsableCommand, WorkspaceCommand {
    static let configuration = CommandConfiguration(
        commandName: "mocks",
        abstract: "Print the test mocks Apollo iOS generates for the workspace's GraphQL documents.",
        discussion: """
            json: the mock model (objects, their fields with initializer types and defaults, interfaces and unions); \
            one object per project, or an array of them when the workspace has several. \
            swift: the mock files themselves, as Apollo renders them; with --output, written into that folder.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable { case json, swift }

    @OptionGroup var workspace: WorkspaceOptions

    @Option(help: "Output format: \(Format.allCases.map(\.rawValue).joined(separator: " or ")).")
    var format: Format = .json

    @Option(help: "With --format swift: write the files into this folder instead of printing them.")
    var output: String?

    @Flag(help: "Replace an existing file even when mockls did not write it (by default such a file is left as it is, exit status 2).")
    var force = false

    func run() throws {
        let projects = try workspace.loadForGenerating().projects
        switch format {
        case .json:
            let reports = projects.map { MockModelReport($0.index.mockModel) }
            let encoder = JSONCEncoder(prettyPrinted: true, writesNilAsNull: true)
            let bytes = reports.count == 1 ? try encoder.encode(reports[0]) : try encoder.encode(reports)
            FileHandle.standardOutput.write(Data(bytes + [UInt8(ascii: "\n")]))
        case .swift:
            for project in projects {
                let files = MockFileRenderer.files(for: project.index.mockModel)
                if let output {
                    let folder = URL(fileURLWithPath: output).appendingPathComponent(projects.count > 1 ? project.configuration.namespace : "")
                    try OutputFiles.createFolder(folder)
                    try OutputFiles.write(
                        files.map { ($0.contents, folder.appendingPathComponent($0.name)) }, as: .generated(mark: MockFileRenderer.mark), force: force)
                    printError("mockls: wrote \(files.count) files to \(folder.path)")
                } else {
                    for file in files {
                        print("// MARK: - \(file.name)\n\(file.contents)")
                    }
                }
            }
        }
    }
}
