import Features
import Foundation
import GraphQLIndex
import LSP
import SourceText

extension LanguageServer {
    /// `textDocument/completion` in Swift test files: the mock completions of the project the file belongs to.
    func registerCompletion() {
        registerReadRequest(CompletionRequest.self) { params, snapshot, _ in
            guard let document = snapshot.documents[params.textDocument.uri] else {
                throw DocumentError.notOpen(params.textDocument.uri)
            }
            let lines = document.lines
            let text = lines.text
            let file = URL(string: params.textDocument.uri).map(\.standardizedFileURL) ?? URL(fileURLWithPath: "/")
            guard let project = snapshot.workspaces.lazy.compactMap({ $0.project(forSwiftFile: file, text: text) }).first else {
                return CompletionList(isIncomplete: false, items: [])
            }
            let offset = lines.offset(of: params.position, encoding: snapshot.positionEncoding)
            let completions = MockCompletions.completions(
                at: offset, in: text, model: project.index.mockModel, schema: project.index.schema)
            let capabilities = snapshot.clientCapabilities.textDocument?.completion?.completionItem
            let snippets = capabilities?.snippetSupport ?? false
            let labelDetails = capabilities?.labelDetailsSupport ?? false
            return CompletionList(isIncomplete: false, items: completions.map {
                Self.item($0, lines: lines, encoding: snapshot.positionEncoding, snippets: snippets, labelDetails: labelDetails)
            })
        }
    }

    static func item(
        _ completion: Completion, lines: LineTable, encoding: PositionEncodingKind, snippets: Bool, labelDetails: Bool
    ) -> CompletionItem {
        var item = CompletionItem(label: completion.label)
        item.kind = switch completion.kind {
        case .mockType: .class
        case .argument: .property
        case .value: .value
        }
        // Helix shows no labelDetails: the type always goes in `detail` too.
        item.detail = completion.detail
        if labelDetails, let detail = completion.detail { item.labelDetails = CompletionItemLabelDetails(detail: " " + detail) }
        item.documentation = completion.documentation.map(MarkupContent.init(markdown:))
        item.sortText = completion.sortText
        if completion.isDeprecated { item.tags = [1] }
        let useSnippet = snippets && completion.snippet != nil
        item.insertTextFormat = useSnippet ? .snippet : .plainText
        let range = LSP.Range(
            start: lines.position(of: completion.replaceRange.lowerBound, encoding: encoding),
            end: lines.position(of: completion.replaceRange.upperBound, encoding: encoding))
        item.textEdit = TextEdit(range: range, newText: useSnippet ? completion.snippet! : completion.insertText)
        item.filterText = completion.label
        return item
    }
}
