import Foundation
import MocklsTestSupport
@testable import Analysis
import XCTest

/// The coverage kept between sessions (`CoverageStore`): a session takes what the last one followed while a file's
/// text and what its tests were read against are the same, follows the rest again, and gives the same report as a
/// session that kept nothing.
final class CoverageStoreTests: XCTestCase {
    private var cacheFolder: URL!

    override func setUpWithError() throws {
        cacheFolder = FileManager.default.temporaryDirectory.appendingPathComponent("mockls-coverage-store-\(UUID().uuidString)")
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: cacheFolder)
    }

    private func test(_ number: Int, sets field: String = "name: \"Rex\"", helper: Bool = false) -> String {
        """
        import XCTest
        import ApolloTestSupport
        @testable import PetAPI

        final class Dog\(number)Tests: XCTestCase {
            func testName() {
                let data = DogQuery.Data.from(Mock<Query>(dog: \(helper ? "makeDog()" : "Mock<Dog>(\(field))")))
                XCTAssertEqual(data.dog?.name, "Rex")
            }

            func testBreed() {
                let data = DogQuery.Data.from(Mock<Query>(dog: Mock<Dog>(breed: "Lab")))
                _ = data.dog?.breed
            }
        }

        """
    }

    private func workspace() throws -> TestWorkspace {
        try TestWorkspace(files: [
            "apollo-codegen-config.json": TestWorkspace.apolloConfiguration(namespace: "PetAPI"),
            "graphql/schema.graphqls": "type Query { dog: Dog } type Dog { id: ID! name: String! breed: String }",
            "graphql/Operations.graphql": "query Dog {\n  dog {\n    name\n    breed\n  }\n}\n",
            "Tests/Dog1Tests.swift": test(1),
            "Tests/Dog2Tests.swift": test(2, helper: true),
            "Tests/Dog3Tests.swift": test(3),
            "Tests/Helpers.swift": """
                import ApolloTestSupport
                @testable import PetAPI

                func makeDog() -> Mock<Dog> { Mock<Dog>(name: "Rex") }

                """,
        ])
    }

    /// One session: the workspace loaded as it is on disk now, what the store kept of it taken, one report, the store
    /// written. Gives the report's rows (field, tests that set and read it) and how many files were followed and taken.
    private func session(_ workspace: TestWorkspace, build: String = "test") -> (rows: [String], followed: Int, taken: Int) {
        let store = CoverageStore(folder: cacheFolder, build: build)
        let caches = AnalysisCaches(store: store)
        let loaded = Workspace(folder: workspace.folder)
        caches.coverage.load(root: loaded.root.path)
        let analysis = AnalysisSnapshot(documents: DocumentStore(), workspaces: [loaded], isIndexed: true, indexer: nil, caches: caches)
        let rows = SelectionCoverageReport(analysis).rows.map { row in
            "\(row.field.id.path): " + row.tests.map { "\($0.name)\($0.sets ? " sets" : "")\($0.reads ? " reads" : "")" }.joined(separator: ", ")
        }
        store.flush()
        return (rows, caches.coverage.followedFiles, caches.coverage.takenFiles)
    }

    func testASessionTakesWhatTheLastOneFollowedAndGivesTheSameReport() throws {
        let workspace = try workspace()
        defer { workspace.remove() }
        let first = session(workspace)
        XCTAssertEqual(first.followed, 4, "the three test files and the helpers' (read for tests it may hold)")
        XCTAssertEqual(first.taken, 0)
        XCTAssertEqual(first.rows, [
            "dog: Dog1Tests.testName sets reads, Dog1Tests.testBreed sets reads, Dog2Tests.testName sets reads, Dog2Tests.testBreed sets reads, Dog3Tests.testName sets reads, Dog3Tests.testBreed sets reads",
            "dog.name: Dog1Tests.testName sets reads, Dog2Tests.testName sets reads, Dog3Tests.testName sets reads",
            "dog.breed: Dog1Tests.testBreed sets reads, Dog2Tests.testBreed sets reads, Dog3Tests.testBreed sets reads",
        ])
        let second = session(workspace)
        XCTAssertEqual(second.rows, first.rows)
        XCTAssertEqual(second.followed, 0)
        XCTAssertEqual(second.taken, 4)
        // A session that keeps nothing says the same.
        let loaded = Workspace(folder: workspace.folder)
        XCTAssertEqual(SelectionCoverageReport(AnalysisSnapshot(workspaces: [loaded])).rows.count, first.rows.count)
    }

    func testAChangedFileIsFollowedAgainAndOnlyIt() throws {
        let workspace = try workspace()
        defer { workspace.remove() }
        _ = session(workspace)
        try workspace.write("Tests/Dog3Tests.swift", test(3, sets: "id: \"3\", name: \"Rex\"").replacingOccurrences(of: "_ = data.dog?.breed", with: ""))
        let second = session(workspace)
        XCTAssertEqual([second.followed, second.taken], [1, 3])
        XCTAssertEqual(second.rows[2], "dog.breed: Dog1Tests.testBreed sets reads, Dog2Tests.testBreed sets reads, Dog3Tests.testBreed sets",
                       "the edited file's test no longer reads `breed`")
        // The store now holds the new text's tests.
        XCTAssertEqual(session(workspace).followed, 0)
    }

    func testWhatTheTestsAreReadAgainstChangedFollowsThemAgain() throws {
        let workspace = try workspace()
        defer { workspace.remove() }
        _ = session(workspace)
        // An operation's document: every field is numbered anew.
        try workspace.write("graphql/Operations.graphql", "query Dog {\n  dog {\n    breed\n    name\n  }\n}\n")
        let reordered = session(workspace)
        XCTAssertEqual([reordered.followed, reordered.taken], [4, 0])
        XCTAssertEqual(reordered.rows[1], "dog.breed: Dog1Tests.testBreed sets reads, Dog2Tests.testBreed sets reads, Dog3Tests.testBreed sets reads")
        // Another file's helper: what `makeDog()` builds is what the files besides it were followed with.
        try workspace.write("Tests/Helpers.swift", "import ApolloTestSupport\n@testable import PetAPI\n\nfunc makeDog() -> Mock<Dog> { Mock<Dog>(breed: \"Lab\") }\n")
        let helped = session(workspace)
        XCTAssertEqual(helped.followed, 4)
        XCTAssertEqual(helped.rows[2], "dog.name: Dog1Tests.testName sets reads, Dog2Tests.testName reads, Dog3Tests.testName sets reads")
        // Another build of mockls takes nothing another one kept.
        XCTAssertEqual(session(workspace, build: "another").followed, 4)
    }

    func testAStoreThatCannotBeReadIsIgnored() throws {
        let workspace = try workspace()
        defer { workspace.remove() }
        let first = session(workspace)
        let store = CoverageStore(folder: cacheFolder, build: "test")
        let file = try XCTUnwrap(store.file(of: Workspace(folder: workspace.folder).root.path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: file.path))
        for broken in ["{\"format\": 1, \"build\": \"test\"", "not json", "{\"format\": 99, \"build\": \"test\", \"root\": \"/\", \"files\": {}}"] {
            try Data(broken.utf8).write(to: file)
            let again = session(workspace)
            XCTAssertEqual(again.rows, first.rows, broken)
            XCTAssertEqual(again.followed, 4, broken)
        }
    }

    func testTheFolderAndWhatIsKept() throws {
        XCTAssertNil(CoverageStore.defaultFolder(environment: ["MOCKLS_CACHE_DIR": "off", "HOME": "/home/u"]))
        XCTAssertNil(CoverageStore.defaultFolder(environment: ["MOCKLS_CACHE_DIR": ""]))
        XCTAssertEqual(CoverageStore.defaultFolder(environment: ["MOCKLS_CACHE_DIR": "/tmp/m", "HOME": "/home/u"])?.path, "/tmp/m")
        XCTAssertEqual(CoverageStore.defaultFolder(environment: ["XDG_CACHE_HOME": "/var/c", "HOME": "/home/u"])?.path, "/var/c/mockls")
        XCTAssertEqual(CoverageStore.defaultFolder(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/home/u"])?.path, "/home/u/.cache/mockls")
        XCTAssertNil(CoverageStore.defaultFolder(environment: [:]))
        // Nothing is written without a folder, nor where the folder cannot be made; nothing fails either.
        for folder in [nil, URL(fileURLWithPath: "/dev/null/mockls")] {
            let none = CoverageStore(folder: folder, build: "test")
            none.save("/w", after: 0) { [:] }
            none.flush()
            XCTAssertEqual(none.entries(of: "/w"), [:])
        }
        // A file past the bound is neither written nor read.
        let bounded = CoverageStore(folder: cacheFolder, build: "test")
        let test = SelectionCoverageReport.FileTest(name: String(repeating: "t", count: 1 << 20), line: 0, sets: [], reads: [], unfollowed: [])
        let big = (0...(CoverageStore.maximumBytes >> 20)).map { _ in test }
        bounded.save("/big", after: 0) { ["/big/A.swift": .init(text: "0", context: "0", tests: big, otherFiles: [:])] }
        bounded.flush()
        XCTAssertFalse(FileManager.default.fileExists(atPath: try XCTUnwrap(bounded.file(of: "/big")).path))
        try FileManager.default.createDirectory(at: cacheFolder, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: try XCTUnwrap(bounded.file(of: "/big")).path, contents: Data(count: CoverageStore.maximumBytes + 1))
        XCTAssertEqual(bounded.entries(of: "/big"), [:])
        try FileManager.default.removeItem(at: try XCTUnwrap(bounded.file(of: "/big")))
        // At most `maximumWorkspaces` workspaces' files: the least recently written go.
        let store = CoverageStore(folder: cacheFolder, build: "test")
        let roots = (0...CoverageStore.maximumWorkspaces).map { "/workspace\($0)" }
        for (number, root) in roots.enumerated() {
            store.save(root, after: 0) { [:] }
            store.flush()
            if number == 0 {
                // Older than the rest, whatever the file system's clock resolution.
                try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: try XCTUnwrap(store.file(of: root)).path)
            }
        }
        let kept = try FileManager.default.contentsOfDirectory(atPath: cacheFolder.path)
        XCTAssertEqual(kept.count, CoverageStore.maximumWorkspaces)
        XCTAssertFalse(kept.contains(try XCTUnwrap(store.file(of: roots[0])).lastPathComponent))
        XCTAssertEqual(store.entries(of: roots[1]), [:])
    }

    func testTheHostKeepsWhatItsWorkspaceFolderFollowed() throws {
        let workspace = try workspace()
        defer { workspace.remove() }
        func start() throws -> (lenses: Int, taken: Int) {
            let host = AnalysisHost(folders: [workspace.folder], store: CoverageStore(folder: cacheFolder, build: "test"), log: { _ in })
            host.load()
            let snapshot = try XCTUnwrap(host.snapshot.afterFirstIndex(timeout: .seconds(30)))
            let rows = try snapshot.selectionCoverage(ofDocument: workspace.file("graphql/Operations.graphql")).rows.count
            host.flush()
            return (rows, host.snapshot.caches?.coverage.takenFiles ?? -1)
        }
        XCTAssertEqual(try start().taken, 0)
        let second = try start()
        XCTAssertEqual(second.lenses, 3)
        XCTAssertEqual(second.taken, 4, "the folder the host loads is the root the report saved")
    }
}
