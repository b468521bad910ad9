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
            let project: Workspace.Project
            let found: SourceLocation?
            if let graphql = snapshot.analysis.graphQLDocument(params.textDocument.uri) {
                project = graphql.project
                found = graphql.definition(at: try snapshot.conversion.requestOffset(of: params.position, in: graphql.document.lines))
            } else {
                guard let context = try snapshot.analysis.testFile(params.textDocument.uri) else { return nil }
                project = context.project
                found = context.definition(at: try snapshot.conversion.requestOffset(of: params.position, in: context.document.lines))
            }
            // The target as the client sees it: its open text if it is open, else what the index read.
            guard let location = found, let target = snapshot.analysis.lines(of: location.document, project: project) else { return nil }
            return snapshot.conversion.location(URL(fileURLWithPath: location.document).absoluteString, location.range, in: target)
        }
    }
}

extension ServerFeature {
    static let definition = ServerFeature(methods: [DefinitionRequest.method], register: { $0.registerDefinition() }) { capabilities, _ in
        capabilities.definitionProvider = true
    }
}
