import Analysis
import Features
import Foundation
import GraphQLIndex
import LSP
import SourceText

/// `textDocument/documentSymbol` in GraphQL documents and `workspace/symbol` over every project (`GraphQLSymbols`).
extension LanguageServer {
    func registerSymbols() {
        registerReadRequest(DocumentSymbolRequest.self, answersAtOnce: { _ in false }) { params, snapshot, _ in
            guard let context = snapshot.analysis.graphQLDocument(snapshot.file(params.textDocument.uri)) else { return [] }
            return context.symbols.map { snapshot.conversion.documentSymbol($0, in: context.document.lines) }
        }
        registerReadRequest(WorkspaceSymbolRequest.self, answersAtOnce: { _ in false }) { params, snapshot, _ in
            snapshot.analysis.workspaceSymbols(params.query).map { found, namespace, lines in
                snapshot.conversion.symbolInformation(found, namespace: namespace, in: lines)
            }
        }
    }
}

extension ServerFeature {
    static let symbols = ServerFeature(methods: [DocumentSymbolRequest.method, WorkspaceSymbolRequest.method], register: { $0.registerSymbols() }) { capabilities, _ in
        capabilities.documentSymbolProvider = true
        capabilities.workspaceSymbolProvider = true
    }
}
