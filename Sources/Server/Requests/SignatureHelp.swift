import Analysis
import Features
import LSP
import SourceText

/// `textDocument/signatureHelp` in Swift test files.
extension LanguageServer {
    func registerSignatureHelp() {
        registerReadRequest(SignatureHelpRequest.self, answersAtOnce: { [unowned self] in isParsedSwiftDocument($0.textDocument.uri) }) {
            params, snapshot, _ in
            let uri = params.textDocument.uri
            guard let lines = snapshot.documents[uri]?.lines else { throw DocumentError.notOpen(uri) }
            return try snapshot.analysis.signature(at: try snapshot.conversion.requestOffset(of: params.position, in: lines), in: uri)
                .map(snapshot.conversion.signatureHelp)
        }
    }
}

extension ServerFeature {
    static let signatureHelp = ServerFeature(methods: [SignatureHelpRequest.method], register: { $0.registerSignatureHelp() }) { capabilities, _ in
        capabilities.signatureHelpProvider = SignatureHelpOptions(triggerCharacters: ["(", ","], retriggerCharacters: [":"])
    }
}
