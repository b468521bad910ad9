import JSONRPC

public enum DiagnosticSeverity: Int, Codable, Sendable {
    case error = 1, warning = 2, information = 3, hint = 4
}

/// How an editor may show a diagnostic besides its severity: `unnecessary` code is faded out.
public enum DiagnosticTag: Int, Codable, Sendable {
    case unnecessary = 1, deprecated = 2
}

public struct Diagnostic: Codable, Sendable, Equatable {
    public var range: PositionRange
    public var severity: DiagnosticSeverity?
    public var code: String?
    public var source: String?
    public var message: String
    public var tags: [DiagnosticTag]?

    public init(
        range: PositionRange, severity: DiagnosticSeverity, code: String?, source: String = "mockls", message: String,
        tags: [DiagnosticTag]? = nil
    ) {
        self.range = range
        self.severity = severity
        self.code = code
        self.source = source
        self.message = message
        self.tags = tags
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

// MARK: Pull diagnostics (LSP 3.17)

public struct DocumentDiagnosticParams: Decodable, Sendable {
    public var textDocument: TextDocumentIdentifier
    public var identifier: String?
    public var previousResultId: String?
}

/// Always a full report: recomputing a file's diagnostics costs less than tracking result ids.
public struct FullDocumentDiagnosticReport: Encodable, Sendable, Equatable {
    public var kind = "full"
    public var items: [Diagnostic]
    public init(items: [Diagnostic]) { self.items = items }
}

public enum DocumentDiagnosticRequest: LSPRequest {
    public typealias Params = DocumentDiagnosticParams
    public typealias Response = FullDocumentDiagnosticReport
    public static let method = "textDocument/diagnostic"
}

/// Asks the client to pull diagnostics again (the index changed under every open test file).
public enum WorkspaceDiagnosticRefreshRequest {
    public static let method = "workspace/diagnostic/refresh"
}

public struct DiagnosticOptions: Encodable, Sendable, Equatable {
    public var interFileDependencies: Bool
    public var workspaceDiagnostics: Bool
    public init(interFileDependencies: Bool, workspaceDiagnostics: Bool) {
        self.interFileDependencies = interFileDependencies
        self.workspaceDiagnostics = workspaceDiagnostics
    }
}

// A test file can carry a diagnostic per test: these replies write their own text too (see `JSONWritable`).

extension Diagnostic: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.member("range", range)
            writer.member("severity", severity?.rawValue)
            writer.member("code", code)
            writer.member("source", source)
            writer.member("message", message)
            if let tags {
                writer.key("tags")
                writer.array(tags) { writer, tag in writer.value(tag.rawValue) }
            }
        }
    }
}

extension FullDocumentDiagnosticReport: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.member("kind", kind)
            writer.key("items")
            writer.array(items)
        }
    }
}

extension PublishDiagnosticsParams: JSONWritable {
    public func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.member("uri", uri)
            writer.member("version", version)
            writer.key("diagnostics")
            writer.array(diagnostics)
        }
    }
}
