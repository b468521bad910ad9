import Analysis
import LSP

/// `textDocument/documentHighlight`: the occurrences, in the document, of the mock field or GraphQL name under the
/// cursor (`AnalysisSnapshot.documentHighlights`). Emacs asks for them as the cursor rests; an empty list answers a position
/// on nothing mockls knows.
extension LanguageServer {
    func registerDocumentHighlight() {
        registerReadRequest(DocumentHighlightRequest.self) { params, snapshot, _ in
            let uri = params.textDocument.uri
            let file = try snapshot.analysis.file(snapshot.file(uri))
            let ranges = snapshot.analysis.documentHighlights(at: try snapshot.conversion.requestOffset(of: params.position, in: file.lines), in: file)
            return snapshot.conversion.highlights(ranges, in: file.lines)
        }
    }
}

extension ServerFeature {
    static let documentHighlight = ServerFeature(methods: [DocumentHighlightRequest.method], register: { $0.registerDocumentHighlight() }) { capabilities, _ in
        capabilities.documentHighlightProvider = true
    }
}
