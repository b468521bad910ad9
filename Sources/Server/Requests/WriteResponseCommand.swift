import Analysis
import Foundation
import JSONRPC
import LSP

/// "Write the JSON response to X.json" for clients that cannot create a file through a workspace edit (Neovim and
/// eglot declare no resource operations; lsp-mode 8 applies a created file's text before creating it, so the file
/// stays empty): the code action carries `mockls.writeResponse`, which the server runs itself. The host writes the file
/// beside the test (never over one: `X 2.json` then, `AnalysisSnapshot.responseFile`); the server shows it where the client
/// can be asked to (`window/showDocument`), and names its path in a message.
extension LanguageServer {
    /// Runs `mockls.writeResponse` with its arguments (the test document and the position of its `from(_:)`).
    func writeResponse(_ arguments: DocumentPositionArguments, snapshot: ServerSnapshot) throws -> NullResult {
        let uri = arguments.document
        guard let document = snapshot.documents[snapshot.file(uri)] else { throw DocumentError.notOpen(snapshot.file(uri)) }
        let offset = snapshot.conversion.offset(of: arguments.position, in: document.lines)
        guard let (written, destination) = try snapshot.analysis.responseFile(at: offset, in: snapshot.file(uri)) else {
            throw ResponseError(code: ResponseError.requestFailedCode, message: "the response at this line can no longer be written")
        }
        do {
            try host?.write(written.json, to: destination)
        } catch {
            throw ResponseError(code: ResponseError.requestFailedCode, message: "cannot write \(error)")
        }
        if snapshot.clientCapabilities.window?.showDocument?.support == true {
            showDocument(snapshot.conversion.showDocument(destination, line: nil))
        }
        showMessage("mockls wrote \(destination.path)")
        return NullResult()
    }
}
