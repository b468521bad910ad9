import Analysis
import Features
import Foundation
import GraphQLIndex
import JSONRPC
import LSP
import SourceText

/// Code actions as the protocol carries them: edits of the document (`changes`), files created through
/// `documentChanges`, the placeholder file's edit left for `codeAction/resolve`, and commands with typed arguments.
extension ProtocolConversion {
    /// The client's side of what actions can be offered.
    static func codeActionClient(_ capabilities: ClientCapabilities) -> CodeActionClient {
        CodeActionClient(
            createsFiles: createsFiles(capabilities),
            resolvesEdits: capabilities.textDocument?.codeAction?.resolveSupport?.properties.contains("edit") ?? false,
            copiesResponses: capabilities.experimental?.mocklsCommands?.contains(ClientCommand.copyResponse.rawValue) ?? false)
    }

    /// The client can create files through a workspace edit.
    static func createsFiles(_ capabilities: ClientCapabilities) -> Bool {
        let edits = capabilities.workspace?.workspaceEdit
        return edits?.documentChanges == true && edits?.resourceOperations?.contains("create") == true
    }

    /// An action of the document `uri`, whose text is `lines`. nil for an unavailable action when the client cannot
    /// show one greyed out (it would offer an action that does nothing).
    func codeAction(_ action: DocumentAction, uri: DocumentURI, in lines: LineTable, capabilities: ClientCapabilities) -> CodeAction? {
        let preferredSupport = capabilities.textDocument?.codeAction?.isPreferredSupport ?? false
        switch action {
        case .edits(let action):
            return CodeAction(
                title: action.title, kind: action.kind.rawValue,
                diagnostics: action.diagnostics.isEmpty ? nil : action.diagnostics.map { diagnostic($0, in: lines) },
                isPreferred: preferredSupport && action.isPreferred ? true : nil,
                edit: WorkspaceEdit(changes: [uri: edits(action.edits, in: lines)]))
        case .unavailable(let title, let kind, let reason):
            guard capabilities.textDocument?.codeAction?.disabledSupport == true else { return nil }
            var action = CodeAction(title: title, kind: kind, diagnostics: nil, isPreferred: nil, edit: nil)
            action.disabled = CodeAction.Disabled(reason: reason)
            return action
        case .editFile(let title, let kind, let file, let fileLines, let fileEdits):
            return CodeAction(
                title: title, kind: kind, diagnostics: nil, isPreferred: nil,
                edit: WorkspaceEdit(changes: [file.absoluteString: edits(fileEdits, in: fileLines)]))
        case .createFile(let creation):
            var action = CodeAction(
                title: creation.title, kind: creation.kind,
                diagnostics: creation.diagnostics.isEmpty ? nil : creation.diagnostics.map { diagnostic($0, in: lines) },
                isPreferred: nil, edit: nil)
            if let text = creation.text {
                action.edit = fileCreation(creation.file, text: text, overwrite: creation.overwrite)
            } else if let data = creation.resolveData {
                action.data = CodeActionData(uri: uri, action: data)
            }
            return action
        case .command(let title, let kind, let command, let document, let offset):
            var action = CodeAction(title: title, kind: kind, diagnostics: nil, isPreferred: nil, edit: nil)
            let position = position(of: offset, in: lines)
            action.command = switch command {
            case .copyResponse:
                Command(title: title, command: ClientCommand.copyResponse.rawValue, arguments: [.string(document), position.json])
            case .writeResponse:
                Command(
                    title: title, command: ServerCommand.writeResponse.rawValue,
                    arguments: DocumentPositionArguments(document: document, position: position).arguments)
            case .writeTestTransport:
                Command(
                    title: title, command: ServerCommand.writeTestTransport.rawValue,
                    arguments: DocumentPositionArguments(document: document, position: position).arguments)
            }
            return action
        }
    }

    /// The file `file` created (or replaced, when `overwrite`) with `text`.
    func fileCreation(_ file: URL, text: String, overwrite: Bool) -> WorkspaceEdit {
        let uri = file.absoluteString
        let start = Position(line: 0, character: 0)
        return WorkspaceEdit(documentChanges: [
            .create(uri: uri, overwrite: overwrite),
            .edit(OptionalVersionedTextDocumentIdentifier(uri: uri, version: nil), [
                TextEdit(range: PositionRange(start: start, end: start), newText: text)
            ]),
        ])
    }

    /// A resolved action: as the client sent it, with the edit `file` gives when there is one.
    func resolved(_ unresolved: UnresolvedCodeAction, file: (file: URL, text: String, overwrite: Bool)?) -> CodeAction {
        var action = CodeAction(
            title: unresolved.title, kind: unresolved.kind, diagnostics: unresolved.diagnostics, isPreferred: unresolved.isPreferred,
            edit: file.map { fileCreation($0.file, text: $0.text, overwrite: $0.overwrite) })
        action.command = unresolved.command
        return action
    }
}
