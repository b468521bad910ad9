import ArgumentParser
import Features
import Foundation
import JSONRPC
import Analysis
import SourceText

struct ConvertCommand: ParsableCommand, WorkspaceCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Rewrite the response dictionary at a position of a Swift test file into a test mock.",
        discussion: """
            The position is in the dictionary literal or on the call that consumes it \
            (`try HeroQuery.Data(data: data)`). The edit is the code action's: the dictionary becomes \
            `let mock = Mock<…>(…)` and the call `HeroQuery.Data.from(mock)`. Exits with 1, saying why, when the \
            dictionary cannot be converted faithfully. LINE and COLUMN are 1-based; COLUMN counts UTF-8 bytes.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }

    @Argument(help: "FILE:LINE:COLUMN")
    var location: String

    @OptionGroup var workspace: WorkspaceOptions

    @Option(help: "Output format: text (each edit's range and new text) or json.")
    var format: Format = .text

    @Flag(help: "Apply the edit to FILE instead of printing it.")
    var write = false

    struct Edit: Encodable {
        struct Position: Encodable {
            var line: Int
            var column: Int
        }
        var start: Position
        var end: Position
        var newText: String
    }

    func run() throws {
        let location = try FileLocation(location)
        guard let context = try location.analysis(of: try workspace.loadProject(near: [location.file])).testFile(location.id) else {
            printError("mockls: \(location.file.path) belongs to no project of \(workspace.folder(near: [location.file]).path)")
            throw ExitCode(1)
        }
        switch context.conversion(at: location.offset) {
        case nil:
            printError("mockls: no response dictionary at \(location.line):\(location.column) that a selection set of the project is built from")
            throw ExitCode(1)
        case .refused(_, let reason)?:
            printError("mockls: cannot convert: \(reason)")
            throw ExitCode(1)
        case .converted(let action)?:
            if write {
                let bytes = MockCodeAction.applying(action.edits, to: location.bytes)
                try OutputFiles.write([(String(decoding: bytes, as: UTF8.self), location.file)], as: .edited, force: false)
                return
            }
            let lines = context.document.lines
            func position(_ offset: Int) -> Edit.Position {
                let position = lines.position(of: offset, unit: .utf8)
                return .init(line: position.line + 1, column: position.column + 1)
            }
            let edits = action.edits.map { Edit(start: position($0.range.lowerBound), end: position($0.range.upperBound), newText: $0.text) }
            switch format {
            case .json:
                FileHandle.standardOutput.write(Data(try JSONCEncoder(prettyPrinted: true, writesNilAsNull: true).encode(edits) + [10]))
            case .text:
                print(action.title.replacingOccurrences(of: "`", with: ""))
                for edit in edits {
                    print("\(relativePath(location.file.path, to: FileManager.default.currentDirectoryPath)):\(edit.start.line):\(edit.start.column)-\(edit.end.line):\(edit.end.column)")
                    print(edit.newText.split(separator: "\n", omittingEmptySubsequences: false).map { "  | " + $0 }.joined(separator: "\n"))
                }
            }
        }
    }
}
