import Analysis
import LSP

/// `textDocument/hover` in Swift test files and GraphQL documents.
extension LanguageServer {
    func registerHover() {
        registerReadRequest(HoverRequest.self, answersAtOnce: { [unowned self] in isParsedSwiftDocument($0.textDocument.uri) }) { params, snapshot, _ in
            let uri = params.textDocument.uri
            guard let lines = snapshot.documents[uri]?.lines else { throw DocumentError.notOpen(uri) }
            guard let (hover, lines) = try snapshot.analysis.hover(at: try snapshot.conversion.requestOffset(of: params.position, in: lines), in: uri)
            else { return nil }
            return snapshot.conversion.hover(hover, in: lines)
        }
    }
}

extension ServerFeature {
    static let hover = ServerFeature(methods: [HoverRequest.method], register: { $0.registerHover() }) { capabilities, _ in
        capabilities.hoverProvider = true
    }
}
