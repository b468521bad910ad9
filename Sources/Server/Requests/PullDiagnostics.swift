import Analysis
import LSP

/// `textDocument/diagnostic`: a test file's diagnostics, computed for the version the request sees. GraphQL
/// documents are answered with nothing here: their diagnostics are pushed with the whole workspace's.
extension LanguageServer {
    func registerPullDiagnostics() {
        registerReadRequest(DocumentDiagnosticRequest.self) { params, snapshot, _ in
            guard let document = snapshot.documents[params.textDocument.uri] else {
                throw DocumentError.notOpen(params.textDocument.uri)
            }
            guard let context = TestFileContext(document, in: snapshot.workspaces) else {
                return FullDocumentDiagnosticReport(items: [])
            }
            return FullDocumentDiagnosticReport(items: snapshot.conversion.diagnostics(snapshot.analysis.diagnostics(of: context), in: document.lines))
        }
    }
}
