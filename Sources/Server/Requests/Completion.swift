import Analysis
import Features
import LSP

/// `textDocument/completion` in Swift test files and GraphQL documents (`Analysis.completions`, which `mockls
/// complete` asks too), and `completionItem/resolve` for the documentation it defers.
extension LanguageServer {
    func registerCompletion() {
        registerReadRequest(CompletionRequest.self, answersAtOnce: { [unowned self] in isParsedSwiftDocument($0.textDocument.uri) }) {
            params, snapshot, _ in
            let uri = params.textDocument.uri
            guard let lines = snapshot.documents[uri]?.lines else { throw DocumentError.notOpen(uri) }
            let conversion = snapshot.conversion
            guard let answer = try snapshot.analysis.completions(at: try conversion.requestOffset(of: params.position, in: lines), in: uri) else {
                // Nothing yet while the first index is still not in: the client asks again, rather than keep an
                // empty list as the answer.
                return CompletionList(isIncomplete: snapshot.analysis.afterFirstIndex(timeout: .seconds(0)) == nil, items: [])
            }
            let capabilities = snapshot.clientCapabilities.textDocument?.completion?.completionItem
            let snippets = capabilities?.snippetSupport ?? false
            let labelDetails = capabilities?.labelDetailsSupport ?? false
            // A mock field's documentation (which operations select it, its description) is computed when the client
            // shows the item, for clients that resolve it; the others get it inline.
            let resolves = answer.language == .swift && capabilities?.resolveSupport?.properties.contains("documentation") ?? false
            var documentation = CompletionDocumentation.Reader()
            var replaced: (bytes: Swift.Range<Int>, range: LSP.Range)?
            let list = CompletionList(isIncomplete: false, items: answer.completions.map { completion in
                let range = replaced?.bytes == completion.replaceRange ? replaced!.range : conversion.range(of: completion.replaceRange, in: lines)
                replaced = (completion.replaceRange, range)
                var item = conversion.completionItem(completion, range: range, snippets: snippets, labelDetails: labelDetails)
                switch completion.documentation {
                case .mockField(let object, let key) where resolves:
                    item.data = CompletionItemData(uri: uri, mockObject: object, field: key)
                case .selectionSetField(let path, let key) where resolves:
                    item.data = CompletionItemData(uri: uri, selectionSet: path, field: key)
                case let written?:
                    item.documentation = documentation.markdown(written, in: answer.index).map(MarkupContent.init(markdown:))
                case nil:
                    break
                }
                return item
            })
            // A client that takes item defaults gets the range every item edits once (a quarter of the reply).
            let defaults = snapshot.clientCapabilities.textDocument?.completion?.completionList?.itemDefaults ?? []
            guard !defaults.isEmpty else { return list }
            // Handed over, so that its items are changed in place rather than copied.
            return (consume list).sharingItemDefaults(defaults)
        }
        registerReadRequest(
            CompletionItemResolveRequest.self, answersAtOnce: { [unowned self] in $0.data.map { isParsedSwiftDocument($0.uri) } ?? true }
        ) { item, snapshot, _ in
            var item = item
            guard let data = item.data, item.documentation == nil,
                let context = try? snapshot.analysis.testFile(data.uri)
            else { return item }
            // A list's default data names no field: the item's label is its field.
            let field = data.field ?? item.label
            let documentation: CompletionDocumentation? = if let object = data.mockObject {
                .mockField(object: object, key: field)
            } else if let path = data.selectionSet {
                .selectionSetField(path: path, key: field)
            } else {
                nil
            }
            item.documentation = documentation?.markdown(in: context.index).map(MarkupContent.init(markdown:))
            return item
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
