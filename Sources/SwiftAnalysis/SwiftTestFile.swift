import SwiftParser
import SwiftSyntax

/// A Swift test file parsed once per version of its text, for every question asked about it at that version.
///
/// A new version is parsed incrementally from the previous one: the edit is found by comparing the two texts
/// (common prefix and suffix), so it does not matter how the client described its changes.
public struct SwiftTestFile: Sendable {
    public let tree: SourceFileSyntax
    private let parse: IncrementalParseResult
    public let utf8Count: Int

    public init(_ text: [UInt8]) {
        parse = text.withUnsafeBufferPointer { Parser.parseIncrementally(source: $0, parseTransition: nil) }
        tree = parse.tree
        utf8Count = text.count
    }

    public init(_ text: String) { self.init(Array(text.utf8)) }

    /// The file after its text became `text`, re-using what did not change since `self` was parsed.
    /// `previousText` is the text `self` was parsed from.
    public func updated(from previousText: [UInt8], to text: [UInt8]) -> SwiftTestFile {
        guard previousText.count == utf8Count else { return SwiftTestFile(text) }
        let edit = Self.edit(from: previousText, to: text)
        let transition = IncrementalParseTransition(previousIncrementalParseResult: parse, edits: ConcurrentEdits(edit))
        let result = text.withUnsafeBufferPointer { Parser.parseIncrementally(source: $0, parseTransition: transition) }
        return SwiftTestFile(parse: result, utf8Count: text.count)
    }

    private init(parse: IncrementalParseResult, utf8Count: Int) {
        self.parse = parse
        tree = parse.tree
        self.utf8Count = utf8Count
    }

    /// The one replacement that turns `old` into `new`.
    static func edit(from old: [UInt8], to new: [UInt8]) -> SourceEdit {
        let common = min(old.count, new.count)
        var prefix = 0
        while prefix < common, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < common - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        return SourceEdit(
            range: AbsolutePosition(utf8Offset: prefix)..<AbsolutePosition(utf8Offset: old.count - suffix),
            replacement: Array(new[prefix..<(new.count - suffix)]))
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
