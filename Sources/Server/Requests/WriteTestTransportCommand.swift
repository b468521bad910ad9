import Analysis
import Features
import Foundation
import JSONRPC
import LSP

/// "Create TestNetworkTransport.swift" (or "Update …") for clients that cannot create a file through a workspace edit:
/// the code action carries `mockls.writeTestTransport`, which the server runs itself, as `mockls.writeResponse`. The
/// host writes the file where the action said, never over a file mockls did not write (the transport the user wrote, or
/// one put there since); the server shows it where the client can be asked to, and names its path in a message.
extension LanguageServer {
    /// Runs `mockls.writeTestTransport` with its arguments (the test document and the position of the line naming
    /// `TestNetworkTransport`).
    func writeTestTransport(_ arguments: DocumentPositionArguments, snapshot: ServerSnapshot) throws -> NullResult {
        let uri = arguments.document
        guard let document = snapshot.documents[snapshot.file(uri)] else { throw DocumentError.notOpen(snapshot.file(uri)) }
        let offset = snapshot.conversion.offset(of: arguments.position, in: document.lines)
        guard let write = try snapshot.analysis.testTransportWrite(at: offset, in: snapshot.file(uri)) else {
            throw ResponseError(code: ResponseError.requestFailedCode, message: "this line's test transport is current, or not one mockls wrote")
        }
        do {
            try host?.write(write.text, to: write.file, replacingOnlyFilesMarked: TestTransportFile.mark)
        } catch {
            throw ResponseError(code: ResponseError.requestFailedCode, message: "cannot write: \(error)")
        }
        if snapshot.clientCapabilities.window?.showDocument?.support == true {
            showDocument(snapshot.conversion.showDocument(write.file, line: nil))
        }
        showMessage("mockls wrote \(write.file.path)")
        return NullResult()
    }
}
