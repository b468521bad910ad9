import Foundation
import LSP
import MocklsTestSupport
import XCTest

/// The features through the real server, in process (`TestClient`), on the repository's own API from a lone clone: a
/// workspace of Examples/Bookshelf's configuration and documents, with `Tests/goldens/diagnostics/bookshelf.swift` as
/// its test file (each line that must carry a diagnostic says so with `// expect: CODE word…`).
final class OwnAPIThroughServerTests: XCTestCase {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let testFile = "Tests/BookshelfTests/BookReads.swift"

    /// Examples/Bookshelf's configuration and GraphQL documents, and the diagnostics golden as a test file.
    private func workspace() throws -> TestWorkspace {
        let example = Self.repository.appendingPathComponent("Examples/Bookshelf")
        var files = ["apollo-codegen-config.json": try String(contentsOf: example.appendingPathComponent("apollo-codegen-config.json"), encoding: .utf8)]
        for name in try FileManager.default.contentsOfDirectory(atPath: example.appendingPathComponent("graphql").path) {
            files["graphql/\(name)"] = try String(contentsOf: example.appendingPathComponent("graphql/\(name)"), encoding: .utf8)
        }
        files[Self.testFile] = try String(
            contentsOf: Self.repository.appendingPathComponent("Tests/goldens/diagnostics/bookshelf.swift"), encoding: .utf8)
        return try TestWorkspace(files: files)
    }

    /// `line code word…` of each `// expect:` line of the test file.
    private func expected(_ text: String) -> [(line: Int, code: String, words: [String])] {
        text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
            guard let marker = line.range(of: "// expect: ") else { return nil }
            let words = line[marker.upperBound...].split(separator: " ").map(String.init)
            return (index + 1, words[0], Array(words.dropFirst()))
        }
    }

    private func check(_ found: [LSP.Diagnostic], against text: String, _ context: String, file: StaticString = #filePath, line: UInt = #line) {
        let expectations = expected(text)
        XCTAssertFalse(expectations.isEmpty, file: file, line: line)
        XCTAssertEqual(found.map { "\($0.range.start.line + 1) \($0.code ?? "")" }.sorted(), expectations.map { "\($0.line) \($0.code)" }.sorted(),
                       context, file: file, line: line)
        for expectation in expectations {
            guard let diagnostic = found.first(where: { $0.range.start.line + 1 == expectation.line && $0.code == expectation.code }) else { continue }
            for word in expectation.words {
                XCTAssertTrue(diagnostic.message.contains(word), "\(context): \(word) in \(diagnostic.message)", file: file, line: line)
            }
        }
    }

    /// The test file's expected diagnostics, pushed to a client that does not pull and answered to one that does.
    func testDiagnosticsPushedAndPulled() throws {
        let workspace = try workspace()
        defer { workspace.remove() }
        let uri = workspace.uri(Self.testFile)
        let text = workspace[Self.testFile].text

        let pushed = TestClient()
        try pushed.start(root: workspace.folder)
        pushed.open(uri, text)
        check(try pushed.publishedDiagnostics(uri) { !$0.isEmpty }, against: text, "pushed")
        try pushed.shutdown()

        let pulling = TestClient()
        try pulling.start(root: workspace.folder, capabilities: [
            "textDocument": ["diagnostic": ["dynamicRegistration": false]], "workspace": ["diagnostics": ["refreshSupport": true]],
        ])
        pulling.open(uri, text)
        check(try pulling.pullDiagnostics(uri), against: text, "pulled")
        try pulling.shutdown()
    }

    /// A completion sent the moment the client attached waits for the first index, and is complete.
    func testCompletionRightAfterStartWaitsForTheIndex() throws {
        let workspace = try workspace()
        defer { workspace.remove() }
        let client = TestClient()
        try client.request("initialize", ["rootUri": workspace.folder.absoluteString, "capabilities": [:] as [String: Any]])
        client.notify("initialized", [:])
        let uri = workspace.uri("Tests/BookshelfTests/New.swift")
        client.open(uri, "import BookshelfAPITestMocks\nlet book = Mock<Book>(\n")
        let list = try client.completion(uri, at: (1, 22))
        XCTAssertFalse(list.isIncomplete)
        XCTAssertEqual(list.items.map(\.label), ["author", "coAuthors", "genre", "id", "published", "rating", "title"])
        try client.shutdown()
    }

    /// Several markers in one source: completion, hover and definition at each, then again after an edit.
    func testCompletionHoverAndDefinitionAtMarkers() throws {
        let workspace = try workspace()
        defer { workspace.remove() }
        let client = TestClient()
        try client.start(root: workspace.folder, capabilities: ["textDocument": ["completion": ["completionItem": ["snippetSupport": true]]]])
        let uri = workspace.uri("Tests/BookshelfTests/Scratch.swift")
        let source = MarkedSource("""
            import ApolloTestSupport
            import BookshelfAPITestMocks

            func testBook() {
              let book = Mock<Book>(1️⃣)
              book.aut2️⃣hor = Mock<Author>(name: "Le Guin")
              let model = BookQuery.Data.Book.from(book)
              _ = model.3️⃣
            }

            """)
        client.open(uri, source.text)
        let labels = try client.completion(uri, at: source.position("1️⃣")).items.map(\.label)
        XCTAssertTrue(labels.contains("title") && labels.contains("author"), "\(labels)")
        let hover = try XCTUnwrap(client.hover(uri, at: source.position("2️⃣")))
        XCTAssertTrue(hover.contains("Book.author"), hover)
        let definition = try XCTUnwrap(client.definition(uri, at: source.position("2️⃣")))
        XCTAssertEqual(definition.uri, workspace.uri("graphql/schema.graphqls"))
        XCTAssertEqual(definition.range.start.line, 27)
        let members = try client.completion(uri, at: source.position("3️⃣")).items.map(\.label)
        XCTAssertTrue(members.contains("coAuthors") && members.contains("title"), "\(members)")

        // An edit: the model is now a union's type case, and completion follows.
        let edited = MarkedSource(source.text.replacingOccurrences(
            of: "let model = BookQuery.Data.Book.from(book)\n  _ = model.", with: "let model = SearchQuery.Data.Search.from(book)\n  _ = model.asAuthor?.4️⃣"))
        client.change(uri, edited.text, version: 2)
        let authorMembers = try client.completion(uri, at: edited.position("4️⃣")).items.map(\.label)
        XCTAssertTrue(authorMembers.contains("born") && !authorMembers.contains("title"), "\(authorMembers)")
        try client.shutdown()
    }

    /// A quick fix applied as an editor applies it: the diagnostic it fixes goes away, and only it.
    func testQuickFixClearsTheDiagnostic() throws {
        let workspace = try workspace()
        defer { workspace.remove() }
        let uri = workspace.uri(Self.testFile)
        var text = workspace[Self.testFile].text
        let client = TestClient()
        try client.start(root: workspace.folder)
        client.open(uri, text)
        let diagnostics = try client.publishedDiagnostics(uri) { !$0.isEmpty }
        let target = try XCTUnwrap(diagnostics.first { $0.code == "unset-field-read" && $0.message.contains("title") })
        let actions = try client.request("textDocument/codeAction", [
            "textDocument": ["uri": uri],
            "range": ["start": ["line": target.range.start.line, "character": target.range.start.character],
                      "end": ["line": target.range.end.line, "character": target.range.end.character]],
            "context": ["diagnostics": []],
        ]) as? [[String: Any]]
        let fix = try XCTUnwrap(actions?.first)
        XCTAssertEqual(fix["kind"] as? String, "quickfix")
        let edits = try XCTUnwrap(((fix["edit"] as? [String: Any])?["changes"] as? [String: Any])?[uri] as? [[String: Any]])
        // Applied from the last edit back, as editors do.
        var lines = text.components(separatedBy: "\n")
        for edit in edits.reversed() {
            let range = try XCTUnwrap(edit["range"] as? [String: [String: Int]])
            let (start, end) = (range["start"]!, range["end"]!)
            XCTAssertEqual(start["line"], end["line"], "a fix on one line")
            var line = Array(lines[start["line"]!].utf16)
            line.replaceSubrange(start["character"]!..<end["character"]!, with: Array((edit["newText"] as! String).utf16))
            lines[start["line"]!] = String(decoding: line, as: UTF16.self)
        }
        text = lines.joined(separator: "\n")
        client.change(uri, text, version: 2)
        let after = try client.publishedDiagnostics(uri) { found in
            !found.contains { $0.code == "unset-field-read" && $0.message.contains("title") }
        }
        XCTAssertEqual(after.count, diagnostics.count - 1)
        try client.shutdown()
    }

    /// A client that resolves documentation gets it on `completionItem/resolve`, the same as others get inline.
    func testDocumentationResolvedOrInline() throws {
        let workspace = try workspace()
        defer { workspace.remove() }
        let uri = workspace.uri("Tests/BookshelfTests/Scratch.swift")
        let source = MarkedSource("import ApolloTestSupport\nlet book = Mock<Book>(1️⃣)\n")
        func rating(_ capabilities: [String: Any]) throws -> (client: TestClient, item: CompletionItem) {
            let client = TestClient()
            try client.start(root: workspace.folder, capabilities: ["textDocument": ["completion": ["completionItem": capabilities]]])
            client.open(uri, source.text)
            return (client, try XCTUnwrap(client.completion(uri, at: source.position("1️⃣")).items.first { $0.label == "rating" }))
        }
        let inline = try rating([:])
        XCTAssertNil(inline.item.data)
        let documentation = try XCTUnwrap(inline.item.documentation?.value)
        XCTAssertTrue(documentation.contains("Average reader rating") && documentation.contains("Selected by"), documentation)

        let deferred = try rating(["resolveSupport": ["properties": ["documentation"]]])
        XCTAssertNil(deferred.item.documentation)
        let data = try XCTUnwrap(deferred.item.data)
        let resolved = try deferred.client.request("completionItem/resolve", [
            "label": "rating", "data": ["uri": data.uri, "mockObject": data.mockObject ?? "", "field": data.field],
        ], as: CompletionItem.self)
        XCTAssertEqual(resolved.documentation?.value, documentation)
        try inline.client.shutdown()
        try deferred.client.shutdown()
    }
}
