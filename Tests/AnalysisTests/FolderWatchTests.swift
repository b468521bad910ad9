import Foundation
import Synchronization
@testable import Analysis
import XCTest

/// The host's own watch of its folders, for clients that register no file watchers: a file written, a folder created
/// with files in it, a file removed, each reach `changed` (once per burst); folders a workspace walk skips are not
/// watched. On Linux through inotify; the poll that stands in elsewhere is held to the same.
final class FolderWatchTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("mockls-watch-\(UUID().uuidString)").standardizedFileURL
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Tests"), withIntermediateDirectories: true)
        try Data("struct A {}\n".utf8).write(to: folder.appendingPathComponent("Tests/A.swift"))
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    /// The files `changed` was given, gathered until `expected` are all there (at most `timeout`).
    private final class Heard: Sendable {
        let files = Mutex<Set<String>>([])
        func add(_ urls: [URL]) { files.withLock { $0.formUnion(urls.map(\.lastPathComponent)) } }
        func wait(for expected: Set<String>, timeout: TimeInterval) -> Set<String> {
            let deadline = Date().addingTimeInterval(timeout)
            while Date() < deadline {
                let heard = files.withLock { $0 }
                if expected.isSubset(of: heard) { return heard }
                Thread.sleep(forTimeInterval: 0.05)
            }
            return files.withLock { $0 }
        }
        func clear() { files.withLock { $0 = [] } }
    }

    private func exercise(_ start: (Heard) -> any FolderWatch, timeout: TimeInterval) throws {
        let heard = Heard()
        let watch = start(heard)
        defer { watch.stop() }
        Thread.sleep(forTimeInterval: 0.3)  // the folders are walked on the watch's own thread
        try Data("struct A { let b = 1 }\n".utf8).write(to: folder.appendingPathComponent("Tests/A.swift"))
        XCTAssertTrue(heard.wait(for: ["A.swift"], timeout: timeout).contains("A.swift"), "a file written")
        // A folder created with a file in it, then a file added to it; a skipped folder's file is not heard of.
        let new = folder.appendingPathComponent("Tests/Feature")
        try FileManager.default.createDirectory(at: new, withIntermediateDirectories: true)
        try Data("struct B {}\n".utf8).write(to: new.appendingPathComponent("B.swift"))
        XCTAssertTrue(heard.wait(for: ["B.swift"], timeout: timeout).contains("B.swift"), "a new folder's file")
        Thread.sleep(forTimeInterval: 0.3)
        try Data("struct C {}\n".utf8).write(to: new.appendingPathComponent("C.swift"))
        try FileManager.default.createDirectory(at: folder.appendingPathComponent(".build"), withIntermediateDirectories: true)
        try Data("x".utf8).write(to: folder.appendingPathComponent(".build/Hidden.swift"))
        XCTAssertTrue(heard.wait(for: ["C.swift"], timeout: timeout).contains("C.swift"), "a file of the new folder")
        heard.clear()
        try FileManager.default.removeItem(at: folder.appendingPathComponent("Tests/A.swift"))
        let after = heard.wait(for: ["A.swift"], timeout: timeout)
        XCTAssertTrue(after.contains("A.swift"), "a file removed")
        XCTAssertFalse(after.contains("Hidden.swift"), "a skipped folder is not watched")
        // Stopped: nothing more.
        watch.stop()
        heard.clear()
        try Data("struct D {}\n".utf8).write(to: folder.appendingPathComponent("Tests/D.swift"))
        Thread.sleep(forTimeInterval: 0.5)
        XCTAssertEqual(heard.files.withLock { $0 }, [])
    }

    func testThePlatformsWatchHearsOfWhatChanges() throws {
        let folder = self.folder!
        try exercise({ heard in
            FolderWatches.start([folder], log: { _ in }, changed: heard.add)!
        }, timeout: 5)
    }

    func testThePollHearsOfWhatChanges() throws {
        let folder = self.folder!
        try exercise({ heard in PollingWatch([folder], changed: heard.add) }, timeout: 8)
    }

    /// A change of folders changes what the running watch watches: a folder added is heard of from then on, a folder
    /// removed no longer is (a client adding folders one at a time restarted the watch at every change, and each
    /// restart waited for the old watch's thread).
    private func exerciseFolderChanges(_ start: (Heard) -> any FolderWatch, timeout: TimeInterval) throws {
        let other = folder.appendingPathComponent("../\(folder.lastPathComponent)-other").standardizedFileURL
        try FileManager.default.createDirectory(at: other.appendingPathComponent("Sources"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: other) }
        let heard = Heard()
        let watch = start(heard)
        defer { watch.stop() }
        Thread.sleep(forTimeInterval: 0.3)
        // A file of a kept folder changed just before the folders change is still heard of.
        try Data("struct A { let before = 1 }\n".utf8).write(to: folder.appendingPathComponent("Tests/A.swift"))
        watch.watch([folder, other])
        XCTAssertTrue(heard.wait(for: ["A.swift"], timeout: timeout).contains("A.swift"), "a file of a kept folder changed before the change of folders")
        Thread.sleep(forTimeInterval: 0.3)
        try Data("struct E {}\n".utf8).write(to: other.appendingPathComponent("Sources/E.swift"))
        XCTAssertTrue(heard.wait(for: ["E.swift"], timeout: timeout).contains("E.swift"), "a file of a folder added")
        watch.watch([other])
        Thread.sleep(forTimeInterval: 0.3)
        heard.clear()
        try Data("struct F {}\n".utf8).write(to: folder.appendingPathComponent("Tests/F.swift"))
        try Data("struct G {}\n".utf8).write(to: other.appendingPathComponent("Sources/G.swift"))
        let after = heard.wait(for: ["G.swift"], timeout: timeout)
        XCTAssertTrue(after.contains("G.swift"), "a file of a folder kept")
        Thread.sleep(forTimeInterval: 0.3)
        XCTAssertFalse(heard.files.withLock { $0 }.contains("F.swift"), "a file of a folder removed")
    }

    func testThePlatformsWatchFollowsTheFolders() throws {
        let folder = self.folder!
        try exerciseFolderChanges({ heard in FolderWatches.start([folder], log: { _ in }, changed: heard.add)! }, timeout: 5)
    }

    func testThePollFollowsTheFolders() throws {
        let folder = self.folder!
        try exerciseFolderChanges({ heard in PollingWatch([folder], changed: heard.add) }, timeout: 8)
    }

    /// Links that lead back up (`loop` → `.`, `up` → `..`, as test_hostile_workspaces.py's workspace has them): each
    /// folder is watched once, and the watch hears of a change and stops at once.
    func testALinkLoopIsWatchedOnce() throws {
        let graphql = folder.appendingPathComponent("graphql")
        try FileManager.default.createDirectory(at: graphql, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: graphql.appendingPathComponent("loop").path, withDestinationPath: ".")
        try FileManager.default.createSymbolicLink(atPath: graphql.appendingPathComponent("up").path, withDestinationPath: "..")
        let heard = Heard()
        let started = Date()
        let watch = try XCTUnwrap(FolderWatches.start([folder], log: { _ in }, changed: heard.add))
        Thread.sleep(forTimeInterval: 0.3)
        try Data("type Query { a: Int }".utf8).write(to: graphql.appendingPathComponent("schema.graphqls"))
        XCTAssertTrue(heard.wait(for: ["schema.graphqls"], timeout: 5).contains("schema.graphqls"))
        watch.stop()
        XCTAssertLessThan(Date().timeIntervalSince(started), 10)
    }

    /// The host's watch feeds its index: a file changed on disk with no word from the client is in the next snapshot.
    func testTheHostsWatchKeepsTheSnapshotCurrent() throws {
        try Data(#"{"schemaNamespace": "PetAPI", "input": {"schemaSearchPaths": ["*.graphqls"], "operationSearchPaths": ["*.graphql"]}, "output": {"schemaTypes": {"path": "PetAPI", "moduleType": {"swiftPackageManager": {}}}}}"#.utf8)
            .write(to: folder.appendingPathComponent("apollo-codegen-config.json"))
        try Data("type Query { dog: Dog } type Dog { name: String }".utf8).write(to: folder.appendingPathComponent("schema.graphqls"))
        let host = AnalysisHost(folders: [folder], log: { _ in })
        host.load()
        host.watchFolders()
        defer { host.stopWatching() }
        let file = folder.appendingPathComponent("Tests/A.swift").path
        func held() -> String? {
            host.snapshot.afterFirstIndex()?.workspaces.first?.swiftSources.text(of: file).map { String(decoding: $0, as: UTF8.self) }
        }
        let deadline = Date().addingTimeInterval(10)
        while held() == nil, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        XCTAssertEqual(held(), "struct A {}\n")
        Thread.sleep(forTimeInterval: 0.3)
        try Data("struct A { let changed = true }\n".utf8).write(to: URL(fileURLWithPath: file))
        while held() != "struct A { let changed = true }\n", Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        XCTAssertEqual(held(), "struct A { let changed = true }\n")
    }
}
