import Analysis
import Features
import Foundation
import GraphQLIndex
import JSONRPC
import LSP
import SourceText

/// Completion lists as the client takes them: snippets, label details, item defaults and documentation deferred to
/// `completionItem/resolve` as its capabilities say.
extension ProtocolConversion {
    /// The list of `answer` in the document `uri` whose text is `lines`; documentation inline, or left for resolve
    /// (with the data that recomputes it) for clients that resolve it.
    func completionList(_ answer: CompletionAnswer, uri: DocumentURI, in lines: LineTable, capabilities: ClientCapabilities) -> CompletionList {
        let itemCapabilities = capabilities.textDocument?.completion?.completionItem
        let snippets = itemCapabilities?.snippetSupport ?? false
        let labelDetails = itemCapabilities?.labelDetailsSupport ?? false
        // A mock field's documentation (which operations select it, its description) is computed when the client
        // shows the item, for clients that resolve it; the others get it inline.
        let resolves = answer.language == .swift && itemCapabilities?.resolveSupport?.properties.contains("documentation") ?? false
        var documentation = CompletionDocumentation.Reader()
        var replaced: (bytes: Range<Int>, range: PositionRange)?
        let list = CompletionList(isIncomplete: false, items: answer.completions.map { completion in
            let range = replaced?.bytes == completion.replaceRange ? replaced!.range : self.range(of: completion.replaceRange, in: lines)
            replaced = (completion.replaceRange, range)
            var item = completionItem(completion, range: range, snippets: snippets, labelDetails: labelDetails)
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
        let defaults = capabilities.textDocument?.completion?.completionList?.itemDefaults ?? []
        guard !defaults.isEmpty else { return list }
        // Handed over, so that its items are changed in place rather than copied.
        return (consume list).sharingItemDefaults(defaults)
    }

    /// No completions yet: `isIncomplete` while the first index is not in, so that the client asks again rather
    /// than keep an empty list as the answer.
    func noCompletions(indexing: Bool) -> CompletionList { CompletionList(isIncomplete: indexing, items: []) }

    /// What an item's deferred documentation is (`CompletionItemData`): a mock field's or a selection set field's.
    static func deferredDocumentation(of item: CompletionItem) -> (uri: DocumentURI, CompletionDocumentation)? {
        guard let data = item.data, item.documentation == nil else { return nil }
        // A list's default data names no field: the item's label is its field.
        let field = data.field ?? item.label
        if let object = data.mockObject { return (data.uri, .mockField(object: object, key: field)) }
        if let path = data.selectionSet { return (data.uri, .selectionSetField(path: path, key: field)) }
        return nil
    }

    /// `item` with its documentation, as markdown.
    func resolved(_ item: CompletionItem, documentation: String?) -> CompletionItem {
        var item = item
        if let documentation { item.documentation = MarkupContent(markdown: documentation) }
        return item
    }

    /// A completion as the client shows it: `snippets` and `labelDetails` when it takes them; the type always in
    /// `detail` (Helix shows no label details). Documentation is set by the handler, inline or on resolve.
    /// `range`: the completion's `replaceRange` in the client's positions (the same for most items of a list: converted
    /// once by the caller).
    func completionItem(_ completion: Completion, range: PositionRange, snippets: Bool, labelDetails: Bool) -> CompletionItem {
        var item = CompletionItem(label: completion.label)
        item.kind = switch completion.kind {
        case .mockType: .class
        case .argument: .property
        case .value: .value
        case .member: .field
        case .variable: .variable
        case .type: .class
        case .keyword: .keyword
        case .directive: .function
        case .fragment: .snippet
        case .enumValue: .enumMember
        }
        item.detail = completion.detail
        if labelDetails, let detail = completion.detail { item.labelDetails = CompletionItemLabelDetails(detail: " " + detail) }
        item.sortText = completion.sortText
        if completion.isDeprecated { item.tags = [1] }
        let useSnippet = snippets && completion.snippet != nil
        item.insertTextFormat = useSnippet ? .snippet : .plainText
        item.textEdit = TextEdit(range: range, newText: useSnippet ? completion.snippet! : completion.insertText)
        return item
    }
}
