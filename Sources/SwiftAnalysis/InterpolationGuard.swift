#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SourceText

/// Keeps swift-syntax from trapping on a multi-line string literal written inside the interpolation of a single-line
/// string, by handing the parser spaces for that literal's `"""`.
///
/// The finding (swift-syntax 603, a libFuzzer input on the swift surface): `"\(t""""""a n"""` ends the process in a
/// *full* parse. Inside the interpolation the lexer reads `""""""` as a multi-line literal, then `a`, its trailing
/// trivia (a space, a tab, a comment, any character Swift does not allow), `n` and a second `"""`; the parser's
/// post-processing of that second literal finds trivia after its last segment that is not an escaped newline, and
/// `reclassifyNewlineOfLastSegmentAsTrivia` fails its precondition ("The lexer should only add trailing trivia to a
/// string segment if the newline is escaped by a backslash", `StringLiterals.swift:181`). Raw strings do it too
/// (`#"\#(t""""""a n"""`), and so does a literal spanning lines (`"\(t"""⏎"""a n"""`). A typo or a paste in a test
/// is enough.
///
/// No Swift program has a `"""` there: a single-line string ends at its line, and so does an interpolation in it; a
/// `"""` inside a single-line string ends that string. So every `"""` between an interpolation's `\(` and the `)`
/// that closes it is handed to the parser as three spaces: the same length, every offset and every other token
/// unchanged, and the trap unreachable whatever follows. And, whatever the lexer's state, so is every run of quotes
/// where no multi-line literal can open or close (`blankMisplacedDelimiters`), in a text with an interpolation.
///
/// The scan starts at every `\(` (`\#(` in raw strings), wherever it is: what comes before a `\(` (a regex literal
/// holding a quote, a character in single quotes) cannot make it miss one. From there it follows what the lexer
/// follows to find the closing `)`: parentheses, strings nested in the interpolation with their `#` delimiters,
/// escapes and own interpolations, character and regex literals (the lexer reads `'…'` as a string, to report it),
/// block comments (which may span lines), and the newline that ends it all (see `scanInterpolation`). A `\(` in
/// a comment or a raw string is followed too (the scan cannot tell), which may blank quotes in that comment or string,
/// and, when nothing closes it, in the code after it on its line: never seen in real code, and the price of missing
/// no interpolation (a `*/` there is an operator to the lexer: the fuzzer tried). A grammar search around the finding
/// checks what the scan follows against swift-syntax itself: 240,000 mutations of the traps found (`mockls-fuzz
/// replay swift`), and 3,000 seeded ones in `InterpolationGuardTests`, none trapping.
public enum InterpolationGuard {
    /// The offsets of the bytes to hand the parser as spaces: the quotes of every `"""` inside an interpolation, and
    /// of every misplaced run of them. Nothing of the code a compiler accepts (its comments and raw strings may lose
    /// quotes, its tokens stay).
    public static func blankedQuotes(in text: [UInt8]) -> [Int] {
        // Fast path: no `"""`, or no interpolation at all, and nothing can trap.
        guard text.contains(bytes: "\"\"\""), text.contains(bytes: "\\(") || text.contains(bytes: "\\#") else { return [] }
        return text.withUnsafeBufferPointer { Scanner(text: $0).blanks() }
    }

    /// `text` with `blankedQuotes(in:)` turned into spaces, or nil when there are none.
    public static func guarded(_ text: [UInt8]) -> [UInt8]? {
        let blanks = blankedQuotes(in: text)
        guard !blanks.isEmpty else { return nil }
        var guarded = text
        for offset in blanks { guarded[offset] = space }
        return guarded
    }

    /// The scan follows interpolations over at most this many bytes per byte of text (real code: well under one);
    /// past it, every `"""` from there to the end is blanked, which keeps the scan linear on any text (interpolations
    /// that each open a block comment to the end of the text would make it quadratic).
    static let workPerByte = 8

    private static let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\"), hash = UInt8(ascii: "#")
    private static let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t")
    private static let newline = UInt8(ascii: "\n"), carriageReturn = UInt8(ascii: "\r")
    private static let slash = UInt8(ascii: "/"), star = UInt8(ascii: "*"), apostrophe = UInt8(ascii: "'")
    private static let open = UInt8(ascii: "("), close = UInt8(ascii: ")")

    private struct Scanner {
        let text: UnsafeBufferPointer<UInt8>

        /// Where the lexer is inside an interpolation: code (with the parentheses open in it), or a nested string.
        enum Frame {
            case code(parentheses: Int)
            /// A string (`"`), a character (`'`: the lexer reads one as a string, to report it) or a regex literal
            /// (`/`), with its `#` delimiters.
            case string(hashes: Int, terminator: UInt8)
        }

        func blanks() -> [Int] {
            var blanks: Set<Int> = []
            var budget = workPerByte * text.count + 65_536
            var index = next(backslash, from: 0)
            while index < text.count {
                if let start = interpolationStart(after: index), start > index + 2 || isUnescaped(index) {
                    // `\\(` is an escaped backslash in a string; `\\#(` in a raw string is a backslash, then `\#(`.
                    scanInterpolation(from: start, into: &blanks, budget: &budget)
                    if budget <= 0 {
                        blankToEnd(from: start, into: &blanks)
                        break
                    }
                }
                index = next(backslash, from: index + 1)
            }
            blankMisplacedDelimiters(into: &blanks)
            return blanks.sorted()
        }

        /// Second, independent of any lexer state: a `"""` where no multi-line literal can open or close (an opening
        /// is followed by its line's end, after any `#`; a closing has only spaces before it on its line) is blanked,
        /// with the quotes run it is part of. Real code has `"""` only there, in comments, escaped (`\"""`, kept), or
        /// in a raw string's text (blanking it changes the text, not the tokens); every trap the grammar search found
        /// needs one elsewhere (`""""""`, `n"""`), also where the scan above reads the lexer's state wrong.
        private func blankMisplacedDelimiters(into blanks: inout Set<Int>) {
            var index = next(quote, from: 0)
            while index < text.count {
                var end = index
                while end < text.count, text[end] == quote { end += 1 }
                // An escaped first quote is text: the delimiter, if any, is the rest of the run.
                let start = index > 0 && text[index - 1] == backslash && isUnescaped(index - 1) ? index + 1 : index
                if end - start >= 3 {
                    var after = end
                    while after < text.count, text[after] == hash { after += 1 }
                    let opens = end - start == 3 && (after == text.count || text[after] == newline || text[after] == carriageReturn)
                    var before = start
                    while before > 0, text[before - 1] == space || text[before - 1] == tab { before -= 1 }
                    let closes = end - start == 3 && (before == 0 || text[before - 1] == newline || text[before - 1] == carriageReturn)
                    if !opens && !closes {
                        // Without a quote next to a `#`: it may open or close a raw string (`#""`, `""""#`).
                        let first = start > 0 && text[start - 1] == hash ? start + 1 : start
                        let last = end < text.count && text[end] == hash ? end - 1 : end
                        if first < last { blanks.formUnion(first..<last) }
                    }
                }
                index = next(quote, from: end)
            }
        }

        /// The offset of the next `byte` at or after `start` (`memchr`), or the text's length.
        private func next(_ byte: UInt8, from start: Int) -> Int {
            guard start < text.count, let base = text.baseAddress,
                let found = memchr(base + start, Int32(byte), text.count - start)
            else { return text.count }
            return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }

        /// Whether the backslash at `index` is not itself escaped (an even number of backslashes before it).
        private func isUnescaped(_ index: Int) -> Bool {
            var before = index - 1
            while before >= 0, text[before] == backslash { before -= 1 }
            return (index - 1 - before) % 2 == 0
        }

        /// After a `\`: the offset after `(` when `#`s and a `(` follow (an interpolation), else nil.
        private func interpolationStart(after index: Int) -> Int? {
            var next = index + 1
            while next < text.count, text[next] == hash { next += 1 }
            return next < text.count && text[next] == open ? next + 1 : nil
        }

        /// Follows one interpolation from after its `(` to the `)` that closes it, blanking every `"""` met (in any
        /// frame: no `"""` belongs there); `budget` counts the bytes looked at. The line ends the interpolation, as
        /// it does for the lexer, unless a string, character or regex literal nested in it was still open: the
        /// lexer then stays in the interpolation on the next lines (the grammar search found `"\(#"⏎⏎""""""a n"""`
        /// and `"\('#"⏎x""""""a n"""`), and so does this scan, to the `)`. A line also ends the interpolations and
        /// strings nested in this one, and this one goes on (`"\(#"\\#(⏎""""""a n"""`).
        private func scanInterpolation(from start: Int, into blanks: inout Set<Int>, budget: inout Int) {
            var frames: [Frame] = [.code(parentheses: 0)]
            var index = start
            var acrossLines = false
            /// The last byte of code that was not a space: whether a `/` may open a regex literal.
            var previous = open
            defer { budget -= max(1, index - start) }
            while index < text.count, !frames.isEmpty, index - start < budget {
                let byte = text[index]
                if isTripleQuote(at: index) {
                    blanks.formUnion(index..<(index + 3))
                    index += 3
                    continue
                }
                switch frames[frames.count - 1] {
                case .code(let parentheses):
                    if byte == newline || byte == carriageReturn {
                        // The line ends an interpolation nested in a string nested here, and that string: this one
                        // goes on.
                        if frames.count > 1 {
                            frames.removeLast(frames.count - 1)
                            acrossLines = true
                        }
                        guard acrossLines else { return }
                        index += 1
                    } else if byte == slash, index + 1 < text.count, text[index + 1] == star {
                        index = BlockComment.end(in: text, from: index)
                    } else if byte == slash, index + 1 < text.count, text[index + 1] == slash {
                        while index < text.count, text[index] != newline, text[index] != carriageReturn { index += 1 }
                    } else if byte == hash || byte == quote || byte == apostrophe || (byte == slash && mayOpenRegex(at: index, after: previous)) {
                        // Where the lexer may read a regex literal or a character otherwise than this scan, a literal
                        // may be left open at the line's end (`"\(/#"/*⏎""""""a n"""`): the interpolation goes on.
                        if byte == apostrophe || byte == slash || (byte == hash && isRegexAfterHashes(at: index)) {
                            acrossLines = true
                        }
                        var hashes = 0
                        while index + hashes < text.count, text[index + hashes] == hash { hashes += 1 }
                        let delimiter = index + hashes < text.count ? text[index + hashes] : 0
                        if [quote, apostrophe, slash].contains(delimiter), !isTripleQuote(at: index + hashes) {
                            frames.append(.string(hashes: hashes, terminator: delimiter))
                            index += hashes + 1
                        } else {
                            index += max(1, hashes)
                        }
                        previous = quote
                    } else if byte == open {
                        frames[frames.count - 1] = .code(parentheses: parentheses + 1)
                        previous = byte
                        index += 1
                    } else if byte == close {
                        if parentheses > 0 {
                            frames[frames.count - 1] = .code(parentheses: parentheses - 1)
                        } else {
                            frames.removeLast()  // this interpolation ends: back in its string (or done)
                        }
                        previous = byte
                        index += 1
                    } else {
                        if !isSpace(byte) { previous = byte }
                        index += 1
                    }
                case .string(let hashes, let terminator):
                    if byte == newline || byte == carriageReturn {
                        frames.removeLast()
                        acrossLines = true
                        index += 1
                    } else if byte == backslash, hasHashes(hashes, at: index + 1) {
                        let after = index + 1 + hashes
                        if terminator == quote, after < text.count, text[after] == open {
                            frames.append(.code(parentheses: 0))
                        }
                        index = after + 1
                    } else if byte == terminator, hasHashes(hashes, at: index + 1) {
                        frames.removeLast()
                        index += 1 + hashes
                    } else {
                        index += 1
                    }
                }
            }
        }

        /// Whether `#`s at `index` are followed by a `/` (an extended regex literal).
        private func isRegexAfterHashes(at index: Int) -> Bool {
            var next = index
            while next < text.count, text[next] == hash { next += 1 }
            return next < text.count && text[next] == slash
        }

        /// Whether a `/` may open a regex literal: not followed by a space, and where an expression may start (not
        /// after a name, a number, a closing bracket or a literal: `a/b` divides).
        private func mayOpenRegex(at index: Int, after previous: UInt8) -> Bool {
            guard index + 1 < text.count, !isSpace(text[index + 1]) else { return false }
            let isWord = previous == UInt8(ascii: "_") || (previous >= 0x30 && previous <= 0x39) || previous >= 0x80
                || ((previous | 0x20) >= UInt8(ascii: "a") && (previous | 0x20) <= UInt8(ascii: "z"))
            return !isWord && previous != close && previous != UInt8(ascii: "]") && previous != quote
        }

        /// Blanks every `"""` from `start` to the end of the text.
        private func blankToEnd(from start: Int, into blanks: inout Set<Int>) {
            var index = start
            while index < text.count {
                if isTripleQuote(at: index) {
                    blanks.formUnion(index..<(index + 3))
                    index += 3
                } else {
                    index += 1
                }
            }
        }

        private func isSpace(_ byte: UInt8) -> Bool {
            byte == space || byte == tab || byte == newline || byte == carriageReturn
        }

        private func isTripleQuote(at index: Int) -> Bool {
            index + 2 < text.count && text[index] == quote && text[index + 1] == quote && text[index + 2] == quote
        }

        private func hasHashes(_ hashes: Int, at index: Int) -> Bool {
            guard hashes > 0 else { return true }
            guard index + hashes <= text.count else { return false }
            for offset in index..<(index + hashes) where text[offset] != hash { return false }
            return true
        }
    }
}
