import Foundation
import MocklsTestSupport
import XCTest

/// The requests the server answers and the capabilities it advertises come from one list (`LanguageServer.features`):
/// for every request of the protocol that a capability announces, the server answers it exactly when it advertises it.
final class ServerFeatureTests: XCTestCase {
    /// LSP 3.17's requests from the client, each with the capability (a key of `ServerCapabilities`) that announces it.
    private static let protocolRequests: [(method: String, capability: String)] = [
        ("textDocument/completion", "completionProvider"), ("completionItem/resolve", "completionProvider"),
        ("textDocument/hover", "hoverProvider"), ("textDocument/signatureHelp", "signatureHelpProvider"),
        ("textDocument/declaration", "declarationProvider"), ("textDocument/definition", "definitionProvider"),
        ("textDocument/typeDefinition", "typeDefinitionProvider"), ("textDocument/implementation", "implementationProvider"),
        ("textDocument/references", "referencesProvider"), ("textDocument/documentHighlight", "documentHighlightProvider"),
        ("textDocument/documentSymbol", "documentSymbolProvider"), ("workspace/symbol", "workspaceSymbolProvider"),
        ("textDocument/codeAction", "codeActionProvider"), ("codeAction/resolve", "codeActionProvider"),
        ("textDocument/codeLens", "codeLensProvider"), ("codeLens/resolve", "codeLensProvider"),
        ("textDocument/documentLink", "documentLinkProvider"), ("textDocument/documentColor", "colorProvider"),
        ("textDocument/formatting", "documentFormattingProvider"), ("textDocument/rangeFormatting", "documentRangeFormattingProvider"),
        ("textDocument/onTypeFormatting", "documentOnTypeFormattingProvider"), ("textDocument/rename", "renameProvider"),
        ("textDocument/prepareRename", "renameProvider"), ("textDocument/foldingRange", "foldingRangeProvider"),
        ("textDocument/selectionRange", "selectionRangeProvider"), ("textDocument/prepareCallHierarchy", "callHierarchyProvider"),
        ("textDocument/semanticTokens/full", "semanticTokensProvider"), ("textDocument/linkedEditingRange", "linkedEditingRangeProvider"),
        ("textDocument/moniker", "monikerProvider"), ("textDocument/prepareTypeHierarchy", "typeHierarchyProvider"),
        ("textDocument/inlineValue", "inlineValueProvider"), ("textDocument/inlayHint", "inlayHintProvider"),
        ("textDocument/diagnostic", "diagnosticProvider"), ("workspace/diagnostic", "diagnosticProvider"),
        ("workspace/executeCommand", "executeCommandProvider"),
    ]

    /// A client that can do everything mockls offers something for: pulls with refresh, resolves code actions' edits.
    private func initializedFullClient() -> (TestClient, [String: Any]) {
        let client = TestClient()
        client.send(["id": 0, "method": "initialize", "params": ["capabilities": [
            "textDocument": ["diagnostic": [:], "codeAction": ["resolveSupport": ["properties": ["edit"]]]],
            "workspace": ["diagnostics": ["refreshSupport": true], "codeLens": ["refreshSupport": true]],
        ]]])
        client.send(["method": "initialized", "params": [:]])
        let capabilities = (client.reply(to: 0)?["result"] as? [String: Any])?["capabilities"] as? [String: Any] ?? [:]
        return (client, capabilities)
    }

    func testARequestIsAnsweredExactlyWhenItsCapabilityIsAdvertised() {
        let (client, capabilities) = initializedFullClient()
        XCTAssertFalse(capabilities.isEmpty)
        for (number, request) in Self.protocolRequests.enumerated() {
            let id = number + 1
            client.send(["id": id, "method": request.method, "params": [:]])
            let code = (client.reply(to: id)?["error"] as? [String: Any])?["code"] as? Int
            let answered = code != -32601
            // `workspace/diagnostic` is announced by `diagnosticProvider.workspaceDiagnostics`, which mockls sets false.
            let advertised = request.method == "workspace/diagnostic"
                ? (capabilities["diagnosticProvider"] as? [String: Any])?["workspaceDiagnostics"] as? Bool == true
                : capabilities[request.capability] != nil
            // `codeLens/resolve`: lenses come whole (`resolveProvider: false`).
            let resolvesLenses = (capabilities["codeLensProvider"] as? [String: Any])?["resolveProvider"] as? Bool == true
            XCTAssertEqual(answered, request.method == "codeLens/resolve" ? resolvesLenses : advertised, request.method)
        }
        // Every capability advertised names a request of the table, or document synchronisation and folders.
        let known = Set(Self.protocolRequests.map(\.capability)).union(["positionEncoding", "textDocumentSync", "workspace"])
        XCTAssertEqual(Set(capabilities.keys).subtracting(known), [])
    }

    func testAClientThatCannotBeAskedToPullAgainIsNotOfferedPullsButAPullIsAnswered() {
        let client = TestClient()
        client.send(["id": 0, "method": "initialize", "params": ["capabilities": ["textDocument": ["diagnostic": [:]]]]])
        let capabilities = (client.reply(to: 0)?["result"] as? [String: Any])?["capabilities"] as? [String: Any] ?? [:]
        XCTAssertNil(capabilities["diagnosticProvider"])
        XCTAssertNil((capabilities["codeActionProvider"] as? [String: Any])?["resolveProvider"])
        client.send(["id": 1, "method": "textDocument/diagnostic", "params": ["textDocument": ["uri": "file:///nowhere/T.swift"]]])
        XCTAssertNotEqual((client.reply(to: 1)?["error"] as? [String: Any])?["code"] as? Int, -32601)
    }

    func testEveryCommandAdvertisedIsRunAndReadsItsArguments() throws {
        let (client, capabilities) = initializedFullClient()
        let commands = try XCTUnwrap((capabilities["executeCommandProvider"] as? [String: Any])?["commands"] as? [String])
        XCTAssertEqual(Set(commands), ["mockls.openTests", "mockls.openReads", "mockls.writeResponse", "mockls.writeTestTransport"])
        for (number, command) in (commands + ["mockls.unknown"]).enumerated() {
            let id = 100 + number
            client.send(["id": id, "method": "workspace/executeCommand", "params": ["command": command, "arguments": [1]]])
            let error = client.reply(to: id)?["error"] as? [String: Any]
            XCTAssertEqual(error?["code"] as? Int, -32602, command)
            let message = error?["message"] as? String ?? ""
            XCTAssertTrue(command == "mockls.unknown" ? message.contains("runs no command") : message.contains("\(command) takes"), message)
        }
        // A lens's arguments as the client sends them back: tests with a location each; none is nothing to open.
        let tests: [[String: Any]] = [
            ["uri": "file:///T/ATests.swift", "range": ["start": ["line": 4, "character": 0], "end": ["line": 5, "character": 0]]],
            ["uri": "file:///T/BTests.swift", "range": ["start": ["line": 9, "character": 0], "end": ["line": 10, "character": 0]]],
        ]
        client.send(["id": 200, "method": "workspace/executeCommand", "params": [
            "command": "mockls.openTests", "arguments": ["file:///T/Q.graphql", ["line": 1, "character": 2], tests]]])
        XCTAssertNil(client.reply(to: 200)?["error"])
        func shown() -> [String] {
            client.replies.filter { $0["method"] as? String == "window/showMessage" }
                .compactMap { ($0["params"] as? [String: Any])?["message"] as? String }
        }
        XCTAssertTrue(shown().contains("2 tests: ATests.swift:5, BTests.swift:10"), "\(shown())")
        // The app's reads of a field: the same arguments, named as reads.
        let reads: [[String: Any]] = [
            ["uri": "file:///T/App/Screen.swift", "range": ["start": ["line": 13, "character": 8], "end": ["line": 13, "character": 12]]],
        ]
        client.send(["id": 202, "method": "workspace/executeCommand", "params": [
            "command": "mockls.openReads", "arguments": ["file:///T/Q.graphql", ["line": 1, "character": 2], reads]]])
        XCTAssertNil(client.reply(to: 202)?["error"])
        XCTAssertTrue(shown().contains("1 app read: Screen.swift:14"), "\(shown())")
        client.send(["id": 201, "method": "workspace/executeCommand", "params": [
            "command": "mockls.openTests", "arguments": ["file:///T/Q.graphql", ["line": -1, "character": 2], tests]]])
        XCTAssertEqual((client.reply(to: 201)?["error"] as? [String: Any])?["code"] as? Int, -32602)
    }
}
