import Analysis
import Features
import Foundation
import JSONRPC
import LSP

/// "Write the JSON response to X.json" for clients that cannot create a file through a workspace edit (Neovim and
/// eglot declare no resource operations; lsp-mode 8 applies a created file's text before creating it, so the file
/// stays empty): the code action carries `mockls.writeResponse`, which the server runs itself. It writes the file
/// beside the test (never over one: `X 2.json` then), through a temporary file renamed into place, shows it where the
/// client can be asked to (`window/showDocument`), and names its path in a message.
extension LanguageServer {
    static let writeResponseCommand = "mockls.writeResponse"

    /// The code action that runs `mockls.writeResponse` at `position` of `uri`.
    static func writeResponseAction(_ written: MockResponse.Written, uri: String, at position: Position) -> CodeAction? {
        guard let destination = responseDestination(written, besideTest: uri) else { return nil }
        let title = "Write the JSON response to \(destination.lastPathComponent)"
        var action = CodeAction(title: title, kind: "source", diagnostics: nil, isPreferred: nil, edit: nil)
        action.command = Command(title: title, command: writeResponseCommand, arguments: WriteResponseArguments(document: uri, position: position).arguments)
        return action
    }

    /// `X.json` beside the test file, or `X 2.json`, `X 3.json`… when it exists.
    static func responseDestination(_ written: MockResponse.Written, besideTest uri: String) -> URL? {
        guard let testFile = URL(string: uri), testFile.isFileURL else { return nil }
        let folder = testFile.deletingLastPathComponent()
        var destination = folder.appendingPathComponent("\(written.name).json")
        var copy = 2
        while FileManager.default.fileExists(atPath: destination.path) {
            destination = folder.appendingPathComponent("\(written.name) \(copy).json")
            copy += 1
        }
        return destination
    }

    /// Runs `mockls.writeResponse` with its arguments (the test document and the position of its `from(_:)`).
    func writeResponse(_ arguments: WriteResponseArguments, snapshot: ServerSnapshot) throws -> NullResult {
        let uri = arguments.document
        guard let document = snapshot.documents[uri] else { throw DocumentError.notOpen(uri) }
        guard let context = try snapshot.analysis.testFile(uri) else {
            throw ResponseError(code: ResponseError.requestFailedCode, message: "the file belongs to no Apollo project")
        }
        let offset = snapshot.conversion.offset(of: arguments.position, in: document.lines)
        guard case .success(let written) = context.response(at: offset) else {
            throw ResponseError(code: ResponseError.requestFailedCode, message: "the response at this line can no longer be written")
        }
        guard let destination = Self.responseDestination(written, besideTest: uri) else {
            throw ResponseError(code: ResponseError.requestFailedCode, message: "\(uri) is not a file")
        }
        do {
            try FileTree.replace(destination, with: Array(written.json.utf8))
        } catch {
            throw ResponseError(code: ResponseError.requestFailedCode, message: "cannot write \(error)")
        }
        host?.filesChanged([destination])
        if snapshot.clientCapabilities.window?.showDocument?.support == true,
            let bytes = try? OutgoingMessage.request(
                id: .string("mockls-show-\(UUID().uuidString)"), method: ShowDocumentRequest.method,
                params: ShowDocumentParams(uri: destination.absoluteString, takeFocus: true, selection: nil))
        {
            send(bytes)
        }
        if let bytes = try? OutgoingMessage.notification(
            method: ShowMessageNotification.method, params: LogMessageParams(type: .info, message: "mockls wrote \(destination.path)"))
        {
            send(bytes)
        }
        return NullResult()
    }
}
