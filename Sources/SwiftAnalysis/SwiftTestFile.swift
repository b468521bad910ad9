import SourceText
import SwiftParser
import SwiftSyntax

/// A Swift test file parsed once per version of its text, for every question asked about it at that version.
///
/// A new version is parsed incrementally from the previous one when `IncrementalParsePolicy` says swift-syntax can
/// do so safely, and from scratch otherwise: the edit is found by comparing the two texts (common prefix and
/// suffix), so it does not matter how the client described its changes.
public struct SwiftTestFile: Sendable {
    public let tree: SourceFileSyntax
    /// The text it was parsed from, with its lines.
    public let lines: LineTable
    private let parse: IncrementalParseResult
    private let reuse: IncrementalParsePolicy.ReuseFacts
    /// Whether this version was parsed incrementally (for tests and benchmarks).
    public let wasParsedIncrementally: Bool

    public init(_ lines: LineTable) {
        parse = lines.bytes.withUnsafeBufferPointer {
            Parser.parseIncrementally(
                source: $0, maximumNestingLevel: IncrementalParsePolicy.maximumNestingLevel, parseTransition: nil)
        }
        tree = parse.tree
        reuse = IncrementalParsePolicy.facts(of: parse.tree)
        wasParsedIncrementally = false
        self.lines = lines
    }

    public init(_ text: [UInt8]) { self.init(LineTable(text)) }
    public init(_ text: String) { self.init(Array(text.utf8)) }

    public var utf8Count: Int { lines.byteCount }

    /// The file after its text became `lines`, re-using the syntax of what did not change where that is safe.
    public func updated(to lines: LineTable) -> SwiftTestFile {
        let edit = IncrementalParsePolicy.TextEdit(from: self.lines.bytes, to: lines.bytes)
        if edit.isEmpty { return SwiftTestFile(self, lines: lines) }
        guard IncrementalParsePolicy.allowsReuse(of: tree, facts: reuse, edit: edit) else { return SwiftTestFile(lines) }
        let sourceEdit = SourceEdit(
            range: AbsolutePosition(utf8Offset: edit.old.lowerBound)..<AbsolutePosition(utf8Offset: edit.old.upperBound),
            replacement: Array(edit.inserted))
        let transition = IncrementalParseTransition(previousIncrementalParseResult: parse, edits: ConcurrentEdits(sourceEdit))
        let result = lines.bytes.withUnsafeBufferPointer {
            Parser.parseIncrementally(
                source: $0, maximumNestingLevel: IncrementalParsePolicy.maximumNestingLevel, parseTransition: transition)
        }
        return SwiftTestFile(
            parse: result, lines: lines, reuse: IncrementalParsePolicy.facts(of: result.tree, after: reuse, edit: edit))
    }

    public func updated(to text: [UInt8]) -> SwiftTestFile { updated(to: LineTable(text)) }

    private init(parse: IncrementalParseResult, lines: LineTable, reuse: IncrementalParsePolicy.ReuseFacts) {
        self.parse = parse
        tree = parse.tree
        self.lines = lines
        self.reuse = reuse
        wasParsedIncrementally = true
    }

    /// The same parse for an identical text.
    private init(_ file: SwiftTestFile, lines: LineTable) {
        parse = file.parse
        tree = file.tree
        reuse = file.reuse
        wasParsedIncrementally = file.wasParsedIncrementally
        self.lines = lines
    }

    /// The 1-based line of a byte offset, as messages name lines.
    public func line(of offset: Int) -> Int { lines.line(containing: offset) + 1 }

    /// The token that ends at or contains `offset`, looking left first: the one a cursor at `offset` is typing in
    /// or just after.
    func token(before offset: Int) -> TokenSyntax? {
        guard offset > 0, utf8Count > 0 else { return tree.firstToken(viewMode: .sourceAccurate) }
        let position = AbsolutePosition(utf8Offset: min(offset, utf8Count) - 1)
        return tree.token(at: position) ?? tree.lastToken(viewMode: .sourceAccurate)
    }

    /// The present tokens of the declaration the cursor is in (a member of a type, or a top-level function), or of
    /// the whole file for top-level code: enough context for anything typed at `offset`.
    func tokens(around offset: Int) -> [TokenSyntax] {
        var unit = Syntax(tree)
        if let token = token(before: offset) {
            var node = Syntax(token)
            while let parent = node.parent {
                if parent.is(MemberBlockItemSyntax.self) || (node.is(FunctionDeclSyntax.self) && parent.is(CodeBlockItemSyntax.self)) {
                    unit = node
                    break
                }
                node = parent
            }
        }
        return unit.tokens(viewMode: .sourceAccurate).filter { $0.presence == .present }
    }
}
