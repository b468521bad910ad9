import Features
import Foundation
import GraphQLIndex
import JSONRPC
import LSP
import SourceText
import SwiftAnalysis

/// Requests on Swift test files: completion, hover and definition, each answered from the document's parsed
/// tree and the index of the project the file belongs to.
extension LanguageServer {
    func registerTestFileRequests() {
        registerReadRequest(CompletionRequest.self) { params, snapshot, _ in
            guard let context = try Self.testFile(params.textDocument.uri, snapshot) else {
                return CompletionList(isIncomplete: false, items: [])
            }
            let lines = context.document.lines
            let offset = lines.offset(of: params.position, encoding: snapshot.positionEncoding)
            let completions = MockCompletions.completions(at: offset, in: context.file, project: context.project)
            let capabilities = snapshot.clientCapabilities.textDocument?.completion?.completionItem
            let snippets = capabilities?.snippetSupport ?? false
            let labelDetails = capabilities?.labelDetailsSupport ?? false
            // A field's documentation (which operations select it, its description) is computed when the client
            // shows the item, for clients that resolve it; the others get it inline.
            let resolves = capabilities?.resolveSupport?.properties.contains("documentation") ?? false
            return CompletionList(isIncomplete: false, items: completions.map { completion in
                var item = Self.item(completion, lines: lines, encoding: snapshot.positionEncoding, snippets: snippets, labelDetails: labelDetails)
                switch completion.documentation {
                case .mockField(let object, let key) where resolves:
                    item.data = CompletionItemData(uri: params.textDocument.uri, mockObject: object, field: key)
                case .selectionSetField(let path, let key) where resolves:
                    item.data = CompletionItemData(uri: params.textDocument.uri, selectionSet: path, field: key)
                case let documentation?:
                    item.documentation = documentation.markdown(in: context.project).map(MarkupContent.init(markdown:))
                case nil:
                    break
                }
                return item
            })
        }
        registerReadRequest(CompletionItemResolveRequest.self) { item, snapshot, _ in
            var item = item
            guard let data = item.data, item.documentation == nil, let context = try? Self.testFile(data.uri, snapshot) else {
                return item
            }
            let documentation: CompletionDocumentation? = if let object = data.mockObject {
                .mockField(object: object, key: data.field)
            } else if let path = data.selectionSet {
                .selectionSetField(path: path, key: data.field)
            } else {
                nil
            }
            item.documentation = documentation?.markdown(in: context.project).map(MarkupContent.init(markdown:))
            return item
        }
        registerReadRequest(HoverRequest.self) { params, snapshot, _ in
            guard let context = try Self.testFile(params.textDocument.uri, snapshot) else { return nil }
            let lines = context.document.lines
            let offset = lines.offset(of: params.position, encoding: snapshot.positionEncoding)
            guard let hover = MockHover.hover(at: offset, in: context.file, project: context.project) else { return nil }
            return HoverResult(
                contents: MarkupContent(markdown: hover.contents),
                range: lines.range(of: hover.range, encoding: snapshot.positionEncoding))
        }
        registerReadRequest(DefinitionRequest.self) { params, snapshot, _ in
            guard let context = try Self.testFile(params.textDocument.uri, snapshot) else { return nil }
            let offset = context.document.lines.offset(of: params.position, encoding: snapshot.positionEncoding)
            guard let location = MockDefinition.definition(at: offset, in: context.file, project: context.project) else {
                return nil
            }
            // The target as the client sees it: its open text if it is open, else what the index read.
            let uri = URL(fileURLWithPath: location.document).absoluteString
            let target = snapshot.documents[uri]?.lines ?? context.project.documents[location.document].map { LineTable($0.text) }
            guard let target else { return nil }
            return Location(uri: uri, range: target.range(of: location.range, encoding: snapshot.positionEncoding))
        }
    }

    /// `textDocument/diagnostic`: a test file's diagnostics, computed for the version the request sees. GraphQL
    /// documents are answered with nothing here: their diagnostics are pushed with the whole workspace's.
    func registerPullDiagnostics() {
        registerReadRequest(DocumentDiagnosticRequest.self) { params, snapshot, _ in
            guard let document = snapshot.documents[params.textDocument.uri] else {
                throw DocumentError.notOpen(params.textDocument.uri)
            }
            guard document.swiftParse != nil, let tests = snapshot.testDiagnostics else { return FullDocumentDiagnosticReport(items: []) }
            return FullDocumentDiagnosticReport(items: tests.diagnostics(of: document, in: snapshot.workspaces))
        }
    }

    /// `textDocument/codeAction`: the quick fixes of the test-file diagnostics in the range.
    func registerCodeActions() {
        registerReadRequest(CodeActionRequest.self) { params, snapshot, _ in
            guard let document = snapshot.documents[params.textDocument.uri] else {
                throw DocumentError.notOpen(params.textDocument.uri)
            }
            guard document.swiftParse != nil, let tests = snapshot.testDiagnostics,
                let found = tests.testDiagnostics(of: document, in: snapshot.workspaces)
            else { return [] }
            let lines = document.lines
            let range = lines.byteRange(of: params.range, encoding: snapshot.positionEncoding)
            let preferred = snapshot.clientCapabilities.textDocument?.codeAction?.isPreferredSupport ?? false
            let computed = MockCodeActions.actions(
                at: range, in: found.file, project: found.project, diagnostics: found.diagnostics, options: found.options
            ) + StructFactories.actions(at: range, in: found.file, structs: found.workspace.structShapes)
            var actions = computed.map { action in
                CodeAction(
                    title: action.title, kind: action.kind.rawValue,
                    diagnostics: action.diagnostics.isEmpty ? nil : action.diagnostics.map { tests.lspDiagnostic($0, lines: lines) },
                    isPreferred: preferred && action.isPreferred ? true : nil,
                    edit: WorkspaceEdit(changes: [document.uri: action.edits.map {
                        TextEdit(range: lines.range(of: $0.range, encoding: snapshot.positionEncoding), newText: $0.text)
                    }]))
            }
            // The placeholder file is the whole project's factories: written when the client picks the action, for
            // clients that resolve edits, rather than at every request as the cursor moves.
            let resolvesEdits = snapshot.clientCapabilities.textDocument?.codeAction?.resolveSupport?.properties.contains("edit") == true
            if let generate = Self.placeholderFileAction(
                for: document, found.workspace, found.configuration, found.project, snapshot, withEdit: !resolvesEdits)
            {
                actions.append(generate)
                // Where fixes write literals for want of factories, offer them with the unset reads too.
                let unset = found.diagnostics.filter { $0.code == "unset-field-read" && $0.range.overlaps(range) }
                if !found.options.placeholders, !unset.isEmpty {
                    var quickFix = generate
                    quickFix.kind = "quickfix"
                    quickFix.diagnostics = unset.map { tests.lspDiagnostic($0, lines: lines) }
                    actions.append(quickFix)
                }
            }
            return actions
        }
    }

    static let placeholderFileActionName = "generate-placeholder-file"

    /// `codeAction/resolve`: the edit of an action offered without one (the placeholder file).
    func registerCodeActionResolve() {
        registerReadRequest(CodeActionResolveRequest.self) { unresolved, snapshot, _ in
            var resolved = CodeAction(
                title: unresolved.title, kind: unresolved.kind, diagnostics: unresolved.diagnostics,
                isPreferred: unresolved.isPreferred, edit: nil)
            guard let data = unresolved.data, data.action == Self.placeholderFileActionName else {
                throw ResponseError.invalidParams("the code action carries no data mockls can resolve")
            }
            guard let document = snapshot.documents[data.uri] else { throw DocumentError.notOpen(data.uri) }
            guard let tests = snapshot.testDiagnostics, let found = tests.testDiagnostics(of: document, in: snapshot.workspaces),
                let action = Self.placeholderFileAction(
                    for: document, found.workspace, found.configuration, found.project, snapshot, withEdit: true)
            else { throw ResponseError(code: ResponseError.requestFailedCode, message: "the placeholder file can no longer be generated") }
            resolved.edit = action.edit
            return resolved
        }
    }

    /// "Generate placeholder factories": the file `mockls placeholders` writes, created (or replaced) beside the test
    /// file through a `CreateFile`, for clients that take resource operations. Not offered where factories exist
    /// that mockls did not generate: the two would declare the same functions.
    static func placeholderFileAction(
        for document: Document, _ workspace: Workspace, _ configuration: ProjectConfiguration, _ project: ProjectIndex,
        _ snapshot: ServerSnapshot, withEdit: Bool
    ) -> CodeAction? {
        let edits = snapshot.clientCapabilities.workspace?.workspaceEdit
        guard edits?.documentChanges == true, edits?.resourceOperations?.contains("create") == true,
            let testFile = URL(string: document.uri)
        else { return nil }
        let name = "\(project.mockModel.namespace)+Placeholders.swift"
        let existing = workspace.generatedPlaceholderFiles.first { $0.lastPathComponent == name }
        if workspace.hasPlaceholderFactories, existing == nil { return nil }
        let destination = existing ?? testFile.deletingLastPathComponent().appendingPathComponent(name)
        let title = existing == nil ? "Generate placeholder factories (\(name))" : "Update the placeholder factories (\(name))"
        guard withEdit else {
            var action = CodeAction(title: title, kind: "source", diagnostics: nil, isPreferred: nil, edit: nil)
            action.data = CodeActionData(uri: document.uri, action: placeholderFileActionName)
            return action
        }
        let text = PlaceholderFileRenderer.render(
            model: project.mockModel, schema: project.schema, mocksModule: configuration.testMocksModule,
            selectionSets: project.selectionSetModel(), initializers: configuration.selectionSetInitializers)
        let uri = destination.absoluteString
        let start = Position(line: 0, character: 0)
        return CodeAction(
            title: title, kind: "source", diagnostics: nil, isPreferred: nil,
            edit: WorkspaceEdit(documentChanges: [
                .create(uri: uri, overwrite: true),
                .edit(OptionalVersionedTextDocumentIdentifier(uri: uri, version: nil), [
                    TextEdit(range: LSP.Range(start: start, end: start), newText: text)
                ]),
            ]))
    }

    /// The open Swift document at `uri`, its tree and its project; nil for a file in no project.
    static func testFile(
        _ uri: DocumentURI, _ snapshot: ServerSnapshot
    ) throws -> (document: Document, file: SwiftTestFile, project: ProjectIndex)? {
        guard let document = snapshot.documents[uri] else { throw DocumentError.notOpen(uri) }
        guard let file = document.swiftFile else { return nil }
        let url = URL(string: uri).map(\.standardizedFileURL) ?? URL(fileURLWithPath: "/")
        guard let project = snapshot.workspaces.lazy.compactMap({ $0.project(forSwiftFile: url, text: document.lines.bytes) }).first else {
            return nil
        }
        return (document, file, project.index)
    }

    static func item(
        _ completion: Completion, lines: LineTable, encoding: PositionEncodingKind, snippets: Bool, labelDetails: Bool
    ) -> CompletionItem {
        var item = CompletionItem(label: completion.label)
        item.kind = switch completion.kind {
        case .mockType: .class
        case .argument: .property
        case .value: .value
        case .member: .field
        case .variable: .variable
        }
        // Helix shows no labelDetails: the type always goes in `detail` too.
        item.detail = completion.detail
        if labelDetails, let detail = completion.detail { item.labelDetails = CompletionItemLabelDetails(detail: " " + detail) }
        item.sortText = completion.sortText
        if completion.isDeprecated { item.tags = [1] }
        let useSnippet = snippets && completion.snippet != nil
        item.insertTextFormat = useSnippet ? .snippet : .plainText
        item.textEdit = TextEdit(
            range: lines.range(of: completion.replaceRange, encoding: encoding),
            newText: useSnippet ? completion.snippet! : completion.insertText)
        return item
    }
}

extension LineTable {
    func range(of bytes: Swift.Range<Int>, encoding: PositionEncodingKind) -> LSP.Range {
        LSP.Range(start: position(of: bytes.lowerBound, encoding: encoding), end: position(of: bytes.upperBound, encoding: encoding))
    }
}
