import Analysis
import Foundation
import LSP

/// `textDocument/references` from a GraphQL document or a Swift test file: the uses in the project's GraphQL
/// documents and in the workspace's Swift files that belong to the project (`Analysis.references`).
extension LanguageServer {
    func registerReferences() {
        registerReadRequest(ReferencesRequest.self, answersAtOnce: { _ in false }) { params, snapshot, token in
            let uri = params.textDocument.uri
            guard let lines = snapshot.documents[uri]?.lines else { throw DocumentError.notOpen(uri) }
            let found = try snapshot.analysis.cancellable { token.isCancelled }.references(
                at: try snapshot.conversion.requestOffset(of: params.position, in: lines), in: uri,
                includingDeclaration: params.context?.includeDeclaration ?? true)
            return found.map { reference, lines in snapshot.conversion.location(ofFile: reference.document, reference.range, in: lines) }
        }
    }
}

extension ServerFeature {
    static let references = ServerFeature(methods: [ReferencesRequest.method], register: { $0.registerReferences() }) { capabilities, _ in
        capabilities.referencesProvider = true
    }
}
