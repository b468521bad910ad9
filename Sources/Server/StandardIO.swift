#if canImport(Glibc)
import Analysis
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import JSONRPC

extension LanguageServer {
    /// Serves LSP on standard input and output until `exit` or end of input; returns the process exit code:
    /// 0 after a `shutdown`, 1 otherwise (LSP 3.17 `exit`). Standard output carries protocol bytes only.
    public static func serveStandardIO(options: ServerOptions) -> Int32 {
        // A client that closes its end must not kill us mid-write; the failed write is noticed instead.
        signal(SIGPIPE, SIG_IGN)
        let writer = MessageWriter(descriptor: STDOUT_FILENO)
        let server = LanguageServer(options: options) { writer.send($0) }
        server.logger.info("mockls \(MocklsVersion.string) serving LSP on standard input/output")
        readMessages(from: STDIN_FILENO) { event in
            server.handle(event)
            return server.exitCode == nil
        }
        if let code = server.exitCode { return code }
        if server.phase == .shutDown {
            server.logger.info("input closed after shutdown")
        } else {
            server.logger.warning("input closed without shutdown")  // the client went away
        }
        return server.phase == .shutDown ? 0 : 1
    }
}
