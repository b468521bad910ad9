import Analysis
import ArgumentParser
import Features
import Foundation

struct ResponseCommand: ParsableCommand, WorkspaceCommand {
    static let configuration = CommandConfiguration(
        commandName: "response",
        abstract: "Write the JSON response a test's mock stands for, at its X.Data.from(mock).",
        discussion: """
            The position is on the line of an operation's `X.Data.from(mock)` or a fragment's `X.from(mock)`. The \
            response is what the operation would receive for that model: `{"data": …}` with the mock's values, every \
            `__typename`, only what the operation selects, and `null` for nullable fields the mock does not set. \
            Exits with 1, naming each field, when a non-null field is not set on the mock or is set to something \
            mockls does not read (a call, a value it does not follow): no value is invented. Values reached through \
            names are followed (a factory's default values, constants, variables). The position may also be in a \
            factory or fixture (`static let data = X.Data.from(mock)`, `return .from(mock)`), run with its default \
            values. `from(mock, withVariables: […])` decides `@include`/`@skip`; with --output, its variables are \
            written beside the response as `NAME.variables.json`. LINE and COLUMN are 1-based; COLUMN counts UTF-8 \
            bytes.
            """)

    @Argument(help: "FILE:LINE:COLUMN")
    var location: String

    @OptionGroup var workspace: WorkspaceOptions

    @Option(name: .shortAndLong, help: "Write the response to this file instead of printing it.")
    var output: String?

    @Flag(help: "Replace an existing file even when mockls did not write it (by default such a file is left as it is, exit status 2).")
    var force = false

    func run() throws {
        let location = try FileLocation(location)
        guard let context = try location.analysis(of: try workspace.loadProject(near: [location.file])).testFile(location.id) else {
            printError("mockls: \(location.file.path) belongs to no project of \(workspace.folder(near: [location.file]).path)")
            throw ExitCode(1)
        }
        switch context.response(at: location.offset) {
        case .failure(.noModel):
            printError("mockls: no X.Data.from(mock) of an operation, or from(mock) of a fragment, at \(location.line):\(location.column)")
            throw ExitCode(1)
        case .failure(.notFollowed(let reason)):
            printError("mockls: the from(_:) at \(location.line):\(location.column) builds a model mockls does not know: \(reason)")
            throw ExitCode(1)
        case .failure(.unset(let problems)):
            printError("mockls: the response cannot be written without inventing values:\n" + problems.map { "  " + $0 }.joined(separator: "\n"))
            throw ExitCode(1)
        case .success(let written):
            guard let output else {
                FileHandle.standardOutput.write(Data(written.json.utf8))
                return
            }
            // `from(mock, withVariables:)`: the fixture's variables beside it (`X.variables.json`), which decide its
            // `@include`/`@skip` when mockls checks it.
            let files = [(output, written.json)] + (written.variables.map { variables in
                [((output.hasSuffix(".json") ? String(output.dropLast(5)) : output) + ".variables.json", variables)]
            } ?? [])
            try OutputFiles.write(files.map { ($0.1, URL(fileURLWithPath: $0.0)) }, as: .unmarked, force: force)
            for (path, _) in files { printError("mockls: wrote \(path)") }
        }
    }
}
