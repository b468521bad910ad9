import Features
import Foundation
import MocklsTestSupport
import SwiftAnalysis
@testable import Analysis
import XCTest

/// A view reads a model through a property of a type another file declares (a view model, a store): definition,
/// hover and completion follow the property into the model, as they do for the file's own types.
final class OtherFilesPropertiesTests: XCTestCase {
    private let operations = "query Dog {\n  dog {\n    id\n    name\n    breed\n  }\n}\n"

    private func workspace(viewModel: String, view: String) throws -> TestWorkspace {
        try TestWorkspace(files: [
            "apollo-codegen-config.json": TestWorkspace.apolloConfiguration(namespace: "PetAPI"),
            "graphql/schema.graphqls": "type Query { dog: Dog } type Dog { id: ID! name: String! breed: String }",
            "graphql/Operations.graphql": operations,
            "App/DogViewModel.swift": viewModel,
            "App/DogView.swift": view,
        ])
    }

    private let viewModel = """
        import Combine
        import PetAPI

        final class DogViewModel: ObservableObject {
            @Published var dog: DogQuery.Data.Dog?
            @Published var loading = false
        }

        """

    private let view = """
        import PetAPI
        import SwiftUI

        struct DogView: View {
            @ObservedObject var viewModel: DogViewModel

            var body: some View {
                Text(viewModel.dog?.name ?? "")
            }
        }

        """

    /// The query at `marker` (its first byte) of the view, as the editor has it open.
    private func answers(
        _ workspace: TestWorkspace, view text: String, at marker: String, in path: String = "App/DogView.swift"
    ) throws -> (definitions: [String], hover: String?) {
        let uri = workspace.uri(path)
        var documents = DocumentStore()
        documents.open(FileID(uri: uri), languageID: "swift", version: 1, text: Array(text.utf8))
        let analysis = AnalysisSnapshot(workspaces: [Workspace(folder: workspace.folder)], documents: documents)
        let file = try analysis.file(FileID(uri: uri))
        let offset = try XCTUnwrap(text.range(of: marker)).lowerBound.utf16Offset(in: text)
        let definitions = analysis.definitions(at: offset, in: file).map { found in
            let start = found.lines.position(of: found.location.range.lowerBound, unit: .utf8)
            return "\(URL(fileURLWithPath: found.location.document).lastPathComponent):\(start.line + 1):\(start.column + 1)"
        }
        return (definitions, analysis.hover(at: offset, in: file)?.contents)
    }

    func testAViewModelOfAnotherFileLeadsToTheSelection() throws {
        let workspace = try workspace(viewModel: viewModel, view: view)
        defer { workspace.remove() }
        let found = try answers(workspace, view: view, at: "name ??")
        XCTAssertEqual(found.definitions, ["Operations.graphql:4:5"])
        XCTAssertTrue(found.hover?.contains("String!") == true, found.hover ?? "no hover")
        // Completion after `viewModel.dog?.`: the selection's fields.
        let typing = view.replacingOccurrences(of: "viewModel.dog?.name ?? \"\"", with: "viewModel.dog?.")
        let uri = workspace.uri("App/DogView.swift")
        var documents = DocumentStore()
        documents.open(FileID(uri: uri), languageID: "swift", version: 1, text: Array(typing.utf8))
        let analysis = AnalysisSnapshot(workspaces: [Workspace(folder: workspace.folder)], documents: documents)
        let offset = try XCTUnwrap(typing.range(of: "dog?.")).upperBound.utf16Offset(in: typing)
        let labels = analysis.completions(at: offset, in: try analysis.file(FileID(uri: uri)))?.completions.map(\.label) ?? []
        XCTAssertEqual(Set(labels).intersection(["id", "name", "breed"]), ["id", "name", "breed"], "\(labels)")
    }

    func testTheViewModelIsFoundThroughItsInitializerAndAnExtension() throws {
        // `@StateObject var model = DogViewModel()`; the property declared in an extension of the class.
        let split = """
            import PetAPI

            final class DogViewModel: ObservableObject {}

            extension DogViewModel {
                var dog: DogQuery.Data.Dog? { nil }
            }

            final class DogsViewModel: ObservableObject {
                @Published var dogs = [DogQuery.Data.Dog]()
            }

            """
        let view = self.view.replacingOccurrences(of: "@ObservedObject var viewModel: DogViewModel", with: "@StateObject var viewModel = DogViewModel()")
        let workspace = try workspace(viewModel: split, view: view)
        defer { workspace.remove() }
        XCTAssertEqual(try answers(workspace, view: view, at: "name ??").definitions, ["Operations.graphql:4:5"])
        // `[X]()`: a list of them (Apollo's iOS tutorial's `@Published var launches = [LaunchListQuery.Data.Launches.Launch]()`).
        let list = """
            import SwiftUI

            struct DogsView: View {
                @StateObject private var viewModel = DogsViewModel()

                var body: some View {
                    Text(viewModel.dogs[0].breed ?? "")
                }
            }

            """
        try workspace.write("App/DogsView.swift", list)
        let answers = try self.answers(workspace, view: list, at: "breed ??", in: "App/DogsView.swift")
        XCTAssertEqual(answers.definitions, ["Operations.graphql:5:5"])
    }

    func testTwoTypesOfOneNameThatDisagreeLeadNowhere() throws {
        // Another module's `DogViewModel` holds a different model under the same name: not known which one.
        let workspace = try workspace(viewModel: viewModel, view: view)
        defer { workspace.remove() }
        try workspace.write("Other/DogViewModel.swift", "final class DogViewModel { var dog: OtherQuery.Data.Dog? }\n")
        XCTAssertEqual(try answers(workspace, view: view, at: "name ??").definitions, [])
        // A name no file declares: nothing either, and nothing breaks.
        let unknown = view.replacingOccurrences(of: "DogViewModel", with: "CatViewModel")
        XCTAssertEqual(try answers(workspace, view: unknown, at: "name ??").definitions, [])
    }

    func testDeclaredTypeNamesAreReadFromTheBytes() {
        XCTAssertEqual(DeclaredTypeNames.names(in: Array("""
            final class DogViewModel: ObservableObject {}
            public struct State { }
            extension Feature.State {}
            enum Kind {}
            actor Store {}
            protocol Loading {}
            let classic = 1 // class lowercased is no type
            """.utf8)), ["DogViewModel", "State", "Kind", "Store", "Loading"])
    }

    func testEachDeclarationsNamesAreReadFromTheBytes() {
        let mentions = DeclaredTypeNames.mentions(in: Array(#"""
            final class DogScreen: ObservableObject {
                var state = ViewState()
                // A brace in a comment: { Ignored
                func load() { _ = DogQuery() }
                struct Inner { var dog: DogDetails? }
                let label = "{ Quoted"
                /* { Commented */
            }

            struct ViewState {
                var title = """
                    { Text
                    """
                var count = 0
            }

            extension PetAPI.Owner {
                var label: String { "\(name)" }
            }
            """#.utf8))
        // Its nested type's names too; not what comments and strings spell (their names count for nothing: `A`).
        XCTAssertEqual(mentions["DogScreen"], ["ObservableObject", "ViewState", "DogQuery", "DogDetails"])
        XCTAssertEqual(mentions["Inner"], ["DogDetails"])
        XCTAssertEqual(mentions["ViewState"], [])
        XCTAssertEqual(mentions["Owner"], ["String"])
    }

    func testATypeHoldsModelsWhenADeclarationOfItSpellsOneOrAnotherThatDoes() throws {
        let workspace = try TestWorkspace(files: [
            "apollo-codegen-config.json": TestWorkspace.apolloConfiguration(namespace: "PetAPI"),
            "graphql/schema.graphqls": "type Query { dog: Dog } type Dog { id: ID! name: String! }",
            "graphql/Operations.graphql": "query Dog { dog { id name } }",
            // The screen fetches; the state beside it in the same file holds nothing.
            "App/DogScreen.swift": "final class DogScreen { var state = ViewState()\n func load() { _ = DogQuery() } }\nstruct ViewState { var title = \"\" }\n",
            "App/Store.swift": "final class Store { var screen: DogScreen? }\nfinal class Other { var title = \"\" }\n",
            "App/Extension.swift": "extension Other { var dog: DogQuery.Data.Dog? { nil } }\n",
        ])
        defer { workspace.remove() }
        let loaded = Workspace(folder: workspace.folder)
        XCTAssertEqual(loaded.nameMentions.typesHoldingModels(named: ["DogQuery"]), ["DogScreen", "Store", "Other"])
        XCTAssertEqual(FieldUsage.typesHoldingModels(in: loaded), ["DogScreen", "Store", "Other"])
    }
}


/// What a view reads through another file's view model counts where it is read: `unused-field` and references follow
/// it as definition does, and what they keep per file is read again when the view model's file changes.
final class OtherFilesReadsTests: XCTestCase {
    private let operations = """
        query Dog {
          dog {
            id
            name
            breed
          }
        }

        query Owner {
          owner {
            id
            name
          }
        }

        """

    private let viewModel = """
        import Apollo
        import Combine
        import PetAPI

        final class DogViewModel: ObservableObject {
            @Published var dog: DogQuery.Data.Dog?

            func load(client: ApolloClient) async throws {
                dog = try await client.fetch(query: DogQuery()).data?.dog
            }
        }

        """

    /// It spells no generated type: only the view model's name.
    private let view = """
        import SwiftUI

        struct DogView: View {
            @ObservedObject var viewModel: DogViewModel

            var body: some View {
                Text(viewModel.dog?.name ?? "")
            }
        }

        """

    private func workspace() throws -> TestWorkspace {
        try TestWorkspace(files: [
            "apollo-codegen-config.json": TestWorkspace.apolloConfiguration(namespace: "PetAPI"),
            "graphql/schema.graphqls": "type Query { dog: Dog owner: Owner } type Dog { id: ID! name: String! breed: String } type Owner { id: ID! name: String! }",
            "graphql/Operations.graphql": operations,
            "App/DogViewModel.swift": viewModel,
            "App/DogView.swift": view,
            "App/OwnerScreen.swift": """
                import Apollo
                import PetAPI

                func ownerID(client: ApolloClient) async throws -> String? {
                    try await client.fetch(query: OwnerQuery()).data?.owner?.id
                }

                """,
        ])
    }

    private func hints(_ snapshot: AnalysisSnapshot, _ document: String) -> [String] {
        guard let (lines, diagnostics) = snapshot.documentDiagnostics(of: FileID(path: document)) else { return [] }
        return diagnostics.filter { $0.code == .unusedField }.map { diagnostic in
            "\(lines.position(of: diagnostic.range.lowerBound, unit: .utf8).line + 1) \(String(decoding: lines.bytes[diagnostic.range], as: UTF8.self))"
        }
    }

    /// The Swift files the references from the field at `line` (1-based) of the operations list, with their kind.
    private func references(_ snapshot: AnalysisSnapshot, _ document: URL, line: Int) throws -> [String] {
        let text = operations
        let offset = text.split(separator: "\n", omittingEmptySubsequences: false).prefix(line - 1).reduce(0) { $0 + $1.utf8.count + 1 } + 4
        var documents = snapshot.documents
        documents.open(FileID(url: document), languageID: "graphql", version: 0, text: Array(text.utf8))
        let analysis = AnalysisSnapshot(documents: documents, workspaces: snapshot.workspaces, isIndexed: true, indexer: nil, caches: snapshot.caches)
        return try analysis.references(at: offset, in: try analysis.file(FileID(url: document)), includingDeclaration: false)
            .filter { $0.location.kind != .graphQL }
            .map { "\($0.location.kind) \(URL(fileURLWithPath: $0.location.document).lastPathComponent)" }
    }

    func testAViewsReadThroughAViewModelOfAnotherFileCountsForItsFieldOnly() throws {
        let workspace = try workspace()
        defer { workspace.remove() }
        let document = workspace.url("graphql/Operations.graphql")
        let snapshot = AnalysisSnapshot(workspaces: [Workspace(folder: workspace.folder)])
        // The view's `name` is the dog's: the owner's `name` is read by no code (before, by name, it counted as read).
        XCTAssertEqual(hints(snapshot, document.standardizedFileURL.path), ["5 breed", "12 name"])
        XCTAssertEqual(try references(snapshot, document, line: 4), ["app DogView.swift"])
        XCTAssertEqual(try references(snapshot, document, line: 12), [])
    }

    func testFromTheViewsReadReferencesAndHighlightsFollowTheViewModel() throws {
        let workspace = try workspace()
        defer { workspace.remove() }
        let uri = workspace.url("App/DogView.swift").absoluteString
        var documents = DocumentStore()
        documents.open(FileID(uri: uri), languageID: "swift", version: 1, text: Array(view.utf8))
        let analysis = AnalysisSnapshot(workspaces: [Workspace(folder: workspace.folder)], documents: documents)
        let file = try analysis.file(FileID(uri: uri))
        let offset = try XCTUnwrap(view.range(of: "name ??")).lowerBound.utf16Offset(in: view) + 1
        let found = try analysis.references(at: offset, in: file, includingDeclaration: false)
            .map { "\($0.location.kind) \(URL(fileURLWithPath: $0.location.document).lastPathComponent)" }
        XCTAssertEqual(found, ["graphQL Operations.graphql", "app DogView.swift"])
        XCTAssertEqual(analysis.documentHighlights(at: offset, in: file), [offset - 1..<offset + 3])
    }

    func testWhatIsKeptPerFileIsReadAgainWhenTheViewModelChanges() throws {
        let workspace = try workspace()
        defer { workspace.remove() }
        let document = workspace.url("graphql/Operations.graphql")
        let loaded = Workspace(folder: workspace.folder)
        let caches = AnalysisCaches()
        var documents = DocumentStore()
        func snapshot() -> AnalysisSnapshot {
            AnalysisSnapshot(documents: documents, workspaces: [loaded], isIndexed: true, indexer: nil, caches: caches)
        }
        XCTAssertEqual(hints(snapshot(), document.standardizedFileURL.path), ["5 breed", "12 name"])
        XCTAssertEqual(try references(snapshot(), document, line: 4), ["app DogView.swift"])
        // The view model as the editor has it, unsaved: its `dog` is no model now, so the view's `name` is read by name.
        documents.open(
            workspace.file("App/DogViewModel.swift"), languageID: "swift", version: 2,
            text: Array(viewModel.replacingOccurrences(of: "@Published var dog: DogQuery.Data.Dog?", with: "@Published var dog: DogSummary?").utf8))
        XCTAssertEqual(hints(snapshot(), document.standardizedFileURL.path), ["5 breed"])
        XCTAssertEqual(try references(snapshot(), document, line: 4), [])
        _ = try documents.close(workspace.file("App/DogViewModel.swift"))
        XCTAssertEqual(hints(snapshot(), document.standardizedFileURL.path), ["5 breed", "12 name"])
        XCTAssertEqual(try references(snapshot(), document, line: 4), ["app DogView.swift"])
    }

    func testAFileReadByNameIsParsedOnceATypeItNamesHoldsAModel() throws {
        // The view model starts with no model: the view, which names only it, is read by name from its bytes.
        let workspace = try workspace()
        defer { workspace.remove() }
        let empty = """
            import Combine

            final class DogViewModel: ObservableObject {
                @Published var dog: DogSummary?
            }

            """
        try workspace.write("App/DogViewModel.swift", empty)
        try workspace.write("App/DogLoader.swift", """
            import Apollo
            import PetAPI

            func dogName(client: ApolloClient) async throws -> String? {
                try await client.fetch(query: DogQuery()).data?.dog?.id
            }

            """)
        let document = workspace.url("graphql/Operations.graphql")
        var loaded = Workspace(folder: workspace.folder)
        let caches = AnalysisCaches()
        func snapshot() -> AnalysisSnapshot {
            AnalysisSnapshot(documents: DocumentStore(), workspaces: [loaded], isIndexed: true, indexer: nil, caches: caches)
        }
        XCTAssertEqual(hints(snapshot(), document.standardizedFileURL.path), ["5 breed"])
        // Saved with the model: the file event makes `DogViewModel` a type that may hold models, and the view is parsed.
        try workspace.write("App/DogViewModel.swift", viewModel)
        loaded.update(workspace.url("App/DogViewModel.swift"))
        XCTAssertEqual(hints(snapshot(), document.standardizedFileURL.path), ["5 breed", "12 name"])
    }
}
