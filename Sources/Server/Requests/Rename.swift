import Analysis
import Foundation
import JSONRPC
import LSP

/// `textDocument/prepareRename` and `textDocument/rename` from a GraphQL document or a Swift test: the GraphQL
/// documents of the project and the workspace's Swift files that belong to it, edited together (`AnalysisSnapshot`).
extension LanguageServer {
    func registerRename() {
        registerReadRequest(PrepareRenameRequest.self, answersAtOnce: { _ in false }) { params, snapshot, _ in
            guard let query = try Self.renameQuery(params.textDocument.uri, params.position, snapshot) else { return nil }
            switch query.prepared {
            case .success(let (_, range)):
                return snapshot.conversion.prepareRename(range, in: query.lines)
            case .failure(let refusal):
                throw ResponseError(code: ResponseError.requestFailedCode, message: refusal.reason)
            }
        }
        registerReadRequest(RenameRequest.self, answersAtOnce: { _ in false }) { params, snapshot, token in
            guard let query = try Self.renameQuery(params.textDocument.uri, params.position, snapshot) else { return nil }
            switch try snapshot.analysis.cancellable(when: { token.isCancelled }).renameEdits(query, to: params.newName) {
            case .failure(let refusal):
                throw ResponseError(code: ResponseError.requestFailedCode, message: refusal.reason)
            case .success(let edits):
                return snapshot.conversion.workspaceEdit(edits)
            }
        }
    }

    private static func renameQuery(_ uri: DocumentURI, _ position: Position, _ snapshot: ServerSnapshot) throws -> RenameQuery? {
        let file = try snapshot.analysis.file(snapshot.file(uri))
        return snapshot.analysis.renameTarget(at: snapshot.conversion.offset(of: position, in: file.lines), in: file)
    }
}

extension ServerFeature {
    static let rename = ServerFeature(methods: [PrepareRenameRequest.method, RenameRequest.method], register: { $0.registerRename() }) { capabilities, _ in
        capabilities.renameProvider = RenameOptions(prepareProvider: true)
    }
}
