import SourceText
import SwiftParser
import SwiftSyntax
import Synchronization

/// A Swift file (a test, a helper, an app source) parsed once per version of its text, for every question asked about
/// it at that version.
///
/// A new version is parsed incrementally when `IncrementalParsePolicy` says swift-syntax can do so safely, and from
/// scratch otherwise. The incremental parse always starts from the last version parsed from scratch (the *base*),
/// with the one edit that turns the base's text into the new text, found by comparing the two (common prefix and
/// suffix) whatever the client said it changed. Never from a version parsed incrementally: swift-syntax records a
/// reused node's lookahead as reaching only the token after it, so a tree parsed from a tree parsed incrementally
/// can reuse a node whose parse depended on text that changed (an item that error recovery stretched over what
/// followed it). When the changes since the base grow past a quarter of the file, the new version is parsed from
/// scratch and becomes the base. Text on which swift-syntax's lookahead would be exponential is parsed from scratch,
/// as `LookaheadGuard` rewrites it.
public struct SwiftFile: Sendable {
    public let tree: SourceFileSyntax
    /// The text it was parsed from, with its lines.
    public let lines: LineTable
    /// The last version parsed from scratch: this one, or the one this was parsed incrementally from.
    private let base: Base
    /// Whether this version was parsed incrementally (for tests and benchmarks).
    public let wasParsedIncrementally: Bool
    /// The text of the last version parsed from scratch, which this one was parsed from (to reproduce a fuzzer's find).
    public var baseText: [UInt8] { base.text }
    /// The tokens `tokens(around:)` last gathered, by the range of their declaration: an editor sends several requests
    /// on one version (completion, then resolve, hover, signature help) about one declaration.
    private let lastUnit = LastUnitTokens()
    /// The properties its types declare (`declaredProperty`), read on the first question.
    let declaredPropertiesTable = DeclaredPropertyTable()

    private final class LastUnitTokens: Sendable {
        /// `token`: the bytes, trivia included, of the token the declaration was last found from.
        let value = Mutex<(range: Range<Int>, token: Range<Int>?, tokens: [WindowToken])?>(nil)
    }

    /// A version parsed from scratch, with what its lookahead ranges and facts say about reusing it.
    private final class Base: Sendable {
        let parse: IncrementalParseResult
        let text: [UInt8]
        /// What reusing the tree needs to know, found when an edit first asks: most files parsed (the workspace's,
        /// read for coverage and references) are never edited.
        var facts: IncrementalParsePolicy.ReuseFacts {
            cachedFacts.withLock { cached in
                if let cached { return cached }
                let found = IncrementalParsePolicy.facts(of: parse.tree, text: text)
                cached = found
                return found
            }
        }
        private let cachedFacts = Mutex<IncrementalParsePolicy.ReuseFacts?>(nil)
        /// Whether the parser was handed a rewrite of the text (`LookaheadGuard`'s, `InterpolationGuard`'s): the tree
        /// is then never reused.
        let isGuarded: Bool
        /// The text's lookahead runs, to tell whether an edit makes one costly.
        let runs: [LookaheadGuard.Run]
        /// The most brackets open at once in the text, to tell whether an edit could pass `LookaheadGuard.depthLimit`.
        let depth: Int

        init(_ text: [UInt8]) {
            let scan = LookaheadGuard.scan(text)
            let guarded = SwiftFile.guardedText(text, scan: scan)
            isGuarded = guarded != nil
            runs = scan.runs
            depth = scan.depth
            parse = (guarded ?? text).withUnsafeBufferPointer {
                Parser.parseIncrementally(
                    source: $0, maximumNestingLevel: IncrementalParsePolicy.maximumNestingLevel, parseTransition: nil)
            }
            self.text = text
        }
    }

    /// What the parser is handed instead of `text` (the guards' rewrite, same length), or nil when the text is safe as
    /// it is. Every parse of a user's Swift text goes through it.
    static func guardedText(_ text: [UInt8], scan: LookaheadGuard.Scan) -> [UInt8]? {
        scan.guarded.map { InterpolationGuard.guarded($0) ?? $0 } ?? InterpolationGuard.guarded(text)
    }

    public init(_ lines: LineTable) {
        base = Base(lines.bytes)
        tree = base.parse.tree
        wasParsedIncrementally = false
        self.lines = lines
    }

    public init(_ text: [UInt8]) { self.init(LineTable(text)) }
    public init(_ text: String) { self.init(Array(text.utf8)) }

    public var utf8Count: Int { lines.byteCount }

    /// The file after its text became `lines`, re-using the syntax of what did not change where that is safe.
    public func updated(to lines: LineTable) -> SwiftFile {
        if lines.bytes == self.lines.bytes { return SwiftFile(tree: tree, lines: lines, base: base, incremental: wasParsedIncrementally) }
        guard !base.isGuarded else { return SwiftFile(lines) }
        let edit = IncrementalParsePolicy.TextEdit(from: base.text, to: lines.bytes)
        guard edit.old.count + edit.new.count <= max(4096, lines.byteCount / 4),
            base.depth + edit.nestingIncrease <= LookaheadGuard.depthLimit,
            !LookaheadGuard.hasCostlyRun(in: lines.bytes, replacing: edit.old, with: edit.new, base: base.runs),
            // A version the parser must not see as it is is parsed from scratch, and guarded.
            InterpolationGuard.blankedQuotes(in: lines.bytes).isEmpty,
            IncrementalParsePolicy.allowsReuse(of: base.parse.tree, facts: base.facts, edit: edit)
        else { return SwiftFile(lines) }
        let sourceEdit = SourceEdit(
            range: AbsolutePosition(utf8Offset: edit.old.lowerBound)..<AbsolutePosition(utf8Offset: edit.old.upperBound),
            replacement: Array(edit.inserted))
        let transition = IncrementalParseTransition(previousIncrementalParseResult: base.parse, edits: ConcurrentEdits(sourceEdit))
        let result = lines.bytes.withUnsafeBufferPointer {
            Parser.parseIncrementally(
                source: $0, maximumNestingLevel: IncrementalParsePolicy.maximumNestingLevel, parseTransition: transition)
        }
        return SwiftFile(tree: result.tree, lines: lines, base: base, incremental: true)
    }

    public func updated(to text: [UInt8]) -> SwiftFile { updated(to: LineTable(text)) }

    private init(tree: SourceFileSyntax, lines: LineTable, base: Base, incremental: Bool) {
        self.tree = tree
        self.lines = lines
        self.base = base
        wasParsedIncrementally = incremental
    }

    /// The 1-based line of a byte offset, as messages name lines.
    public func line(of offset: Int) -> Int { lines.line(containing: offset) + 1 }

    /// The bytes of every identifier spelled like one of `names`, in source order (the candidates for references to
    /// something those names stand for).
    public func identifiers(named names: Set<String>) -> [Range<Int>] {
        tree.tokens(viewMode: .sourceAccurate).compactMap { token in
            guard case .identifier(let text) = token.tokenKind, names.contains(text) else { return nil }
            let start = token.positionAfterSkippingLeadingTrivia.utf8Offset
            return start..<(start + text.utf8.count)
        }
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
    func tokens(around offset: Int) -> [WindowToken] {
        // A cursor after a byte of the token the last declaration was found from is in that declaration: found
        // without looking the token up in the tree again (a third of finding a completion's context).
        if offset > 0, utf8Count > 0, let last = lastUnit.value.withLock({ $0 }), last.token?.contains(min(offset, utf8Count) - 1) == true {
            return last.tokens
        }
        var unit = Syntax(tree)
        var tokenRange: Range<Int>?
        if let token = token(before: offset) {
            tokenRange = token.position.utf8Offset..<token.endPosition.utf8Offset
            var node = Syntax(token)
            while let parent = node.parent {
                if parent.is(MemberBlockItemSyntax.self) || (node.is(FunctionDeclSyntax.self) && parent.is(CodeBlockItemSyntax.self)) {
                    unit = node
                    break
                }
                node = parent
            }
        }
        let range = unit.position.utf8Offset..<unit.endPosition.utf8Offset
        if let last = lastUnit.value.withLock({ $0 }), last.range == range {
            lastUnit.value.withLock { $0?.token = tokenRange }
            return last.tokens
        }
        let tokens = unit.tokens(viewMode: .sourceAccurate).compactMap { token in
            token.presence == .present ? WindowToken(token) : nil
        }
        lastUnit.value.withLock { $0 = (range, tokenRange, tokens) }
        return tokens
    }
}
