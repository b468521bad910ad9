import Features
import LSP

/// `textDocument/completion` in Swift test files, and `completionItem/resolve` for the documentation it defers.
extension LanguageServer {
    func registerCompletion() {
        registerReadRequest(CompletionRequest.self, answersAtOnce: { [unowned self] in isParsedSwiftDocument($0.textDocument.uri) }) {
            params, snapshot, _ in
            if let graphql = GraphQLDocumentContext.find(params.textDocument.uri, in: snapshot) {
                return Self.graphQLCompletions(params, graphql, snapshot)
            }
            guard let context = try TestFileContext.find(params.textDocument.uri, in: snapshot) else {
                // Nothing yet while the first index is still not in: the client asks again, rather than keep an
                // empty list as the answer.
                return CompletionList(isIncomplete: snapshot.afterFirstIndex(timeout: .seconds(0)) == nil, items: [])
            }
            let lines = context.document.lines
            let conversion = snapshot.conversion
            let offset = conversion.offset(of: params.position, in: lines)
            let completions = MockCompletions.completions(
                at: offset, in: context.file, project: context.index, placeholders: context.options.placeholders)
            let capabilities = snapshot.clientCapabilities.textDocument?.completion?.completionItem
            let snippets = capabilities?.snippetSupport ?? false
            let labelDetails = capabilities?.labelDetailsSupport ?? false
            // A field's documentation (which operations select it, its description) is computed when the client
            // shows the item, for clients that resolve it; the others get it inline.
            let resolves = capabilities?.resolveSupport?.properties.contains("documentation") ?? false
            return CompletionList(isIncomplete: false, items: completions.map { completion in
                var item = conversion.completionItem(completion, in: lines, snippets: snippets, labelDetails: labelDetails)
                switch completion.documentation {
                case .mockField(let object, let key) where resolves:
                    item.data = CompletionItemData(uri: params.textDocument.uri, mockObject: object, field: key)
                case .selectionSetField(let path, let key) where resolves:
                    item.data = CompletionItemData(uri: params.textDocument.uri, selectionSet: path, field: key)
                case let documentation?:
                    item.documentation = documentation.markdown(in: context.index).map(MarkupContent.init(markdown:))
                case nil:
                    break
                }
                return item
            })
        }
        registerReadRequest(
            CompletionItemResolveRequest.self, answersAtOnce: { [unowned self] in $0.data.map { isParsedSwiftDocument($0.uri) } ?? true }
        ) { item, snapshot, _ in
            var item = item
            guard let data = item.data, item.documentation == nil,
                let context = try? TestFileContext.find(data.uri, in: snapshot)
            else { return item }
            let documentation: CompletionDocumentation? = if let object = data.mockObject {
                .mockField(object: object, key: data.field)
            } else if let path = data.selectionSet {
                .selectionSetField(path: path, key: data.field)
            } else {
                nil
            }
            item.documentation = documentation?.markdown(in: context.index).map(MarkupContent.init(markdown:))
            return item
        }
    }

    /// Completion in a GraphQL document of a project (`GraphQLCompletion`).
    static func graphQLCompletions(_ params: CompletionParams, _ context: GraphQLDocumentContext, _ snapshot: ServerSnapshot) -> CompletionList {
        let lines = context.document.lines
        let offset = snapshot.conversion.offset(of: params.position, in: lines)
        let completions = GraphQLCompletion.completions(at: offset, in: lines.bytes, role: context.role, project: context.index)
        let capabilities = snapshot.clientCapabilities.textDocument?.completion?.completionItem
        return CompletionList(isIncomplete: false, items: completions.map { completion in
            var item = snapshot.conversion.completionItem(
                completion, in: lines, snippets: capabilities?.snippetSupport ?? false, labelDetails: capabilities?.labelDetailsSupport ?? false)
            item.documentation = completion.documentation?.markdown(in: context.index).map(MarkupContent.init(markdown:))
            return item
        })
    }
}
