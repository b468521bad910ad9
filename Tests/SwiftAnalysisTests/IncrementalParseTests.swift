import Foundation
import MocklsTestSupport
import SwiftSyntax
import XCTest

@testable import SwiftAnalysis

/// The incremental parse never traps and gives the tree a full parse gives; it is still used where typing needs it.
final class IncrementalParseTests: XCTestCase {
    /// `old` parsed from scratch, then updated to `new`: the result must equal a full parse of `new`.
    @discardableResult
    private func update(_ old: [UInt8], to new: [UInt8], file: StaticString = #filePath, line: UInt = #line) -> SwiftFile {
        let updated = SwiftFile(old).updated(to: new)
        let full = SwiftFile(new)
        XCTAssertEqual(updated.tree.description, full.tree.description, file: file, line: line)
        XCTAssertEqual(updated.tree.debugDescription(includeTrivia: true), full.tree.debugDescription(includeTrivia: true), file: file, line: line)
        return updated
    }

    @discardableResult
    private func update(_ old: String, to new: String, file: StaticString = #filePath, line: UInt = #line) -> SwiftFile {
        update(Array(old.utf8), to: Array(new.utf8), file: file, line: line)
    }

    /// The smallest files found for each trap (`../shared/repro/parse-minimal`): they parse from scratch now.
    func testMinimalTrapsOfTheIncrementalParse() throws {
        let folder = try SharedFolder.require("repro/parse-minimal")
        let cases = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        XCTAssertEqual(cases.count, 4)
        for name in cases {
            let old = try Data(contentsOf: folder.appendingPathComponent("\(name)/old.swift"))
            let new = try Data(contentsOf: folder.appendingPathComponent("\(name)/new.swift"))
            let updated = update(Array(old), to: Array(new))
            XCTAssertFalse(updated.wasParsedIncrementally, name)
        }
    }

    /// The same shapes inside a test function, and edits that change how a raw-string delimiter lexes.
    func testMalformedLiteralsAndLexicalEdits() {
        let body = "import XCTest\nfinal class T: XCTestCase {\n  func test() {\n    _ = %@\n  }\n}\n"
        func source(_ expression: String) -> String { body.replacingOccurrences(of: "%@", with: expression) }
        update(source("\"\"\"\\(ß\"\"func"), to: source("\"\"\"(\\(ß\"\"func"))
        update(source("'\\(g\"\"-"), to: source("'\\(g\"\"-"))
        update(source("\"\"#\"\"#漢\""), to: source("\"犬\"#\"\"#漢\""))
        update(source("./ \n🛊 t"), to: source("./ \n🛊 t"))
        // A well-formed file: editing next to a raw string's delimiter parses from scratch.
        let raw = update(source(##"#"a"# + "b""##), to: source(##"#"ax"# + "b""##))
        XCTAssertFalse(raw.wasParsedIncrementally)
    }

    /// What typing needs stays incremental: identifiers, arguments, and plain text inside a string literal.
    func testTypingStaysIncremental() {
        let old = """
            import XCTest
            final class T: XCTestCase {
              func testOne() {
                let dog = Mock<Dog>(species: "Lab")
                XCTAssertEqual(dog.species, "Lab")
              }

              func testTwo() {
                let cat = Mock<Cat>()
              }
            }

            """
        XCTAssertTrue(update(old, to: old.replacingOccurrences(of: "Mock<Cat>()", with: "Mock<Cat>(id: 1)")).wasParsedIncrementally)
        XCTAssertTrue(update(old, to: old.replacingOccurrences(of: "dog.species", with: "dog.spec")).wasParsedIncrementally)
        XCTAssertTrue(update(old, to: old.replacingOccurrences(of: "species: \"Lab\"", with: "species: \"Labrador 犬\"")).wasParsedIncrementally)
        // A quote, a backslash or a line break typed into a string changes how what follows lexes.
        XCTAssertFalse(update(old, to: old.replacingOccurrences(of: "species: \"Lab\"", with: "species: \"La\"b\"")).wasParsedIncrementally)
        XCTAssertFalse(update(old, to: old.replacingOccurrences(of: "species: \"Lab\"", with: "species: \"La\\b\"")).wasParsedIncrementally)
        // Identical text is not parsed again.
        let same = SwiftFile(old)
        XCTAssertEqual(same.updated(to: Array(old.utf8)).tree.id, same.tree.id)
    }

    /// Items whose extent depends on their context (a `}` swallowed at the top level), nesting near the limit, and
    /// tokens a stale lexer cursor would read differently are never reused.
    func testContextAndStaleLexerState() {
        // A brace went missing: the class's `}` is unexpected at the top level; putting the brace back must not
        // reuse the item that swallowed it.
        let broken = "final class T {\n  func a() \n    let x = 1\n  }\n  func b() {}\n}\n"
        let fixed = broken.replacingOccurrences(of: "func a() \n", with: "func a() {\n")
        update(broken, to: fixed)
        // A block comment spanning lines after code decides whether the next statement starts a line.
        let comment = "func f() {\n  a() /* one\n  two */ b()\n  c()\n}\n"
        XCTAssertFalse(update(comment, to: comment.replacingOccurrences(of: "c()", with: "cd()")).wasParsedIncrementally)
        // A statement that starts with a number or a `/`.
        let number = "func f() {\n  foo.\n  x\n  1.5\n}\n"
        update(number, to: number.replacingOccurrences(of: "  x\n", with: "  xy\n"))
        let regex = "func f() {\n  x\n  / y /\n}\n"
        update(regex, to: regex.replacingOccurrences(of: "  x\n", with: "  x.\n"))
        // Deep nesting: past the parser's limit an item parsed afresh is cut, a reused one would not be.
        let deep = "func f() {\n" + String(repeating: "(", count: 250) + "1" + String(repeating: ")", count: 250) + "\n  g()\n}\n"
        update(deep, to: deep.replacingOccurrences(of: "func f() {\n", with: "func f() {\n((((((((((((\n"))
    }

    /// Found by the Swift fuzz surface: after one incremental parse, swift-syntax records a reused item's lookahead as
    /// reaching only the next token. The `}` item below looked at `public struct` to end itself; parsed again from a
    /// tree parsed incrementally, an edit to `struct` did not stop its reuse. Incremental parses start from a full
    /// Found by `make fuzz` (583 bytes, minimized): error recovery swallowed items into unexpected code (`{{}}` after
    /// `case`), among them one holding a stray `)` whose extent depended on the braces around it. Reused after an edit
    /// before it, it kept the extent it had there. Items nested in unexpected code count as context-sensitive too.
    func testItemsSwallowedByUnexpectedCodeAreContextSensitive() {
        update("{case{{}})}", to: "{case{}})}")
        update("func f() {\n  {case{{}}) }\n}\n", to: "func f() {\n  {case{}}) }\n}\n")
        // Also found by `make fuzz` (192 bytes, minimized): `func` made `){}=}` the body of a block, whose `}`
        // stopped the unexpected `=`; edited to `fun`, the `=` item is at the top level, where the `}` joins it.
        update("if func){}=}", to: "if fun){}=}")
        // And (257 bytes, minimized): `convenience init` declared in a closure, reused in an initializer's body.
        update("public init(ok where={convenience init", to: "public init(o\0k where={convenience init")
        // And (230 bytes, minimized): a line break removed between two lone backticks, which then lex as one raw
        // identifier that starts before the edit.
        update(".`g{\ne`", to: ".`g{e`")
        update("let a = `b\n  c` + 1\n", to: "let a = `b c` + 1\n")
        // And (minimized): a block comment spanning lines after a keyword, a trailing-trivia line break.
        update("Self/*\n*/y r(", to: "Self/*\n*/y r")
        // And (460 bytes, minimized): a line break typed inside a line comment turns its rest into code.
        update("func o//el\"\\({\n&\u{01}", to: "func o//e\nl\"\\({\n&\u{01}")
        // And (667 bytes, minimized): an item swallowed into the unexpected code of a `default` with no error of its
        // own (`P@}` after the brace) was not counted; removing the brace before it reused it.
        update("default{\u{03}P@}", to: "default\u{03}P@}")
    }

    /// parse now.
    func testChainsDoNotShortenLookahead() {
        let tail = "   publ\r\n\rc let name: String\n    public init(: x) { self.name = name }\n}\n"
        let first = "}\n\npublic struct U" + tail + "\n// end\n"
        let second = "}\n\npublic struct U" + tail + "\n// end!\n"
        let third = "}\n\npublic struk<DoU" + tail + "\n// end!\n"
        var file = SwiftFile(first)
        for text in [second, third] {
            file = file.updated(to: Array(text.utf8))
            XCTAssertEqual(file.tree.debugDescription(includeTrivia: true), SwiftFile(text).tree.debugDescription(includeTrivia: true))
        }
    }
}
