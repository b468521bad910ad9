import Analysis
import LSP

/// `textDocument/documentHighlight`: the occurrences, in the document, of the mock field or GraphQL name under the
/// cursor (`Analysis.documentHighlights`). Emacs asks for them as the cursor rests; an empty list answers a position
/// on nothing mockls knows.
extension LanguageServer {
    func registerDocumentHighlight() {
        registerReadRequest(DocumentHighlightRequest.self) { params, snapshot, _ in
            let uri = params.textDocument.uri
            guard let lines = snapshot.documents[uri]?.lines else { throw DocumentError.notOpen(uri) }
            guard let found = try snapshot.analysis.documentHighlights(at: try snapshot.conversion.requestOffset(of: params.position, in: lines), in: uri)
            else { return [] }
            return snapshot.conversion.highlights(found.ranges, in: found.lines)
        }
    }
}

extension ServerFeature {
    static let documentHighlight = ServerFeature(methods: [DocumentHighlightRequest.method], register: { $0.registerDocumentHighlight() }) { capabilities, _ in
        capabilities.documentHighlightProvider = true
    }
}
