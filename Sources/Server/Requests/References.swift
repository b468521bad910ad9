import Analysis
import Foundation
import LSP

/// `textDocument/references` from a GraphQL document or a Swift test file: the uses in the project's GraphQL
/// documents and in the workspace's Swift files that belong to the project (`AnalysisSnapshot.references`).
extension LanguageServer {
    func registerReferences() {
        registerReadRequest(ReferencesRequest.self, answersAtOnce: { _ in false }) { params, snapshot, token in
            let uri = params.textDocument.uri
            let analysis = snapshot.analysis.cancellable { token.isCancelled }
            let file = try analysis.file(snapshot.file(uri))
            let found = try analysis.references(
                at: try snapshot.conversion.requestOffset(of: params.position, in: file.lines), in: file,
                includingDeclaration: params.context?.includeDeclaration ?? true)
            return snapshot.conversion.locations(found.map { (reference, lines) in (reference.document, reference.range, lines) })
        }
    }
}

extension ServerFeature {
    static let references = ServerFeature(methods: [ReferencesRequest.method], register: { $0.registerReferences() }) { capabilities, _ in
        capabilities.referencesProvider = true
    }
}
