import Logging
import LSP

/// What the server tells the user, as the protocol carries it: `window/logMessage` and `window/showMessage` take the
/// same params.
extension ProtocolConversion {
    /// A message of the log's `level`.
    static func message(_ level: Logger.Level, _ text: String) -> LogMessageParams {
        let type: MessageType = switch level {
        case .critical, .error: .error
        case .warning: .warning
        case .notice, .info: .info
        case .debug, .trace: .log
        }
        return LogMessageParams(type: type, message: text)
    }
}
