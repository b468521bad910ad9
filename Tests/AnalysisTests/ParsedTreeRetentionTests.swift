@testable import Analysis
import SourceText
import XCTest

/// Open documents keep their Swift text for as long as the client likes; their syntax trees only while they are among
/// the ones used last.
final class ParsedTreeRetentionTests: XCTestCase {
    private func item(_ index: Int, _ text: String) -> (uri: String, text: [UInt8]) {
        ("file:///w/Tests/T\(index).swift", Array(text.utf8))
    }

    private func source(_ index: Int) -> String {
        "import XCTest\nfinal class T\(index): XCTestCase {\n  func test() { let dog = Mock<Dog>(species: \"\(index)\") }\n}\n"
    }

    func testOnlyTheDocumentsUsedLastKeepTheirTrees() throws {
        var store = DocumentStore(retention: ParsedTreeRetention(byteBudget: 1 << 20, documentLimit: 3))
        for index in 0..<10 {
            store.open(item: item(index, source(index)))
            XCTAssertEqual(store[FileID(uri: item(index, "").uri)]?.swiftFile?.tree.description, source(index))
        }
        XCTAssertEqual(store.retention.retained.documents, 3)
        // A document whose tree was dropped is parsed again, to the same tree, and becomes one of the kept.
        let first = try XCTUnwrap(store[FileID(uri: item(0, "").uri)])
        XCTAssertEqual(first.swiftFile?.tree.description, source(0))
        XCTAssertEqual(store.retention.retained.documents, 3)
        // Every document keeps its text.
        XCTAssertEqual(store.count, 10)
        for index in 0..<10 { XCTAssertEqual(store[FileID(uri: item(index, "").uri)]?.text, source(index)) }
    }

    func testTheBudgetIsInTextBytesAndTheDocumentUsedLastAlwaysKeepsItsTree() {
        let large = String(repeating: "// a comment line that makes the file large\n", count: 100) + source(0)
        var store = DocumentStore(retention: ParsedTreeRetention(byteBudget: 1000, documentLimit: 64))
        store.open(item: item(1, source(1)))
        _ = store[FileID(uri: item(1, "").uri)]?.swiftFile
        store.open(item: item(0, large))
        _ = store[FileID(uri: item(0, "").uri)]?.swiftFile
        XCTAssertEqual(store.retention.retained.documents, 1, "over the budget, the large file used last keeps its tree alone")
        XCTAssertEqual(store.retention.retained.bytes, large.utf8.count)
    }

    func testTypingInAKeptDocumentStillParsesIncrementally() throws {
        var store = DocumentStore(retention: ParsedTreeRetention(byteBudget: 1 << 20, documentLimit: 2))
        let uri = item(0, "").uri
        store.open(item: item(0, source(0)))
        _ = store[FileID(uri: uri)]?.swiftFile
        for index in 1..<5 {
            store.open(item: item(index, source(index)))
            _ = store[FileID(uri: item(index, "").uri)]?.swiftFile
            // Back to the first document: a letter typed at the end of its test's name.
            let document = try XCTUnwrap(store[FileID(uri: uri)])
            let changed = try store.change(FileID(uri: uri), version: document.version + 1) { lines in
                let start = lines.offset(of: LineColumn(line: 2, column: 11), unit: .utf8)
                return lines.replacing(start..<start, with: Array("x".utf8))
            }
            XCTAssertEqual(changed.swiftFile?.wasParsedIncrementally, true, "edit \(index)")
            let typed = source(0).replacingOccurrences(of: "func test(", with: "func test\(String(repeating: "x", count: index))(")
            XCTAssertEqual(changed.swiftFile?.tree.description, typed)
        }
        XCTAssertLessThanOrEqual(store.retention.retained.documents, 2)
    }

    func testAClosedDocumentLeavesNothingRetained() throws {
        var store = DocumentStore(retention: ParsedTreeRetention())
        for index in 0..<5 {
            store.open(item: item(index, source(index)))
            _ = store[FileID(uri: item(index, "").uri)]?.swiftFile
        }
        XCTAssertEqual(store.retention.retained.documents, 5)
        for index in 0..<5 { try store.close(FileID(uri: item(index, "").uri)) }
        XCTAssertEqual(store.retention.retained.documents, 0)
        XCTAssertEqual(store.retention.retained.bytes, 0)
    }
}

private extension DocumentStore {
    mutating func open(item: (uri: String, text: [UInt8])) {
        open(FileID(uri: item.uri), languageID: "swift", version: 1, text: item.text)
    }
}
