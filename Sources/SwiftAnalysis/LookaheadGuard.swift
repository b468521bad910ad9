import SourceText

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Keeps swift-syntax's type lookahead linear on any text, by rewriting the few `[` that would make it exponential.
///
/// The finding (swift-syntax 603, `SwiftParser/Types.swift`): at every `[` that may start a type,
/// `canParseCollectionTypeBody` first looks ahead for InlineArray sugar (`[3 of Int]`), which scans the whole element
/// type, and when that fails scans the element type again as an array or dictionary element. Each `[` nested in the
/// element doubles the work, and the parser asks at every `[` in expression position too
/// (`parseSpecialCollectionLiteral`). So text whose `[` nest with only type-shaped tokens between them costs 2^depth
/// lookahead passes over what follows: `let a = [[[[…1]]]]` 22 deep takes a second, `[(` or `[a.b<` chains of 50 (two
/// fuzzer inputs, typed in a test file) never finish, and the server stops answering.
///
/// This guard estimates that cost before parsing, over-approximating what the lookahead accepts: a *run* starts at a
/// `[`, and goes on while the bytes could belong to a type or lie between its tokens (identifiers, `.`, `,`, `:`, `<`,
/// `>`, `(`, `)`, `?`, `!`, `&`, `@`, `-`, brackets, white space and control bytes, comments); any other byte (a string
/// quote, `{`, `=`, an operator) ends every lookahead in progress, and so does the `]` that closes the run's first
/// `[`. Every `[` starts a run, also inside another (a comment to this scan may be string content to the lexer).
/// Each byte of a run costs 2^d, d being the number of `[` opened in the run and not closed. Real code stays far
/// below the budget: nested array types and literals a few levels deep, dictionary literals whose string keys end
/// the run at once. When a run goes over, the `[` it opens below its outermost one (and the `]` closing them in the
/// run) are handed to the parser as `(` and `)`: the same length, so every offset and every other token is
/// unchanged, and the tree keeps the file's shape where anyone could read it.
///
/// Attributes multiply it (a fuzzer input, 518 bytes taking 7 s): at each `@` of a chain the parser's recovery asks
/// whether a declaration starts, and the custom-attribute lookahead reads the `[` run after the chain again, so a run
/// just under the budget is paid once per `@` before it. A run's cost counts every `@` in the type-shaped stretch
/// before its `[` (up to `attributeReach` bytes back).
///
/// A second, independent cost (a swift-syntax fuzz finding, 1 KB taking 1.5 s to parse): brackets and parentheses
/// left open across many lines (`/[[[[x⏎-[[[[x⏎…`) nest every following line deeper, and at each element that lacks
/// its comma the parser's recovery looks ahead to the end of the nesting, so the parse is quadratic in the lines
/// times the depth. No real code leaves more than a few open; past `depthLimit` open at once, the guard hands the
/// parser a space for each further `[` or `(` (and for the `]` or `)` that closes it), same length again.
public enum LookaheadGuard {
    /// The most `[` and `(` open at once that the parser gets: half its nesting limit, ten times a real file's
    /// deepest nesting.
    public static let depthLimit = 128

    /// The most lookahead work a run may cost, in bytes times lookahead passes: under 100 ms of parsing at worst
    /// (`[a.b<` 14 deep, release build), hundreds of times what the deepest nesting in real tests costs.
    public static let budget = 1 << 18

    /// How far before a run its `@`s are counted.
    static let attributeReach = 4096

    /// A stretch of text the lookahead may read from one `[`: `start` is that `[`, `end` the byte that ends the run
    /// (or the text's length).
    public struct Run: Sendable, Equatable {
        public let start: Int
        public let end: Int
        public let cost: Int
        public var isCostly: Bool { cost > LookaheadGuard.budget }
    }

    /// What the parser should be handed for `text`, and the runs found in it.
    public struct Scan: Sendable {
        /// A copy of the text with the costly runs rewritten, or nil when the text is safe as it is.
        public let guarded: [UInt8]?
        /// Every run of the text, in order (for `hasCostlyRun(in:replacing:with:base:)` on a later version).
        public let runs: [Run]
        /// The most `[` and `(` open at once in the text (before any rewrite).
        public var depth = 0
    }

    public static func scan(_ text: [UInt8]) -> Scan {
        let runs = runs(in: text)
        let costly = runs.filter(\.isCostly)
        let depth = deepestNesting(in: text)
        guard !costly.isEmpty || depth > depthLimit else { return Scan(guarded: nil, runs: runs, depth: depth) }
        var rewritten = costly.isEmpty ? text : rewriting(costly, in: text)
        if depth > depthLimit { rewritten = limitingDepth(of: rewritten) }
        // A long run with no `[` inside its first is linear: nothing to rewrite.
        return Scan(guarded: rewritten == text ? nil : rewritten, runs: runs, depth: depth)
    }

    /// The most `[` and `(` open at once, outside comments and string literals.
    static func deepestNesting(in text: [UInt8]) -> Int {
        var depth = 0
        var deepest = 0
        forEachBracket(in: text) { _, opens in
            if opens {
                depth += 1
                deepest = max(deepest, depth)
            } else {
                depth = max(0, depth - 1)
            }
        }
        return deepest
    }

    /// `text` with every `[` or `(` opened while `depthLimit` are open turned into a space, and the `]` or `)` that
    /// closes it too.
    static func limitingDepth(of text: [UInt8]) -> [UInt8] {
        var result = text
        var open: [Bool] = []  // for each bracket open, whether it was rewritten
        var kept = 0
        forEachBracket(in: text) { offset, opens in
            if opens {
                let rewrite = kept >= depthLimit
                open.append(rewrite)
                if rewrite { result[offset] = UInt8(ascii: " ") } else { kept += 1 }
            } else if let rewritten = open.popLast() {
                if rewritten { result[offset] = UInt8(ascii: " ") } else { kept -= 1 }
            }
        }
        return result
    }

    /// Each `[`, `(`, `]` and `)` outside comments and string literals (as far as a byte scan tells them: a string
    /// ends at its closing quote or, single-line, at the line's end; raw strings at their quote and pounds).
    private static func forEachBracket(in text: [UInt8], _ body: (_ offset: Int, _ opens: Bool) -> Void) {
        let count = text.count
        func at(_ index: Int) -> UInt8 { index < count ? text[index] : 0 }
        var index = 0
        while index < count {
            let byte = text[index]
            switch byte {
            case UInt8(ascii: "["), UInt8(ascii: "("):
                body(index, true)
                index += 1
            case UInt8(ascii: "]"), UInt8(ascii: ")"):
                body(index, false)
                index += 1
            case UInt8(ascii: "/") where at(index + 1) == UInt8(ascii: "/"):
                while index < count, text[index] != 10, text[index] != 13 { index += 1 }
            case UInt8(ascii: "/") where at(index + 1) == UInt8(ascii: "*"):
                var nesting = 1
                index += 2
                while index < count, nesting > 0 {
                    if text[index] == UInt8(ascii: "*"), at(index + 1) == UInt8(ascii: "/") {
                        nesting -= 1
                        index += 2
                    } else if text[index] == UInt8(ascii: "/"), at(index + 1) == UInt8(ascii: "*") {
                        nesting += 1
                        index += 2
                    } else {
                        index += 1
                    }
                }
            case UInt8(ascii: "#"), UInt8(ascii: "\""):
                // `#…#"`: a raw string's pounds; `"""`: a multi-line one.
                var pounds = 0
                while at(index + pounds) == UInt8(ascii: "#") { pounds += 1 }
                guard at(index + pounds) == UInt8(ascii: "\"") else {
                    index += max(1, pounds)
                    continue
                }
                index += pounds
                let multiline = at(index + 1) == UInt8(ascii: "\"") && at(index + 2) == UInt8(ascii: "\"")
                index += multiline ? 3 : 1
                while index < count {
                    let current = text[index]
                    if !multiline, current == 10 || current == 13 { break }
                    if current == UInt8(ascii: "\\"), pounds == 0 {
                        index += 2
                        continue
                    }
                    if current == UInt8(ascii: "\""), !multiline || (at(index + 1) == UInt8(ascii: "\"") && at(index + 2) == UInt8(ascii: "\"")) {
                        let end = index + (multiline ? 3 : 1)
                        var closing = 0
                        while closing < pounds, at(end + closing) == UInt8(ascii: "#") { closing += 1 }
                        if closing == pounds {
                            index = end + pounds
                            break
                        }
                    }
                    index += 1
                }
            default:
                index += 1
            }
        }
    }

    /// The text to hand the parser: nil when `text` is safe as it is, else a copy with the costly brackets rewritten.
    public static func guarded(_ text: [UInt8]) -> [UInt8]? { scan(text).guarded }

    /// Whether `text`, an edit of a text whose runs were `base` (all cheap), has a costly run. Text before the edit is
    /// the base's, and a run depends only on the bytes from its start on, so only the runs from the first one that
    /// reaches the edit, through the end of the edit, are walked again.
    public static func hasCostlyRun(in text: [UInt8], replacing old: Range<Int>, with new: Range<Int>, base: [Run]) -> Bool {
        // Runs overlap (each `[` starts one): the earliest that starts before the edit and reaches it.
        var from = old.lowerBound
        for run in base {
            if run.start > old.lowerBound { break }
            if run.end >= old.lowerBound {
                from = run.start
                break
            }
        }
        // A run after the edit costs more when the edit brought `@`s before it: those runs are walked again too.
        var last = new.upperBound
        while last < text.count, last - new.upperBound < attributeReach, isTypeShaped(text[last]) || text[last] == UInt8(ascii: "[") {
            last += 1
        }
        return runs(in: text, from: from, startingThrough: last).contains(where: \.isCostly)
    }

    /// The runs of `text` that start at or after `from`, and no later than `last`.
    static func runs(in text: [UInt8], from: Int = 0, startingThrough last: Int = .max) -> [Run] {
        var found: [Run] = []
        text.withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress else { return }
            var offset = max(0, from)
            while offset < bytes.count, offset <= last,
                let hit = memchr(base + offset, Int32(UInt8(ascii: "[")), bytes.count - offset)
            {
                let start = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                guard start <= last else { break }
                let run = walk(bytes, from: start, stoppingOverBudget: true) { _, _, _ in }
                let attributes = attributesBefore(start, in: bytes)
                found.append(Run(start: run.start, end: run.end, cost: min(run.cost &* (1 + attributes), budget + 1)))
                // Every `[` starts a run of its own, even one inside the last: what the walk took for a comment may
                // be the inside of a string literal, and the code after the string's end would be hidden (a fuzzer
                // input: `/// … """[[[[…` inside a multi-line string).
                offset = start + 1
            }
        }
        return found
    }

    /// The `@`s in the type-shaped bytes right before `start`: each asks the lookahead to read the run again.
    private static func attributesBefore(_ start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0
        var index = start - 1
        while index >= max(0, start - attributeReach), isTypeShaped(bytes[index]) || bytes[index] == UInt8(ascii: "[") {
            if bytes[index] == UInt8(ascii: "@") { count += 1 }
            index -= 1
        }
        return count
    }

    /// Walks one run from its first `[`, telling `bracket` each `[` and `]` (offset, whether it opens, the depth
    /// inside it).
    private static func walk(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, stoppingOverBudget: Bool = false,
        bracket: (Int, Bool, Int) -> Void
    ) -> Run {
        var depth = 0
        var cost = 0
        var index = start
        func add(_ count: Int) {
            cost = min(cost &+ count &* (1 << min(depth, 40)), budget + 1)
        }
        run: while index < bytes.count, !(stoppingOverBudget && cost > budget) {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "["):
                depth += 1
                bracket(index, true, depth)
            case UInt8(ascii: "]"):
                bracket(index, false, depth)
                depth -= 1
                if depth == 0 { break run }
            case UInt8(ascii: "/"):
                // Comments are trivia to the lexer: the lookahead reads through them.
                let next = index + 1 < bytes.count ? bytes[index + 1] : 0
                if next == UInt8(ascii: "/") {
                    var end = index + 2
                    while end < bytes.count, bytes[end] != 10, bytes[end] != 13 { end += 1 }
                    add(end - index)
                    index = end
                    continue run
                } else if next == UInt8(ascii: "*") {
                    var end = index + 2
                    var nesting = 1
                    while end < bytes.count, nesting > 0 {
                        if bytes[end] == UInt8(ascii: "*"), end + 1 < bytes.count, bytes[end + 1] == UInt8(ascii: "/") {
                            nesting -= 1
                            end += 2
                        } else if bytes[end] == UInt8(ascii: "/"), end + 1 < bytes.count, bytes[end + 1] == UInt8(ascii: "*") {
                            nesting += 1
                            end += 2
                        } else {
                            end += 1
                        }
                    }
                    add(end - index)
                    index = end
                    continue run
                }
                break run
            default:
                if !isTypeShaped(byte) { break run }
            }
            add(1)
            index += 1
        }
        return Run(start: start, end: min(index, bytes.count), cost: cost)
    }

    /// `text` with every `[` opened inside one of `runs` below the run's first `[` turned into `(`, and the `]` that
    /// closes it in the run into `)`.
    static func rewriting(_ runs: [Run], in text: [UInt8]) -> [UInt8] {
        var result = text
        text.withUnsafeBufferPointer { bytes in
            for run in runs {
                var rewritten: [Bool] = []
                _ = walk(bytes, from: run.start) { offset, opens, depth in
                    if opens {
                        rewritten.append(depth >= 2)
                        if depth >= 2 { result[offset] = UInt8(ascii: "(") }
                    } else if rewritten.popLast() == true {
                        result[offset] = UInt8(ascii: ")")
                    }
                }
            }
        }
        return result
    }

    /// Whether a byte can be part of a type or lie between its tokens in swift-syntax's lookahead; generous.
    @inline(__always)
    static func isTypeShaped(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "_"), UInt8(ascii: "$"), 0x80...0xFF,
            // White space, and control bytes the lexer skips as unexpected trivia.
            0x00...0x20, 0x7F,
            UInt8(ascii: "."), UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "<"), UInt8(ascii: ">"),
            UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "?"), UInt8(ascii: "!"), UInt8(ascii: "&"),
            UInt8(ascii: "@"), UInt8(ascii: "-"), UInt8(ascii: "~"), UInt8(ascii: "`"), UInt8(ascii: "#"):
            return true
        default:
            return false
        }
    }
}
