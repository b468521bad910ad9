public struct CodeActionContext: Decodable, Sendable {
    public var diagnostics: [Diagnostic]
    public var only: [String]?
}

public struct CodeActionParams: Decodable, Sendable {
    public var textDocument: TextDocumentIdentifier
    public var range: Range
    public var context: CodeActionContext
}

public struct WorkspaceEdit: Encodable, Sendable, Equatable {
    public var changes: [DocumentURI: [TextEdit]]
    public init(changes: [DocumentURI: [TextEdit]]) { self.changes = changes }
}

public struct CodeAction: Encodable, Sendable, Equatable {
    public var title: String
    public var kind: String?
    public var diagnostics: [Diagnostic]?
    public var isPreferred: Bool?
    public var edit: WorkspaceEdit?

    public init(title: String, kind: String?, diagnostics: [Diagnostic]?, isPreferred: Bool?, edit: WorkspaceEdit?) {
        self.title = title
        self.kind = kind
        self.diagnostics = diagnostics
        self.isPreferred = isPreferred
        self.edit = edit
    }
}

public enum CodeActionRequest: LSPRequest {
    public typealias Params = CodeActionParams
    public typealias Response = [CodeAction]
    public static let method = "textDocument/codeAction"
}

public struct CodeActionOptions: Encodable, Sendable, Equatable {
    public var codeActionKinds: [String]
    public init(codeActionKinds: [String]) { self.codeActionKinds = codeActionKinds }
}
