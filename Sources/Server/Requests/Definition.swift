import Features
import Foundation
import LSP
import SourceText

/// `textDocument/definition` in Swift test files: a label, member or type → its GraphQL definition.
extension LanguageServer {
    func registerDefinition() {
        registerReadRequest(DefinitionRequest.self, answersAtOnce: { [unowned self] in isParsedSwiftDocument($0.textDocument.uri) }) { params, snapshot, _ in
            guard let context = try TestFileContext.find(params.textDocument.uri, in: snapshot) else { return nil }
            let offset = snapshot.conversion.offset(of: params.position, in: context.document.lines)
            guard let location = MockDefinition.definition(at: offset, in: context.file, project: context.index) else {
                return nil
            }
            // The target as the client sees it: its open text if it is open, else what the index read.
            let uri = URL(fileURLWithPath: location.document).absoluteString
            guard let target = snapshot.documents[uri]?.lines ?? context.index.documents[location.document].map({ LineTable($0.text) })
            else { return nil }
            return snapshot.conversion.location(uri, location.range, in: target)
        }
    }
}
