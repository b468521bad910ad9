import JSONRPC

public struct CodeActionContext: Decodable, Sendable {
    public var diagnostics: [Diagnostic]
    public var only: [String]?
}

public struct CodeActionParams: Decodable, Sendable {
    public var textDocument: TextDocumentIdentifier
    public var range: PositionRange
    public var context: CodeActionContext
}

public struct WorkspaceEdit: Encodable, Sendable, Equatable {
    public var changes: [DocumentURI: [TextEdit]]?
    /// For clients with `workspace.workspaceEdit.documentChanges` (and resource operations, for `create`).
    public var documentChanges: [DocumentChange]?
    public init(changes: [DocumentURI: [TextEdit]]) { self.changes = changes }
    public init(documentChanges: [DocumentChange]) { self.documentChanges = documentChanges }
}

public struct OptionalVersionedTextDocumentIdentifier: Encodable, Sendable, Equatable {
    public var uri: DocumentURI
    public var version: Int?

    public init(uri: DocumentURI, version: Int?) {
        self.uri = uri
        self.version = version
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(uri, forKey: .uri)
        if let version { try container.encode(version, forKey: .version) } else { try container.encodeNil(forKey: .version) }
    }

    enum CodingKeys: String, CodingKey { case uri, version }
}

/// A file created (or emptied, with `overwrite`) or a document edited, in order.
public enum DocumentChange: Encodable, Sendable, Equatable {
    case create(uri: DocumentURI, overwrite: Bool)
    case edit(OptionalVersionedTextDocumentIdentifier, [TextEdit])

    enum CodingKeys: String, CodingKey { case kind, uri, options, textDocument, edits }
    struct CreateOptions: Encodable { var overwrite: Bool }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .create(let uri, let overwrite):
            try container.encode("create", forKey: .kind)
            try container.encode(uri, forKey: .uri)
            try container.encode(CreateOptions(overwrite: overwrite), forKey: .options)
        case .edit(let document, let edits):
            try container.encode(document, forKey: .textDocument)
            try container.encode(edits, forKey: .edits)
        }
    }
}

public struct CodeAction: Encodable, Sendable, Equatable {
    public var title: String
    public var kind: String?
    public var diagnostics: [Diagnostic]?
    public var isPreferred: Bool?
    public var edit: WorkspaceEdit?
    /// Why the action cannot apply here (for clients with `disabledSupport`).
    public var disabled: Disabled?
    /// What mockls needs to compute `edit` on `codeAction/resolve`.
    public var data: CodeActionData?
    /// A command the client runs itself (one it declared in `experimental.mocklsCommands`).
    public var command: Command?

    public struct Disabled: Encodable, Sendable, Equatable {
        public var reason: String
        public init(reason: String) { self.reason = reason }
    }

    public init(title: String, kind: String?, diagnostics: [Diagnostic]?, isPreferred: Bool?, edit: WorkspaceEdit?) {
        self.title = title
        self.kind = kind
        self.diagnostics = diagnostics
        self.isPreferred = isPreferred
        self.edit = edit
    }
}

/// What mockls puts in a code action whose edit it computes on `codeAction/resolve`: the document it was offered in
/// and which action it is (stateless: the server keeps nothing per request).
public struct CodeActionData: Codable, Sendable, Equatable {
    public var uri: DocumentURI
    public var action: String

    public init(uri: DocumentURI, action: String) {
        self.uri = uri
        self.action = action
    }
}

/// A code action as the client sends it back to be resolved: what mockls sent, less what it does not read.
public struct UnresolvedCodeAction: Decodable, Sendable {
    public var title: String
    public var kind: String?
    public var diagnostics: [Diagnostic]?
    public var isPreferred: Bool?
    public var data: CodeActionData?
    /// A command the action already carries: resolving such an action gives it back as it is.
    public var command: Command?
}

public enum CodeActionResolveRequest: LSPRequest {
    public typealias Params = UnresolvedCodeAction
    public typealias Response = CodeAction
    public static let method = "codeAction/resolve"
}

public enum CodeActionRequest: LSPRequest {
    public typealias Params = CodeActionParams
    public typealias Response = [CodeAction]
    public static let method = "textDocument/codeAction"
}

public struct CodeActionOptions: Encodable, Sendable, Equatable {
    public var codeActionKinds: [String]
    public var resolveProvider: Bool?
    public init(codeActionKinds: [String], resolveProvider: Bool? = nil) {
        self.codeActionKinds = codeActionKinds
        self.resolveProvider = resolveProvider
    }
}

/// A command of the client's, with its arguments.
public struct Command: Codable, Sendable, Equatable {
    public var title: String
    public var command: String
    public var arguments: [JSONValue]?

    public init(title: String, command: String, arguments: [JSONValue]?) {
        self.title = title
        self.command = command
        self.arguments = arguments
    }
}

/// `mockls/response`: the JSON response the model built by the `from(_:)` at a position stands for (`mockls
/// response`), for a client command such as VS Code's "Copy the JSON response".
public enum MockResponseRequest: LSPRequest {
    public typealias Params = TextDocumentPositionParams
    public typealias Response = MockResponseResult
    public static let method = "mockls/response"
}

public struct MockResponseResult: Encodable, Sendable, Equatable {
    /// The operation or fragment.
    public var name: String
    public var json: String
    public init(name: String, json: String) {
        self.name = name
        self.json = json
    }
}

extension Command: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.member("title", title)
            writer.member("command", command)
            if let arguments {
                writer.key("arguments")
                writer.array(arguments)
            }
        }
    }
}
