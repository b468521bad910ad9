import Foundation
import GraphQLIndex
import MocklsTestSupport
import SourceText
@testable import Analysis
import XCTest

/// A client that pulls diagnostics asks right after `didOpen` or `didChange`, while the index of the new text is still
/// being built off the reading thread; it keeps the answer until the next edit. The answer must be about the text the
/// document has now.
final class PulledDiagnosticsTests: XCTestCase {
    func testAPullRightAfterAnEditIsAboutTheEditedText() throws {
        let workspace = try TestWorkspace(files: [
            "apollo-codegen-config.json": TestWorkspace.apolloConfiguration(namespace: "PetAPI"),
            "graphql/schema.graphqls": "type Query { dog: Dog } type Dog { name: String! }",
            "graphql/DogQuery.graphql": "query DogQuery { dog { name } }",
        ])
        defer { workspace.remove() }
        let host = AnalysisHost(folders: [workspace.folder], log: { _ in })
        host.load()
        XCTAssertNotNil(host.snapshot.afterFirstIndex(timeout: .seconds(30)))
        let uri = workspace.uri("graphql/DogQuery.graphql")
        let texts = ["query DogQuery { dog { name } }", "query DogQuery { dog { nickname } }"]
        host.open(FileID(uri: uri), languageID: "graphql", version: 1, text: Array(texts[1].utf8))
        for version in 1...20 {
            let text = texts[version % 2]
            if version > 1 {
                _ = try host.change(FileID(uri: uri), version: version) { _ in LineTable(Array(text.utf8)) }
            }
            // Asked at once, as the server's reading thread does after the notification.
            let pulled = try host.snapshot.diagnostics(ofDocument: FileID(uri: uri))
            // None at all (nil) for a document the workspace holds no diagnostics for.
            if let pulled { XCTAssertEqual(pulled.lines.bytes, Array(text.utf8), "version \(version)") }
            let codes = pulled?.diagnostics.map(\.code.rawValue) ?? []
            XCTAssertEqual(codes, text.contains("nickname") ? ["unknown-field"] : [], "version \(version)")
        }
    }
}
