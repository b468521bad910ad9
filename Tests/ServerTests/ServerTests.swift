import Analysis
import Foundation
import JSONRPC
import LSP
import MocklsTestSupport
import Server
import Synchronization
import XCTest

/// The lifecycle and ordering tests drive the server with raw messages through the typed client.
typealias ServerHarness = TestClient

extension TestClient {
    func initialize(encodings: [String]? = nil) {
        var capabilities: [String: Any] = [:]
        if let encodings { capabilities["general"] = ["positionEncodings": encodings] }
        send(["id": 0, "method": "initialize", "params": ["capabilities": capabilities]])
        send(["method": "initialized", "params": [:]])
    }
}

final class LifecycleTests: XCTestCase {
    func testNegotiatesUTF8OnlyWhenPreferred() {
        for (offered, expected) in [(nil, "utf-16"), (["utf-16", "utf-8"], "utf-16"), (["utf-8", "utf-16"], "utf-8"), (["utf-32"], "utf-16")] {
            let harness = ServerHarness()
            harness.initialize(encodings: offered)
            let result = harness.reply(to: 0)?["result"] as? [String: Any]
            let capabilities = result?["capabilities"] as? [String: Any]
            XCTAssertEqual(capabilities?["positionEncoding"] as? String, expected, "\(offered ?? [])")
        }
    }

    func testRequestsBeforeInitializeAndAfterShutdown() {
        let harness = ServerHarness()
        harness.send(["id": 1, "method": "shutdown"])
        XCTAssertEqual((harness.reply(to: 1)?["error"] as? [String: Any])?["code"] as? Int, -32002)
        harness.initialize()
        harness.send(["id": 2, "method": "initialize", "params": ["capabilities": [:]]])
        XCTAssertEqual((harness.reply(to: 2)?["error"] as? [String: Any])?["code"] as? Int, -32600)
        harness.send(["id": 3, "method": "shutdown"])
        XCTAssertTrue(harness.reply(to: 3)!.keys.contains("result"))
        harness.send(["id": 4, "method": "textDocument/hover", "params": [:]])
        XCTAssertEqual((harness.reply(to: 4)?["error"] as? [String: Any])?["code"] as? Int, -32600)
        XCTAssertNil(harness.server.exitCode)
        harness.send(["method": "exit"])
        XCTAssertEqual(harness.server.exitCode, 0)
    }

    func testExitWithoutShutdownIsAnError() {
        let harness = ServerHarness()
        harness.initialize()
        harness.send(["method": "exit"])
        XCTAssertEqual(harness.server.exitCode, 1)
    }

    func testInvalidParamsNameTheMember() {
        let harness = ServerHarness()
        harness.send(["id": 1, "method": "initialize", "params": ["capabilities": ["general": ["positionEncodings": 3]]]])
        let error = harness.reply(to: 1)?["error"] as? [String: Any]
        XCTAssertEqual(error?["code"] as? Int, -32602)
        XCTAssertTrue((error?["message"] as? String ?? "").contains("params.capabilities.general.positionEncodings"), "\(error ?? [:])")
        XCTAssertEqual(harness.server.phase, .uninitialized)
    }

    func testUnknownMethodsAndNotifications() {
        let harness = ServerHarness()
        harness.initialize()
        harness.send(["id": 1, "method": "$/unknownRequest"])
        harness.send(["method": "$/unknownNotification"])
        harness.send(["method": "custom/notification", "params": [1]])
        harness.send(["id": 2, "method": "workspace/unknown", "params": [:]])
        XCTAssertEqual((harness.reply(to: 1)?["error"] as? [String: Any])?["code"] as? Int, -32601)
        XCTAssertEqual((harness.reply(to: 2)?["error"] as? [String: Any])?["code"] as? Int, -32601)
        XCTAssertEqual(harness.replies.count, 3, "notifications get no reply: \(harness.replies)")
    }
}

final class DocumentSyncTests: XCTestCase {
    private func open(_ harness: ServerHarness, _ text: String) {
        harness.send(["method": "textDocument/didOpen", "params": ["textDocument": [
            "uri": "file:///T.swift", "languageId": "swift", "version": 1, "text": text]]])
    }

    private func change(_ harness: ServerHarness, version: Int, _ changes: [[String: Any]]) {
        harness.send(["method": "textDocument/didChange", "params": [
            "textDocument": ["uri": "file:///T.swift", "version": version], "contentChanges": changes]])
    }

    private func range(_ l1: Int, _ c1: Int, _ l2: Int, _ c2: Int) -> [String: Any] {
        ["start": ["line": l1, "character": c1], "end": ["line": l2, "character": c2]]
    }

    func testIncrementalEditsInUTF16() {
        let harness = ServerHarness()
        harness.initialize()
        open(harness, "let 名前 = \"😀\"\r\nlet b = 2\r\n")
        // Replace the emoji (UTF-16 columns 10..<12), then insert on line 2 and delete across the CRLF.
        change(harness, version: 2, [
            ["range": range(0, 10, 0, 12), "text": "犬"],
            ["range": range(1, 9, 1, 9), "text": "0"],
            ["range": range(0, 12, 1, 0), "text": " "],
        ])
        let document = harness.server.documents[FileID(uri: "file:///T.swift")]
        XCTAssertEqual(document?.text, "let 名前 = \"犬\" let b = 20\r\n")
        XCTAssertEqual(document?.version, 2)
        change(harness, version: 3, [["text": "whole"]])
        XCTAssertEqual(harness.server.documents[FileID(uri: "file:///T.swift")]?.text, "whole")
    }

    func testIncrementalEditsInUTF8() {
        let harness = ServerHarness()
        harness.initialize(encodings: ["utf-8"])
        open(harness, "a😀b")
        change(harness, version: 2, [["range": range(0, 1, 0, 5), "text": "-"]])
        XCTAssertEqual(harness.server.documents[FileID(uri: "file:///T.swift")]?.text, "a-b")
    }

    func testEditsToUnknownDocumentsAndCloseAreHarmless() {
        let harness = ServerHarness()
        harness.initialize()
        change(harness, version: 2, [["text": "x"]])
        harness.send(["method": "textDocument/didClose", "params": ["textDocument": ["uri": "file:///none"]]])
        open(harness, "x")
        harness.send(["method": "textDocument/didClose", "params": ["textDocument": ["uri": "file:///T.swift"]]])
        XCTAssertEqual(harness.server.documents.count, 0)
        XCTAssertEqual(harness.replies.count, 1)
    }
}

final class SchedulingTests: XCTestCase {
    func testCancellationRepliesOnceWithRequestCancelled() {
        let harness = ServerHarness(testHooks: true)
        harness.initialize()
        harness.send(["id": 1, "method": "mockls/test/sleep", "params": ["milliseconds": 5_000]])
        harness.send(["method": "$/cancelRequest", "params": ["id": 1]])
        let reply = harness.reply(to: 1)
        XCTAssertEqual((reply?["error"] as? [String: Any])?["code"] as? Int, -32800)
        // Cancelling again, or a request already answered, sends nothing more.
        harness.send(["method": "$/cancelRequest", "params": ["id": 1]])
        usleep(50_000)
        XCTAssertEqual(harness.replies.filter { ($0["id"] as? Int) == 1 }.count, 1)
    }

    func testARequestSeesTheEditsBeforeItAndNotTheOnesAfter() {
        let harness = ServerHarness(testHooks: true)
        harness.initialize()
        harness.send(["method": "textDocument/didOpen", "params": ["textDocument": [
            "uri": "file:///T.swift", "languageId": "swift", "version": 1, "text": ""]]])
        harness.send(["id": 1, "method": "mockls/test/sleep", "params": ["milliseconds": 3_000, "uri": "file:///T.swift"]])
        harness.send(["method": "textDocument/didChange", "params": [
            "textDocument": ["uri": "file:///T.swift", "version": 2], "contentChanges": [["text": "x"]]]])
        harness.send(["id": 2, "method": "mockls/test/sleep", "params": ["milliseconds": 0, "uri": "file:///T.swift"]])
        let first = harness.reply(to: 1)?["result"] as? [String: Any]
        let second = harness.reply(to: 2)?["result"] as? [String: Any]
        XCTAssertEqual(first?["version"] as? Int, 1, "a later didChange neither cancels nor changes a running request")
        XCTAssertEqual(first?["slept"] as? Int, 3_000)
        XCTAssertEqual(second?["version"] as? Int, 2)
        // The short request, sent later, answered first: requests run concurrently (with seconds to spare, so a
        // loaded machine does not reorder them).
        let order = harness.replies.compactMap { $0["id"] as? Int }
        XCTAssertEqual(order.suffix(2), [2, 1])
    }

    func testTestHooksAreOffByDefault() {
        let harness = ServerHarness()
        harness.initialize()
        harness.send(["id": 1, "method": "mockls/test/sleep", "params": ["milliseconds": 1]])
        XCTAssertEqual((harness.reply(to: 1)?["error"] as? [String: Any])?["code"] as? Int, -32601)
    }
}

final class FileWatchingTests: XCTestCase {
    func testRegistersWatchersOnlyWhenTheClientCanAndFallsBackWhenRefused() {
        let harness = ServerHarness()
        harness.send(["id": 0, "method": "initialize", "params": ["capabilities": [
            "workspace": ["didChangeWatchedFiles": ["dynamicRegistration": true]]]]])
        harness.send(["method": "initialized", "params": [:]])
        let registration = harness.replies.first { ($0["method"] as? String) == "client/registerCapability" }
        let registrations = (registration?["params"] as? [String: Any])?["registrations"] as? [[String: Any]]
        XCTAssertEqual(registrations?.first?["method"] as? String, "workspace/didChangeWatchedFiles")
        let watchers = (registrations?.first?["registerOptions"] as? [String: Any])?["watchers"] as? [[String: Any]]
        XCTAssertTrue(watchers?.contains { ($0["globPattern"] as? String) == "**/*.graphql" } ?? false)
        // The client refuses; nothing breaks, and the server answers the next request.
        harness.send(["id": registration?["id"] as Any, "error": ["code": -32601, "message": "no"]])
        harness.send(["id": 5, "method": "shutdown"])
        XCTAssertNotNil(harness.reply(to: 5)?["result"])

        let plain = ServerHarness()
        plain.initialize()
        XCTAssertNil(plain.replies.first { ($0["method"] as? String) == "client/registerCapability" })
    }
}
