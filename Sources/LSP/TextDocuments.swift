import JSONRPC

public typealias DocumentURI = String

/// A zero-based line and character, in the negotiated position encoding.
public struct Position: Codable, Sendable, Hashable {
    public var line: Int
    public var character: Int
    public init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }
}

public struct PositionRange: Codable, Sendable, Hashable {
    public var start: Position
    public var end: Position
    public init(start: Position, end: Position) {
        self.start = start
        self.end = end
    }
}

public struct Location: Codable, Sendable, Hashable {
    public var uri: DocumentURI
    public var range: PositionRange
    public init(uri: DocumentURI, range: PositionRange) {
        self.uri = uri
        self.range = range
    }
}

public struct TextDocumentIdentifier: Codable, Sendable, Hashable {
    public var uri: DocumentURI
    public init(uri: DocumentURI) { self.uri = uri }
}

public struct VersionedTextDocumentIdentifier: Codable, Sendable, Hashable {
    public var uri: DocumentURI
    public var version: Int
    public init(uri: DocumentURI, version: Int) {
        self.uri = uri
        self.version = version
    }
}

public struct TextDocumentItem: Codable, Sendable, Equatable {
    public var uri: DocumentURI
    public var languageId: String
    public var version: Int
    public var text: UTF8Text
    public init(uri: DocumentURI, languageId: String, version: Int, text: UTF8Text) {
        self.uri = uri
        self.languageId = languageId
        self.version = version
        self.text = text
    }
}

/// A change to a document: a replaced `range`, or the whole text when `range` is absent.
public struct TextDocumentContentChangeEvent: Codable, Sendable, Equatable {
    public var range: PositionRange?
    public var rangeLength: Int?
    public var text: UTF8Text
    public init(range: PositionRange? = nil, text: UTF8Text) {
        self.range = range
        self.text = text
    }
}

public struct DidOpenTextDocumentParams: Codable, Sendable, Equatable {
    public var textDocument: TextDocumentItem
    public init(textDocument: TextDocumentItem) { self.textDocument = textDocument }
}

public struct DidChangeTextDocumentParams: Codable, Sendable, Equatable {
    public var textDocument: VersionedTextDocumentIdentifier
    public var contentChanges: [TextDocumentContentChangeEvent]
    public init(textDocument: VersionedTextDocumentIdentifier, contentChanges: [TextDocumentContentChangeEvent]) {
        self.textDocument = textDocument
        self.contentChanges = contentChanges
    }
}

public struct DidCloseTextDocumentParams: Codable, Sendable, Equatable {
    public var textDocument: TextDocumentIdentifier
    public init(textDocument: TextDocumentIdentifier) { self.textDocument = textDocument }
}

public struct DidSaveTextDocumentParams: Codable, Sendable, Equatable {
    public var textDocument: TextDocumentIdentifier
    public var text: String?
    public init(textDocument: TextDocumentIdentifier, text: String? = nil) {
        self.textDocument = textDocument
        self.text = text
    }
}

extension Position: JSONReadable {
    public static func read(_ value: JSONCValue) -> Position? {
        guard let line = value["line"]?.int, let character = value["character"]?.int else { return nil }
        return Position(line: line, character: character)
    }
}

extension TextDocumentIdentifier: JSONReadable {
    public static func read(_ value: JSONCValue) -> TextDocumentIdentifier? {
        value["uri"]?.string.map(TextDocumentIdentifier.init(uri:))
    }
}

// References to a label used in every test are tens of thousands of locations: they write their own text.
extension Location: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.member("uri", uri)
            writer.member("range", range)
        }
    }
}
