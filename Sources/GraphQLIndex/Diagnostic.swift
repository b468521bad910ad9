/// A problem mockls reports — in a GraphQL document, a configuration file, a generated mock file or a Swift test —
/// with the bytes it covers (UTF-8 offsets in its file) and the edits that fix it. The one diagnostic type: every
/// publisher, report and protocol conversion works from it.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    /// `hint`: a suggestion that nothing breaks without (`unused-operation`); editors show it faintly, `check`
    /// reports it and never fails on it unless asked (`--fail-on hint`), SARIF says `note`.
    public enum Severity: String, Sendable, Hashable { case error, warning, information, hint }

    public var severity: Severity
    public var code: DiagnosticCode
    public var message: String
    public var range: Range<Int>
    /// Edits that fix it, best first.
    public var fixes: [Fix] = []

    public init(severity: Severity, code: DiagnosticCode, message: String, range: Range<Int>, fixes: [Fix] = []) {
        self.severity = severity
        self.code = code
        self.message = message
        self.range = range
        self.fixes = fixes
    }

    public var description: String { "\(range.lowerBound): \(severity): \(message) [\(code.rawValue)]" }

    /// One way to fix a diagnostic: replace `range` (UTF-8 offsets of the same file) with `text`.
    public struct Fix: Sendable, Hashable {
        public var title: String
        public var range: Range<Int>
        public var text: String
        public var isPreferred: Bool

        public init(title: String, range: Range<Int>, text: String, isPreferred: Bool) {
            self.title = title
            self.range = range
            self.text = text
            self.isPreferred = isPreferred
        }
    }
}

/// A diagnostic with the document it is in: what the schema and the project-wide checks produce, since they span
/// documents. `ProjectIndex.diagnostics` files them by document.
public struct DocumentDiagnostic: Sendable, Hashable, CustomStringConvertible {
    public var document: String
    public var diagnostic: Diagnostic

    public init(_ severity: Diagnostic.Severity, code: DiagnosticCode, _ message: String, at location: SourceLocation) {
        document = location.document
        diagnostic = Diagnostic(severity: severity, code: code, message: message, range: location.range)
    }

    public var message: String { diagnostic.message }
    public var description: String { "\(document):\(diagnostic.description)" }
}
