import Analysis
import LSP

/// `textDocument/diagnostic`: a test file's diagnostics, computed for the version the request sees; for any other
/// open document (GraphQL, a JSON fixture, a configuration, a generated mock file) the ones the workspace's
/// diagnostics hold, which are not pushed while it is open (`DiagnosticsPublisher.openedOther`).
extension LanguageServer {
    func registerPullDiagnostics() {
        registerReadRequest(DocumentDiagnosticRequest.self) { [unowned self] params, snapshot, _ in
            let found = try snapshot.analysis.diagnostics(ofDocument: snapshot.file(params.textDocument.uri))
            // What the client now shows: a later computation that differs asks it to pull again.
            diagnostics?.answeredPull(params.textDocument.uri, found?.diagnostics ?? [])
            return snapshot.conversion.diagnosticReport(found)
        }
    }
}

extension ServerFeature {
    /// Advertised only to clients that pull and can be told to pull again (a schema change must reach every open
    /// test file); the others get diagnostics pushed, and a pull from them is still answered.
    static let pullDiagnostics = ServerFeature(methods: [DocumentDiagnosticRequest.method], register: { $0.registerPullDiagnostics() }) {
        capabilities, params in
        if LanguageServer.clientPulls(params) {
            capabilities.diagnosticProvider = DiagnosticOptions(interFileDependencies: true, workspaceDiagnostics: false)
        }
    }
}
