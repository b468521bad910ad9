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
            let file = try snapshot.analysis.file(snapshot.file(uri))
            return snapshot.analysis.signature(at: try snapshot.conversion.requestOffset(of: params.position, in: file.lines), in: file)
                .map(snapshot.conversion.signatureHelp)
        }
    }
}

extension ServerFeature {
    static let signatureHelp = ServerFeature(methods: [SignatureHelpRequest.method], register: { $0.registerSignatureHelp() }) { capabilities, _ in
        capabilities.signatureHelpProvider = SignatureHelpOptions(triggerCharacters: ["(", ","], retriggerCharacters: [":"])
    }
}
