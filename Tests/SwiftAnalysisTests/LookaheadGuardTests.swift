import Foundation
import MocklsTestSupport
import SwiftSyntax
import XCTest

@testable import SwiftAnalysis

/// Text that would make swift-syntax's type lookahead exponential is rewritten before parsing; real code never is.
final class LookaheadGuardTests: XCTestCase {
    private static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Nesting that ran for seconds to forever before the guard (22 deep: 1–10 s; 50: never finished).
    private static let chains: [(open: String, close: String)] = [
        ("[", "]"), ("[(", ")]"), ("[a.b<", ">]"), ("[(a, ", ")]"), ("[[", "]]"),
    ]

    func testDeepChainsAreRewrittenToCheapText() {
        for (open, close) in Self.chains {
            let source = "func f() {\n  let a = " + String(repeating: open, count: 60) + "1" + String(repeating: close, count: 60) + "\n}\n"
            let text = Array(source.utf8)
            guard let guarded = LookaheadGuard.guarded(text) else { return XCTFail("not rewritten: \(open)") }
            XCTAssertEqual(guarded.count, text.count)
            XCTAssertFalse(LookaheadGuard.runs(in: guarded).contains(where: \.isCostly), open)
            // Only brackets changed, into parentheses, and the outermost `[` kept.
            for (before, after) in zip(text, guarded) where before != after {
                XCTAssertTrue([("[", "("), ("]", ")")].contains { UInt8(ascii: $0.0) == before && UInt8(ascii: $0.1) == after })
            }
            XCTAssertEqual(guarded.firstIndex(of: UInt8(ascii: "[")), text.firstIndex(of: UInt8(ascii: "[")))
            // The parse finishes, over the same bytes: every offset of the file is an offset of the tree.
            let file = SwiftFile(text)
            XCTAssertEqual(file.tree.totalLength.utf8Length, text.count)
            XCTAssertEqual(Array(file.tree.description.utf8), guarded)
        }
    }

    /// Found by `make fuzz` (518 bytes, 7 s to parse): a chain of `@` before a `[` run just under the budget has the
    /// run read again at every `@`. The `@`s count in the run's cost, when the chain is written at once and when an
    /// edit brings it in front of a run that was cheap.
    func testAttributeChainsMultiplyARunsCost() {
        let run = String(repeating: "[", count: 13) + "x\n}\n"
        let one = Array(("for x in y { a.i@" + run).utf8)
        XCTAssertNil(LookaheadGuard.guarded(one), "one attribute is real code")
        let chain = Array(("for x in y { a.i" + String(repeating: "@", count: 60) + run).utf8)
        XCTAssertNotNil(LookaheadGuard.guarded(chain))
        let file = SwiftFile(one).updated(to: chain)
        XCTAssertFalse(file.wasParsedIncrementally)
        XCTAssertEqual(file.tree.totalLength.utf8Length, chain.count)
        // Typed one `@` at a time: the run after the edit is costed again, and the chain parses from scratch.
        var typed = SwiftFile(one)
        var text = one
        for _ in 0..<8 {
            text.insert(UInt8(ascii: "@"), at: 16)
            typed = typed.updated(to: text)
        }
        XCTAssertFalse(typed.wasParsedIncrementally)
        XCTAssertNotNil(LookaheadGuard.guarded(text))
    }

    /// A run is as costly when typed at once as when it grows one keystroke at a time, and after it is gone the
    /// file parses as written again.
    func testTypingIntoADeepChainParsesFromScratch() {
        let prefix = "func f() {\n  let a = "
        let suffix = "\n  XCTAssertEqual(a, 1)\n}\n"
        var file = SwiftFile(prefix + suffix)
        var typed = ""
        for _ in 0..<40 {
            typed += "[("
            file = file.updated(to: Array((prefix + typed + suffix).utf8))
        }
        XCTAssertNotNil(LookaheadGuard.guarded(Array((prefix + typed + suffix).utf8)))
        XCTAssertFalse(file.wasParsedIncrementally)
        XCTAssertNotEqual(file.tree.description, prefix + typed + suffix)
        XCTAssertEqual(file.tree.totalLength.utf8Length, file.utf8Count)
        // Back to a normal line: the tree is the text again.
        file = file.updated(to: Array((prefix + "[1]" + suffix).utf8))
        XCTAssertEqual(file.tree.description, prefix + "[1]" + suffix)
        file = file.updated(to: Array((prefix + "[12]" + suffix).utf8))
        XCTAssertTrue(file.wasParsedIncrementally)
        XCTAssertEqual(file.tree.description, prefix + "[12]" + suffix)
    }

    /// Found by `make fuzz` (1 KB that took 1.5 s to parse, 19 s for a fuzz input's edits): `[` and `(` left open
    /// line after line (`/[[[[x⏎-[[[[x⏎…`) nest each line deeper, and the parser's recovery looks ahead to the end
    /// of the nesting at every element; the runs are short, so the lookahead estimate alone missed it. Past
    /// `depthLimit` open brackets the parser gets spaces for the further ones, and the parse is linear again.
    func testBracketsLeftOpenAcrossLinesAreCapped() {
        for opener in ["[", "(", "[("] {
            let source = String(repeating: "/" + String(repeating: opener, count: 30) + "+" + String(repeating: opener, count: 30) + "x\n", count: 16)
            let text = Array(source.utf8)
            guard let guarded = LookaheadGuard.guarded(text) else { return XCTFail("not rewritten: \(opener)") }
            XCTAssertEqual(guarded.count, text.count)
            XCTAssertEqual(LookaheadGuard.deepestNesting(in: guarded), LookaheadGuard.depthLimit, opener)
            // Only opening brackets changed: into spaces beyond the limit (or, in a costly run, `[` into `(`).
            for (before, after) in zip(text, guarded) where before != after {
                XCTAssertTrue(Array("[(".utf8).contains(before) && Array(" (".utf8).contains(after))
            }
            XCTAssertEqual(guarded.filter { $0 == UInt8(ascii: " ") }.count - text.filter { $0 == UInt8(ascii: " ") }.count,
                           16 * 60 * opener.count - LookaheadGuard.depthLimit)
            let file = SwiftFile(text)
            XCTAssertEqual(Array(file.tree.description.utf8), guarded)
            // Typing another bracket there parses from scratch, through the guard again.
            let typed = file.updated(to: text + Array("[".utf8))
            XCTAssertFalse(typed.wasParsedIncrementally)
            XCTAssertEqual(LookaheadGuard.deepestNesting(in: Array(typed.tree.description.utf8)), LookaheadGuard.depthLimit)
        }
        // Brackets in strings and comments do not nest: a file of them is left alone.
        let quoted = String(repeating: "let a = \"((\" + #\"[[\"# // ((\n/* [[ */ let b = \"\"\"\n(((\n\"\"\"\n", count: 100)
        XCTAssertEqual(LookaheadGuard.deepestNesting(in: Array(quoted.utf8)), 0)
        XCTAssertNil(LookaheadGuard.guarded(Array(quoted.utf8)))
    }

    /// Nesting real tests write: nested array types and literals, response dictionaries many levels deep.
    func testRealNestingIsLeftAlone() {
        let dictionary = String(repeating: "[\"data\": ", count: 30) + "1" + String(repeating: "]", count: 30)
        let sources = [
            "let a: [[String: [Int]]] = [[\"a\": [1, 2]], [:]]",
            "let b = [[[[[[1, 2], [3]]]]]]",
            "let c: [Int: [String: [Int: [String]]]] = [:]",
            "let d = \(dictionary)",
            "let e = Mock<Query>(hero: Mock<Human>(friends: [Mock<Droid>(id: \"1\"), Mock<Human>(friends: [Mock<Droid>()])]))",
        ]
        for source in sources {
            XCTAssertNil(LookaheadGuard.guarded(Array(source.utf8)), source)
        }
    }

    /// Every Swift file of this repository and of the shared fixtures reaches the parser as written.
    func testEverySwiftFileHereIsLeftAlone() throws {
        var folders = [Self.repository.appendingPathComponent("Sources"), Self.repository.appendingPathComponent("Tests")]
        if let shared = try SharedFolder.ifPresent("fixtures") { folders.append(shared) }
        var checked = 0
        for folder in folders {
            let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
            while let url = files?.nextObject() as? URL {
                guard url.pathExtension == "swift" else { continue }
                let text = Array(try Data(contentsOf: url))
                XCTAssertNil(LookaheadGuard.guarded(text), url.path)
                // `InterpolationGuard` may blank quotes in comments and raw strings that show a `\(` (this repository's
                // own tests of it): the parse keeps every token of the file as written.
                if !InterpolationGuard.blankedQuotes(in: text).isEmpty {
                    XCTAssertEqual(InterpolationGuardTests.tokenKinds(SwiftFile(text).tree), InterpolationGuardTests.tokenKinds(text), url.path)
                }
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 50)
    }

    /// An edit can join two stretches of type-shaped text into one costly run: removing the quote between them.
    func testAnEditThatJoinsRunsIsSeen() {
        let half = String(repeating: "[(", count: 12)
        let joined = Array(("let a = " + half + half + "1").utf8)
        let split = Array(("let a = " + half + "\"" + half + "1").utf8)
        XCTAssertNil(LookaheadGuard.guarded(split))
        XCTAssertNotNil(LookaheadGuard.guarded(joined))
        let at = split.firstIndex(of: UInt8(ascii: "\""))!
        let base = LookaheadGuard.runs(in: split)
        XCTAssertTrue(LookaheadGuard.hasCostlyRun(in: joined, replacing: at..<(at + 1), with: at..<at, base: base))
        XCTAssertFalse(LookaheadGuard.hasCostlyRun(in: split, replacing: 0..<0, with: 0..<0, base: base))
        // Through the file: the edit is parsed from scratch, with the guard.
        let file = SwiftFile(split).updated(to: joined)
        XCTAssertFalse(file.wasParsedIncrementally)
        XCTAssertNotEqual(Array(file.tree.description.utf8), joined)
    }

    /// Comments and control bytes are trivia to the lexer: a run goes on through them (a fuzzer input hid a chain of
    /// 28 `[` behind control bytes and a line comment).
    func testRunsGoOnThroughTriviaTheLexerSkips() {
        let chain = String(repeating: "[", count: 15)
        for between in ["\u{01}", "\u{03}\u{02}", " // note\n", " /* a /* nested */ b */ ", "\r\n\t"] {
            let text = Array(("x = " + chain + between + chain + "1").utf8)
            XCTAssertNotNil(LookaheadGuard.guarded(text), between.debugDescription)
        }
        XCTAssertNil(LookaheadGuard.guarded(Array(("x = " + chain + "\"" + chain + "1").utf8)))
    }

    /// What the scan takes for a comment can be the inside of a string literal, with code after its end on the same
    /// line (a fuzzer input: a `///` line inside a multi-line string, closed mid-line, then 76 `[`).
    func testACommentThatIsStringContentHidesNothing() {
        let source = "let s = \"\"\"\ni[[[[[[[[[[S\n\n/// a, i[[[     \"\"\"" + String(repeating: "[", count: 40) + "n x\n"
        // A run from the first `[` reads the `///` line as a comment, past the string's end and the chain.
        guard LookaheadGuard.guarded(Array(source.utf8)) != nil else { return XCTFail("the chain after the string was not seen") }
        let file = SwiftFile(source)
        XCTAssertEqual(file.tree.totalLength.utf8Length, source.utf8.count)
    }
}
