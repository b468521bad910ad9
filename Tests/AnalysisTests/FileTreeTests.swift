import Foundation
@testable import Analysis
import XCTest

/// The one folder walk: loops, links out of the workspace, FIFOs, skipped folders; and workspace folders as a set.
final class FileTreeTests: XCTestCase {
    private var root: URL!

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("mockls-tree-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("ws/graphql"), withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: root) }

    private func write(_ path: String, _ text: String = "type Query { id: ID }") {
        _ = FileManager.default.createFile(atPath: root.appendingPathComponent(path).path, contents: Data(text.utf8))
    }

    func testLoopsAreEnteredOnceAndLinksOutsideAreFollowed() throws {
        write("ws/graphql/schema.graphqls")
        write("ws/graphql/Q.graphql", "query Q { id }")
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("ws/graphql/loop").path, withDestinationPath: ".")
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("ws/graphql/up").path, withDestinationPath: "..")
        // A schema shared from outside the workspace, linked in.
        try FileManager.default.createDirectory(at: root.appendingPathComponent("shared"), withIntermediateDirectories: true)
        write("shared/common.graphqls", "type Extra { id: ID }")
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("ws/common").path, withDestinationPath: root.appendingPathComponent("shared").path)
        let workspace = root.appendingPathComponent("ws")
        let names = FileTree.files(under: workspace) { $0.hasSuffix(".graphqls") || $0.hasSuffix(".graphql") }
            .map { String($0.path.dropFirst(workspace.path.count + 1)) }
        XCTAssertEqual(names, ["common/common.graphqls", "graphql/Q.graphql", "graphql/schema.graphqls"])
        for pattern in ["**/*.graphql", "**/*.graphqls", "*/**/*.graphqls", "graphql/**/*.graphql"] {
            let found = Glob(base: workspace, pattern: pattern).files().map(\.lastPathComponent)
            XCTAssertEqual(Set(found).count, found.count, "\(pattern): \(found)")
        }
        XCTAssertEqual(Glob(base: workspace, pattern: "**/*.graphqls").files().map(\.lastPathComponent).sorted(), ["common.graphqls", "schema.graphqls"])
    }

    func testOnlyRegularFilesAreReadAndHiddenFoldersAreSkipped() throws {
        XCTAssertEqual(mkfifo(root.appendingPathComponent("ws/graphql/pipe.graphql").path, 0o644), 0)
        write("ws/graphql/real.graphql", "query R { id }")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("ws/.build/checkouts"), withIntermediateDirectories: true)
        write("ws/.build/checkouts/hidden.graphql")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("ws/node_modules"), withIntermediateDirectories: true)
        write("ws/node_modules/vendored.graphql")
        let found = FileTree.files(under: root.appendingPathComponent("ws")) { $0.hasSuffix(".graphql") }.map(\.lastPathComponent)
        XCTAssertEqual(found, ["real.graphql"])
        XCTAssertEqual(Glob(base: root.appendingPathComponent("ws"), pattern: "**/*.graphql").files().map(\.lastPathComponent), ["real.graphql"])
        // The FIFO is refused, not read (a read would block forever).
        XCTAssertThrowsError(try FileTree.read(root.appendingPathComponent("ws/graphql/pipe.graphql"))) { error in
            XCTAssertEqual(error as? FileTree.ReadError, .notRegularFile(self.root.appendingPathComponent("ws/graphql/pipe.graphql").path))
        }
        XCTAssertEqual(FileTree.contents(root.appendingPathComponent("ws/graphql/real.graphql")), Array("query R { id }".utf8))
        XCTAssertNil(FileTree.contents(root.appendingPathComponent("ws/graphql/missing.graphql")))
    }

    /// A walk stops after its bound of entries looked at (a workspace opened at `/` ends its walk), in both walkers.
    func testAWalkStopsAfterItsEntries() throws {
        try FileManager.default.createDirectory(at: root.appendingPathComponent("ws/many"), withIntermediateDirectories: true)
        for index in 0..<10 { write("ws/many/f\(index).graphql", "query Q\(index) { id }") }
        let ws = root.appendingPathComponent("ws")
        XCTAssertEqual(FileTree.files(under: ws) { $0.hasSuffix(".graphql") }.count, 10)
        let bounded = FileTree.files(under: ws, maximumEntries: 6) { $0.hasSuffix(".graphql") }
        // `graphql` and `many`, then four of `many`'s files.
        XCTAssertEqual(bounded.map(\.lastPathComponent), ["f0.graphql", "f1.graphql", "f2.graphql", "f3.graphql"])
        let glob = Glob(base: ws, pattern: "**/*.graphql")
        XCTAssertEqual(glob.files().count, 10)
        // `graphql` and `many` below `**`, `many`'s ten files (still below `**`), then two of them as `*.graphql`.
        XCTAssertEqual(glob.files(maximumEntries: 14).map(\.lastPathComponent), ["f0.graphql", "f1.graphql"])
    }

    func testTheRootFolderHoldsEveryOther() {
        var folders = WorkspaceFolders([URL(fileURLWithPath: "/work/a"), URL(fileURLWithPath: "/work-b")])
        XCTAssertEqual(folders.roots.map(\.path), ["/work/a", "/work-b"], "a sibling whose name extends another's is not inside it")
        folders.change(added: [URL(fileURLWithPath: "/")], removed: [])
        XCTAssertEqual(folders.roots.map(\.path), ["/"])
    }

    /// A root is named as the client named it, standardized; a folder inside another is found by its path's bytes,
    /// whatever the characters (an accent that combines with the slash before it does not hide the slash).
    func testRootsAreStandardizedAndFoundByPath() {
        var folders = WorkspaceFolders([URL(fileURLWithPath: "/nonexistent-mockls/x/../wörk/")])
        XCTAssertEqual(folders.roots, [URL(fileURLWithPath: "/nonexistent-mockls/wörk/").standardizedFileURL])
        XCTAssertEqual(folders.roots.map(\.path), ["/nonexistent-mockls/wörk"])
        folders.change(added: [URL(fileURLWithPath: "/nonexistent-mockls/wörk/\u{301}inner"), URL(fileURLWithPath: "/nonexistent-mockls/e\u{301}")], removed: [])
        XCTAssertEqual(folders.roots.map(\.path), ["/nonexistent-mockls/wörk", "/nonexistent-mockls/e\u{301}"])
        folders.change(added: [], removed: [URL(fileURLWithPath: "/nonexistent-mockls/wörk")])
        XCTAssertEqual(folders.roots.map(\.path), ["/nonexistent-mockls/wörk/\u{301}inner", "/nonexistent-mockls/e\u{301}"])
    }

    /// A client may announce thousands of folders (a fuzzer did): each change resolves only the folders it names.
    func testThousandsOfFolders() {
        var folders = WorkspaceFolders()
        for index in 0..<3000 {
            folders.change(added: [URL(fileURLWithPath: "/nonexistent-mockls/\(index)/x")], removed: [])
            if index % 2 == 1 { folders.change(added: [], removed: [URL(fileURLWithPath: "/nonexistent-mockls/\(index - 1)/x")]) }
        }
        XCTAssertEqual(folders.urls.count, 1500)
        XCTAssertEqual(folders.roots.count, 1500)
        folders.change(added: [URL(fileURLWithPath: "/nonexistent-mockls")], removed: [])
        XCTAssertEqual(folders.roots.map(\.path), ["/nonexistent-mockls"])
    }

    func testWorkspaceFoldersAreASet() throws {
        let ws = root.appendingPathComponent("ws")
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("alias").path, withDestinationPath: ws.path)
        var folders = WorkspaceFolders([ws])
        for _ in 0..<100 {
            folders.change(
                added: [ws, URL(fileURLWithPath: ws.path + "/"), root.appendingPathComponent("alias"), ws.appendingPathComponent("graphql")],
                removed: [])
        }
        // The same folder by three names counts once; the folder inside it is kept but shares its workspace.
        XCTAssertEqual(folders.urls.count, 2)
        XCTAssertEqual(folders.roots.map(\.path), [ws.path])
        // Removing the outer folder leaves the inner one its own workspace.
        folders.change(added: [], removed: [root.appendingPathComponent("alias")])
        XCTAssertEqual(folders.roots.map(\.path), [ws.appendingPathComponent("graphql").path])
    }
}
