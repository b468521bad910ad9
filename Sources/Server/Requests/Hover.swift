import Features
import LSP

/// `textDocument/hover` in Swift test files and GraphQL documents.
extension LanguageServer {
    func registerHover() {
        registerReadRequest(HoverRequest.self, answersAtOnce: { [unowned self] in isParsedSwiftDocument($0.textDocument.uri) }) { params, snapshot, _ in
            if let graphql = GraphQLDocumentContext.find(params.textDocument.uri, in: snapshot) {
                let lines = graphql.document.lines
                let offset = snapshot.conversion.offset(of: params.position, in: lines)
                return GraphQLNavigation.hover(at: offset, in: lines.bytes, path: graphql.path, project: graphql.index).map { snapshot.conversion.hover($0, in: lines) }
            }
            guard let context = try TestFileContext.find(params.textDocument.uri, in: snapshot) else { return nil }
            let lines = context.document.lines
            let offset = snapshot.conversion.offset(of: params.position, in: lines)
            return MockHover.hover(at: offset, in: context.file, project: context.index).map {
                snapshot.conversion.hover($0, in: lines)
            }
        }
    }
}
