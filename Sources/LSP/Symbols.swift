/// `textDocument/documentSymbol` and `workspace/symbol`.
public struct DocumentSymbolParams: Decodable, Sendable {
    public var textDocument: TextDocumentIdentifier
}

public enum DocumentSymbolRequest: LSPRequest {
    public typealias Params = DocumentSymbolParams
    /// Hierarchical: every client mockls supports takes them.
    public typealias Response = [DocumentSymbol]
    public static let method = "textDocument/documentSymbol"
}

public struct WorkspaceSymbolParams: Decodable, Sendable {
    public var query: String
}

public enum WorkspaceSymbolRequest: LSPRequest {
    public typealias Params = WorkspaceSymbolParams
    public typealias Response = [SymbolInformation]
    public static let method = "workspace/symbol"
}

/// The protocol's `SymbolKind`, the members mockls uses.
public enum SymbolKind: Int, Codable, Sendable {
    case `class` = 5, field = 8, `enum` = 10, interface = 11, function = 12, enumMember = 22, `struct` = 23, typeParameter = 26
}

public struct DocumentSymbol: Encodable, Sendable, Equatable {
    public var name: String
    public var detail: String?
    public var kind: SymbolKind
    public var range: PositionRange
    public var selectionRange: PositionRange
    public var children: [DocumentSymbol]?

    public init(name: String, detail: String?, kind: SymbolKind, range: PositionRange, selectionRange: PositionRange, children: [DocumentSymbol]?) {
        (self.name, self.detail, self.kind, self.range, self.selectionRange, self.children) = (name, detail, kind, range, selectionRange, children)
    }
}

public struct SymbolInformation: Encodable, Sendable, Equatable {
    public var name: String
    public var kind: SymbolKind
    public var location: Location
    public var containerName: String?

    public init(name: String, kind: SymbolKind, location: Location, containerName: String?) {
        (self.name, self.kind, self.location, self.containerName) = (name, kind, location, containerName)
    }
}
