import Foundation
import LSP
import MocklsTestSupport
import XCTest

/// The features through the real server, in process (`TestClient`): what an editor sees. pytest-lsp and the editor
/// tests (`Tests/protocol`) prove the same with third-party clients.
final class FeaturesThroughServerTests: XCTestCase {
    private struct Expectation: Decodable {
        var file: String
        var line: Int
        var code: String
        var messageContains: [String]
    }

    private func scenario(_ name: String) throws -> (folder: URL, expected: [Expectation]) {
        let folder = try SharedFolder.require("fixtures/scenarios/\(name)")
        let expected = try JSONDecoder().decode(
            [Expectation].self, from: Data(contentsOf: folder.appendingPathComponent("expected-diagnostics.json")))
        return (folder, expected)
    }

    /// Each expected diagnostic on its line with its code and words, and nothing else.
    private func check(_ found: [LSP.Diagnostic], against expected: [Expectation], file: String, _ context: String) {
        var remaining = found
        for expectation in expected where expectation.file == file {
            guard let index = remaining.firstIndex(where: { $0.range.start.line + 1 == expectation.line && $0.code == expectation.code })
            else {
                XCTFail("\(context): no \(expectation.code) on line \(expectation.line)")
                continue
            }
            let message = remaining.remove(at: index).message
            for word in expectation.messageContains { XCTAssertTrue(message.contains(word), "\(context): \(word) in \(message)") }
        }
        XCTAssertEqual(remaining.map { "\($0.range.start.line + 1) \($0.code ?? "")" }, [], "\(context): unexpected diagnostics")
    }

    /// A completion sent the moment the client attached waits for the first index (it used to be an empty list that
    /// said it was complete, which editors keep); the first index of a large project is made to take a while.
    func testCompletionRightAfterStartWaitsForTheIndex() throws {
        let (folder, _) = try scenario("animalkingdom")
        for _ in 0..<5 {
            let client = TestClient()
            try client.request("initialize", ["rootUri": folder.absoluteString, "capabilities": [:] as [String: Any]])
            client.notify("initialized", [:])
            let uri = folder.appendingPathComponent("Tests/AnimalKingdomTests/New.swift").absoluteString
            client.open(uri, "import AnimalKingdomAPITestMocks\nlet dog = Mock<Dog>(\n")
            let list = try client.completion(uri, at: (1, 20))
            XCTAssertFalse(list.isIncomplete)
            XCTAssertTrue(list.items.contains { $0.label == "species" }, "\(list.items.map(\.label))")
            try client.shutdown()
        }
    }

    /// Every scenario's expected diagnostics, pushed to a client that does not pull and answered to one that does.
    func testScenarioDiagnosticsPushedAndPulled() throws {
        for name in ["animalkingdom", "animalkingdom-1.15", "animalkingdom-2.x"] {
            let (folder, expected) = try scenario(name)
            for relative in Set(expected.map(\.file)) {
                let url = folder.appendingPathComponent(relative)
                let text = try String(contentsOf: url, encoding: .utf8)

                let pushed = TestClient()
                try pushed.start(root: folder)
                pushed.open(url.absoluteString, text)
                check(try pushed.publishedDiagnostics(url.absoluteString) { !$0.isEmpty }, against: expected, file: relative, "\(name) pushed")
                try pushed.shutdown()

                let pulling = TestClient()
                try pulling.start(root: folder, capabilities: [
                    "textDocument": ["diagnostic": ["dynamicRegistration": false]], "workspace": ["diagnostics": ["refreshSupport": true]],
                ])
                pulling.open(url.absoluteString, text)
                check(try pulling.pullDiagnostics(url.absoluteString), against: expected, file: relative, "\(name) pulled")
                try pulling.shutdown()
            }
        }
    }

    /// Several markers in one source: completion, hover and definition at each, then again after an edit.
    func testCompletionHoverAndDefinitionAtMarkers() throws {
        let (folder, _) = try scenario("animalkingdom")
        let client = TestClient()
        try client.start(root: folder, capabilities: ["textDocument": ["completion": ["completionItem": ["snippetSupport": true]]]])
        let uri = folder.appendingPathComponent("Tests/AnimalKingdomTests/Scratch.swift").absoluteString
        let source = MarkedSource("""
            import ApolloTestSupport
            import AnimalKingdomAPITestMocks

            func testDog() {
              let dog = Mock<Dog>(1️⃣)
              dog.hei2️⃣ght = Mock<Height>(feet: 1)
              let animal = AllAnimalsQuery.Data.AllAnimal.from(dog)
              _ = animal.3️⃣
            }

            """)
        client.open(uri, source.text)
        let labels = try client.completion(uri, at: source.position("1️⃣")).items.map(\.label)
        XCTAssertTrue(labels.contains("species") && labels.contains("height"), "\(labels)")
        let hover = try XCTUnwrap(client.hover(uri, at: source.position("2️⃣")))
        XCTAssertTrue(hover.contains("Dog.height"), hover)
        let definition = try XCTUnwrap(client.definition(uri, at: source.position("2️⃣")))
        XCTAssertTrue(definition.uri.hasSuffix("AnimalSchema.graphqls"), definition.uri)
        let members = try client.completion(uri, at: source.position("3️⃣")).items.map(\.label)
        XCTAssertTrue(members.contains("height") && members.contains("species"), "\(members)")

        // An edit: the model is now a type case, and completion follows.
        let edited = MarkedSource(source.text.replacingOccurrences(of: "_ = animal.", with: "_ = animal.asDog?.4️⃣"))
        client.change(uri, edited.text, version: 2)
        let dogMembers = try client.completion(uri, at: edited.position("4️⃣")).items.map(\.label)
        XCTAssertTrue(dogMembers.contains("favoriteToy"), "\(dogMembers)")
        try client.shutdown()
    }

    /// A quick fix applied as an editor applies it: the diagnostic it fixes goes away.
    func testQuickFixClearsTheDiagnostic() throws {
        let (folder, expected) = try scenario("animalkingdom")
        let relative = "Tests/AnimalKingdomTests/AnimalTests.swift"
        let url = folder.appendingPathComponent(relative)
        var text = try String(contentsOf: url, encoding: .utf8)
        let client = TestClient()
        try client.start(root: folder)
        client.open(url.absoluteString, text)
        let diagnostics = try client.publishedDiagnostics(url.absoluteString) { !$0.isEmpty }
        check(diagnostics, against: expected, file: relative, "before the fix")
        let target = try XCTUnwrap(diagnostics.first { $0.code == "unset-field-read" && $0.message.contains("feet") })
        let actions = try client.request("textDocument/codeAction", [
            "textDocument": ["uri": url.absoluteString],
            "range": ["start": ["line": target.range.start.line, "character": target.range.start.character],
                      "end": ["line": target.range.end.line, "character": target.range.end.character]],
            "context": ["diagnostics": []],
        ]) as? [[String: Any]]
        let fix = try XCTUnwrap(actions?.first)
        XCTAssertEqual(fix["kind"] as? String, "quickfix")
        let edits = try XCTUnwrap(((fix["edit"] as? [String: Any])?["changes"] as? [String: Any])?[url.absoluteString] as? [[String: Any]])
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
        client.change(url.absoluteString, text, version: 2)
        let after = try client.publishedDiagnostics(url.absoluteString) { found in
            !found.contains { $0.code == "unset-field-read" && $0.message.contains("feet") }
        }
        XCTAssertEqual(after.count, diagnostics.count - 1)
        try client.shutdown()
    }

    /// A client that resolves documentation gets it on `completionItem/resolve`, the same as others get inline.
    func testDocumentationResolvedOrInline() throws {
        let (folder, _) = try scenario("animalkingdom")
        let uri = folder.appendingPathComponent("Tests/AnimalKingdomTests/Scratch.swift").absoluteString
        let source = MarkedSource("import ApolloTestSupport\nlet dog = Mock<Dog>(1️⃣)\n")
        func species(_ capabilities: [String: Any]) throws -> (client: TestClient, item: CompletionItem) {
            let client = TestClient()
            try client.start(root: folder, capabilities: ["textDocument": ["completion": ["completionItem": capabilities]]])
            client.open(uri, source.text)
            return (client, try XCTUnwrap(client.completion(uri, at: source.position("1️⃣")).items.first { $0.label == "species" }))
        }
        let inline = try species([:])
        XCTAssertNil(inline.item.data)
        let documentation = try XCTUnwrap(inline.item.documentation?.value)
        XCTAssertTrue(documentation.contains("Selected by"), documentation)

        let deferred = try species(["resolveSupport": ["properties": ["documentation"]]])
        XCTAssertNil(deferred.item.documentation)
        let data = try XCTUnwrap(deferred.item.data)
        let resolved = try deferred.client.request("completionItem/resolve", [
            "label": "species", "data": ["uri": data.uri, "mockObject": data.mockObject ?? "", "field": data.field],
        ], as: CompletionItem.self)
        XCTAssertEqual(resolved.documentation?.value, documentation)
        try inline.client.shutdown()
        try deferred.client.shutdown()
    }
}
