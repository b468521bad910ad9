import Analysis
import Features
import LSP

/// `textDocument/completion` in Swift test files and GraphQL documents (`AnalysisSnapshot.completions`, which `mockls
/// complete` asks too), and `completionItem/resolve` for the documentation it defers.
extension LanguageServer {
    func registerCompletion() {
        registerReadRequest(CompletionRequest.self, answersAtOnce: { [unowned self] in isParsedSwiftDocument($0.textDocument.uri) }) {
            params, snapshot, _ in
            let uri = params.textDocument.uri
            let file = try snapshot.analysis.file(snapshot.file(uri))
            let (conversion, lines) = (snapshot.conversion, file.lines)
            guard let answer = snapshot.analysis.completions(at: try conversion.requestOffset(of: params.position, in: lines), in: file) else {
                // Nothing yet while the first index is still not in: the client asks again, rather than keep an
                // empty list as the answer.
                return conversion.noCompletions(indexing: snapshot.analysis.afterFirstIndex(timeout: .seconds(0)) == nil)
            }
            return conversion.completionList(answer, uri: uri, in: lines, capabilities: snapshot.clientCapabilities)
        }
        registerReadRequest(
            CompletionItemResolveRequest.self, answersAtOnce: { [unowned self] in $0.data.map { isParsedSwiftDocument($0.uri) } ?? true }
        ) { item, snapshot, _ in
            guard let (uri, documentation) = ProtocolConversion.deferredDocumentation(of: item) else { return item }
            return snapshot.conversion.resolved(item, documentation: snapshot.analysis.completionDocumentation(documentation, in: snapshot.file(uri)))
        }
    }
}

extension ServerFeature {
    static let completion = ServerFeature(
        methods: [CompletionRequest.method, CompletionItemResolveRequest.method], register: { $0.registerCompletion() }
    ) { capabilities, params in
        capabilities.completionProvider = CompletionOptions(
            triggerCharacters: ["<", "(", ",", ":", ".", " "], resolveProvider: true,
            labelDetailsSupport: params.capabilities.textDocument?.completion?.completionItem?.labelDetailsSupport ?? false)
    }
}
