import Foundation
import GraphQLIndex
import MocklsTestSupport
@testable import Analysis
import XCTest

/// `unused-operation` and `unused-fragment` from the workspace's Swift files as they are on disk, app code and tests.
final class UnusedDefinitionsWorkspaceTests: XCTestCase {
    private func workspaceFiles(app: String) -> [String: String] {
        [
            "apollo-codegen-config.json": TestWorkspace.apolloConfiguration(namespace: "PetAPI"),
            "graphql/schema.graphqls": "type Query { dog: Dog cat: Cat } type Dog { name: String! } type Cat { name: String! }",
            "graphql/Operations.graphql": "query Dog { dog { name } }\nquery Cat { cat { name } }\nfragment CatDetails on Cat { name }\n",
            "App/DogView.swift": app,
            "App/Generated/CatQuery.graphql.swift": "public class CatQuery: GraphQLQuery { /* generated */ }\n",
            "Tests/DogTests.swift": "import XCTest\n@testable import PetAPI\nfinal class DogTests: XCTestCase { func testDog() { _ = DogQuery() } }\n",
        ]
    }

    private func hints(_ workspace: Workspace) -> [String] {
        let file = URL(fileURLWithPath: workspace.root.path + "/graphql/Operations.graphql")
        guard let (text, diagnostics) = workspace.diagnostics(of: FileID(url: file)) else { return [] }
        return diagnostics.map { "\($0.code.rawValue) \(String(decoding: text[$0.range], as: UTF8.self))" }
    }

    func testWhatNoSwiftFileNamesIsUnusedAndAnEditOnDiskChangesIt() throws {
        let workspace = try TestWorkspace(files: workspaceFiles(app: "import PetAPI\nstruct DogView { let query = DogQuery() }\n"))
        defer { workspace.remove() }
        var loaded = Workspace(folder: workspace.folder)
        // `CatQuery` is named only by Apollo's generated file, which is not the app's code.
        XCTAssertEqual(hints(loaded), ["unused-operation Cat", "unused-fragment CatDetails"])
        try workspace.write("App/CatView.swift", "import PetAPI\n// shows CatQuery's cat\n")
        XCTAssertTrue(loaded.update(workspace.url("App/CatView.swift")))
        XCTAssertEqual(hints(loaded), ["unused-fragment CatDetails"])
        try FileManager.default.removeItem(at: workspace.url("App/CatView.swift"))
        XCTAssertTrue(loaded.update(workspace.url("App/CatView.swift")))
        XCTAssertEqual(hints(loaded), ["unused-operation Cat", "unused-fragment CatDetails"])
    }

    func testAWorkspaceWithoutTheAppsCodeSaysNothing() throws {
        // The app file names none of the project's types: its code that runs them is not here.
        let workspace = try TestWorkspace(files: workspaceFiles(app: "struct Unrelated {}\n"))
        defer { workspace.remove() }
        XCTAssertEqual(hints(Workspace(folder: workspace.folder)), [])
    }

    func testTestCodeIsToldFromAppCode() {
        func isTest(_ path: String, _ text: String) -> Bool { TestFiles.isTestCode(path: path, text: Array(text.utf8)) }
        XCTAssertTrue(isTest("/w/App/Dog.swift", "import Foundation\n@testable import XCTest\n"))
        XCTAssertTrue(isTest("/w/App/Dog.swift", "import Testing\n"))
        XCTAssertTrue(isTest("/w/AppTests/Support/Dog.swift", "import Foundation\n"))
        XCTAssertFalse(isTest("/w/App/Tests.swift", "import SwiftUI\nstruct Tests {}\n"))
        XCTAssertFalse(isTest("/w/Sources/App/DogView.swift", "import SwiftUI\nimport PetAPI\n"))
        // A folder, not the file, and by its whole name's end: `…Tests`, `…Test`, `TestSupport`.
        XCTAssertTrue(isTest("/w/AppUITest/Dog.swift", ""))
        XCTAssertTrue(isTest("/w/TestSupport/Dog.swift", ""))
        XCTAssertTrue(isTest("/w/Hunde Ökologie Tests/Dog.swift", ""))
        XCTAssertFalse(isTest("/w/TestSupportKit/Dog.swift", ""))
        XCTAssertFalse(isTest("/w/Contest/Dog.swift", ""))
        XCTAssertFalse(isTest("/w/App/DogTests", ""))
    }
}
