import Analysis
import LSP

/// `textDocument/hover` in Swift test files and GraphQL documents.
extension LanguageServer {
    func registerHover() {
        registerReadRequest(HoverRequest.self, answersAtOnce: { [unowned self] in isParsedSwiftDocument($0.textDocument.uri) }) { params, snapshot, _ in
            let conversion = snapshot.conversion
            if let graphql = snapshot.analysis.graphQLDocument(params.textDocument.uri) {
                let lines = graphql.document.lines
                return graphql.hover(at: try conversion.requestOffset(of: params.position, in: lines)).map { conversion.hover($0, in: lines) }
            }
            guard let context = try snapshot.analysis.testFile(params.textDocument.uri) else { return nil }
            let lines = context.document.lines
            return context.hover(at: try conversion.requestOffset(of: params.position, in: lines)).map { conversion.hover($0, in: lines) }
        }
    }
}

extension ServerFeature {
    static let hover = ServerFeature(methods: [HoverRequest.method], register: { $0.registerHover() }) { capabilities, _ in
        capabilities.hoverProvider = true
    }
}
