import SourceText
import XCTest

final class LineTableTests: XCTestCase {
    /// Many positions at once equal each asked alone, in any order, with multi-byte characters, line breaks and
    /// offsets inside a character or past the end.
    func testPositionsAtOnceEqualEachAlone() {
        let table = LineTable(Array("a€b😀c\r\nnext\n\n🎉 end".utf8))
        let offsets = Array((-2...(table.byteCount + 3)).reversed()) + [5, 1, 5, 0]
        for unit in [ColumnUnit.utf8, .utf16] {
            XCTAssertEqual(table.positions(of: offsets, unit: unit), offsets.map { table.position(of: $0, unit: unit) }, "\(unit)")
        }
        XCTAssertEqual(table.positions(of: [], unit: .utf16), [])
    }

    func testLineStartsForEveryLineBreak() {
        let table = LineTable("a\nb\r\nc\rd")
        XCTAssertEqual(table.lineStarts, [0, 2, 5, 7])
        XCTAssertEqual(table.contentRange(ofLine: 1), 2..<3)
        XCTAssertEqual(table.contentRange(ofLine: 3), 7..<8)
    }

    func testTrailingNewlineStartsAnEmptyLine() {
        let table = LineTable("x\n")
        XCTAssertEqual(table.lineCount, 2)
        XCTAssertEqual(table.offset(of: LineColumn(line: 1, column: 0), unit: .utf16), 2)
    }

    func testCRLFColumnsStopBeforeTheLineBreak() {
        let table = LineTable("ab\r\ncd")
        // Past the end of the line clamps to its end, never into "\r\n".
        XCTAssertEqual(table.offset(of: LineColumn(line: 0, column: 10), unit: .utf16), 2)
        XCTAssertEqual(table.position(of: 3, unit: .utf16), LineColumn(line: 0, column: 2))
        XCTAssertEqual(table.position(of: 4, unit: .utf16), LineColumn(line: 1, column: 0))
    }

    func testCJKColumns() {
        // "日本" is 3 UTF-8 bytes per character and 1 UTF-16 unit per character.
        let table = LineTable("let 日本 = 1")
        XCTAssertEqual(table.offset(of: LineColumn(line: 0, column: 5), unit: .utf16), 7)
        XCTAssertEqual(table.offset(of: LineColumn(line: 0, column: 7), unit: .utf8), 7)
        XCTAssertEqual(table.position(of: 10, unit: .utf16), LineColumn(line: 0, column: 6))
        XCTAssertEqual(table.position(of: 10, unit: .utf8), LineColumn(line: 0, column: 10))
    }

    func testAstralCharactersAreTwoUTF16Units() {
        // 😀 is 4 UTF-8 bytes and a surrogate pair in UTF-16.
        let table = LineTable("a😀b")
        XCTAssertEqual(table.offset(of: LineColumn(line: 0, column: 3), unit: .utf16), 5)
        XCTAssertEqual(table.position(of: 5, unit: .utf16), LineColumn(line: 0, column: 3))
        XCTAssertEqual(table.position(of: 5, unit: .utf8), LineColumn(line: 0, column: 5))
        // A column between the two surrogates lands on the character's start.
        XCTAssertEqual(table.offset(of: LineColumn(line: 0, column: 2), unit: .utf16), 1)
        // An offset inside the character counts as its start.
        XCTAssertEqual(table.position(of: 3, unit: .utf16), LineColumn(line: 0, column: 1))
    }

    func testOutOfRangePositionsClamp() {
        let table = LineTable("ab\ncd")
        XCTAssertEqual(table.offset(of: LineColumn(line: 9, column: 0), unit: .utf16), 5)
        XCTAssertEqual(table.offset(of: LineColumn(line: -1, column: 3), unit: .utf16), 0)
        XCTAssertEqual(table.offset(of: LineColumn(line: 1, column: -4), unit: .utf16), 3)
        XCTAssertEqual(table.position(of: 99, unit: .utf16), LineColumn(line: 1, column: 2))
    }

    func testMalformedUTF8CountsOneUnitPerByte() {
        let table = LineTable([0x61, 0xFF, 0xE6, 0x62])
        XCTAssertEqual(table.offset(of: LineColumn(line: 0, column: 3), unit: .utf16), 3)
        XCTAssertEqual(table.position(of: 4, unit: .utf16), LineColumn(line: 0, column: 4))
    }

    func testRoundTripEveryOffsetOfMixedText() {
        let table = LineTable("é日😀\r\nx\r👍🏽y\n")
        for unit in [ColumnUnit.utf8, .utf16] {
            var offset = 0
            for scalar in table.text.unicodeScalars {
                // The "\n" of a "\r\n" is inside a line break, not a position of its own.
                let insideLineBreak = scalar == "\n" && offset > 0 && table.bytes[offset - 1] == UInt8(ascii: "\r")
                if !insideLineBreak {
                    XCTAssertEqual(table.offset(of: table.position(of: offset, unit: unit), unit: unit), offset, "\(unit) \(offset)")
                }
                offset += String(scalar).utf8.count
            }
        }
    }

    func testReplacingRebuildsLines() {
        let table = LineTable("one\ntwo\nthree").replacing(4..<8, with: Array("2\n2b\n".utf8))
        XCTAssertEqual(table.text, "one\n2\n2b\nthree")
        XCTAssertEqual(table.lineCount, 4)
        XCTAssertEqual(LineTable("ab").replacing(5..<9, with: Array("c".utf8)).text, "abc")
    }
}

final class ByteSearchTests: XCTestCase {
    func testFindsEveryOccurrenceAndNothingElse() {
        let text = Array("import ApolloTestSupport\nlet dog = Mock<Dog>() // 漢字 Mock<".utf8)
        XCTAssertEqual(text.firstOffset(of: "Mock<"), 35)
        XCTAssertEqual(text.firstOffset(of: "Mock<", from: 36), 57)
        XCTAssertNil(text.firstOffset(of: "Mock<", from: 58))
        XCTAssertTrue(text.contains(bytes: "漢字"))
        XCTAssertFalse(text.contains(bytes: "Mock<Cat>"))
        XCTAssertFalse([UInt8]().contains(bytes: "a"))
        XCTAssertEqual(text.firstOffset(of: ""), 0)
        // A needle longer than the text, and one that only matches past the end.
        XCTAssertFalse(Array("Moc".utf8).contains(bytes: "Mock<"))
        XCTAssertEqual(Array("aab".utf8).firstOffset(of: "ab"), 1)
    }
}
