import Features
import Foundation
import GraphQLIndex
import SourceText

/// Workspace symbols: the GraphQL definitions of every project.
extension AnalysisSnapshot {
    /// The GraphQL symbols of every project whose names match `query`, with the text of their document; at most
    /// `limit`.
    public func workspaceSymbols(_ query: String, limit: Int = 500) -> [(symbol: WorkspaceSymbol, namespace: String, lines: LineTable)] {
        guard let indexed = afterFirstIndex() else { return [] }
        var result: [(symbol: WorkspaceSymbol, namespace: String, lines: LineTable)] = []
        // One line table per document, not per symbol: a short query finds hundreds of types in one schema.
        var lineTables: [String: LineTable] = [:]
        for project in indexed.workspaces.flatMap(\.projects) {
            for found in GraphQLSymbols.workspaceSymbols(query, in: [project.index]) {
                let lines: LineTable
                if let known = documents[FileID(path: found.document)]?.lines ?? lineTables[found.document] {
                    lines = known
                } else if let text = project.index.documents[found.document]?.text {
                    lines = LineTable(text)
                    lineTables[found.document] = lines
                } else {
                    continue
                }
                result.append((found, project.configuration.namespace, lines))
                if result.count >= limit { return result }
            }
        }
        return result
    }
}

/// A GraphQL symbol of `AnalysisSnapshot.workspaceSymbols`: with its document, and its Swift name when Apollo renames it.
public typealias WorkspaceSymbol = (symbol: GraphQLSymbolInfo, document: String, swiftName: String?)
