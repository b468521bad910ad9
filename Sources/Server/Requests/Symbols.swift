import Features
import Foundation
import GraphQLIndex
import LSP
import SourceText

/// `textDocument/documentSymbol` in GraphQL documents and `workspace/symbol` over every project (`GraphQLSymbols`).
extension LanguageServer {
    func registerSymbols() {
        registerReadRequest(DocumentSymbolRequest.self, answersAtOnce: { _ in false }) { params, snapshot, _ in
            guard let context = GraphQLDocumentContext.find(params.textDocument.uri, in: snapshot) else { return [] }
            let lines = context.document.lines
            let conversion = snapshot.conversion
            func symbol(_ info: GraphQLSymbolInfo) -> DocumentSymbol {
                DocumentSymbol(
                    name: info.name, detail: info.detail, kind: Self.symbolKind(info.kind), range: conversion.range(of: info.range, in: lines),
                    selectionRange: conversion.range(of: info.selectionRange, in: lines),
                    children: info.children.isEmpty ? nil : info.children.map(symbol))
            }
            return GraphQLSymbols.documentSymbols(GraphQLParser.parse(lines.bytes), typeNames: context.index.format.typeNameCapitalizer).map(symbol)
        }
        registerReadRequest(WorkspaceSymbolRequest.self, answersAtOnce: { _ in false }) { params, snapshot, _ in
            guard let indexed = snapshot.afterFirstIndex() else { return [] }
            let projects = indexed.workspaces.flatMap(\.projects)
            var result: [SymbolInformation] = []
            // One line table per document, not per symbol: a short query finds hundreds of types in one schema.
            var lineTables: [String: LineTable] = [:]
            for project in projects {
                for found in GraphQLSymbols.workspaceSymbols(params.query, in: [project.index]) {
                    let uri = URL(fileURLWithPath: found.document).absoluteString
                    let lines: LineTable
                    if let open = snapshot.documents[uri]?.lines ?? lineTables[found.document] {
                        lines = open
                    } else if let text = project.index.documents[found.document]?.text {
                        lines = LineTable(text)
                        lineTables[found.document] = lines
                    } else {
                        continue
                    }
                    result.append(SymbolInformation(
                        name: found.swiftName.map { $0 == found.symbol.name ? $0 : "\(found.symbol.name) (\($0))" } ?? found.symbol.name,
                        kind: Self.symbolKind(found.symbol.kind),
                        location: snapshot.conversion.location(uri, found.symbol.selectionRange, in: lines),
                        containerName: project.configuration.namespace))
                    if result.count >= 500 { return result }
                }
            }
            return result
        }
    }

    static func symbolKind(_ kind: GraphQLSymbolInfo.Kind) -> SymbolKind {
        switch kind {
        case .operation: .function
        case .fragment: .struct
        case .object: .class
        case .interface: .interface
        case .union: .class
        case .enumeration: .enum
        case .inputObject: .struct
        case .scalar: .typeParameter
        case .field: .field
        case .enumValue: .enumMember
        }
    }
}
