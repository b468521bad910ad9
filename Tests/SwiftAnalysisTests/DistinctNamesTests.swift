import XCTest

@testable import SwiftAnalysis

final class DistinctNamesTests: XCTestCase {
    /// Names numbered in the order first read, each once, through the table's growth (it starts with 64 slots, at
    /// most half full) and names whose bytes differ in one place or in length only.
    func testEachNameIsNumberedOnceInTheOrderFirstRead() {
        let words = (0..<300).map { "Name\($0)" } + ["A", "AB", "ABC", "Ab", "ABD"]
        let text = Array((words + words.reversed() + words).joined(separator: " ").utf8)
        var names = DistinctNames()
        var numbers: [Int] = []
        text.withUnsafeBufferPointer { bytes in
            var start = 0
            for offset in 0...text.count where offset == text.count || text[offset] == UInt8(ascii: " ") {
                numbers.append(names.number(of: start..<offset, in: bytes))
                start = offset + 1
            }
        }
        XCTAssertEqual(names.names, words)
        let expected = Array(words.indices)
        XCTAssertEqual(numbers, expected + expected.reversed() + expected)
    }

    func testTheCapitalizedNamesOfATextAreItsDistinctCapitalizedIdentifiers() {
        let text = (0..<200).map { "let x\($0): Type\($0 % 70) = Mock<Dog>() // Dog é Ünicode" }.joined(separator: "\n")
        XCTAssertEqual(
            CapitalizedNames.names(in: Array(text.utf8)),
            Set((0..<70).map { "Type\($0)" } + ["Mock", "Dog"]))
    }
}
