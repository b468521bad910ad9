import ArgumentParser
import Logging
import Server

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
            as editors start it.
            """,
        version: MocklsVersion.string,
        subcommands: [Serve.self, CheckCommand.self, MocksCommand.self, PlaceholdersCommand.self, SelectionSetsCommand.self, CompleteCommand.self, ConvertCommand.self, SnapshotTestsCommand.self],
        defaultSubcommand: Serve.self
    )

    /// As ArgumentParser's, except that usage errors exit with 2 (as `mockls check` documents for CI), not 64.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let error as FileSystemError {
            printError("mockls: \(error)")
            exit(withError: ExitCode(2))
        } catch {
            guard exitCode(for: error) == .validationFailure else { exit(withError: error) }
            printError(fullMessage(for: error))
            exit(withError: ExitCode(2))
        }
    }
}

struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve the Language Server Protocol on standard input and output (the default).")

    @Flag(help: "Accepted for clients that pass it; standard input and output are the only transport.")
    var stdio = false

    @Option(help: "Least severe log level written to standard error (trace, debug, info, notice, warning, error, critical). Also MOCKLS_LOG.")
    var logLevel: String?

    func validate() throws {
        if let logLevel, Logger.Level(rawValue: logLevel) == nil {
            throw ValidationError("unknown log level '\(logLevel)'")
        }
    }

    func run() throws {
        let environment = { (name: String) in getenv(name).map { String(cString: $0) } }
        let level = (logLevel ?? environment("MOCKLS_LOG")).flatMap(Logger.Level.init(rawValue:)) ?? .warning
        let options = ServerOptions(logLevel: level, testHooks: environment("MOCKLS_TEST_HOOKS") == "1")
        throw ExitCode(LanguageServer.serveStandardIO(options: options))
    }
}
