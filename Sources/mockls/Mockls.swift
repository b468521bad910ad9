import ArgumentParser
import GraphQLIndex
import Logging
import Analysis

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@main
struct Mockls: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mockls",
        abstract: "A language server for Swift tests that build Apollo iOS test mocks.",
        discussion: """
            With no subcommand, mockls serves the Language Server Protocol on standard input and output, \
            as editors start it; `mockls` alone with a terminal on standard input prints this help instead \
            (`mockls serve` serves anyway).
            """,
        version: MocklsVersion.string,
        subcommands: commands,
        defaultSubcommand: Serve.self
    )

    /// Every command: each must be a `LoggingCommand` (a `WorkspaceCommand` when it reads a workspace), so its
    /// `--log-level` sets the log up before it runs; a command that is not one does not compile into this list.
    static let commands: [any (ParsableCommand & LoggingCommand).Type] = [
        Serve.self, CheckCommand.self, MocksCommand.self, PlaceholdersCommand.self, SelectionSetsCommand.self, CompleteCommand.self,
        ConvertCommand.self, ResponseCommand.self, CoverageCommand.self, SnapshotTestsCommand.self, ReferencesCommand.self, TestTransportCommand.self, FillCommand.self, MigrateCommand.self,
    ]

    /// As ArgumentParser's, except that usage errors exit with 2 (as `mockls check` documents for CI), not 64; a first
    /// argument that names no command is said to be one (rather than an argument `serve` does not take); and `mockls`
    /// alone on a terminal prints its help: a person typed it, not an editor.
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.isEmpty, isatty(STDIN_FILENO) == 1 {
            printError("mockls: standard input is a terminal: editors start mockls with a pipe (`mockls serve` serves a terminal too)\n")
            exit(withError: CleanExit.helpRequest(self))
        }
        if let first = arguments.first, !first.hasPrefix("-"), !commandNames.contains(first) {
            printError(unknownCommandMessage(first))
            exit(withError: ExitCode(2))
        }
        if let first = arguments.first, first.hasPrefix("--"), let message = unknownTopLevelOption(first) {
            printError(message)
            exit(withError: ExitCode(2))
        }
        var parsed: (any ParsableCommand)?
        do {
            var command = try parseAsRoot(joiningNegativeValues(arguments))
            parsed = command
            CommandLog.bootstrap(level: (command as? any LoggingCommand)?.logging.level ?? LoggingOptions.level())
            try command.run()
        } catch let error as FileSystemError {
            printError("mockls: \(error)")
            exit(withError: ExitCode(2))
        } catch {
            guard exitCode(for: error) == .validationFailure else { exit(withError: error) }
            // An error found while running (a folder that is not one, a malformed FILE:LINE:COLUMN) is the
            // subcommand's: its usage, not the root's.
            if let parsed, !(parsed is Serve) {
                let command = type(of: parsed)
                printError("Error: \(message(for: error))")
                printError("Usage: \(usageString(for: command))")
                printError("  See 'mockls \(command._commandName) --help' for more information.")
            } else {
                printError(fullMessage(for: error))
            }
            exit(withError: ExitCode(2))
        }
    }

    /// `--verison`: an option of no command, close to one mockls has (`--version`, `--help`, serve's options), is
    /// said to be a typo rather than shown serve's usage. nil for options that exist.
    static func unknownTopLevelOption(_ typed: String) -> String? {
        let name = typed.split(separator: "=", maxSplits: 1).first.map(String.init) ?? typed
        let known = ["--version", "--help", "--stdio", "--log-level"]
        guard !known.contains(name) else { return nil }
        let closest = known.map { (option: $0, distance: editDistance(name, $0, caseInsensitive: true)) }.min { $0.distance < $1.distance }
        guard let closest, closest.distance <= 2 else { return nil }
        return "mockls: unknown option '\(name)' (did you mean \(closest.option)?)\n\nSee 'mockls --help'."
    }

    /// `--min -5`: a negative number after an option that takes a number is its value, not an option, so that the
    /// command can say what is wrong with it (`--min=-5`).
    static func joiningNegativeValues(_ arguments: [String]) -> [String] {
        var result: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--min", index + 1 < arguments.count, arguments[index + 1].hasPrefix("-"),
                Double(arguments[index + 1].dropLast(arguments[index + 1].hasSuffix("%") ? 1 : 0)) != nil
            {
                result.append("--min=\(arguments[index + 1])")
                index += 2
                continue
            }
            result.append(argument)
            index += 1
        }
        return result
    }

    /// The subcommands' names, and ArgumentParser's `help` (`mockls help check`).
    static var commandNames: [String] { configuration.subcommands.map { $0._commandName } + ["help"] }

    /// `mockls: unknown command 'chekc' (did you mean check?)`, then the commands with their abstracts.
    static func unknownCommandMessage(_ name: String) -> String {
        let commands = configuration.subcommands
        var message = "mockls: unknown command '\(name)'"
        if let suggestion = closestCommand(to: name) { message += " (did you mean \(suggestion)?)" }
        let width = commands.map { $0._commandName.count }.max() ?? 0
        message += "\n\nCommands:\n"
        for command in commands {
            let name = command._commandName
            message += "  " + name + String(repeating: " ", count: width - name.count + 2) + command.configuration.abstract + "\n"
        }
        message += "\nSee 'mockls --help' and 'mockls help <command>'."
        return message
    }

    /// The command `name` is a typo of: the nearest by edit distance (a transposition counts as one edit) when it is
    /// close for the names' lengths, or the one command it begins.
    static func closestCommand(to name: String) -> String? {
        let names = configuration.subcommands.map { $0._commandName }
        let typed = name.lowercased()
        let scored = names.map { (name: $0, distance: editDistance(typed, $0, caseInsensitive: true)) }
        if let best = scored.min(by: { $0.distance < $1.distance }),
            best.distance <= max(1, min(3, max(typed.count, best.name.count) / 3)),
            scored.filter({ $0.distance == best.distance }).count == 1
        {
            return best.name
        }
        let extended = names.filter { $0.hasPrefix(typed) }
        return typed.count >= 3 && extended.count == 1 ? extended[0] : nil
    }
}
