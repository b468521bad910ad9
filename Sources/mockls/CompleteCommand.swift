import ArgumentParser
import Features
import Foundation
import JSONRPC
import Analysis
import SourceText

struct CompleteCommand: ParsableCommand, WorkspaceCommand {
    static let configuration = CommandConfiguration(
        commandName: "complete",
        abstract: "Print the completions at a position of a Swift test file, as the editor would show them.",
        discussion: "LINE and COLUMN are 1-based; COLUMN counts UTF-8 bytes, as swiftc does.")

    enum Format: String, ExpressibleByArgument, CaseIterable { case json, text }

    @Argument(help: "FILE:LINE:COLUMN")
    var location: String

    @OptionGroup var workspace: WorkspaceOptions

    @Option(help: "Output format: json or text.")
    var format: Format = .text

    struct Item: Encodable {
        var label: String
        var kind: String
        var detail: String?
        var insertText: String
        var documentation: String?
    }

    func run() throws {
        let location = try FileLocation(location)
        let (file, line, column) = (location.file, location.line, location.column)
        let analysis = location.analysis(of: try workspace.loadProject(near: [location.file]))
        guard let answer = analysis.completions(at: location.offset, in: try analysis.file(location.id)) else {
            printError("mockls: \(file.path) belongs to no project of \(workspace.folder(near: [location.file]).path)")
            return
        }
        let completions = answer.completions
        if completions.isEmpty {
            printError("mockls: nothing to complete at \(line):\(column): not a mock type, argument, value or member position")
        }
        switch format {
        case .json:
            var documentation = CompletionDocumentation.Reader()
            let items = completions.map {
                Item(
                    label: $0.label, kind: "\($0.kind)", detail: $0.detail, insertText: $0.insertText,
                    documentation: $0.documentation.flatMap { documentation.markdown($0, in: answer.index) })
            }
            FileHandle.standardOutput.write(Data(try JSONCEncoder(prettyPrinted: true, writesNilAsNull: true).encode(items) + [10]))
        case .text:
            for completion in completions {
                print([completion.label, completion.detail].compactMap { $0 }.joined(separator: "\t"))
            }
        }
    }
}
