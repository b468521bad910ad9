public enum DiagnosticSeverity: Int, Codable, Sendable {
    case error = 1, warning = 2, information = 3, hint = 4
}

public struct Diagnostic: Codable, Sendable, Equatable {
    public var range: Range
    public var severity: DiagnosticSeverity?
    public var code: String?
    public var source: String?
    public var message: String

    public init(range: Range, severity: DiagnosticSeverity, code: String?, source: String = "mockls", message: String) {
        self.range = range
        self.severity = severity
        self.code = code
        self.source = source
        self.message = message
    }
}

public struct PublishDiagnosticsParams: Codable, Sendable, Equatable {
    public var uri: DocumentURI
    public var version: Int?
    public var diagnostics: [Diagnostic]

    public init(uri: DocumentURI, version: Int?, diagnostics: [Diagnostic]) {
        self.uri = uri
        self.version = version
        self.diagnostics = diagnostics
    }
}

public enum PublishDiagnosticsNotification: LSPNotification {
    public typealias Params = PublishDiagnosticsParams
    public static let method = "textDocument/publishDiagnostics"
}
