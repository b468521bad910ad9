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
/// No Swift program has such a literal: a single-line string ends at its line, and so does an interpolation in it.
/// So every `"""` that this scan finds inside the interpolation of a single-line string (raw or not) is handed to the
/// parser as three spaces: the same length, every offset and every other token unchanged, and the trap unreachable
/// whatever follows. The scan follows what the lexer follows: comments (nested block comments, which may span lines
/// inside an interpolation), string literals with their `#` delimiters and escapes, interpolations nested in strings
/// nested in interpolations, and the newline that ends a single-line string and its interpolations. Regex literals
/// are not followed: a `"` in one can only make the scan see a string the lexer does not, and blank a `"""` that
/// real code never has in that place either.
public enum InterpolationGuard {
    /// The offsets of the bytes to hand the parser as spaces: each `"` of every `"""` inside the interpolation of a
    /// single-line string. Empty for any text a compiler accepts.
    public static func blankedQuotes(in text: [UInt8]) -> [Int] {
        // Fast path: no `"""`, or no interpolation at all, and nothing can be blanked.
        guard contains(text, [quote, quote, quote]), contains(text, [backslash]) else { return [] }
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

    private static let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\"), hash = UInt8(ascii: "#")
    private static let space = UInt8(ascii: " "), newline = UInt8(ascii: "\n"), carriageReturn = UInt8(ascii: "\r")
    private static let slash = UInt8(ascii: "/"), star = UInt8(ascii: "*")
    private static let open = UInt8(ascii: "("), close = UInt8(ascii: ")")

    private static func contains(_ text: [UInt8], _ needle: [UInt8]) -> Bool {
        guard text.count >= needle.count else { return false }
        var index = 0
        while index <= text.count - needle.count {
            if text[index] == needle[0], text[index..<(index + needle.count)].elementsEqual(needle) { return true }
            index += 1
        }
        return false
    }

    private struct Scanner {
        let text: UnsafeBufferPointer<UInt8>

        /// Where the lexer is: code (the file's, or an interpolation's with the parentheses open in it), or a string.
        enum Frame {
            case code(parentheses: Int, inSingleLineString: Bool)
            case string(multiline: Bool, hashes: Int)
        }

        func blanks() -> [Int] {
            var blanks: [Int] = []
            var frames: [Frame] = [.code(parentheses: 0, inSingleLineString: false)]
            var index = 0
            let count = text.count
            while index < count {
                let byte = text[index]
                switch frames[frames.count - 1] {
                case .code(let parentheses, let inSingleLineString):
                    if byte == newline || byte == carriageReturn {
                        // A newline ends a single-line string's interpolation, and the string with it.
                        if inSingleLineString { unwindSingleLine(&frames) }
                        index += 1
                    } else if byte == slash, index + 1 < count, text[index + 1] == slash {
                        while index < count, text[index] != newline, text[index] != carriageReturn { index += 1 }
                    } else if byte == slash, index + 1 < count, text[index + 1] == star {
                        index = endOfBlockComment(from: index)
                    } else if byte == hash || byte == quote {
                        var hashes = 0
                        while index + hashes < count, text[index + hashes] == hash { hashes += 1 }
                        let start = index + hashes
                        guard start < count, text[start] == quote else {
                            index += max(1, hashes)
                            continue
                        }
                        if isTripleQuote(at: start) {
                            if inSingleLineString {
                                blanks += [start, start + 1, start + 2]
                            } else {
                                frames.append(.string(multiline: true, hashes: hashes))
                            }
                            index = start + 3
                        } else {
                            frames.append(.string(multiline: false, hashes: hashes))
                            index = start + 1
                        }
                    } else if byte == open {
                        frames[frames.count - 1] = .code(parentheses: parentheses + 1, inSingleLineString: inSingleLineString)
                        index += 1
                    } else if byte == close {
                        if parentheses > 0 {
                            frames[frames.count - 1] = .code(parentheses: parentheses - 1, inSingleLineString: inSingleLineString)
                        } else if frames.count > 1 {
                            frames.removeLast()  // the interpolation ends: back in its string
                        }
                        index += 1
                    } else {
                        index += 1
                    }
                case .string(let multiline, let hashes):
                    if byte == backslash, hasHashes(hashes, at: index + 1) {
                        let after = index + 1 + hashes
                        if after < count, text[after] == open {
                            frames.append(.code(parentheses: 0, inSingleLineString: !multiline))
                            index = after + 1
                        } else {
                            // An escape: the character after it is not a delimiter (a newline escaped in a
                            // multi-line string included).
                            index = after + 1
                        }
                    } else if byte == quote, multiline ? isTripleQuote(at: index) : true {
                        let width = multiline ? 3 : 1
                        if hasHashes(hashes, at: index + width) {
                            frames.removeLast()
                            index += width + hashes
                        } else {
                            index += 1
                        }
                    } else if !multiline, byte == newline || byte == carriageReturn {
                        // An unterminated single-line string ends at its line (and so does any interpolation it is in).
                        unwindSingleLine(&frames)
                        index += 1
                    } else {
                        index += 1
                    }
                }
            }
            return blanks
        }

        /// Leaves every frame that a newline ends: single-line strings and the interpolations in them, innermost first.
        private func unwindSingleLine(_ frames: inout [Frame]) {
            while frames.count > 1 {
                switch frames[frames.count - 1] {
                case .code(_, let inSingleLineString):
                    guard inSingleLineString else { return }
                    frames.removeLast()
                case .string(let multiline, _):
                    guard !multiline else { return }
                    frames.removeLast()
                }
            }
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

        /// The offset after the `*/` closing the block comment at `start` (comments nest), or the text's end.
        private func endOfBlockComment(from start: Int) -> Int {
            var depth = 0
            var index = start
            while index + 1 < text.count {
                if text[index] == slash, text[index + 1] == star {
                    depth += 1
                    index += 2
                } else if text[index] == star, text[index + 1] == slash {
                    depth -= 1
                    index += 2
                    if depth == 0 { return index }
                } else {
                    index += 1
                }
            }
            return text.count
        }
    }
}
