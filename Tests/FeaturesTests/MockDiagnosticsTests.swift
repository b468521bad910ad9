import Features
import Foundation
import GraphQLIndex
import MocklsTestSupport
import SwiftAnalysis
import XCTest

/// `MockDiagnostics` on test files whose lines say which diagnostic they must carry (`// expect: CODE word…`, as in
/// `../shared/fixtures/scenarios`): every expected diagnostic on its line, with its words, and nothing else. The
/// repository's own API (Examples/Bookshelf) and Apollo's AnimalKingdom as 2.3 ships it (kept in the repository) run
/// from a lone clone; ../shared's scenario workspaces cross-check.
final class MockDiagnosticsTests: XCTestCase {
    /// Checks `source` against its `// expect:` lines; the failures name the file and line.
    static func check(
        _ source: String, named name: String, project: ProjectIndex, helpers: WorkspaceHelpers = .none, file: StaticString = #filePath,
        line: UInt = #line
    ) {
        var expected: [Int: (code: String, words: [String])] = [:]
        for (index, text) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard let marker = text.range(of: "// expect: ") else { continue }
            let words = text[marker.upperBound...].split(separator: " ").map(String.init)
            expected[index + 1] = (words[0], Array(words.dropFirst()))
        }
        let swiftFile = SwiftFile(source)
        var actual: [Int: [Diagnostic]] = [:]
        for diagnostic in MockDiagnostics.diagnostics(in: swiftFile, project: project, options: TestConventions(), helpers: helpers) {
            actual[swiftFile.line(of: diagnostic.range.lowerBound), default: []].append(diagnostic)
        }
        for lineNumber in Set(expected.keys).union(actual.keys).sorted() {
            let found = actual[lineNumber] ?? []
            guard let expectation = expected[lineNumber] else {
                XCTFail("\(name):\(lineNumber): unexpected \(found.map { "[\($0.code)] \($0.message)" })", file: file, line: line)
                continue
            }
            guard let match = found.first(where: { $0.code.rawValue == expectation.code }) else {
                XCTFail("\(name):\(lineNumber): expected \(expectation.code), got \(found.map { "[\($0.code)] \($0.message)" })", file: file, line: line)
                continue
            }
            let missing = expectation.words.filter { !match.message.contains($0) }
            if !missing.isEmpty { XCTFail("\(name):\(lineNumber): \(missing) not in: \(match.message)", file: file, line: line) }
            if found.count > 1 { XCTFail("\(name):\(lineNumber): more than one diagnostic: \(found.map(\.message))", file: file, line: line) }
        }
    }

    private static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("goldens/diagnostics")

    /// AnimalKingdom as Apollo 2.3 ships it (kept in the repository), or ../shared's (`shared`: its scenarios).
    private func project(format: MockFormat, shared: Bool = false) throws -> ProjectIndex {
        shared ? try FeatureFixture(api: "AnimalKingdomAPI", format: format).project : try FeatureFixture.animalKingdom(format: format).project
    }

    /// Every diagnostic of a test file, on the repository's own API: `Tests/goldens/diagnostics/bookshelf.swift`.
    func testBookshelf() throws {
        let source = try String(contentsOf: Self.goldens.appendingPathComponent("bookshelf.swift"), encoding: .utf8)
        XCTAssertTrue(source.contains("// expect: "))
        Self.check(source, named: "bookshelf.swift", project: try FeatureFixture.bookshelf().project)
    }

    func testOwnScenarios() throws {
        let current = try project(format: .defaults)
        let legacy = try project(format: .optionalParameters)
        for (name, project) in [("animalkingdom.swift", current), ("animalkingdom-legacy.swift", legacy)] {
            let source = try String(contentsOf: Self.goldens.appendingPathComponent(name), encoding: .utf8)
            Self.check(source, named: name, project: project)
        }
    }

    /// Tests written in closures (Quick specs, `runActivity`, `forEach`, `map`, `filter`) and models returned by
    /// helpers, in the test's file and in another (`Tests/scenarios/closures`): each file is checked with the helpers
    /// of the others, as the server and `mockls check` give them.
    func testTestsWrittenInClosuresAndHelpers() throws {
        try checkOwnScenario("closures", folder: "SpecTests", files: 5)
    }

    /// Mocks made by factories (`Mock<Dog>.mock(…)`, `.mock()`, `Cat.empty`, free functions, with their parameters'
    /// defaults), stored fixtures (static, global, changed elsewhere) and lists (`Tests/scenarios/factories`), with a
    /// false-positive suite: factories that set everything, closures, disk, escapes and shared fixtures stay silent.
    func testFactoriesFixturesAndLists() throws {
        try checkOwnScenario("factories", folder: "FactoryTests", files: 4)
    }

    private func checkOwnScenario(_ name: String, folder: String, files count: Int) throws {
        let folder = Self.goldens.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("scenarios/\(name)/Tests/\(folder)")
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil).filter { $0.pathExtension == "swift" }
        XCTAssertEqual(files.count, count)
        let project = try project(format: .defaults)
        let sources = try files.map { ($0, try String(contentsOf: $0, encoding: .utf8)) }
        for (url, source) in sources {
            let others = sources.filter { $0.0 != url }.map { SwiftFile($0.1) }
            let helpers = WorkspaceHelpers(
                helpers: others.flatMap { $0.modelHelpers() },
                mutatedFixtures: others.reduce(into: Set<String>()) { $0.formUnion($1.fixtureMutations()) })
            Self.check(source, named: "\(name)/\(url.lastPathComponent)", project: project, helpers: helpers)
        }
    }

    /// A file that declares its own `MockObject` classes (Apollo's own tests of `Mock` do) means those by `Mock<Book>`:
    /// nothing is judged against the generated mocks of the same names.
    func testMocksOfTheFilesOwnMockObjectsAreNotJudged() throws {
        Self.check("""
            import ApolloTestSupport

            final class OwnMockTests: XCTestCase {
              func test_listOfStrings() {
                let mock = Mock<Book>()
                mock.listOfStrings = ["a"]
                _ = Mock<Book>(listOfStrings: ["a"])
                _ = Mock<Author>(nmae: "Le Guin") // expect: unknown-mock-field nmae name
              }
            }

            final class Book: MockObject {
              static let objectType = Object(typename: "Book")
              static let _mockFields = MockFields()
              struct MockFields { @Field<[String]>("listOfStrings") public var listOfStrings }
            }
            """, named: "own mock objects", project: try FeatureFixture.bookshelf().project)
    }

    /// A generic parameter that is a `MockObject` (the test transport's `register<Root: MockObject>(data: Mock<Root>)`,
    /// a helper's `where T: MockObject`) is no generated mock either; `Mock<Boko>` beside it still is judged.
    func testMocksOfGenericParametersAreNotJudged() throws {
        Self.check("""
            import ApolloTestSupport

            func register<Operation: GraphQLOperation, Root: MockObject>(_ operation: Operation.Type, data: Mock<Root>) {}
            func wrap<T>(_ mock: Mock<T>) -> Mock<T> where T: MockObject { mock }

            final class GenericTests: XCTestCase {
              func test_generic() {
                _ = Mock<Boko>() // expect: unknown-mock-type Boko
              }
            }
            """, named: "generic parameters", project: try FeatureFixture.bookshelf().project)
    }

    /// Apollo iOS 2's `GraphQLResponse(result:cacheRecords:)` holds a `GraphQLResult`, which holds the data: reads
    /// through both are followed (`ValuePassing.wrappers`).
    func testReadsThroughApolloTwosResponse() throws {
        Self.check("""
            func test_response() async {
              let data = await BookQuery.Data.from(Mock<Query>(book: Mock<Book>()))
              let response = GraphQLResponse<BookQuery>(
                result: GraphQLResult(data: data, extensions: nil, errors: nil, source: .server, dependentKeys: nil), cacheRecords: nil)
              XCTAssertEqual(response.result.data?.book?.title, "Dune") // expect: unset-field-read title Book
              XCTAssertEqual(response.cacheRecords?.count, 0)
            }
            """, named: "GraphQLResponse", project: try FeatureFixture.bookshelf(format: .apolloTwo).project)
    }

    func testSharedScenarios() throws {
        let scenarios = try SharedFolder.require("fixtures/scenarios")
        for (folder, format) in [("animalkingdom", MockFormat.defaults), ("animalkingdom-1.15", .optionalParameters)] {
            let tests = scenarios.appendingPathComponent(folder).appendingPathComponent("Tests")
            let files = FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL }
                .filter { $0.pathExtension == "swift" } ?? []
            XCTAssertFalse(files.isEmpty, folder)
            for url in files {
                Self.check(try String(contentsOf: url, encoding: .utf8), named: "\(folder)/\(url.lastPathComponent)", project: try project(format: format, shared: true))
            }
        }
    }
}

/// The per-function cache changes how fast diagnostics come, never what they are.
final class DiagnosticsCacheTests: XCTestCase {
    /// A function depends on the helpers it looks up, not on every helper of the workspace: editing another helper
    /// file follows none of the file's functions again; editing the fixture one function reads follows that one.
    func testAFunctionIsFollowedAgainOnlyWhenAHelperItUsesChanges() throws {
        let project = try FeatureFixture.bookshelf().project
        let test = SwiftFile("""
            final class T: XCTestCase {
              func test_fixture() { XCTAssertEqual(BookQuery.Data.Book.from(Fixtures.book).title, "x") }
              func test_inline() { XCTAssertEqual(BookQuery.Data.Book.from(Mock<Book>()).id, "x") }
            }
            """)
        func helpers(book: String, author: String) -> WorkspaceHelpers {
            let files = [SwiftFile("enum Fixtures { static let book = \(book) }"), SwiftFile("func makeAuthor() -> Mock<Author> { \(author) }")]
            return WorkspaceHelpers(helpers: files.flatMap { $0.modelHelpers() })
        }
        let cache = MockDiagnosticsCache()
        func run(_ workspace: WorkspaceHelpers) -> [String] {
            let cached = MockDiagnostics.diagnostics(in: test, project: project, cache: cache, options: TestConventions(), helpers: workspace)
            XCTAssertEqual(cached, MockDiagnostics.diagnostics(in: test, project: project, options: TestConventions(), helpers: workspace))
            return cached.map(\.message)
        }
        XCTAssertEqual(run(helpers(book: "Mock<Book>(title: \"Dune\")", author: "Mock<Author>()")).count, 1)
        XCTAssertEqual(cache.functionsFollowedInLastRun, 2)
        // Another helper changes: nothing is followed again.
        XCTAssertEqual(run(helpers(book: "Mock<Book>(title: \"Dune\")", author: "Mock<Author>(name: \"Le Guin\")")).count, 1)
        XCTAssertEqual(cache.functionsFollowedInLastRun, 0)
        // The fixture the first test reads changes: that test alone is followed again, and now crashes.
        let messages = run(helpers(book: "Mock<Book>()", author: "Mock<Author>(name: \"Le Guin\")"))
        XCTAssertEqual(cache.functionsFollowedInLastRun, 1)
        XCTAssertEqual(messages.count, 2)
        XCTAssertTrue(messages.contains { $0.contains("`book` builds it with `Mock<Book>()`") }, "\(messages)")
    }

    func testCachedDiagnosticsEqualFreshOnesThroughEdits() throws {
        try checkThroughEdits(of: "bookshelf.swift", project: try FeatureFixture.bookshelf().project, edits: [
            { $0.replacingOccurrences(of: "    book.title = \"Dune\"\n", with: "    book.title = \"Dune\"\n    book.id = \"2\"\n") },
            { $0.replacingOccurrences(of: "final class Lists: XCTestCase {\n", with: "final class Lists: XCTestCase {\n  let extra = Mock<Novel>()\n") },
            { $0.replacingOccurrences(of: "let second = Mock<Shelf>()", with: "let second = Mock<Shelf>(label: \"Science\")") },
        ])
    }

    func testCachedDiagnosticsEqualFreshOnesThroughEditsOfApollosSample() throws {
        try checkThroughEdits(of: "animalkingdom.swift", project: try FeatureFixture.animalKingdom().project, edits: [
            { $0.replacingOccurrences(of: "dog.height?.feet = 3", with: "dog.height?.feet = 3\n    dog.height?.inches = 1") },
            { $0.replacingOccurrences(of: "  var dog: Mock<Dog>!\n", with: "  var dog: Mock<Dog>!\n  let extra = Mock<Unicorn>()\n") },
            { $0.replacingOccurrences(of: "dog = Mock<Dog>(id: \"1\")\n  }", with: "dog = Mock<Dog>.placeholder()\n  }") },
        ])
    }

    /// The golden as it is, with a first line that moves every function, after each of `edits`, and with a class
    /// renamed: the cached diagnostics are the fresh ones each time. Every edit must change the text.
    private func checkThroughEdits(of golden: String, project: ProjectIndex, edits: [(String) -> String]) throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("goldens/diagnostics/\(golden)")
        var text = try String(contentsOf: url, encoding: .utf8)
        let cache = MockDiagnosticsCache()
        let all: [(String) -> String] = [{ $0 }, { "// a new first line moves every function and every line number\n" + $0 }] + edits + [
            { $0.replacingOccurrences(of: "final class Types", with: "final class Moved") },
        ]
        for (step, edit) in all.enumerated() {
            let edited = edit(text)
            if step > 0 { XCTAssertNotEqual(edited, text, "edit \(step) changes nothing") }
            text = edited
            let file = SwiftFile(text)
            let fresh = MockDiagnostics.diagnostics(in: file, project: project, options: TestConventions())
            let cached = MockDiagnostics.diagnostics(in: file, project: project, cache: cache, options: TestConventions())
            XCTAssertEqual(cached, fresh, "after edit \(step)")
            XCTAssertFalse(fresh.isEmpty)
        }
    }
}
