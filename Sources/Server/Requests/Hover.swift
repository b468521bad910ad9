import Analysis
import LSP

/// `textDocument/hover` in Swift test files and GraphQL documents.
extension LanguageServer {
    func registerHover() {
        registerReadRequest(HoverRequest.self, answersAtOnce: { [unowned self] in isParsedSwiftDocument($0.textDocument.uri) }) { params, snapshot, _ in
            let uri = params.textDocument.uri
            let file = try snapshot.analysis.file(snapshot.file(uri))
            return snapshot.analysis.hover(at: try snapshot.conversion.requestOffset(of: params.position, in: file.lines), in: file)
                .map { snapshot.conversion.hover($0, in: file.lines) }
        }
    }
}

extension ServerFeature {
    static let hover = ServerFeature(methods: [HoverRequest.method], register: { $0.registerHover() }) { capabilities, _ in
        capabilities.hoverProvider = true
    }
}
