import Analysis
import Foundation
import GraphQLIndex
import LSP
import SourceText

/// `textDocument/definition` in Swift test files (a label, member or type → its GraphQL definition) and in GraphQL
/// documents.
extension LanguageServer {
    func registerDefinition() {
        registerReadRequest(DefinitionRequest.self, answersAtOnce: { [unowned self] in isParsedSwiftDocument($0.textDocument.uri) }) { params, snapshot, _ in
            let uri = params.textDocument.uri
            let file = try snapshot.analysis.file(snapshot.file(uri))
            // The target as the client sees it: its open text if it is open, else what the index read.
            let found = snapshot.analysis.definitions(at: try snapshot.conversion.requestOffset(of: params.position, in: file.lines), in: file)
            return snapshot.conversion.definitionResult(found)
        }
    }
}

extension ServerFeature {
    static let definition = ServerFeature(methods: [DefinitionRequest.method], register: { $0.registerDefinition() }) { capabilities, _ in
        capabilities.definitionProvider = true
    }
}
