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
            guard let context = snapshot.analysis.graphQLDocument(params.textDocument.uri) else { return [] }
            let lines = context.document.lines
            let conversion = snapshot.conversion
            func symbol(_ info: GraphQLSymbolInfo) -> DocumentSymbol {
                DocumentSymbol(
                    name: info.name, detail: info.detail, kind: Self.symbolKind(info.kind), range: conversion.range(of: info.range, in: lines),
                    selectionRange: conversion.range(of: info.selectionRange, in: lines),
                    children: info.children.isEmpty ? nil : info.children.map(symbol))
            }
            return context.symbols.map(symbol)
        }
        registerReadRequest(WorkspaceSymbolRequest.self, answersAtOnce: { _ in false }) { params, snapshot, _ in
            snapshot.analysis.workspaceSymbols(params.query).map { found, namespace, lines in
                SymbolInformation(
                    name: found.swiftName.map { $0 == found.symbol.name ? $0 : "\(found.symbol.name) (\($0))" } ?? found.symbol.name,
                    kind: Self.symbolKind(found.symbol.kind),
                    location: snapshot.conversion.location(URL(fileURLWithPath: found.document).absoluteString, found.symbol.selectionRange, in: lines),
                    containerName: namespace)
            }
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

extension ServerFeature {
    static let symbols = ServerFeature(methods: [DocumentSymbolRequest.method, WorkspaceSymbolRequest.method], register: { $0.registerSymbols() }) { capabilities, _ in
        capabilities.documentSymbolProvider = true
        capabilities.workspaceSymbolProvider = true
    }
}
