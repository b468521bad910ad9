import Analysis
import Foundation
import MocklsTestSupport
@testable import Server
import SourceText
import Synchronization
import XCTest

/// A pulling client is asked to pull a GraphQL document again exactly when what it was last answered is no longer
/// what the workspace reads: not when the last computation changed, whose snapshot may already have held an edit the
/// client was never told of (the interleaving a loaded CI machine met: an index change's computation read the app's
/// edit, and the edit's own computation then found nothing new).
final class DiagnosticsPublisherTests: XCTestCase {
    private let operations = "query Dog {\n  dog {\n    id\n    name\n    breed\n  }\n}\n"

    private func app(reading members: String) -> String {
        """
        import Apollo
        import PetAPI

        func show(_ data: DogQuery.Data) { print(\(members)) }

        """
    }

    func testAClientShowingAnOldHintIsAskedToPullAgain() throws {
        let workspace = try TestWorkspace(files: [
            "apollo-codegen-config.json": TestWorkspace.apolloConfiguration(namespace: "PetAPI"),
            "graphql/schema.graphqls": "type Query { dog: Dog } type Dog { id: ID! name: String! breed: String }",
            "graphql/Operations.graphql": operations,
            "App/DogScreen.swift": app(reading: "data.dog?.id, data.dog?.name"),
        ])
        defer { workspace.remove() }
        let operationsFile = workspace.url("graphql/Operations.graphql").standardizedFileURL
        let document = operationsFile.absoluteString
        let screen = workspace.uri("App/DogScreen.swift")
        // Two readings of the workspace: the operation selecting `breed`, which the app does not read (a hint), and
        // the operation without it (none). The publisher sees only snapshots: which edit made the second does not
        // matter to it.
        let hinting = AnalysisSnapshot(workspaces: [Workspace(folder: workspace.folder)])
        let reading = AnalysisSnapshot(workspaces: [
            Workspace(folder: workspace.folder, overlays: [operationsFile: Array(operations.replacingOccurrences(of: "    breed\n", with: "").utf8)])
        ])
        let hint = try XCTUnwrap(hinting.documentDiagnostics(of: FileID(uri: document))).diagnostics
        XCTAssertEqual(hint.map(\.code), [.unusedField], "the app reads no breed")
        XCTAssertEqual(reading.documentDiagnostics(of: FileID(uri: document))?.diagnostics ?? [], [])

        let current = Mutex(hinting)
        let refreshes = Atomic<Int>(0)
        let publisher = DiagnosticsPublisher(
            mode: .pull, analysis: { current.withLock { $0 } }, publish: { _, _, _, _ in },
            refresh: { refreshes.add(1, ordering: .relaxed) })
        func refreshed(beyond count: Int) -> Bool {
            let deadline = Date().addingTimeInterval(10)
            while Date() < deadline {
                if refreshes.load(ordering: .relaxed) > count { return true }
                Thread.sleep(forTimeInterval: 0.01)
            }
            return false
        }
        /// Whether no refresh came for a while after `count` (the computations run 25 ms after an edit).
        func quiet(after count: Int) -> Bool {
            Thread.sleep(forTimeInterval: 0.3)
            return refreshes.load(ordering: .relaxed) == count
        }
        func swiftEdit(_ version: Int) {
            publisher.changed(Document(FileID(uri: screen), languageID: "swift", version: version, lines: LineTable(Array("".utf8))))
        }

        // The client opens the document and pulls the hint.
        publisher.openedOther(document)
        publisher.answeredPull(document, hint)
        // An edit is in the snapshot when an index change's computation reads it: the index change asks the client to
        // pull (at once), and so does the computation, which finds the hint gone.
        current.withLock { $0 = reading }
        publisher.indexChanged()
        XCTAssertTrue(refreshed(beyond: 1), "the computation that found the hint gone asks the client that shows it")
        // A Swift edit's computation finds the same: the client, not yet pulled, is asked again (before, the last
        // computation was the measure, and it had already seen the hint go).
        let beforeEdit = refreshes.load(ordering: .relaxed)
        swiftEdit(2)
        XCTAssertTrue(refreshed(beyond: beforeEdit), "the client still shows the hint the workspace no longer has")

        // Pulled, the client is current: another edit that changes nothing asks nothing.
        publisher.answeredPull(document, [])
        let pulled = refreshes.load(ordering: .relaxed)
        swiftEdit(3)
        XCTAssertTrue(quiet(after: pulled), "nothing to pull again")
        // The edit undone: the hint is back, and the client that shows none is asked.
        current.withLock { $0 = hinting }
        swiftEdit(4)
        XCTAssertTrue(refreshed(beyond: pulled))
        // Closed, the document is no longer the client's to pull.
        publisher.closed(document)
        let afterClose = refreshes.load(ordering: .relaxed)
        current.withLock { $0 = reading }
        swiftEdit(5)
        XCTAssertTrue(quiet(after: afterClose))
    }
}
