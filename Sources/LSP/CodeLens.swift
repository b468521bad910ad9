import JSONRPC

/// `textDocument/codeLens`, `workspace/executeCommand`, `window/showDocument` and `workspace/codeLens/refresh`: what
/// selection coverage shows on a GraphQL document's fields, and the command that opens the tests.
public struct CodeLensParams: Decodable, Sendable {
    public var textDocument: TextDocumentIdentifier
}

public struct CodeLens: Encodable, Sendable, Equatable {
    public var range: PositionRange
    public var command: Command?

    public init(range: PositionRange, command: Command?) {
        self.range = range
        self.command = command
    }
}

public enum CodeLensRequest: LSPRequest {
    public typealias Params = CodeLensParams
    public typealias Response = [CodeLens]
    public static let method = "textDocument/codeLens"
}

public struct CodeLensOptions: Encodable, Sendable, Equatable {
    public var resolveProvider: Bool
    public init(resolveProvider: Bool) { self.resolveProvider = resolveProvider }
}

/// Sent by the server: the client asks for the lenses of its visible documents again.
public enum CodeLensRefreshRequest {
    public static let method = "workspace/codeLens/refresh"
}

public struct ExecuteCommandParams: Decodable, Sendable {
    public var command: String
    public var arguments: [JSONValue]?
}

public enum ExecuteCommandRequest: LSPRequest {
    public typealias Params = ExecuteCommandParams
    public typealias Response = NullResult
    public static let method = "workspace/executeCommand"
}

public struct ExecuteCommandOptions: Encodable, Sendable, Equatable {
    public var commands: [String]
    public init(commands: [String]) { self.commands = commands }
}

/// Sent by the server (LSP 3.16): the client shows a document, selecting `selection`.
public struct ShowDocumentParams: Encodable, Sendable {
    public var uri: DocumentURI
    public var takeFocus: Bool?
    public var selection: PositionRange?

    public init(uri: DocumentURI, takeFocus: Bool?, selection: PositionRange?) {
        (self.uri, self.takeFocus, self.selection) = (uri, takeFocus, selection)
    }
}

public enum ShowDocumentRequest {
    public static let method = "window/showDocument"
}

// A coverage lens carries the locations of the tests it counts in its command's arguments: lens replies write their
// own text.
extension CodeLens: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.member("range", range)
            writer.member("command", command)
        }
    }
}
