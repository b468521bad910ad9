import Foundation
import MocklsTestSupport
@testable import Analysis
import XCTest

/// A test reads a model through a property of a type another file declares (`viewModel.dog?.name`, RickMortyLLM's
/// `vm.character?.name`): coverage counts the read as references do, and gives a `.from(mock)` assigned to such a
/// property the property's type. What it read of the other file is part of what a kept result depends on: in memory
/// and in the store between sessions.
final class CoverageThroughOtherFilesTests: XCTestCase {
    private var cacheFolder: URL!

    override func setUpWithError() throws {
        cacheFolder = FileManager.default.temporaryDirectory.appendingPathComponent("mockls-coverage-others-\(UUID().uuidString)")
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: cacheFolder)
    }

    private func viewModel(dog type: String = "DogQuery.Data.Dog?") -> String {
        """
        import Combine
        import PetAPI

        @MainActor
        final class DogViewModel: ObservableObject {
            @Published var dog: \(type)
            private let service: DogService

            init(service: DogService) { self.service = service }

            func load() async { dog = try? await service.dog() }
        }

        """
    }

    private let tests = """
        import XCTest
        import ApolloTestSupport
        @testable import PetApp

        @MainActor
        final class DogViewModelTests: XCTestCase {
            func testLoadShowsTheDog() async {
                let service = StubDogService()
                service.answer = DogQuery.Data.from(Mock<Query>(dog: Mock<Dog>(id: "1", name: "Rex"))).dog
                let viewModel = DogViewModel(service: service)
                await viewModel.load()
                XCTAssertEqual(viewModel.dog?.name, "Rex")
            }

            func testAModelGivenToTheViewModel() {
                let viewModel = DogViewModel(service: StubDogService())
                viewModel.dog = .from(Mock<Dog>(breed: "Lab", id: "2", name: "Fido"))
                XCTAssertEqual(viewModel.dog?.breed, "Lab")
            }
        }

        """

    private func workspace() throws -> TestWorkspace {
        try TestWorkspace(files: [
            "apollo-codegen-config.json": TestWorkspace.apolloConfiguration(namespace: "PetAPI"),
            "graphql/schema.graphqls": "type Query { dog: Dog } type Dog { id: ID! name: String! breed: String }",
            "graphql/Operations.graphql": "query Dog {\n  dog {\n    id\n    name\n    breed\n  }\n}\n",
            "App/DogViewModel.swift": viewModel(),
            "Tests/DogViewModelTests.swift": tests,
        ])
    }

    /// The report's rows (field: tests that set and read it) of `analysis`.
    private func rows(_ analysis: AnalysisSnapshot) -> [String] {
        SelectionCoverageReport(analysis).rows.map { row in
            "\(row.field.id.path): " + row.tests.map { "\($0.name)\($0.sets ? " sets" : "")\($0.reads ? " reads" : "")" }.joined(separator: ", ")
        }
    }

    private static let expected = [
        "dog: DogViewModelTests.testLoadShowsTheDog sets reads, DogViewModelTests.testAModelGivenToTheViewModel sets",
        "dog.id: DogViewModelTests.testLoadShowsTheDog sets, DogViewModelTests.testAModelGivenToTheViewModel sets",
        "dog.name: DogViewModelTests.testLoadShowsTheDog sets reads, DogViewModelTests.testAModelGivenToTheViewModel sets",
        "dog.breed: DogViewModelTests.testAModelGivenToTheViewModel sets reads",
    ]

    /// Neither read is one of the model the test built: nothing the view model holds is known, so only coverage
    /// counts them; the crash warning says nothing of them.
    private static let withoutTheViewModel = [
        "dog: DogViewModelTests.testLoadShowsTheDog sets reads",
        "dog.id: DogViewModelTests.testLoadShowsTheDog sets",
        "dog.name: DogViewModelTests.testLoadShowsTheDog sets",
        "dog.breed: ",
    ]

    func testReadsThroughAViewModelOfAnotherFileCount() throws {
        let workspace = try workspace()
        defer { workspace.remove() }
        let uri = workspace.uri("Tests/DogViewModelTests.swift")
        var documents = DocumentStore()
        documents.open(FileID(uri: uri), languageID: "swift", version: 1, text: Array(tests.utf8))
        let analysis = AnalysisSnapshot(workspaces: [Workspace(folder: workspace.folder)], documents: documents)
        XCTAssertEqual(rows(analysis), Self.expected)
        // References count the same reads.
        let dogName = try XCTUnwrap(SelectionCoverageReport(analysis).rows.first { $0.field.id.path == "dog.name" })
        XCTAssertEqual(dogName.readCount, 1)
        // No crash warning: the test cannot know what `load()` put there.
        XCTAssertEqual(try XCTUnwrap(analysis.diagnostics(ofDocument: FileID(uri: uri))).diagnostics.map(\.message), [])
    }

    func testAKeptReportFollowsTheViewModelsFile() throws {
        let workspace = try workspace()
        defer { workspace.remove() }
        let caches = AnalysisCaches()
        func analysis() -> AnalysisSnapshot {
            AnalysisSnapshot(documents: DocumentStore(), workspaces: [Workspace(folder: workspace.folder)], isIndexed: true, indexer: nil, caches: caches)
        }
        XCTAssertEqual(rows(analysis()), Self.expected)
        // The test file is the same; the property it reads through is no model any more.
        try workspace.write("App/DogViewModel.swift", viewModel(dog: "String?"))
        XCTAssertEqual(rows(analysis()), Self.withoutTheViewModel)
        try workspace.write("App/DogViewModel.swift", viewModel())
        XCTAssertEqual(rows(analysis()), Self.expected)
        // The same with the view model open in the editor, as edited and not saved.
        var documents = DocumentStore()
        documents.open(workspace.file("App/DogViewModel.swift"), languageID: "swift", version: 1, text: Array(viewModel(dog: "Int").utf8))
        let edited = AnalysisSnapshot(documents: documents, workspaces: [Workspace(folder: workspace.folder)], isIndexed: true, indexer: nil, caches: caches)
        XCTAssertEqual(rows(edited), Self.withoutTheViewModel)
    }

    func testAStoredCoverageIsTakenWhileTheViewModelsFileIsTheSame() throws {
        let workspace = try workspace()
        defer { workspace.remove() }
        func session() -> (rows: [String], followed: Int, taken: Int) {
            let store = CoverageStore(folder: cacheFolder, build: "test")
            let caches = AnalysisCaches(store: store)
            let loaded = Workspace(folder: workspace.folder)
            caches.coverage.load(root: loaded.root.path)
            let analysis = AnalysisSnapshot(documents: DocumentStore(), workspaces: [loaded], isIndexed: true, indexer: nil, caches: caches)
            let rows = rows(analysis)
            store.flush()
            return (rows, caches.coverage.followedFiles, caches.coverage.takenFiles)
        }
        let first = session()
        XCTAssertEqual(first.rows, Self.expected)
        XCTAssertEqual([first.followed, first.taken], [1, 0])
        let second = session()
        XCTAssertEqual(second.rows, Self.expected)
        XCTAssertEqual([second.followed, second.taken], [0, 1])
        // Only the view model's file changed: the test file is followed again.
        try workspace.write("App/DogViewModel.swift", viewModel(dog: "String?"))
        let third = session()
        XCTAssertEqual(third.rows, Self.withoutTheViewModel)
        XCTAssertEqual([third.followed, third.taken], [1, 0])
    }
}
