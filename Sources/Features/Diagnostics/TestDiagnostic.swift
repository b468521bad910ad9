import GraphQLIndex

/// A problem in a Swift test file, with the bytes it covers.
public struct TestDiagnostic: Sendable, Equatable, Hashable {
    public enum Severity: String, Sendable { case error, warning }

    public var severity: Severity
    public var code: DiagnosticCode
    public var message: String
    public var range: Range<Int>
    /// Edits that fix it, best first.
    public var fixes: [TestFix] = []
}

/// One way to fix a diagnostic: replace `range` (UTF-8 offsets) with `text`.
public struct TestFix: Sendable, Hashable {
    public var title: String
    public var range: Range<Int>
    public var text: String
    public var isPreferred: Bool
}

/// What fixes write.
public struct FixOptions: Sendable, Hashable {
    /// The workspace has `placeholder()` factories: fixes write `.placeholder()` rather than literals.
    public var placeholders: Bool
    /// The module the test mocks are imported from (nil when the tests compile them in): code that brings mocks into
    /// a file that has none yet imports it.
    public var mocksModule: String?

    public init(placeholders: Bool = false, mocksModule: String? = nil) {
        self.placeholders = placeholders
        self.mocksModule = mocksModule
    }
}
