import ArgumentParser
import Logging

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `--log-level`, shared by every command (through `WorkspaceOptions` for those that read a workspace).
struct LoggingOptions: ParsableArguments {
    @Option(
        help: """
            Least severe log level written to standard error (trace, debug, info, notice, warning, error, critical; \
            default warning). Also MOCKLS_LOG.
            """)
    var logLevel: String?

    func validate() throws {
        if let logLevel, Logger.Level(rawValue: logLevel) == nil {
            throw ValidationError("unknown log level '\(logLevel)': expected trace, debug, info, notice, warning, error or critical")
        }
    }

    /// `--log-level`, else `MOCKLS_LOG` (ignored when it names no level), else warnings and errors.
    var level: Logger.Level { Self.level(logLevel) }

    static func level(_ option: String? = nil) -> Logger.Level {
        (option ?? getenv("MOCKLS_LOG").map { String(cString: $0) }).flatMap(Logger.Level.init(rawValue:)) ?? .warning
    }
}

/// The commands' log: every `Logger` of the process writes to standard error from `level` up, as
/// `mockls info: message` (the server's own log has the same form; it also forwards to the client).
enum CommandLog {
    static func bootstrap(level: Logger.Level) {
        LoggingSystem.bootstrap { _ in StandardErrorLogHandler(logLevel: level) }
    }

    /// The log of the commands (made after `bootstrap`, so it writes where it says).
    static var logger: Logger { Logger(label: "mockls") }
}

struct StandardErrorLogHandler: LogHandler {
    var logLevel: Logger.Level
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var line = "mockls \(event.level): \(event.message)\n"
        line.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }
}

/// A command with a `--log-level`: `Mockls.main` sets the log up from it before running the command.
protocol LoggingCommand {
    var logging: LoggingOptions { get }
}

/// The commands that read a workspace take `--log-level` with `--workspace`.
protocol WorkspaceCommand: LoggingCommand {
    var workspace: WorkspaceOptions { get }
}

extension WorkspaceCommand {
    var logging: LoggingOptions { workspace.logging }
}

