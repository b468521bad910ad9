#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Features
import GraphQLIndex
import SwiftAnalysis
@testable import Analysis
import XCTest

/// `WorkspaceFiles`: the workspace's Swift files as its snapshot holds them, what coverage, references and rename read.
final class SwiftSourcesTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("mockls-sources-\(UUID().uuidString)")
        try write("apollo-codegen-config.json", #"{"schemaNamespace": "ZooAPI"}"#)
        try write("schema.graphqls", "type Query { dog: Dog }\ntype Dog { id: ID! name: String! }")
        try write("DogQuery.graphql", "query Dog { dog { id name } }")
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    private func write(_ path: String, _ text: String) throws {
        let url = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    private func test(_ name: String, reading field: String) -> String {
        """
        import ApolloTestSupport
        import ZooAPITestMocks
        import XCTest

        final class \(name): XCTestCase {
            func test_\(field)() {
                let data = DogQuery.Data.from(Mock<Query>(dog: Mock<Dog>(id: "1", name: "Rex")))
                XCTAssertEqual(data.dog?.\(field), "x")
            }
        }
        """
    }

    /// The tests that read `field` of the query, by the coverage of `workspace`.
    private func readers(of field: String, in workspace: Workspace) -> [String] {
        SelectionCoverageReport(AnalysisSnapshot(workspaces: [workspace])).rows.filter { $0.field.id.path == "dog.\(field)" }
            .flatMap(\.tests).filter(\.reads).map(\.name).sorted()
    }

    func testQueriesReadTheFilesTheWorkspaceHoldsAndSeeChangesOnDisk() throws {
        try write("Tests/ATests.swift", test("ATests", reading: "id"))
        try write("Tests/App.swift", "struct App {}\n")
        // A host whose files are not heard of as they change (no watchers, no watch of its own).
        var workspace = Workspace(folder: folder, events: FileEvents(heard: false))
        let sources = workspace.swiftSources
        let a = folder.appendingPathComponent("Tests/ATests.swift").standardizedFileURL.path
        XCTAssertEqual(sources.paths.map { URL(fileURLWithPath: $0).lastPathComponent }, ["ATests.swift", "App.swift"])
        XCTAssertTrue(sources.keepsText(of: a))
        XCTAssertEqual(readers(of: "id", in: workspace), ["ATests.test_id"])

        // A file created, announced by a file event: found without walking again, in path order.
        try write("Tests/BTests.swift", test("BTests", reading: "name"))
        XCTAssertTrue(workspace.update(folder.appendingPathComponent("Tests/BTests.swift")))
        XCTAssertEqual(workspace.swiftSources.paths.map { URL(fileURLWithPath: $0).lastPathComponent }, ["ATests.swift", "App.swift", "BTests.swift"])
        XCTAssertEqual(readers(of: "name", in: workspace), ["BTests.test_name"])

        // A file changed with no event (a checkout, with a client that watches nothing): read again, not the kept text.
        try write("Tests/ATests.swift", test("ATests", reading: "name") + "\n// changed\n")
        XCTAssertEqual(readers(of: "name", in: workspace), ["ATests.test_name", "BTests.test_name"])
        XCTAssertEqual(readers(of: "id", in: workspace), [])

        // Deleted with no event: absent; with one, gone from the list.
        try FileManager.default.removeItem(at: folder.appendingPathComponent("Tests/BTests.swift"))
        XCTAssertEqual(readers(of: "name", in: workspace), ["ATests.test_name"])
        XCTAssertTrue(workspace.update(folder.appendingPathComponent("Tests/BTests.swift")))
        XCTAssertEqual(workspace.swiftSources.count, 2)
        XCTAssertFalse(workspace.update(folder.appendingPathComponent("Tests/BTests.swift")), "a file gone twice changes nothing")
        // Files mockls does not read: a generated operation file, a skipped folder.
        try write("Gen/DogQuery.graphql.swift", "// generated")
        try write(".build/X.swift", test("XTests", reading: "id"))
        XCTAssertFalse(workspace.update(folder.appendingPathComponent("Gen/DogQuery.graphql.swift")))
        XCTAssertFalse(workspace.update(folder.appendingPathComponent(".build/X.swift")))
    }

    func testAReloadKeepsTheTextsOfFilesThatDidNotChange() throws {
        try write("Tests/ATests.swift", test("ATests", reading: "id"))
        try write("Tests/BTests.swift", test("BTests", reading: "name"))
        let first = Workspace(folder: folder)
        try write("Tests/BTests.swift", test("BTests", reading: "id"))
        let second = Workspace(folder: folder, previous: first)
        let (a, b) = ["ATests", "BTests"].map { folder.appendingPathComponent("Tests/\($0).swift").standardizedFileURL.path }.pair
        // The same buffer for the unchanged file (kept, not read again); the changed one read again.
        first.swiftSources.text(of: a)!.withUnsafeBufferPointer { kept in
            second.swiftSources.text(of: a)!.withUnsafeBufferPointer { XCTAssertEqual(kept.baseAddress, $0.baseAddress) }
        }
        XCTAssertTrue(String(decoding: second.swiftSources.text(of: b)!, as: UTF8.self).contains("dog?.id"))
        XCTAssertEqual(readers(of: "id", in: second), ["ATests.test_id", "BTests.test_id"])
    }

    /// Over the bound, the files that build mocks keep their texts first; the others are read when asked for.
    func testTheBoundKeepsTestFilesFirst() throws {
        try write("Tests/ATests.swift", test("ATests", reading: "id"))
        try write("App/Big.swift", String(repeating: "// app code\n", count: 100))
        let urls = ["App/Big.swift", "Tests/ATests.swift"].map { folder.appendingPathComponent($0).standardizedFileURL }
        let sources = WorkspaceFiles(urls, previous: nil, bound: 600)
        XCTAssertTrue(sources.keepsText(of: urls[1].path))
        XCTAssertFalse(sources.keepsText(of: urls[0].path))
        XCTAssertLessThanOrEqual(sources.keptTextBytes, 600)
        XCTAssertEqual(sources.text(of: urls[0].path)?.count, 1200, "a text not kept is read when asked for")
    }

    /// 100,000 files, 10 MB of text, a bound of 1 MB: what is kept stays within it, the files that build mocks first,
    /// and every file is still listed and read when asked for.
    func testTheBoundHoldsWithAHundredThousandFiles() throws {
        let root = folder.appendingPathComponent("Many")
        for group in 0..<100 {
            let groupFolder = root.appendingPathComponent("G\(group)")
            try FileManager.default.createDirectory(at: groupFolder, withIntermediateDirectories: true)
            for index in 0..<1000 {
                let text = index == 0 ? "let dog = Mock<Dog>()\n" + String(repeating: "/", count: 77) : String(repeating: "/", count: 99)
                // Written with C's stdio: Foundation's `createFile` takes most of the test's time otherwise.
                let file = try XCTUnwrap(fopen(groupFolder.appendingPathComponent("F\(index).swift").path, "w"))
                fputs(text, file)
                fclose(file)
            }
        }
        let urls = FileTree.files(under: root) { $0.hasSuffix(".swift") }
        XCTAssertEqual(urls.count, 100_000)
        let bound = 1 << 20
        let sources = WorkspaceFiles(urls, previous: nil, bound: bound)
        XCTAssertEqual(sources.count, 100_000)
        XCTAssertLessThanOrEqual(sources.keptTextBytes, bound)
        XCTAssertGreaterThan(sources.keptTextBytes, bound - 100, "filled up to the bound")
        let tests = urls.filter { $0.lastPathComponent == "F0.swift" }
        XCTAssertEqual(tests.count, 100)
        XCTAssertTrue(tests.allSatisfy { sources.keepsText(of: $0.path) }, "the files that build mocks are kept first")
        XCTAssertFalse(sources.keepsText(of: urls.last!.path))
        XCTAssertEqual(sources.text(of: urls.last!.path)?.count, 99, "a text not kept is read when asked for")
    }

    /// A file that vanishes, changes without an event, or stops being a regular file between the walk and a query:
    /// its answer is absent or its new text, never the text it no longer has, and no crash.
    func testAFileThatChangesUnderTheWorkspaceIsReadAsItIsNow() throws {
        try write("Tests/ATests.swift", test("ATests", reading: "id"))
        try write("Tests/BTests.swift", test("BTests", reading: "name"))
        try write("Tests/CTests.swift", test("CTests", reading: "name"))
        let events = FileEvents(heard: false)
        let workspace = Workspace(folder: folder, events: events)
        let (a, b, c) = ["A", "B", "C"].map { folder.appendingPathComponent("Tests/\($0)Tests.swift").standardizedFileURL.path }.triple
        try FileManager.default.removeItem(atPath: a)
        try write("Tests/BTests.swift", test("BTests", reading: "id") + "\n// changed without an event\n")
        try FileManager.default.removeItem(atPath: c)
        try FileManager.default.createDirectory(atPath: c, withIntermediateDirectories: true)
        XCTAssertNil(workspace.swiftSources.text(of: a), "vanished")
        XCTAssertTrue(String(decoding: try XCTUnwrap(workspace.swiftSources.text(of: b)), as: UTF8.self).contains("changed without an event"))
        XCTAssertNil(workspace.swiftSources.text(of: c), "a folder now")
        XCTAssertEqual(readers(of: "id", in: workspace), ["BTests.test_id"], "the queries see the files as they are now")
    }

    /// Where every change is heard of (the client's watchers, the host's own watch, a command's fresh read), a query
    /// takes the text the snapshot holds, without looking at the disk: a change reaches it through its event.
    func testWhereChangesAreHeardOfAQueryTakesTheHeldText() throws {
        try write("Tests/ATests.swift", test("ATests", reading: "id"))
        var workspace = Workspace(folder: folder, events: FileEvents(heard: true))
        let a = folder.appendingPathComponent("Tests/ATests.swift")
        try write("Tests/ATests.swift", test("ATests", reading: "name"))
        XCTAssertEqual(readers(of: "id", in: workspace), ["ATests.test_id"], "the held text, until its event")
        XCTAssertTrue(workspace.update(a))
        XCTAssertEqual(readers(of: "name", in: workspace), ["ATests.test_name"])
    }
}

extension Array {
    fileprivate var pair: (Element, Element) { (self[0], self[1]) }
    fileprivate var triple: (Element, Element, Element) { (self[0], self[1], self[2]) }
}

/// `FileMemo.occurrences`: references look names up per file version instead of parsing every file again.
final class OccurrenceMemoTests: XCTestCase {
    func testANameIsResolvedOncePerVersionOfAFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mockls-occurrences-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(#"{"schemaNamespace": "ZooAPI"}"#.utf8).write(to: folder.appendingPathComponent("apollo-codegen-config.json"))
        try Data("type Query { dog: Dog }\ntype Dog { id: ID! name: String! }".utf8).write(to: folder.appendingPathComponent("schema.graphqls"))
        try Data("query Dog { dog { id name } }".utf8).write(to: folder.appendingPathComponent("DogQuery.graphql"))
        let index = try XCTUnwrap(Workspace(folder: folder).projects.first).index
        let text = Array("""
            import ApolloTestSupport
            func test() {
                let dog = Mock<Dog>(id: "1", name: "Rex")
                let data = DogQuery.Data.from(Mock<Query>(dog: dog))
                let name = data.dog?.name
            }
            """.utf8)
        let memo = FileMemo()
        var parses = 0
        // What the other files declare, as the cache asks whether it still holds.
        var declarationsHold = true
        func ask(_ names: Set<String>, _ text: [UInt8], _ index: ProjectIndex, helpers: Int = 0) -> [Occurrence] {
            let inputs = FileMemo.Inputs(text: text, revision: index.revision, helpers: helpers)
            return memo.occurrences(of: names, in: FileID(path: "/T/DogTests.swift"), inputs: inputs, holds: { _ in declarationsHold }) { missing in
                parses += 1
                return (References.occurrences(named: missing, in: SwiftFile(text), project: index), OtherFilesDependencies(besides: nil))
            }
        }
        let target = ReferenceTarget.field(type: "Dog", name: "name")
        let expected = References.inSwift(target, file: SwiftFile(text), project: index)
        XCTAssertEqual(expected.count, 2, "the mock's label and the model's read")
        let first = ask(["name"], text, index)
        XCTAssertEqual(first.filter { $0.target == target }.map(\.range), expected)
        XCTAssertTrue(first.contains { $0.target == nil }, "the variable `name` is another thing of that name")
        XCTAssertEqual(parses, 1)
        // The same names again, and a question about the other field's: one more parse, for `id` only.
        XCTAssertEqual(ask(["name"], text, index).map(\.range), first.map(\.range))
        XCTAssertEqual(parses, 1)
        XCTAssertEqual(ask(["id", "name"], text, index).filter { $0.target == .field(type: "Dog", name: "id") }.count, 1)
        XCTAssertEqual(parses, 2)
        XCTAssertEqual(ask(["id"], text, index).count, 1)
        XCTAssertEqual(parses, 2)
        // A new version of the file, or of the index: read again.
        var edited = text
        edited.insert(contentsOf: Array("// moved\n".utf8), at: 0)
        XCTAssertEqual(ask(["name"], edited, index).filter { $0.target == target }.map(\.range.lowerBound), expected.map { $0.lowerBound + 9 })
        XCTAssertEqual(parses, 3)
        var reindexed = index
        reindexed.update(folder.appendingPathComponent("DogQuery.graphql").path, role: .executable, text: Array("query Dog { dog { name } }".utf8))
        XCTAssertNotEqual(reindexed.revision, index.revision)
        _ = ask(["name"], edited, reindexed)
        XCTAssertEqual(parses, 4)
        // Other helpers, or a declaration of another file read through that is no longer the same: read again, once.
        _ = ask(["name"], edited, reindexed, helpers: 1)
        XCTAssertEqual(parses, 5)
        _ = ask(["name"], edited, reindexed, helpers: 1)
        XCTAssertEqual(parses, 5)
        declarationsHold = false
        _ = ask(["name"], edited, reindexed, helpers: 1)
        XCTAssertEqual(parses, 6)
        declarationsHold = true
        _ = ask(["name", "id"], edited, reindexed, helpers: 1)
        XCTAssertEqual(parses, 7, "only `id` is read; the names read before are kept")
    }
}

/// The editor's coverage is kept while nothing it reads changes, and computed again when something does.
final class CoverageReportReuseTests: XCTestCase {
    func testAReportIsKeptWhileNothingItReadsChanges() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mockls-reuse-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        func write(_ path: String, _ text: String) throws {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        func test(_ field: String) -> String {
            """
            import ApolloTestSupport
            import ZooAPITestMocks
            final class DogTests: XCTestCase {
                func test_\(field)() {
                    let data = DogQuery.Data.from(Mock<Query>(dog: Mock<Dog>(id: "1", name: "Rex")))
                    XCTAssertEqual(data.dog?.\(field), "x")
                }
            }
            """
        }
        try write("apollo-codegen-config.json", #"{"schemaNamespace": "ZooAPI"}"#)
        try write("schema.graphqls", "type Query { dog: Dog }\ntype Dog { id: ID! name: String! }")
        try write("DogQuery.graphql", "query Dog { dog { id name } }")
        try write("Tests/DogTests.swift", test("id"))
        // Changes on disk not heard of (no watchers): the texts are checked against the disk.
        var workspace = Workspace(folder: folder, events: FileEvents(heard: false))
        let caches = AnalysisCaches()
        var documents = DocumentStore()
        func reads() -> [String] {
            let analysis = AnalysisSnapshot(documents: documents, workspaces: [workspace], isIndexed: true, indexer: nil, caches: caches)
            return SelectionCoverageReport(analysis).rows.filter { $0.readCount > 0 }.map(\.field.id.path).sorted()
        }
        XCTAssertEqual(reads(), ["dog", "dog.id"])
        XCTAssertEqual(caches.coverage.reusedParts, 0)
        XCTAssertEqual(reads(), ["dog", "dog.id"])
        XCTAssertEqual(caches.coverage.reusedParts, 1, "nothing changed: the same part")
        // The test file changed on disk, with no event.
        try write("Tests/DogTests.swift", test("name") + "\n")
        XCTAssertEqual(reads(), ["dog", "dog.name"])
        // Opened in the editor and edited there.
        let uri = folder.appendingPathComponent("Tests/DogTests.swift").standardizedFileURL.absoluteString
        documents.open(FileID(uri: uri), languageID: "swift", version: 1, text: Array(test("id").utf8))
        XCTAssertEqual(reads(), ["dog", "dog.id"])
        // A new test file, announced.
        try write("Tests/NameTests.swift", test("name").replacingOccurrences(of: "DogTests", with: "NameTests"))
        workspace.update(folder.appendingPathComponent("Tests/NameTests.swift"))
        XCTAssertEqual(reads(), ["dog", "dog.id", "dog.name"])
        // The operation changed: a new index revision.
        let reused = caches.coverage.reusedParts
        try write("DogQuery.graphql", "query Dog { dog { id } }")
        workspace.update(folder.appendingPathComponent("DogQuery.graphql"))
        XCTAssertEqual(reads(), ["dog", "dog.id"])
        XCTAssertEqual(caches.coverage.reusedParts, reused)
        XCTAssertEqual(reads(), ["dog", "dog.id"])
        XCTAssertEqual(caches.coverage.reusedParts, reused + 1)
    }

    /// A cancelled request stops reading files, throws, and leaves nothing behind for the next one.
    func testACancelledQueryThrowsAndKeepsNothing() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mockls-cancel-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Tests"), withIntermediateDirectories: true)
        try Data(#"{"schemaNamespace": "ZooAPI"}"#.utf8).write(to: folder.appendingPathComponent("apollo-codegen-config.json"))
        try Data("type Query { dog: Dog }\ntype Dog { id: ID! name: String! }".utf8).write(to: folder.appendingPathComponent("schema.graphqls"))
        let operation = "query Dog { dog { id name } }"
        try Data(operation.utf8).write(to: folder.appendingPathComponent("DogQuery.graphql"))
        try Data("""
            import ApolloTestSupport
            func test_name() {
                let data = DogQuery.Data.from(Mock<Query>(dog: Mock<Dog>(id: "1", name: "Rex")))
                _ = data.dog?.name
            }
            """.utf8).write(to: folder.appendingPathComponent("Tests/DogTests.swift"))
        let caches = AnalysisCaches()
        var documents = DocumentStore()
        let uri = folder.appendingPathComponent("DogQuery.graphql").standardizedFileURL.absoluteString
        documents.open(FileID(uri: uri), languageID: "graphql", version: 1, text: Array(operation.utf8))
        let analysis = AnalysisSnapshot(documents: documents, workspaces: [Workspace(folder: folder)], isIndexed: true, indexer: nil, caches: caches)
        let cancelled = analysis.cancellable { true }
        XCTAssertThrowsError(try cancelled.selectionCoverage()) { XCTAssertTrue($0 is CancellationError, "\($0)") }
        let name = operation.utf8.count - " } }".utf8.count - 1
        XCTAssertThrowsError(try cancelled.references(at: name, in: cancelled.file(FileID(uri: uri)), includingDeclaration: false)) { XCTAssertTrue($0 is CancellationError, "\($0)") }
        // The next request, not cancelled: whole, and computed (nothing of the cancelled one was kept).
        XCTAssertEqual(try analysis.selectionCoverage().rows.filter { $0.readCount > 0 }.map(\.field.id.path).sorted(), ["dog", "dog.name"])
        XCTAssertEqual(caches.coverage.reusedParts, 0)
        XCTAssertEqual(try analysis.references(at: name, in: analysis.file(FileID(uri: uri)), includingDeclaration: false).count, 3, "the selection in the operation, the mock's label and the read")
        // A rename of the operation (`query Dog`: `DogQuery` in the test), cancelled, then whole.
        let rename = try XCTUnwrap(analysis.renameTarget(at: "query D".utf8.count, in: analysis.file(FileID(uri: uri))))
        XCTAssertThrowsError(try cancelled.renameEdits(rename, to: "Puppy")) { XCTAssertTrue($0 is CancellationError, "\($0)") }
        XCTAssertEqual(try analysis.renameEdits(rename, to: "Puppy").get().map(\.edit.text), ["Puppy", "PuppyQuery"])
    }
}
