import Analysis
import ArgumentParser
import Features
import Foundation

struct ResponseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "response",
        abstract: "Write the JSON response a test's mock stands for, at its X.Data.from(mock).",
        discussion: """
            The position is on the line of an operation's `X.Data.from(mock)` or a fragment's `X.from(mock)`. The \
            response is what the operation would receive for that model: `{"data": …}` with the mock's values, every \
            `__typename`, only what the operation selects, and `null` for nullable fields the mock does not set. \
            Exits with 1, naming each field, when a non-null field is not set on the mock or is set to something \
            mockls does not read (a variable, a call): no value is invented. LINE and COLUMN are 1-based; COLUMN \
            counts UTF-8 bytes.
            """)

    @Argument(help: "FILE:LINE:COLUMN")
    var location: String

    @OptionGroup var workspace: WorkspaceOptions

    @Option(name: .shortAndLong, help: "Write the response to this file instead of printing it.")
    var output: String?

    func run() throws {
        let location = try FileLocation(location)
        guard let context = try location.analysis(of: try workspace.loadProject()).testFile(location.uri) else {
            printError("mockls: \(location.file.path) belongs to no project of \(workspace.folder.path)")
            throw ExitCode(1)
        }
        switch context.response(at: location.offset) {
        case .failure(.noModel):
            printError("mockls: no X.Data.from(mock) of an operation, or from(mock) of a fragment, at \(location.line):\(location.column)")
            throw ExitCode(1)
        case .failure(.unset(let problems)):
            printError("mockls: the response cannot be written without inventing values:\n" + problems.map { "  " + $0 }.joined(separator: "\n"))
            throw ExitCode(1)
        case .success(let written):
            guard let output else {
                FileHandle.standardOutput.write(Data(written.json.utf8))
                return
            }
            do {
                try Data(written.json.utf8).write(to: URL(fileURLWithPath: output))
            } catch {
                throw FileSystemError(path: output, reason: "\(error)")
            }
        }
    }
}
