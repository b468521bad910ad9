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

    /// A label's item knows its text without snippets ahead (`filledText`): it equals its snippet read as plain text.
    func testALabelsFilledTextIsItsSnippetAsPlainText() throws {
        for placeholder in [#""""#, "Mock<Height>()", #""a$b}c\d""#, "[]", ".case(.lab)", "${1:x}", "try! .init(_jsonValue: \"\")"] {
            let item = MockCompletions.argument("name", detail: "String", documentation: nil, placeholder: placeholder, isDeprecated: false)
            XCTAssertEqual(item.filledText, MockCompletions.plainText(ofSnippet: try XCTUnwrap(item.snippet)), placeholder)
            XCTAssertEqual(item.filledText, "name: " + placeholder)
        }
    }

    /// Placed before another argument, an item with its texts made ahead inserts what one without them does.
    func testTextsMadeAheadEqualTheTextsMadeOnRequest() {
        let item = MockCompletions.argument("name", detail: "String", documentation: nil, placeholder: #""a$b""#, isDeprecated: false)
        for separator in [",", ", "] {
            var ahead = item.separatedAhead()
            var onRequest = item
            ahead.placeBeforeNextArgument(separator: separator)
            onRequest.placeBeforeNextArgument(separator: separator)
            XCTAssertEqual(ahead.snippet, #"name: ${1:"a\$b"}"# + separator)
            XCTAssertEqual(ahead.insertText, #"name: "a$b""# + separator)
            XCTAssertEqual([ahead.snippet, ahead.insertText], [onRequest.snippet, onRequest.insertText])
        }
    }
}
