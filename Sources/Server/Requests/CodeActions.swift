import Analysis
import Features
import Foundation
import GraphQLIndex
import JSONRPC
import LSP

/// `textDocument/codeAction` in Swift test files, and `codeAction/resolve` for the placeholder file, whose edit is
/// the whole project's factories: written when the client picks the action, for clients that resolve edits, rather
/// than at every request as the cursor moves.
extension LanguageServer {
    static let placeholderFileActionName = "generate-placeholder-file"

    func registerCodeActions() {
        registerReadRequest(CodeActionRequest.self) { params, snapshot, _ in
            guard let document = snapshot.documents[params.textDocument.uri] else {
                throw DocumentError.notOpen(params.textDocument.uri)
            }
            let preferredSupport = snapshot.clientCapabilities.textDocument?.codeAction?.isPreferredSupport ?? false
            // A response fixture's fixes.
            if let fixture = snapshot.analysis.responseFixtureDiagnostics(of: document.uri) {
                let range = snapshot.conversion.byteRange(of: params.range, in: document.lines)
                return ResponseFixtureActions.actions(at: range, lines: document.lines, diagnostics: fixture.diagnostics).map {
                    snapshot.conversion.codeAction($0, uri: document.uri, in: document.lines, preferredSupport: preferredSupport)
                }
            }
            // Previews are in app sources as much as in tests: offered in any Swift file.
            let previews = Self.previewSnapshotActions(document, at: params.range, in: snapshot)
            guard let context = TestFileContext(document, in: snapshot.workspaces) else {
                return previews
            }
            let lines = document.lines
            let conversion = snapshot.conversion
            let capabilities = snapshot.clientCapabilities
            let preferred = capabilities.textDocument?.codeAction?.isPreferredSupport ?? false
            let showsDisabled = capabilities.textDocument?.codeAction?.disabledSupport ?? false
            let resolvesEdits = capabilities.textDocument?.codeAction?.resolveSupport?.properties.contains("edit") ?? false
            let placeholderFiles = Self.createsFiles(capabilities) ? TestFileCodeActions.PlaceholderFiles(
                generated: context.workspace.generatedPlaceholderFiles.map(\.lastPathComponent),
                declaresFactories: context.workspace.hasPlaceholderFactories) : nil
            let actions = context.codeActions(
                at: conversion.byteRange(of: params.range, in: lines), diagnostics: snapshot.analysis.diagnostics(of: context),
                placeholderFiles: placeholderFiles)
            let responseActions = Self.responseActions(at: params.range, in: context, capabilities: capabilities, conversion: conversion)
            return previews + responseActions + actions.compactMap { action in
                switch action {
                case .unavailable(let title, let reason):
                    // Clients that cannot grey an action out would offer one that does nothing: the reason goes to the log.
                    guard showsDisabled else {
                        self.logger.info("\(title): not offered at line \(params.range.start.line + 1): \(reason)")
                        return nil
                    }
                    var action = CodeAction(title: title, kind: "refactor.rewrite", diagnostics: nil, isPreferred: nil, edit: nil)
                    action.disabled = CodeAction.Disabled(reason: reason)
                    return action
                case .edits(let edits):
                    return conversion.codeAction(edits, uri: document.uri, in: lines, preferredSupport: preferred)
                case .placeholderFile(let file):
                    var action = CodeAction(
                        title: file.title, kind: file.isQuickFix ? "quickfix" : "source",
                        diagnostics: file.diagnostics.isEmpty ? nil : file.diagnostics.map { conversion.diagnostic($0, in: lines) },
                        isPreferred: nil, edit: nil)
                    if resolvesEdits {
                        action.data = CodeActionData(uri: document.uri, action: Self.placeholderFileActionName)
                    } else {
                        action.edit = Self.placeholderFileEdit(file.fileName, for: context)
                    }
                    return action
                }
            }
        }
        registerReadRequest(CodeActionResolveRequest.self) { unresolved, snapshot, _ in
            // Neovim 0.7 resolves every action that has no edit, a command's too: such an action is complete as it is.
            guard let data = unresolved.data else {
                var action = CodeAction(
                    title: unresolved.title, kind: unresolved.kind, diagnostics: unresolved.diagnostics, isPreferred: unresolved.isPreferred, edit: nil)
                action.command = unresolved.command
                return action
            }
            guard data.action == Self.placeholderFileActionName else {
                throw ResponseError.invalidParams("the code action carries no data mockls can resolve")
            }
            guard let context = try snapshot.analysis.testFile(data.uri) else {
                throw ResponseError(code: ResponseError.requestFailedCode, message: "the placeholder file can no longer be generated")
            }
            return CodeAction(
                title: unresolved.title, kind: unresolved.kind, diagnostics: unresolved.diagnostics,
                isPreferred: unresolved.isPreferred,
                edit: Self.placeholderFileEdit("\(context.index.mockModel.namespace)+Placeholders.swift", for: context))
        }
    }

    /// On the line of an `X.Data.from(mock)` whose response can be written (`MockResponse`): "Write the JSON response
    /// to X.json", an edit for clients that create files and a command the server runs for the others
    /// (`WriteResponseCommand`), and "Copy the JSON response" for clients that run
    /// `mockls.copyResponse` themselves (VS Code's extension, which asks `mockls/response` and copies it).
    static func responseActions(at range: LSP.Range, in context: TestFileContext, capabilities: ClientCapabilities, conversion: ProtocolConversion) -> [CodeAction] {
        let copies = capabilities.experimental?.mocklsCommands?.contains(copyResponseCommand) ?? false
        let lines = context.document.lines
        let offset = conversion.byteRange(of: range, in: lines).lowerBound
        let line = lines.line(containing: offset)
        guard Array(lines.bytes[lines.contentRange(ofLine: line)]).contains(bytes: "from("), case .success(let written) = context.response(at: offset)
        else { return [] }
        var actions: [CodeAction] = []
        if copies {
            var copy = CodeAction(title: "Copy the JSON response", kind: "source", diagnostics: nil, isPreferred: nil, edit: nil)
            copy.command = Command(
                title: "Copy the JSON response", command: copyResponseCommand,
                arguments: [.string(context.document.uri), range.start.json])
            actions.append(copy)
        }
        if createsFiles(capabilities) {
            if let file = responseFileAction(written, beside: context) { actions.append(file) }
        } else if !copies, let write = writeResponseAction(written, uri: context.document.uri, at: range.start) {
            // A client that creates no files: the server writes it.
            actions.append(write)
        }
        return actions
    }

    /// "Write the JSON response to X.json": a new file beside the test file, never one that exists (`X 2.json` then).
    private static func responseFileAction(_ written: MockResponse.Written, beside context: TestFileContext) -> CodeAction? {
        guard let destination = responseDestination(written, besideTest: context.document.uri) else { return nil }
        let uri = destination.absoluteString
        let start = Position(line: 0, character: 0)
        return CodeAction(
            title: "Write the JSON response to \(destination.lastPathComponent)", kind: "source", diagnostics: nil, isPreferred: nil,
            edit: WorkspaceEdit(documentChanges: [
                .create(uri: uri, overwrite: false),
                .edit(OptionalVersionedTextDocumentIdentifier(uri: uri, version: nil), [
                    TextEdit(range: LSP.Range(start: start, end: start), newText: written.json)
                ]),
            ]))
    }

    /// The client can create files through a workspace edit.
    static func createsFiles(_ capabilities: ClientCapabilities) -> Bool {
        let edits = capabilities.workspace?.workspaceEdit
        return edits?.documentChanges == true && edits?.resourceOperations?.contains("create") == true
    }

    /// The file `mockls placeholders` writes, created (or replaced) where it is, else beside the test file.
    static func placeholderFileEdit(_ name: String, for context: TestFileContext) -> WorkspaceEdit? {
        guard let testFile = URL(string: context.document.uri) else { return nil }
        let existing = context.workspace.generatedPlaceholderFiles.first { $0.lastPathComponent == name }
        let destination = existing ?? testFile.deletingLastPathComponent().appendingPathComponent(name)
        let text = context.placeholderFileText
        let uri = destination.absoluteString
        let start = Position(line: 0, character: 0)
        return WorkspaceEdit(documentChanges: [
            .create(uri: uri, overwrite: true),
            .edit(OptionalVersionedTextDocumentIdentifier(uri: uri, version: nil), [
                TextEdit(range: LSP.Range(start: start, end: start), newText: text)
            ]),
        ])
    }
}

extension ServerFeature {
    static let codeActions = ServerFeature(
        methods: [CodeActionRequest.method, CodeActionResolveRequest.method], register: { $0.registerCodeActions() }
    ) { capabilities, params in
        capabilities.codeActionProvider = CodeActionOptions(
            codeActionKinds: ["quickfix", "refactor.rewrite", "source"],
            resolveProvider: params.capabilities.textDocument?.codeAction?.resolveSupport?.properties.contains("edit") == true ? true : nil)
    }
}
