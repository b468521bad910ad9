import Analysis
import Foundation
import JSONRPC
import LSP

/// `textDocument/codeAction` (`AnalysisSnapshot.codeActions`: a fixture's fixes, a preview's snapshot test, a test file's
/// fixes, conversions, factories, placeholder file and response), and `codeAction/resolve` for the placeholder file,
/// whose edit is the whole project's factories: written when the client picks the action, for clients that resolve
/// edits, rather than at every request as the cursor moves.
extension LanguageServer {
    func registerCodeActions() {
        registerReadRequest(CodeActionRequest.self) { params, snapshot, _ in
            let uri = params.textDocument.uri
            guard let lines = snapshot.documents[snapshot.file(uri)]?.lines else { throw DocumentError.notOpen(snapshot.file(uri)) }
            let conversion = snapshot.conversion
            let actions = try snapshot.analysis.codeActions(
                at: conversion.byteRange(of: params.range, in: lines), in: snapshot.file(uri),
                client: ProtocolConversion.codeActionClient(snapshot.clientCapabilities))
            return actions.compactMap { action in
                let converted = conversion.codeAction(action, uri: uri, in: lines, capabilities: snapshot.clientCapabilities)
                if converted == nil, case .unavailable(let title, _, let reason) = action {
                    self.logger.info("\(title): not offered at line \(params.range.start.line + 1): \(reason)")
                }
                return converted
            }
        }
        registerReadRequest(CodeActionResolveRequest.self) { unresolved, snapshot, _ in
            // Neovim 0.7 resolves every action that has no edit, a command's too: such an action is complete as it is.
            guard let data = unresolved.data else { return snapshot.conversion.resolved(unresolved, file: nil) }
            guard data.action == DocumentAction.FileCreation.placeholderFile else {
                throw ResponseError.invalidParams("the code action carries no data mockls can resolve")
            }
            guard let file = try snapshot.analysis.resolvedFile(data.action, in: snapshot.file(data.uri)) else {
                throw ResponseError(code: ResponseError.requestFailedCode, message: "the placeholder file can no longer be generated")
            }
            return snapshot.conversion.resolved(unresolved, file: file)
        }
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
