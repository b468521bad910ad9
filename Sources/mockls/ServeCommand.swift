import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
// The only file of the command line that reaches the language server: every other command asks `Analysis`.
import Server

struct Serve: ParsableCommand, LoggingCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve the Language Server Protocol on standard input and output (the default).")

    @Flag(help: "Accepted for clients that pass it; standard input and output are the only transport.")
    var stdio = false

    @OptionGroup var logging: LoggingOptions

    func run() throws {
        let testHooks = getenv("MOCKLS_TEST_HOOKS").map { String(cString: $0) } == "1"
        let options = ServerOptions(logLevel: logging.level, testHooks: testHooks)
        throw ExitCode(LanguageServer.serveStandardIO(options: options))
    }
}
