import SourceText
import SwiftParser
import SwiftSyntax

/// A Swift test file parsed once per version of its text, for every question asked about it at that version.
///
/// A new version is parsed incrementally from the previous one: the edit is found by comparing the two texts
/// (common prefix and suffix), so it does not matter how the client described its changes.
public struct SwiftTestFile: Sendable {
    public let tree: SourceFileSyntax
    /// The text it was parsed from, with its lines.
    public let lines: LineTable
    private let parse: IncrementalParseResult

    public init(_ lines: LineTable) {
        parse = lines.bytes.withUnsafeBufferPointer { Parser.parseIncrementally(source: $0, parseTransition: nil) }
        tree = parse.tree
        self.lines = lines
    }

    public init(_ text: [UInt8]) { self.init(LineTable(text)) }
    public init(_ text: String) { self.init(Array(text.utf8)) }

    public var utf8Count: Int { lines.byteCount }

    /// The file after its text became `lines`, re-using the syntax of what did not change.
    public func updated(to lines: LineTable) -> SwiftTestFile {
        let edit = Self.edit(from: self.lines.bytes, to: lines.bytes)
        let transition = IncrementalParseTransition(previousIncrementalParseResult: parse, edits: ConcurrentEdits(edit))
        let result = lines.bytes.withUnsafeBufferPointer { Parser.parseIncrementally(source: $0, parseTransition: transition) }
        return SwiftTestFile(parse: result, lines: lines)
    }

    public func updated(to text: [UInt8]) -> SwiftTestFile { updated(to: LineTable(text)) }

    private init(parse: IncrementalParseResult, lines: LineTable) {
        self.parse = parse
        tree = parse.tree
        self.lines = lines
    }

    /// The 1-based line of a byte offset, as messages name lines.
    public func line(of offset: Int) -> Int { lines.line(containing: offset) + 1 }

    /// The one replacement that turns `old` into `new`.
    static func edit(from old: [UInt8], to new: [UInt8]) -> SourceEdit {
        let changed = changedRange(from: old, to: new)
        return SourceEdit(
            range: AbsolutePosition(utf8Offset: changed.old.lowerBound)..<AbsolutePosition(utf8Offset: changed.old.upperBound),
            replacement: Array(new[changed.new]))
    }

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
