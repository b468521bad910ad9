import Analysis
import Foundation
import XCTest

/// A query answers from what its snapshot holds: the open documents and the contents the workspace pinned when it
/// was loaded (kept current by the changes it hears of). Not a stat, not a read, not a listing of a folder: the disk
/// is asked nothing while any query runs, whatever file its code is in (`FileTree.watch` sees every path asked).
final class QueriesAskNoDiskTests: XCTestCase {
    private static let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples/Bookshelf")
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("mockls-no-disk-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: Self.example, to: folder)
        // A configuration that cannot be read (its diagnostics are said on its text), and a response fixture that
        // leaves out a field the operation selects (its diagnostics read other fixtures and the index).
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Broken"), withIntermediateDirectories: true)
        try Data("{ \"schemaNamespace\": 3 }".utf8).write(to: folder.appendingPathComponent("Broken/apollo-codegen-config.json"))
        try Data(#"{ "data": { "book": { "__typename": "Book", "id": "1" } } }"#.utf8)
            .write(to: folder.appendingPathComponent("Tests/BookshelfTests/BookQuery.json"))
    }

    override func tearDownWithError() throws { try FileManager.default.removeItem(at: folder) }

    private func file(_ path: String) -> FileID { FileID(url: folder.appendingPathComponent(path)) }

    private func open(_ paths: [String], in workspace: Workspace) throws -> AnalysisSnapshot {
        var documents = DocumentStore()
        for path in paths {
            let text = try Data(contentsOf: folder.appendingPathComponent(path))
            documents.open(file(path), languageID: path.hasSuffix(".swift") ? "swift" : "graphql", version: 1, text: Array(text))
        }
        return AnalysisSnapshot(workspaces: [workspace], documents: documents)
    }

    private func offset(of needle: String, in id: FileID, snapshot: AnalysisSnapshot, after: Int = 0) throws -> Int {
        let text = try XCTUnwrap(snapshot.documents[id]).text
        let range = try XCTUnwrap(text.range(of: needle), "\(needle) in \(id)")
        return text.utf8.distance(from: text.startIndex, to: range.lowerBound) + after
    }

    /// Asks every kind of query the server and the command line ask, on Swift tests, app code, GraphQL documents,
    /// response fixtures and configurations; returns what each found (so that the queries are seen to do their work).
    private func askEverything(_ snapshot: AnalysisSnapshot) throws -> [String: Int] {
        let (test, operation) = (file("Tests/BookshelfTests/BookQueryTests.swift"), file("graphql/BookQuery.graphql"))
        var found: [String: Int] = [:]
        guard case .swift = try snapshot.file(test) else { return found }
        let swift = try snapshot.file(test)
        let mock = try offset(of: "Mock<Book>(", in: test, snapshot: snapshot, after: "Mock<Book>(".utf8.count)
        let label = try offset(of: "title:", in: test, snapshot: snapshot)
        found["completion"] = snapshot.completions(at: label, in: swift)?.completions.count ?? 0
        found["hover"] = snapshot.hover(at: label, in: swift) == nil ? 0 : 1
        found["definition"] = snapshot.definitions(at: label, in: swift).count
        found["signature"] = snapshot.signature(at: mock, in: swift) == nil ? 0 : 1
        found["references"] = try snapshot.references(at: label, in: swift, includingDeclaration: true).count
        found["highlights"] = snapshot.documentHighlights(at: label, in: swift).count
        found["test diagnostics"] = try XCTUnwrap(snapshot.diagnostics(ofDocument: test)).diagnostics.count
        let client = CodeActionClient(createsFiles: true, resolvesEdits: false, copiesResponses: false)
        found["actions"] = try snapshot.codeActions(at: mock..<mock, in: test, client: client).count
        let from = try offset(of: ".from(", in: test, snapshot: snapshot, after: 2)
        found["response"] = snapshot.response(at: from, in: swift) == nil ? 0 : 1
        let graphQL = try snapshot.file(operation)
        let field = try offset(of: "published", in: operation, snapshot: snapshot)
        found["graphql hover"] = snapshot.hover(at: field, in: graphQL) == nil ? 0 : 1
        found["graphql references"] = try snapshot.references(at: field, in: graphQL, includingDeclaration: true).count
        found["graphql completion"] = snapshot.completions(at: field, in: graphQL)?.completions.count ?? 0
        found["lenses"] = try snapshot.selectionCoverage(ofDocument: operation).rows.count
        found["coverage"] = try snapshot.selectionCoverage().rows.count
        found["workspace diagnostics"] = snapshot.workspaceDiagnostics.count
        found["fixture diagnostics"] = snapshot.responseFixtureDiagnostics.count
        found["configuration diagnostics"] = snapshot.documentDiagnostics(of: file("Broken/apollo-codegen-config.json"))?.diagnostics.count ?? 0
        found["symbols"] = snapshot.workspaceSymbols("Book").count
        return found
    }

    func testNoQueryAsksTheDisk() throws {
        let workspace = Workspace(folder: folder, events: FileEvents(heard: true))
        let snapshot = try open(["Tests/BookshelfTests/BookQueryTests.swift", "graphql/BookQuery.graphql"], in: workspace)
        var found: [String: Int] = [:]
        let asked = try FileTree.watch { found = try askEverything(snapshot) }.filter { $0.hasPrefix(folder.path) }
        XCTAssertEqual(asked, [], "paths a query asked the disk about")
        for (query, count) in found.sorted(by: { $0.key < $1.key }) { XCTAssertGreaterThan(count, 0, "\(query) found nothing") }
        XCTAssertEqual(found.count, 18)
    }

    /// The rule sees what it forbids: where changes are not heard of, a query's read of a workspace file checks
    /// the disk first, and `watch` sees it.
    func testTheWatchSeesAQueryThatAsks() throws {
        let workspace = Workspace(folder: folder, events: FileEvents(heard: false))
        let snapshot = try open([], in: workspace)
        let asked = FileTree.watch { _ = try? snapshot.selectionCoverage() }.filter { $0.hasPrefix(folder.path) }
        XCTAssertTrue(asked.contains { $0.hasSuffix("BookQueryTests.swift") }, "\(asked)")
    }
}
