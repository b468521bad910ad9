@testable import Features
import XCTest

/// A snippet as a client without snippets inserts it: each placeholder replaced by its default, escapes undone.
final class SnippetTextTests: XCTestCase {
    func testPlaceholdersBecomeTheirDefaults() {
        XCTAssertEqual(MockCompletions.plainText(ofSnippet: #"species: ${1:""}$0"#), #"species: """#)
        XCTAssertEqual(MockCompletions.plainText(ofSnippet: "height: ${1:Mock<Height>(${2:})}"), "height: Mock<Height>()")
        XCTAssertEqual(MockCompletions.plainText(ofSnippet: "count: ${12:0}, $3"), "count: 0, ")
        XCTAssertEqual(MockCompletions.plainText(ofSnippet: "x: ${1}"), "x: ")
    }

    func testEscapesAndTextAreKept() {
        XCTAssertEqual(MockCompletions.plainText(ofSnippet: #"name: ${1:"a\$b\}c\\d"}"#), #"name: "a$b}c\d""#)
        XCTAssertEqual(MockCompletions.plainText(ofSnippet: "price: $ 5 } and ${1:\"€ü\"}"), "price: $ 5 } and \"€ü\"")
        XCTAssertEqual(MockCompletions.plainText(ofSnippet: ""), "")
        XCTAssertEqual(MockCompletions.plainText(ofSnippet: "trailing $"), "trailing $")
    }
}
