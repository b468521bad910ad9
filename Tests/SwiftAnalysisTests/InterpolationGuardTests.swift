import Foundation
import SwiftParser
import SwiftSyntax
import XCTest

@testable import SwiftAnalysis

/// A multi-line string literal inside the interpolation of a single-line string made swift-syntax trap in a full
/// parse; its `"""` reach the parser as spaces, and nothing a compiler accepts is touched.
final class InterpolationGuardTests: XCTestCase {
    /// Each of these ended the process before the guard (the fuzz finding, minimized, and its neighbours: raw strings,
    /// a literal across lines, any trivia between the two words, a call around it, code after it).
    static let traps = [
        #""\(t""""""a n""""#, #""\(t""""""a\#u{01}n""""#, ##"#"\#(t""""""a n"""#"##, #""\(t"""\#n"""a n""""#,
        #""\(x """"""a n""""#, #""\(f(t"""\#n"""a n""""#, #""\(t /*\#n*/""""""a /**/n""""#,
        #"let s = "\(t""""""a n""")"\#n"#, #""\(t""""""a'\#u{2019}n""""#,
        // What comes before the `\(` cannot hide it: a regex literal or a character in single quotes holding a quote.
        #"let r = /"/ ; let s = "\(t""""""a n""""#, #"let r = #/"/# ; let s = "\(t""""""a n""""#,
        #"let c = '"' ; let s = "\(t""""""a n""""#, #""\(f(")")""""""a n""""#, #""\(f(/)/)""""""a n""""#,
        // Backslashes in a raw string escape nothing; a string nested in the interpolation that the line ends.
        ##"#"\\#(t""""""a n"""#"##, #""\(#"\#n""""""a n""""#,
        #""\(#"\#n\#n""""""a n""""#, #""\('#"\#nx""""""a n""""#, ##""\("#"""(\##n""""""a n""""##,
        ##""\(#"\\#(\##n""""""a n""""##, #""\(/#"/*\#n""""""a n""""#,
        // A `*/` that closes no comment is an operator (the fuzzer's grammar found it).
        #"f("\(*/""""""a n""""#, ##"#"\#(t"""*/""""""a n"""#"##, #""\(t+*/""""""a n""""#,
    ]

    func testTheTrapsParse() {
        for source in Self.traps {
            let text = Array(source.utf8)
            let blanks = InterpolationGuard.blankedQuotes(in: text)
            XCTAssertFalse(blanks.isEmpty, source)
            // Only quotes are blanked, and the text keeps its length and every other byte.
            let guarded = InterpolationGuard.guarded(text)!
            XCTAssertEqual(guarded.count, text.count)
            for (offset, (before, after)) in zip(text, guarded).enumerated() where before != after {
                XCTAssertTrue(blanks.contains(offset) && before == UInt8(ascii: "\"") && after == UInt8(ascii: " "), source)
            }
            let file = SwiftFile(text)
            XCTAssertEqual(file.tree.totalLength.utf8Length, text.count, source)
        }
    }

    /// The grammar search, seeded and bounded: mutations of the traps by the tokens the lexer's states turn on. Each
    /// version is parsed as the server parses it (a trap ends this test process), also as an edit of the version
    /// before. (`mockls-fuzz replay` ran 240,000 such mutations on the final guard, none trapping.)
    func testMutationsOfTheTrapsParse() {
        let tokens = [
            "\"", "\"\"\"", "\\(", "\\#(", "\\\\#(", ")", "(", "t", "a", " ", "n", "\n", "/*", "*/", "#", "/", "'", "\\",
            "\"#", "#\"", "x", "+", "//", "\t", "\u{01}", "\u{2019}", "{", "}", "\r\n", "\"\"\"\n", "\n   \"\"\"",
        ]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func below(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var previous = SwiftFile("")
        for _ in 0..<3000 {
            var text = Array(Self.traps[below(Self.traps.count)].utf8)
            for _ in 0..<(1 + below(5)) {
                let at = below(text.count + 1)
                switch below(3) {
                case 0: text.insert(contentsOf: Array(tokens[below(tokens.count)].utf8), at: at)
                case 1: text.removeSubrange(at..<min(text.count, at + 1 + below(3)))
                default: text.replaceSubrange(at..<min(text.count, at + 1), with: Array(tokens[below(tokens.count)].utf8))
                }
            }
            XCTAssertEqual(SwiftFile(text).tree.totalLength.utf8Length, text.count)
            previous = previous.updated(to: text)
            XCTAssertEqual(previous.tree.totalLength.utf8Length, text.count)
        }
    }

    func testTheQuotesBlankedAreTheLiteralsInTheInterpolation() {
        // `"`, `\(`, `t`, then three `"""`: every one of them is inside the interpolation.
        XCTAssertEqual(InterpolationGuard.blankedQuotes(in: Array(#""\(t""""""a n""""#.utf8)), [4, 5, 6, 7, 8, 9, 13, 14, 15])
        // The line ends the interpolation and its string: the `"""` on the next line opens a literal of the file.
        XCTAssertEqual(InterpolationGuard.blankedQuotes(in: Array("\"\\(t\n\"\"\"\nx\n\"\"\"\n".utf8)), [])
        // A block comment does not end it.
        XCTAssertEqual(InterpolationGuard.blankedQuotes(in: Array("\"\\(t /*\n*/\"\"\"".utf8)), [10, 11, 12])
    }

    /// What tests write: multi-line literals after a single-line one on the same line, interpolations in multi-line
    /// literals, raw strings, nested interpolations, quotes in comments and escapes.
    func testRealCodeIsLeftAlone() {
        let sources = [
            "XCTAssertEqual(\"\\(value)\", \"\"\"\n    expected \\(a)\n    \"\"\")\n",
            "let s = \"\"\"\n  \\(a) \"quoted\" \\(\"b\\(c)\") \\\"\"\"\n  \"\"\"\n",
            "let r = #\"\\#(x) \"\" \\(y)\"#; let t = #\"\"\"\n  \"\"\" \\#(z)\n  \"\"\"#\n",
            "let n = \"\\(\"a\\(\"b\")\")\" // \"\\(\"\"\"\n/* \"\\(x)\" */ let m = \"\"\"\n\"\"\"\n",
            "let e = \"\\\\(\"; let f = \"\"\"\n\"\"\"\n",
        ]
        for source in sources {
            // No quote of code is blanked; those in comments may be.
            XCTAssertEqual(Self.tokenKinds(SwiftFile(source).tree), Self.tokenKinds(Array(source.utf8)), source)
        }
        XCTAssertEqual(InterpolationGuard.blankedQuotes(in: Array(sources[0].utf8)), [])
        // A division in the interpolation, spaced as code is: still followed to its `)`.
        XCTAssertEqual(InterpolationGuard.blankedQuotes(in: Array("XCTAssertEqual(\"\\(a / b)\", \"\"\"\n  x\n  \"\"\")\n".utf8)), [])
    }

    /// The kinds of a tree's tokens, without their text: what the guards must keep for real code.
    static func tokenKinds(_ tree: SourceFileSyntax) -> [String] {
        tree.tokens(viewMode: .sourceAccurate).map { String(String(describing: $0.tokenKind).prefix { $0 != "(" }) }
    }

    /// The kinds of the tokens of `text` parsed as it is, unguarded.
    static func tokenKinds(_ text: [UInt8]) -> [String] {
        tokenKinds(text.withUnsafeBufferPointer { Parser.parse(source: $0) })
    }

    /// Typed one keystroke at a time from a version that parses as written: the version that would trap is parsed
    /// from scratch, guarded, and so is every later one that still has it.
    func testTypingIntoTheTrapParsesFromScratch() {
        let before = Array("func f() {\n  let s = \"\\(t\"\"\"\"\"\"an\"\"\")\"\n}\n".utf8)
        XCTAssertEqual(InterpolationGuard.blankedQuotes(in: before).isEmpty, false)
        let safe = Array("func f() {\n  let s = \"\\(t)\"\n}\n".utf8)
        var file = SwiftFile(safe)
        var text = safe
        // Before the `)` that closes the interpolation.
        let insertAt = text.indices.first { text[$0] == UInt8(ascii: "t") && text[$0 + 1] == UInt8(ascii: ")") }! + 1
        for byte in Array("\"\"\"\"\"\"a n\"\"\"".utf8).reversed() {
            text.insert(byte, at: insertAt)
            file = file.updated(to: text)
            XCTAssertEqual(file.tree.totalLength.utf8Length, text.count)
        }
        XCTAssertFalse(file.wasParsedIncrementally)
        XCTAssertEqual(InterpolationGuard.blankedQuotes(in: text).count, 9)
    }
}
