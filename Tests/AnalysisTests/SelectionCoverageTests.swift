import Foundation
import GraphQLIndex
import MocklsTestSupport
import SwiftAnalysis
@testable import Analysis
import XCTest

/// `SelectionCoverageReport`: which tests set and read each selected field, exactly, on the repository's example
/// workspace and in-repository scenarios (from a lone clone), and on ../shared's scenario workspaces.
final class SelectionCoverageTests: XCTestCase {
    private static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// `operation path: test:s:r …` for each row some test touches or some test reaches unfollowed (`?N`), sorted by test.
    private func rows(_ folder: URL) -> [String] {
        let report = SelectionCoverageReport(AnalysisSnapshot(workspaces: [Workspace(folder: folder)]))
        return report.rows.filter { !$0.tests.isEmpty }.map { row in
            let tests = row.tests.map { test in
                String(test.name.split(separator: ".").last!) + (test.sets ? ":s" : "") + (test.reads ? ":r" : "")
            }.sorted()
            return "\(row.field.id.definition) \(row.field.id.path): " + tests.joined(separator: " ") + (row.unknown > 0 ? " ?\(row.unknown)" : "")
        }
    }

    /// Examples/Bookshelf, on its own API: a list of a union read through its type cases, a field behind `@include`
    /// not read, a fragment's fields counted for the fragment, assignments after an empty mock as sets.
    func testTheExampleTestsSetAndReadExactlyTheseFields() throws {
        XCTAssertEqual(rows(Self.repository.appendingPathComponent("Examples/Bookshelf")), [
            "BookDetails id: testABookWhoseAuthorHasNoName:s testEmptyMockThenAssignments:r testRatingABook:s testTheBylineOfAFetchedBook:s testTitleAndAuthor:s ?3",
            "BookDetails title: testABookWhoseAuthorHasNoName:s testEmptyMockThenAssignments:s:r testGenreDefaultsButAuthorIsEmpty:s testRatingABook:s testTheBylineOfAFetchedBook:s testTitleAndAuthor:s:r ?3",
            "BookDetails genre: testGenreDefaultsButAuthorIsEmpty:r testTheBylineOfAFetchedBook:s ?3",
            "BookDetails author: testEmptyMockThenAssignments:s testGenreDefaultsButAuthorIsEmpty:r testRatingABook:s testTheBylineOfAFetchedBook:s testTitleAndAuthor:s:r ?3",
            "BookDetails author.name: testEmptyMockThenAssignments:s testGenreDefaultsButAuthorIsEmpty:r testRatingABook:s testTheBylineOfAFetchedBook:s testTitleAndAuthor:s:r ?3",
            "Book book: testABookWhoseAuthorHasNoName:s testEmptyMockThenAssignments:s:r testGenreDefaultsButAuthorIsEmpty:s:r testRatingABook:s testTheBylineOfAFetchedBook:s testTitleAndAuthor:s:r ?3",
            "Book book.coAuthors: testTheBylineOfAFetchedBook:s ?3",
            "Rate rate: testRatingABook:s ?1",
            "Rate rate.id: testRatingABook:s ?1",
            "Rate rate.rating: testRatingABook:s ?1",
            "Search search: testMixedResults:s:r",
            "Search search.title: testMixedResults:s:r",
            "Search search.author: testMixedResults:s",
            "Search search.author.name: testMixedResults:s",
            "Search search.name: testMixedResults:s",
            "Search search.born: testMixedResults:s:r",
            "Shelves shelves: testShelvesWithoutBooks:s:r",
            "Shelves shelves.id: testShelvesWithoutBooks:s",
            "Shelves shelves.label: testShelvesWithoutBooks:s:r",
            "Shelves shelves.books: testShelvesWithoutBooks:r",
        ])
    }

    /// Apollo ≥ 1.23 and 2.x: the tests of `animalkingdom/` on the same lines. Sets are the fields the tests pass
    /// or assign (not Apollo's defaults); a field merged from a fragment counts for the fragment too; a model handed
    /// to a function (`render(…)`) makes its test unfollowed for the operation and the fragments it spreads; a model
    /// built from a nested selection set (`AllAnimalsQuery.Data.AllAnimal.from(dog)`) sets the field that holds it.
    func testTheScenarioTestsSetAndReadExactlyTheseFields() throws {
        let expected = [
            "AllAnimalsQuery allAnimals: test_emptyMock_thenAssigned:s test_fragment:s test_nestedDefault_isAnEmptyMock:s test_nestedMock_setExplicitly:s test_typeCase:s test_valueEscapes_noDiagnostic:s ?1",
            "AllAnimalsQuery allAnimals.id: test_emptyMock_thenAssigned:r test_fragment:s test_nestedDefault_isAnEmptyMock:s test_typeCase:s ?1",
            "AllAnimalsQuery allAnimals.height: test_nestedDefault_isAnEmptyMock:r test_nestedMock_setExplicitly:s:r ?1",
            "AllAnimalsQuery allAnimals.height.feet: test_nestedDefault_isAnEmptyMock:r test_nestedMock_setExplicitly:s:r ?1",
            "AllAnimalsQuery allAnimals.height.inches: test_nestedMock_setExplicitly:s:r ?1",
            "AllAnimalsQuery allAnimals.species: test_emptyMock_thenAssigned:s:r test_nestedDefault_isAnEmptyMock:s:r test_nestedMock_setExplicitly:s ?1",
            "AllAnimalsQuery allAnimals.favoriteToy: test_typeCase:r ?1",
            "FindPet findPet: test_nullableField_readsNil:s",
            "FindPet findPet.id: test_nullableField_readsNil:s:r",
            "FindPet findPet.humanName: test_nullableField_readsNil:r",
            "HeightInMeters height: test_fragment:r test_nestedDefault_isAnEmptyMock:r test_nestedMock_setExplicitly:s:r ?1",
            "HeightInMeters height.meters: test_fragment:r ?1",
            "PetDetails id: test_emptyMock_thenAssigned:r test_fragment:s test_nestedDefault_isAnEmptyMock:s test_typeCase:s ?1",
            "PetDetails favoriteToy: test_typeCase:r ?1",
        ]
        for scenario in ["animalkingdom", "animalkingdom-2.x"] {
            let folder = try SharedFolder.require("fixtures/scenarios/\(scenario)")  // outside the assertion, which would fail on a skip
            XCTAssertEqual(rows(folder), expected, scenario)
        }
    }

    /// Before Apollo iOS 1.23 nothing is set that the test does not pass: a read that crashes on an unset object
    /// (`animal.height.feet` with no height) reads `height` only.
    func testPre123TestsSetOnlyWhatTheyPass() throws {
        let folder = try SharedFolder.require("fixtures/scenarios/animalkingdom-1.15")
        XCTAssertEqual(rows(folder), [
            "AllAnimalsQuery allAnimals: test_assignedLater:s test_unpassedList:s test_unpassedObject:s test_unpassedRequiredScalar:s",
            "AllAnimalsQuery allAnimals.id: test_assignedLater:s test_unpassedList:s test_unpassedObject:s test_unpassedRequiredScalar:r",
            "AllAnimalsQuery allAnimals.height: test_assignedLater:s:r test_unpassedObject:r",
            "AllAnimalsQuery allAnimals.height.feet: test_assignedLater:s:r",
            "AllAnimalsQuery allAnimals.species: test_unpassedRequiredScalar:s",
            "AllAnimalsQuery allAnimals.predators: test_assignedLater:s:r test_unpassedList:r",
            "HeightInMeters height: test_assignedLater:s:r test_unpassedObject:r",
            "PetDetails id: test_assignedLater:s test_unpassedList:s test_unpassedObject:s test_unpassedRequiredScalar:r",
            "PetDetails owner: test_passedScalar:s",
            "PetDetails owner.firstName: test_passedScalar:s:r",
        ])
    }

    /// Examples/Bookshelf's configuration and documents in a workspace of their own, with `files` beside them.
    private func bookshelfWorkspace(_ files: [String: String]) throws -> TestWorkspace {
        let example = Self.repository.appendingPathComponent("Examples/Bookshelf")
        var all = files
        all["apollo-codegen-config.json"] = try String(contentsOf: example.appendingPathComponent("apollo-codegen-config.json"), encoding: .utf8)
        for name in try FileManager.default.contentsOfDirectory(atPath: example.appendingPathComponent("graphql").path) {
            all["graphql/\(name)"] = try String(contentsOf: example.appendingPathComponent("graphql/\(name)"), encoding: .utf8)
        }
        return try TestWorkspace(files: all)
    }

    /// The pre-1.23 scenario on the repository's own API: pinned to apollo-ios 1.15.3, a mock sets only what the test
    /// passes or assigns, so a read through an unset object (`model.author.name` with no author) reads `author` only;
    /// with Apollo ≥ 1.23 (no pin) the author is an empty mock, and its `name` is read too.
    func testPre123TestsOfTheOwnAPISetOnlyWhatTheyPass() throws {
        let tests = """
            import XCTest
            import ApolloTestSupport
            import BookshelfAPI
            import BookshelfAPITestMocks

            final class LegacyBookTests: XCTestCase {
              func test_passedScalar() {
                let model = SearchQuery.Data.Search.AsAuthor.from(Mock<Author>(name: "Le Guin"))
                XCTAssertEqual(model.name, "Le Guin")
              }

              func test_unpassedRequiredScalar() {
                let model = BookQuery.Data.Book.from(Mock<Book>(title: "Dune"))
                XCTAssertEqual(model.id, "1")
              }

              func test_unpassedObject() {
                let model = BookQuery.Data.Book.from(Mock<Book>(id: "1"))
                XCTAssertEqual(model.author.name, "Herbert")
              }

              func test_assignedLater() {
                let book = Mock<Book>(id: "1")
                book.author = Mock<Author>(name: "Le Guin")
                let model = BookQuery.Data.Book.from(book)
                XCTAssertEqual(model.author.name, "Le Guin")
              }
            }
            """
        let pin = """
            {"pins": [{"identity": "apollo-ios", "kind": "remoteSourceControl", "location": "https://github.com/apollographql/apollo-ios.git",
              "state": {"revision": "2a3e7e1b1ae5b1ea4d2b4c2f4e8f6d5a3b2c1d0e", "version": "1.15.3"}}], "version": 3}
            """
        let legacy = try bookshelfWorkspace(["Tests/BookTests/LegacyBookTests.swift": tests, "Package.resolved": pin])
        defer { legacy.remove() }
        XCTAssertEqual(rows(legacy.folder), [
            "BookDetails id: test_assignedLater:s test_unpassedObject:s test_unpassedRequiredScalar:r",
            "BookDetails title: test_unpassedRequiredScalar:s",
            "BookDetails author: test_assignedLater:s:r test_unpassedObject:r",
            "BookDetails author.name: test_assignedLater:s:r",
            "Book book: test_assignedLater:s test_unpassedObject:s test_unpassedRequiredScalar:s",
            "Search search: test_passedScalar:s",
            "Search search.name: test_passedScalar:s:r",
        ])
        let current = try bookshelfWorkspace(["Tests/BookTests/LegacyBookTests.swift": tests])
        defer { current.remove() }
        XCTAssertTrue(rows(current.folder).contains("BookDetails author.name: test_assignedLater:s:r test_unpassedObject:r"), rows(current.folder).joined(separator: "\n"))
    }

    /// A scenario's tests (`Tests/scenarios/<name>/Tests`) in a workspace of their own, on AnimalKingdom as Apollo 2.3
    /// ships it, kept in the repository (the scenario's own configuration names ../shared's copy).
    private func scenarioWorkspace(_ name: String) throws -> TestWorkspace {
        var files = ["apollo-codegen-config.json": TestWorkspace.apolloConfiguration(namespace: "AnimalKingdomAPI")]
        let graphql = Self.repository.appendingPathComponent("Tests/goldens/apollo-2.3.0/AnimalKingdomAPI/graphql")
        for document in try FileManager.default.contentsOfDirectory(atPath: graphql.path) {
            files["graphql/\(document)"] = try String(contentsOf: graphql.appendingPathComponent(document), encoding: .utf8)
        }
        let tests = Self.repository.appendingPathComponent("Tests/scenarios/\(name)")
        let enumerator = FileManager.default.enumerator(at: tests.appendingPathComponent("Tests"), includingPropertiesForKeys: nil)
        for case let url as URL in enumerator?.allObjects ?? [] where url.pathExtension == "swift" {
            files[String(url.path.dropFirst(tests.path.count + 1))] = try String(contentsOf: url, encoding: .utf8)
        }
        return try TestWorkspace(files: files)
    }

    /// Factories, fixtures and lists (`Tests/scenarios/factories`) and closures, Quick specs and helpers in other
    /// files (`Tests/scenarios/closures`) are followed as the diagnostics follow them.
    func testHelpersFixturesClosuresAndListsAreFollowed() throws {
        let factoriesWorkspace = try scenarioWorkspace("factories")
        defer { factoriesWorkspace.remove() }
        let closuresWorkspace = try scenarioWorkspace("closures")
        defer { closuresWorkspace.remove() }
        let factories = rows(factoriesWorkspace.folder)
        // A factory's own arguments are the test's sets; its defaults too, since the helper's code sets them.
        XCTAssertTrue(factories.contains(
            "HeightInMeters height.meters: test_contextualFactory:s test_factoriesInAList:s test_factoryWithItsDefaults:s:r test_freeFunction:s:r "
                + "test_staticFixtureBuiltByAFactory:s test_untypedMocksTakeTheirTypeFromTheAnnotation:s ?6"), factories.joined(separator: "\n"))
        // Lists of mocks set and read `allAnimals`; every model built from `AllAnimalsQuery.Data.AllAnimal` sets it.
        XCTAssertTrue(factories.contains(
            "AllAnimalsQuery allAnimals: test_anyMockList:s:r test_asyncHelper:s test_asyncLet:s test_contextualFactory:s test_factoriesInAList:s "
                + "test_factoriesMocklsCannotFollowStaySilent:s test_factoryArgumentReplacesItsDefault:s test_factoryLeavesTheShallowDefault:s "
                + "test_factoryWithItsDefaults:s test_freeFunction:s test_globalFixture:s test_lazyProperty:s test_listWithNil:s test_mixedList:s:r "
                + "test_staticFixture:s test_staticFixtureBuiltByAFactory:s test_staticMemberOfTheMockClass:s test_theTestSetsWhatTheFactoryLeftOut:s "
                + "test_tryAwaitWithVariables:s test_untypedMocksTakeTheirTypeFromTheAnnotation:s ?6"), factories.joined(separator: "\n"))
        let closures = rows(closuresWorkspace.folder)
        // A Quick spec is one test; `map` over mocks sets each element's fields.
        XCTAssertTrue(closures.contains(
            "AllAnimalsQuery allAnimals.height.inches: spec:s test_helpersInAnotherFile:s test_helpersNotFollowedStaySilent:s test_mapConverts:s ?2"),
            closures.joined(separator: "\n"))
        // `for dog in dogs` reads the list without handing it away: every test that reaches FindPet is followed.
        XCTAssertTrue(closures.contains("FindPet findPet.humanName: test_mapConverts:r"), closures.joined(separator: "\n"))
    }
}

/// `SelectionCoverageCache`: a file's tests are followed again when its text, the index or the helpers change, and
/// only then.
final class SelectionCoverageCacheTests: XCTestCase {
    func testAFileIsFollowedAgainOnlyWhenWhatItDependsOnChanges() throws {
        let folder = try TestWorkspace(files: ["README.md": ""])
        defer { folder.remove() }
        let workspace = Workspace(folder: folder.folder)
        let cache = SelectionCoverageCache()
        let file = URL(fileURLWithPath: "/tmp/DogTests.swift")
        var index = ProjectIndex(namespace: "API", sources: [("schema.graphqls", .schema, Array("type Query { a: Int }".utf8))])
        var computed = 0
        func tests(_ text: String, helpers: WorkspaceHelpers = .none) -> Int {
            _ = cache.tests(of: FileID(url: file), text: Array(text.utf8), index: index, helpers: helpers, workspace: workspace, openDocuments: DocumentStore()) {
                computed += 1
                return .init(tests: [], otherFiles: OtherFilesDependencies(besides: file.path))
            }
            return computed
        }
        XCTAssertEqual(tests("func testA() {}"), 1)
        XCTAssertEqual(tests("func testA() {}"), 1)
        XCTAssertEqual(tests("func testB() {}"), 2)
        XCTAssertEqual(tests("func testB() {}", helpers: WorkspaceHelpers(helpers: [], mutatedFixtures: ["dog"])), 3)
        XCTAssertEqual(tests("func testB() {}", helpers: WorkspaceHelpers(helpers: [], mutatedFixtures: ["dog"])), 3)
        index.update("ops.graphql", role: .executable, text: Array("query Q { a }".utf8))
        XCTAssertEqual(tests("func testB() {}", helpers: WorkspaceHelpers(helpers: [], mutatedFixtures: ["dog"])), 4)
    }
}
