import Analysis
import Foundation
import XCTest

/// `FileID`: one identity for a file however it came in — a client's URI, a command's path, the workspace walk's.
final class FileIDTests: XCTestCase {
    func testAPathAURLAndAURINameTheSameFile() {
        let paths = ["/w/Tests/A.swift", "/w/./Tests/A.swift", "/w/x/../Tests/A.swift", "/w//Tests/A.swift", "/w/Tests/A.swift/"]
        for path in paths {
            XCTAssertEqual(FileID(path: path), FileID(path: "/w/Tests/A.swift"), path)
            XCTAssertEqual(FileID(path: path), FileID(url: URL(fileURLWithPath: path)), path)
        }
        XCTAssertEqual(FileID(uri: "file:///w/Tests/A.swift"), FileID(path: "/w/Tests/A.swift"))
        XCTAssertEqual(FileID(uri: "file:///w/My%20Tests/A.swift").path, "/w/My Tests/A.swift")
        XCTAssertEqual(FileID(path: "/w/My Tests/A.swift").uri, "file:///w/My%20Tests/A.swift")
        // Components made of dots but not `.` or `..` are names like any other.
        XCTAssertEqual(FileID(path: "/w/.../A.swift").path, "/w/.../A.swift")
        XCTAssertEqual(FileID(path: "/w/.hidden/A.swift").path, "/w/.hidden/A.swift")
        XCTAssertEqual(FileID(path: "/w/Tests/..").path, "/w")
    }

    func testADocumentThatIsNoFileIsItsURI() {
        let untitled = FileID(uri: "untitled:Untitled-1")
        XCTAssertFalse(untitled.isFile)
        XCTAssertNil(untitled.url)
        XCTAssertEqual(untitled.uri, "untitled:Untitled-1")
        for uri in ["file://", "file://?x", "file:relative/folder"] { XCTAssertNil(FileID(uri: uri).url, uri) }
    }

    func testItsNameAndExtension() {
        let file = FileID(path: "/w/graphql/Dog.query.graphql")
        XCTAssertEqual(file.lastPathComponent, "Dog.query.graphql")
        XCTAssertEqual(file.pathExtension, "graphql")
        XCTAssertEqual(FileID(path: "/w/.config/Makefile").pathExtension, "")
    }

    /// An open document is found by the URI its client names it by, without parsing it; closed, it is not.
    func testAnOpenDocumentIsFoundByItsClientsURI() throws {
        var documents = DocumentStore()
        let uri = "file:///w/./Tests/A.swift"
        let file = FileID(uri: uri)
        documents.open(file, uri: uri, languageID: "swift", version: 1, text: [])
        XCTAssertEqual(documents.file(forURI: uri), file)
        XCTAssertEqual(documents[file]?.uri, uri, "answers about it name it as the client does")
        XCTAssertNil(documents.file(forURI: "file:///w/Tests/B.swift"))
        _ = try documents.close(file)
        XCTAssertNil(documents.file(forURI: uri))
    }
}
