#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Logging
import LSP
import Synchronization

/// Writes log records to standard error at or above the level the user chose (warnings by default: editors show a
/// server's standard error as errors), and forwards them to the client as `window/logMessage`: info and above,
/// and everything when the client's trace setting is `verbose`.
struct ServerLogHandler: LogHandler {
    let standardErrorLevel: Logger.Level
    let trace: TraceSetting
    let client: @Sendable (LogMessageParams) -> Void

    var metadata: Logger.Metadata = [:]
    /// The least severe level either destination may want; each destination filters on its own.
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        if event.level >= standardErrorLevel {
            var line = "mockls \(event.level): \(event.message)\n"
            line.withUTF8 { _ = write(STDERR_FILENO, $0.baseAddress, $0.count) }
        }
        let threshold: Logger.Level = trace.value == .verbose ? .trace : .info
        guard event.level >= threshold else { return }
        client(ProtocolConversion.message(event.level, "\(event.message)"))
    }
}

/// The client's `trace` value, set by `initialize` and `$/setTrace`, read by every log call.
final class TraceSetting: Sendable {
    private let storage = Mutex<TraceValue>(.off)

    var value: TraceValue {
        get { storage.withLock { $0 } }
        set { storage.withLock { $0 = newValue } }
    }
}
