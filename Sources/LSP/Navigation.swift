import JSONRPC

/// `textDocument/hover` and `textDocument/definition` take a document and a position.
public struct TextDocumentPositionParams: Decodable, Sendable {
    public var textDocument: TextDocumentIdentifier
    public var position: Position
}

public struct HoverResult: Encodable, Sendable, Equatable {
    public var contents: MarkupContent
    public var range: PositionRange?
    public init(contents: MarkupContent, range: PositionRange?) {
        self.contents = contents
        self.range = range
    }
}

public enum HoverRequest: LSPRequest {
    public typealias Params = TextDocumentPositionParams
    /// `null` when there is nothing to say.
    public typealias Response = HoverResult?
    public static let method = "textDocument/hover"
}

public enum DefinitionRequest: LSPRequest {
    public typealias Params = TextDocumentPositionParams
    /// `null` when the name is defined nowhere mockls knows; several locations for a model property Apollo merges
    /// from several selections.
    public typealias Response = DefinitionResult?
    public static let method = "textDocument/definition"
}

/// `textDocument/references`.
public struct ReferenceParams: Decodable, Sendable {
    public struct Context: Decodable, Sendable {
        public var includeDeclaration: Bool
    }

    public var textDocument: TextDocumentIdentifier
    public var position: Position
    public var context: Context?
}

public enum ReferencesRequest: LSPRequest {
    public typealias Params = ReferenceParams
    public typealias Response = [Location]
    public static let method = "textDocument/references"
}

/// `textDocument/documentHighlight`: the occurrences, in the document, of what is at the position.
public struct DocumentHighlight: Encodable, Sendable, Equatable {
    public var range: PositionRange
    public init(range: PositionRange) { self.range = range }
}

public enum DocumentHighlightRequest: LSPRequest {
    public typealias Params = TextDocumentPositionParams
    public typealias Response = [DocumentHighlight]
    public static let method = "textDocument/documentHighlight"
}

/// `textDocument/prepareRename`: the name that would be renamed, or an error saying why none can be.
public enum PrepareRenameRequest: LSPRequest {
    public typealias Params = TextDocumentPositionParams
    public typealias Response = PrepareRenameResult?
    public static let method = "textDocument/prepareRename"
}

public struct PrepareRenameResult: Encodable, Sendable, Equatable {
    public var range: PositionRange
    public var placeholder: String

    public init(range: PositionRange, placeholder: String) {
        self.range = range
        self.placeholder = placeholder
    }
}

public struct RenameParams: Decodable, Sendable {
    public var textDocument: TextDocumentIdentifier
    public var position: Position
    public var newName: String
}

public enum RenameRequest: LSPRequest {
    public typealias Params = RenameParams
    public typealias Response = WorkspaceEdit?
    public static let method = "textDocument/rename"
}

public struct RenameOptions: Encodable, Sendable, Equatable {
    public var prepareProvider: Bool
    public init(prepareProvider: Bool) { self.prepareProvider = prepareProvider }
}

extension TextDocumentPositionParams: JSONReadable {
    public static func read(_ value: JSONCValue) -> TextDocumentPositionParams? {
        guard let document = value["textDocument"].flatMap(TextDocumentIdentifier.read),
            let position = value["position"].flatMap(Position.read)
        else { return nil }
        return TextDocumentPositionParams(textDocument: document, position: position)
    }
}

/// `textDocument/definition`'s answer: one location, or several (LSP's `Location | Location[]`).
public enum DefinitionResult: Codable, Sendable, Equatable {
    case location(Location)
    case locations([Location])

    public init(from decoder: Decoder) throws {
        if let one = try? Location(from: decoder) {
            self = .location(one)
        } else {
            self = .locations(try [Location](from: decoder))
        }
    }

    public func encode(to encoder: Encoder) throws {
        switch self {
        case .location(let location): try location.encode(to: encoder)
        case .locations(let locations): try locations.encode(to: encoder)
        }
    }
}
