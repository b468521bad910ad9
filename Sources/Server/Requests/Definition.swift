import Features
import GraphQLIndex
import Foundation
import LSP
import SourceText

/// `textDocument/definition` in Swift test files (a label, member or type → its GraphQL definition) and in GraphQL
/// documents (`GraphQLNavigation`).
extension LanguageServer {
    func registerDefinition() {
        registerReadRequest(DefinitionRequest.self, answersAtOnce: { [unowned self] in isParsedSwiftDocument($0.textDocument.uri) }) { params, snapshot, _ in
            let index: ProjectIndex
            let found: SourceLocation?
            if let graphql = GraphQLDocumentContext.find(params.textDocument.uri, in: snapshot), let path = graphql.document.fileURL?.path {
                let lines = graphql.document.lines
                index = graphql.index
                found = GraphQLNavigation.definition(
                    at: snapshot.conversion.offset(of: params.position, in: lines), in: lines.bytes, path: path, project: index)
            } else {
                guard let context = try TestFileContext.find(params.textDocument.uri, in: snapshot) else { return nil }
                index = context.index
                found = MockDefinition.definition(
                    at: snapshot.conversion.offset(of: params.position, in: context.document.lines), in: context.file, project: index)
            }
            guard let location = found else { return nil }
            // The target as the client sees it: its open text if it is open, else what the index read.
            let uri = URL(fileURLWithPath: location.document).absoluteString
            guard let target = snapshot.documents[uri]?.lines ?? index.documents[location.document].map({ LineTable($0.text) })
            else { return nil }
            return snapshot.conversion.location(uri, location.range, in: target)
        }
    }
}
