import SourceText
import SwiftParser
// The raw tree is walked without materialising a node per token: for a 20 MB file the `Syntax` walk cost as much time
// as the parse and doubled the memory.
@_spi(RawSyntax) import SwiftSyntax

/// When a new version of a Swift file may be parsed incrementally from the tree of an earlier one, and when it must
/// be parsed from scratch.
///
/// Why this exists (issue 16; recorded sessions in `../shared/repro/swift-incremental`): swift-syntax 603 traps inside
/// its incremental parse on some texts. mockls hands it exact input — the edit is the byte difference between the
/// text the old tree was parsed from and the new text — so the defect is in swift-syntax's node reuse. When
/// `Parser.loadCurrentSyntaxNodeFromCache` reuses a code-block item or member, `LexemeSequence.advance(by:)` jumps
/// the lexer to the node's end but keeps the lexer cursor of the node's *first* token. What that cursor carries is
/// then stale for the token after the node:
/// - the lexer's state stack. When the node began inside a string or regex literal (parser recovery splits a
///   malformed literal into several items: `'\(g""-`, `./ 🛊`), or when an edit changed how the text before the node
///   lexes (`""#""#` → `"犬"#""#`: the second `#` now opens a raw string), the lexer resumes in `afterStringLiteral`,
///   `afterRawStringDelimiter` or `inRegexLiteral` at a byte that is no quote and traps (`Cursor.swift:1082`,
///   `:1093`, `Lexeme.textRange`). Re-parsing unchanged text traps too when the old tree holds such a split literal;
/// - the previous token's kind and keyword, which decide whether `/` starts a regex literal and whether `1.5` after a
///   period is one literal or two;
/// - whether the previous token's trailing trivia held a line break (a `/* … */` comment spanning lines after code),
///   which decides whether the next statement starts a line.
/// The reuse also ignores the context the parser is in. An item is reused at any position where the parser wants
/// an item, so one whose extent depended on its context (a `}` swallowed as unexpected at the top level, after an
/// earlier brace went missing) keeps that extent when an edit before it changes the context; and items deeper than
/// the nesting limit are cut only when parsed afresh.
/// The first problem traps; the others give a tree that differs from a full parse.
///
/// So a tree is reused only when none of this can happen, judged on facts gathered once per full parse (`ReuseFacts`;
/// `SwiftFile` parses incrementally only from a tree parsed from scratch):
/// - no literal of the old tree is malformed (no error inside a string or regex literal, no literal token among
///   unexpected nodes), and none of its tokens could lex differently after a jump (a regex literal or `/` operator
///   starting an item, a number starting an item, a statement starting with `init` or an initializer declared among
///   statements, a line break in trailing trivia);
/// - no item holding unexpected code starts after the edit: where such code stops depends on the list around it (a `}`
///   swallowed at the top level, or an `=` that stops before the `}` closing its block but swallows it at the top level);
/// - the nesting stays below the parser's limit;
/// - the edit cannot change how the text around it lexes: it neither removes nor inserts a quote, `#`, `\`, `/` or
///   backtick, has none beside it nor a backtick on its line, breaks no line after a comment's start, and lies
///   outside every literal — except plain text typed inside a segment of a single-line, non-raw string literal,
///   which lexes the same way whatever it says.
/// Anything else is parsed from scratch. The differential test (`mockls-fuzz differential`, run by `make test`)
/// checks that every tree parsed this way equals a full parse of the same text.
enum IncrementalParsePolicy {
    /// The parser's nesting limit, passed explicitly so that debug and release builds parse alike.
    static let maximumNestingLevel = 256

    /// What decides whether a tree can be the base of an incremental parse.
    struct ReuseFacts: Sendable {
        /// A malformed literal or a token that a stale lexer cursor would lex differently: no reuse at all.
        var isBlocked: Bool
        /// The start of the last item whose extent depends on its context: edits must come after it.
        var lastContextSensitiveItem: Int?
        /// At least the deepest nesting of brackets, angle brackets and `#if` blocks.
        var nestingBound: Int
    }

    // MARK: Facts of a tree

    /// The facts of a tree parsed from scratch (from `text`): one walk over its raw tokens, then over its errors.
    static func facts(of tree: SourceFileSyntax, text: [UInt8]) -> ReuseFacts {
        var walk = TokenWalk(text: text)
        walk.visit(tree.raw)
        var facts = ReuseFacts(isBlocked: walk.hazard, lastContextSensitiveItem: nil, nestingBound: walk.deepest)
        addErrorFacts(of: Syntax(tree), to: &facts)
        return facts
    }

    /// Every present token in order, with whether it starts a code-block item or member (the nodes swift-syntax
    /// reuses) and its byte position.
    private struct TokenWalk {
        let text: [UInt8]
        var position = 0
        var depth = 0
        var deepest = 0
        var hazard = false
        /// The next present token starts an item (a code-block item).
        var startsItem = false
        var startsCodeBlockItem = false

        mutating func visit(_ node: RawSyntax) {
            if let token = node.tokenView {
                if token.presence == .present { visit(token) }
                position += node.byteLength
                return
            }
            if node.kind == .codeBlockItem {
                startsItem = true
                startsCodeBlockItem = true
                // An initializer declared among statements (`convenience init` in a closure): in an initializer's
                // body the same tokens are two expressions (`parseCodeBlockItem(allowInitDecl:)`), so reused there
                // it would keep the wrong shape (found by `make fuzz`).
                if let item = node.layoutView?.children[1], item.kind == .initializerDecl { hazard = true }
            } else if node.kind == .memberBlockItem {
                startsItem = true
            }
            guard let layout = node.layoutView else { return }
            for child in layout.children {
                if let child { visit(child) }
            }
        }

        private mutating func visit(_ token: RawSyntaxTokenView) {
            defer {
                startsItem = false
                startsCodeBlockItem = false
            }
            let kind = token.rawKind
            switch kind {
            case .leftAngle, .leftBrace, .leftParen, .leftSquare, .poundIf: depth += 1
            case .rightAngle, .rightBrace, .rightParen, .rightSquare, .poundEndif: depth -= 1
            default: break
            }
            deepest = max(deepest, depth)
            guard !hazard else { return }
            hazard = isHazard(token, kind: kind)
        }

        /// A token whose lexing, right after a reused item, would depend on the stale lexer cursor. That token is the
        /// first of the next item (or closes the list).
        private func isHazard(_ token: RawSyntaxTokenView, kind: RawTokenKind) -> Bool {
            switch kind {
            case .regexSlash, .regexPoundDelimiter, .regexLiteralPattern:
                // Whether `/` starts a regex literal depends on the previous token
                // (`Lexer.Cursor.tryScanOperatorAsRegexLiteral`).
                if startsItem { return true }
            case .binaryOperator, .prefixOperator, .postfixOperator:
                if startsItem && token.rawText.contains(UInt8(ascii: "/")) { return true }
            case .integerLiteral, .floatLiteral:
                // `1.5` lexes as `1` `.5` after a period (`Lexer.Cursor.lexNumber`).
                if startsItem { return true }
            case .keyword:
                // A statement starting with `init` is a declaration except in an initializer's body.
                if startsCodeBlockItem && token.rawText == "init" { return true }
            case .stringSegment:
                // Inside a multi-line string literal the lexer puts line ends in trailing trivia; no item ends there.
                return false
            default:
                break
            }
            // A line break in trailing trivia, after any token (`Self/*⏎*/y` found by `make fuzz`): a block comment
            // spanning lines after code. After an opening `"""` the line break is the literal's own; only a comment
            // there counts.
            let start = position + token.leadingTriviaByteLength + token.textByteLength
            let end = min(start + token.trailingTriviaByteLength, text.count)
            guard start < end else { return false }
            if kind == .multilineStringQuote {
                return text[start..<end].contains(UInt8(ascii: "*"))
            }
            return text[start..<end].contains { $0 == 10 || $0 == 13 }
        }
    }

    /// Errors that block reuse, and items whose extent depends on their context. Only the subtrees that hold errors
    /// are visited (every node knows whether it has one).
    private static func addErrorFacts(of node: Syntax, to facts: inout ReuseFacts) {
        guard node.hasError || node.hasWarning, !facts.isBlocked else { return }
        if isLiteral(node) || node.is(ExpressionSegmentSyntax.self) {
            facts.isBlocked = true
            return
        }
        if let token = node.as(TokenSyntax.self) {
            if isLiteralToken(token.tokenKind) { facts.isBlocked = true }
            return
        }
        if node.is(UnexpectedNodesSyntax.self) {
            for token in node.tokens(viewMode: .all) where isLiteralToken(token.tokenKind) {
                facts.isBlocked = true
                return
            }
            // Where unexpected code stops depends on what ends the list around it: `{}=}` nested in a block stops
            // the `=` item before the block's `}`, at the top level the `}` joins it (found by `make fuzz`).
            if let item = enclosingItem(of: node) {
                facts.lastContextSensitiveItem = max(facts.lastContextSensitiveItem ?? 0, item.position.utf8Offset)
            }
            // Error recovery can swallow whole items (a closure's body, a function in a stray `case`) into unexpected
            // nodes: every item nested there is as context-sensitive, whether or not it holds an error of its own
            // (found by `make fuzz`: a `return` item inside a function swallowed by a `case`, reused after an edit
            // to the function's signature before it). The last of them starts latest.
            if let last = lastItemStart(in: node) {
                facts.lastContextSensitiveItem = max(facts.lastContextSensitiveItem ?? 0, last)
            }
        }
        for child in node.children(viewMode: .all) { addErrorFacts(of: child, to: &facts) }
    }

    /// Where the last code-block item or member nested in `node` starts: the rightmost one, found from the end.
    private static func lastItemStart(in node: Syntax) -> Int? {
        for child in node.children(viewMode: .all).reversed() {
            if let nested = lastItemStart(in: child) { return nested }
            if child.is(CodeBlockItemSyntax.self) || child.is(MemberBlockItemSyntax.self) { return child.position.utf8Offset }
        }
        return nil
    }

    private static func enclosingItem(of node: Syntax) -> Syntax? {
        var current = node.parent
        while let candidate = current {
            if candidate.is(CodeBlockItemSyntax.self) || candidate.is(MemberBlockItemSyntax.self) { return candidate }
            current = candidate.parent
        }
        return nil
    }

    private static func isLiteral(_ node: Syntax) -> Bool {
        node.is(StringLiteralExprSyntax.self) || node.is(SimpleStringLiteralExprSyntax.self)
            || node.is(RegexLiteralExprSyntax.self)
    }

    private static func isLiteralToken(_ kind: TokenKind) -> Bool {
        switch kind {
        case .stringQuote, .multilineStringQuote, .singleQuote, .rawStringPoundDelimiter, .stringSegment, .backslash,
            .regexSlash, .regexPoundDelimiter, .regexLiteralPattern:
            return true
        default:
            return false
        }
    }

    // MARK: The edit

    /// One replacement that turns the old text into the new one, on whole UTF-8 characters.
    struct TextEdit {
        /// The bytes replaced, in the old text, and those replacing them, in the new.
        let old: Range<Int>
        let new: Range<Int>
        let removed: ArraySlice<UInt8>
        let inserted: ArraySlice<UInt8>
        /// The old text's bytes beside the edit.
        let before: UInt8?
        let after: UInt8?

        init(from oldText: [UInt8], to newText: [UInt8]) {
            var (old, new) = changedRange(from: oldText, to: newText)
            func isContinuation(_ byte: UInt8) -> Bool { byte & 0xC0 == 0x80 }
            while old.lowerBound > 0, old.lowerBound < oldText.count, isContinuation(oldText[old.lowerBound]) {
                old = (old.lowerBound - 1)..<old.upperBound
                new = (new.lowerBound - 1)..<new.upperBound
            }
            while old.upperBound < oldText.count, isContinuation(oldText[old.upperBound]) {
                old = old.lowerBound..<(old.upperBound + 1)
                new = new.lowerBound..<(new.upperBound + 1)
            }
            self.old = old
            self.new = new
            removed = oldText[old]
            inserted = newText[new]
            before = old.lowerBound > 0 ? oldText[old.lowerBound - 1] : nil
            after = old.upperBound < oldText.count ? oldText[old.upperBound] : nil
            sharesALineWithABacktick = Self.lineHoldsBacktick(oldText, around: old) || Self.lineHoldsBacktick(newText, around: new)
            let breaksLines = removed.contains { $0 == 10 || $0 == 13 } || inserted.contains { $0 == 10 || $0 == 13 }
            breaksACommentLine = breaksLines && Self.lineStartsAComment(oldText, before: old.lowerBound)
        }

        /// Whether the edit adds or removes a line break on a line where a comment starts before it: a line comment
        /// ends at the break, so what follows turns from comment into code or back (make fuzz: a line break typed
        /// inside `//el"\({`).
        let breaksACommentLine: Bool

        private static func lineStartsAComment(_ text: [UInt8], before offset: Int) -> Bool {
            var index = min(offset, text.count)
            while index > 1, text[index - 1] != 10, text[index - 1] != 13 {
                if text[index - 2] == UInt8(ascii: "/"), text[index - 1] == UInt8(ascii: "/") || text[index - 1] == UInt8(ascii: "*") {
                    return true
                }
                index -= 1
            }
            return false
        }

        /// Whether a backtick stands on the line (or lines) the edit touches, in the old or the new text. A backtick
        /// pairs with the next one on its line into one identifier token (raw identifiers take spaces and
        /// punctuation), so an edit that joins or splits lines, anywhere on such a line, changes how text before it
        /// lexes (make fuzz: removing a line break between two lone backticks).
        let sharesALineWithABacktick: Bool

        private static func lineHoldsBacktick(_ text: [UInt8], around range: Range<Int>) -> Bool {
            func isLineEnd(_ byte: UInt8) -> Bool { byte == 10 || byte == 13 }
            var index = min(range.lowerBound, text.count)
            while index > 0, !isLineEnd(text[index - 1]) {
                index -= 1
                if text[index] == UInt8(ascii: "`") { return true }
            }
            index = min(range.lowerBound, text.count)
            while index < text.count, index < range.upperBound || !isLineEnd(text[index]) {
                if text[index] == UInt8(ascii: "`") { return true }
                index += 1
            }
            return false
        }

        var isEmpty: Bool { old.isEmpty && new.isEmpty }

        /// How much deeper the new text can nest than the old.
        var nestingIncrease: Int {
            inserted.reduce(0) { $0 + (IncrementalParsePolicy.opening.contains($1) ? 1 : 0) }
                + removed.reduce(0) { $0 + (IncrementalParsePolicy.closing.contains($1) ? 1 : 0) }
        }
    }

    private static let opening: Set<UInt8> = Set("{([<#".utf8)
    private static let closing: Set<UInt8> = Set("})]>#".utf8)
    /// Bytes whose insertion or removal can change the lexer's state beyond the edit.
    private static let lexicalBytes: Set<UInt8> = Set("\"'#\\/`".utf8)
    /// Bytes that can turn (part of) a string segment into something else.
    private static let segmentBytes: Set<UInt8> = Set("\"\\#\n\r".utf8)

    /// Whether `tree`, with `facts`, may be reused for the text after `edit`.
    static func allowsReuse(of tree: SourceFileSyntax, facts: ReuseFacts, edit: TextEdit) -> Bool {
        guard !facts.isBlocked, facts.nestingBound + edit.nestingIncrease < maximumNestingLevel - 1 else { return false }
        if let item = facts.lastContextSensitiveItem, item >= edit.old.upperBound { return false }
        if isInsideStringSegment(edit.old, of: tree) {
            return !edit.removed.contains(where: segmentBytes.contains) && !edit.inserted.contains(where: segmentBytes.contains)
        }
        if edit.removed.contains(where: lexicalBytes.contains) || edit.inserted.contains(where: lexicalBytes.contains) {
            return false
        }
        if edit.sharesALineWithABacktick || edit.breaksACommentLine { return false }
        if let before = edit.before, lexicalBytes.contains(before) { return false }
        if let after = edit.after, lexicalBytes.contains(after) { return false }
        let count = tree.totalLength.utf8Length
        // With no quote in it or beside it, an edit that reaches into a literal starts or ends inside one.
        for offset in [edit.old.lowerBound, edit.old.upperBound - 1] where offset >= 0 && offset < count {
            if let token = tree.token(at: AbsolutePosition(utf8Offset: offset)), isInsideLiteral(token) { return false }
        }
        return true
    }

    private static func isInsideLiteral(_ token: TokenSyntax) -> Bool {
        var node: Syntax? = Syntax(token)
        while let current = node {
            if isLiteral(current) { return true }
            if current.is(CodeBlockItemSyntax.self) || current.is(MemberBlockItemSyntax.self) { return false }
            node = current.parent
        }
        return false
    }

    /// The range lies within (or at either end of) the text of one segment of a single-line, non-raw string literal
    /// that is not inside another literal.
    private static func isInsideStringSegment(_ range: Range<Int>, of tree: SourceFileSyntax) -> Bool {
        guard range.lowerBound > 0, var token = tree.token(at: AbsolutePosition(utf8Offset: range.lowerBound - 1)) else {
            return false
        }
        while token.positionAfterSkippingLeadingTrivia.utf8Offset <= range.lowerBound {
            if token.tokenKind.isStringSegment, range.upperBound <= token.endPositionBeforeTrailingTrivia.utf8Offset {
                guard let literal = token.parent?.parent?.parent?.as(StringLiteralExprSyntax.self),
                    literal.openingQuote.tokenKind == .stringQuote, literal.openingPounds == nil, !literal.hasError
                else { return false }
                var ancestor = literal.parent
                while let node = ancestor {
                    if isLiteral(node) { return false }
                    ancestor = node.parent
                }
                return true
            }
            guard let next = token.nextToken(viewMode: .sourceAccurate) else { return false }
            token = next
        }
        return false
    }
}

private extension TokenKind {
    var isStringSegment: Bool {
        if case .stringSegment = self { return true }
        return false
    }
}

