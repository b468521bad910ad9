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
/// lookahead passes over what follows: `let a = [[[[…1]]]]` 22 deep takes a second, `[(` or `[a.b<` chains of 50 (one
/// fuzzer input, typed in a test file) never finish, and the server stops answering.
///
/// This guard estimates that cost before parsing, over-approximating what the lookahead accepts: a *run* starts at a
/// `[`, and goes on while the bytes could belong to a type (identifiers, `.`, `,`, `:`, `<`, `>`, `(`, `)`, `?`, `!`,
/// `&`, `@`, `-`, whitespace and brackets); any other byte (a string quote, `{`, `=`, an operator, a comment's `/`)
/// ends every lookahead in progress. Each byte of a run costs 2^d, d being the number of `[` opened in the run and
/// not closed. Real code stays far below the budget: nested array types and literals a few levels deep, dictionary
/// literals whose string keys end the run at once. When a run goes over, the `[` it opens below its outermost one
/// (and their `]`) are handed to the parser as `(` and `)`: the same length, so every offset and every other token is
/// unchanged, and the tree keeps the file's shape where anyone could read it.
public enum LookaheadGuard {
    /// The most lookahead work a run may cost, in bytes times lookahead passes: about 50 ms of parsing at worst
    /// (`[a.b<` 14 deep), hundreds of times what the deepest nesting in real tests costs.
    public static let budget = 1 << 18

    /// The text to hand the parser: nil when `text` is safe as it is, else a copy with the costly brackets rewritten.
    public static func guarded(_ text: [UInt8]) -> [UInt8]? {
        let runs = costlyRuns(in: text[...])
        guard !runs.isEmpty else { return nil }
        // A long run with no `[` inside its first is linear: nothing to rewrite.
        let rewritten = rewriting(runs, in: text)
        return rewritten == text ? nil : rewritten
    }

    /// Whether a run over the budget touches `range` of `text` (an edit, in a text whose other runs are known to be
    /// cheap). Runs end at the first byte that is neither type-shaped nor a bracket, so only the stretch of such bytes
    /// around the edit is read.
    public static func hasCostlyRun(in text: [UInt8], around range: Range<Int>) -> Bool {
        var lower = min(range.lowerBound, text.count)
        while lower > 0, isTypeShaped(text[lower - 1]) || text[lower - 1] == UInt8(ascii: "[") || text[lower - 1] == UInt8(ascii: "]") {
            lower -= 1
        }
        var upper = min(max(range.upperBound, lower), text.count)
        while upper < text.count, isTypeShaped(text[upper]) || text[upper] == UInt8(ascii: "[") || text[upper] == UInt8(ascii: "]") {
            upper += 1
        }
        return !costlyRuns(in: text[lower..<upper]).isEmpty
    }

    /// The start of every run over the budget, as offsets into `text`'s indices.
    static func costlyRuns(in text: ArraySlice<UInt8>) -> [Int] {
        var starts: [Int] = []
        let first = text.startIndex
        text.withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress else { return }
            var offset = 0
            while offset < bytes.count,
                let found = memchr(base + offset, Int32(UInt8(ascii: "[")), bytes.count - offset)
            {
                let start = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                var depth = 0
                var cost = 0
                var index = start
                run: while index < bytes.count {
                    let byte = bytes[index]
                    if byte == UInt8(ascii: "[") {
                        depth += 1
                    } else if byte == UInt8(ascii: "]") {
                        depth -= 1
                        if depth == 0 { break run }
                    } else if !isTypeShaped(byte) {
                        break run
                    }
                    cost = min(cost + (1 << min(depth, 40)), budget + 1)
                    index += 1
                }
                if cost > budget { starts.append(first + start) }
                offset = max(index, start + 1)
            }
        }
        return starts
    }

    /// `text` with every `[` opened inside a run that starts at one of `starts` (below the run's first `[`) turned
    /// into `(`, and its matching `]` into `)`.
    static func rewriting(_ starts: [Int], in text: [UInt8]) -> [UInt8] {
        var result = text
        var open: [Bool] = []  // Each open `[`: whether it was rewritten.
        var nextStart = 0
        var inRun = false
        var runDepth = 0
        for index in text.indices {
            let byte = text[index]
            if nextStart < starts.count, index == starts[nextStart] {
                nextStart += 1
                inRun = true
                runDepth = 0
            }
            if byte == UInt8(ascii: "[") {
                let rewrite = inRun && runDepth >= 1
                if inRun { runDepth += 1 }
                if rewrite { result[index] = UInt8(ascii: "(") }
                open.append(rewrite)
            } else if byte == UInt8(ascii: "]") {
                if let rewritten = open.popLast(), rewritten { result[index] = UInt8(ascii: ")") }
                if inRun {
                    runDepth -= 1
                    if runDepth <= 0 { inRun = false }
                }
            } else if inRun, !isTypeShaped(byte) {
                inRun = false
            }
        }
        return result
    }

    /// Whether a byte can be part of a type (or be skipped between its tokens) in swift-syntax's lookahead; generous.
    @inline(__always)
    static func isTypeShaped(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "_"), UInt8(ascii: "$"), 0x80...0xFF,
            UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"),
            UInt8(ascii: "."), UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "<"), UInt8(ascii: ">"),
            UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "?"), UInt8(ascii: "!"), UInt8(ascii: "&"),
            UInt8(ascii: "@"), UInt8(ascii: "-"), UInt8(ascii: "~"), UInt8(ascii: "`"), UInt8(ascii: "#"):
            return true
        default:
            return false
        }
    }
}
