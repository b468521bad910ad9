import Foundation
import JSONRPC
import LSP
import Server
import Synchronization

/// The real server, in process, driven as an editor drives it: typed requests, notifications, and waiting for what
/// the server sends (published diagnostics, log messages) on a condition rather than by sleeping.
public final class TestClient: Sendable {
    public let server: LanguageServer
    private let outbox = Outbox()
    private let nextID = Mutex(1)

    /// Everything the server sent, in order, and a condition signalled at each message.
    private final class Outbox: @unchecked Sendable {
        // @unchecked: `messages` is only touched with `arrived` locked.
        private var messages: [[String: Any]] = []
        private let arrived = NSCondition()

        func append(_ message: [String: Any]) {
            arrived.lock()
            messages.append(message)
            arrived.broadcast()
            arrived.unlock()
        }

        /// Waits until `found` finds something among the messages, or `timeout` passes.
        func wait<T>(timeout: TimeInterval, _ found: ([[String: Any]]) -> T?) -> T? {
            let deadline = Date().addingTimeInterval(timeout)
            arrived.lock()
            defer { arrived.unlock() }
            while true {
                if let result = found(messages) { return result }
                guard arrived.wait(until: deadline) else { return found(messages) }
            }
        }
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// `testHooks`: the `mockls/test/*` requests that hold a request in flight or fail on purpose.
    public init(testHooks: Bool = false) {
        let outbox = outbox
        server = LanguageServer(options: ServerOptions(logLevel: .critical, testHooks: testHooks)) { bytes in
            guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else { return }
            outbox.append(object)
        }
    }

    // MARK: Sending

    public func notify(_ method: String, _ params: [String: Any]) {
        send(["jsonrpc": "2.0", "method": method, "params": params])
    }

    /// Sends any message (`jsonrpc` is added), well-formed or not, without waiting.
    public func send(_ message: [String: Any]) {
        var message = message
        message["jsonrpc"] = "2.0"
        server.handle(.message(Array(try! JSONSerialization.data(withJSONObject: message))))
    }

    /// Messages the server sent so far, but for log notifications.
    public var replies: [[String: Any]] {
        outbox.wait(timeout: 0) { $0 }?.filter { ($0["method"] as? String) != "window/logMessage" } ?? []
    }

    /// Waits for the reply to request `id`.
    public func reply(to id: Int, timeout: TimeInterval = 5) -> [String: Any]? {
        outbox.wait(timeout: timeout) { messages in messages.first { ($0["id"] as? Int) == id && $0["method"] == nil } }
    }

    /// Sends a request and waits for its reply; returns its result, or throws its error.
    @discardableResult
    public func request(_ method: String, _ params: [String: Any], timeout: TimeInterval = 20) throws -> Any {
        let id = nextID.withLock { id in
            defer { id += 1 }
            return id
        }
        send(["jsonrpc": "2.0", "id": id, "method": method, "params": params])
        guard let reply = outbox.wait(timeout: timeout, { messages in
            messages.first { ($0["id"] as? Int) == id && $0["method"] == nil }
        }) else { throw Failure(description: "no reply to \(method) within \(timeout) s") }
        if let error = reply["error"] as? [String: Any] { throw Failure(description: "\(method) failed: \(error)") }
        return reply["result"] ?? NSNull()
    }

    /// A request whose result decodes into `T` (LSP types, or a test's own).
    public func request<T: Decodable>(_ method: String, _ params: [String: Any], as type: T.Type) throws -> T {
        let result = try request(method, params)
        return try JSONCDecoder().decode(T.self, from: Array(JSONSerialization.data(withJSONObject: result, options: .fragmentsAllowed)))
    }

    // MARK: Lifecycle and documents

    /// `initialize` and `initialized`, then waits until the workspace is indexed.
    public func start(root: URL, capabilities: [String: Any] = [:], timeout: TimeInterval = 20) throws {
        try request("initialize", ["rootUri": root.absoluteString, "capabilities": capabilities])
        notify("initialized", [:])
        let deadline = Date().addingTimeInterval(timeout)
        while server.snapshot.workspaces.isEmpty {
            guard Date() < deadline else { throw Failure(description: "the workspace was never indexed") }
            _ = outbox.wait(timeout: 0.05) { _ in nil as Int? }
        }
    }

    public func open(_ uri: String, _ text: String, language: String = "swift", version: Int = 1) {
        notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": language, "version": version, "text": text]])
    }

    /// Replaces the whole text.
    public func change(_ uri: String, _ text: String, version: Int) {
        notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": version], "contentChanges": [["text": text]]])
    }

    public func shutdown() throws {
        try request("shutdown", [:])
        notify("exit", [:])
    }

    // MARK: Typed requests

    public func completion(_ uri: String, at position: (line: Int, character: Int)) throws -> CompletionList {
        try request("textDocument/completion", ["textDocument": ["uri": uri], "position": Self.json(position)], as: CompletionList.self)
    }

    public func hover(_ uri: String, at position: (line: Int, character: Int)) throws -> String? {
        let result = try request("textDocument/hover", ["textDocument": ["uri": uri], "position": Self.json(position)])
        return ((result as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String
    }

    public func definition(_ uri: String, at position: (line: Int, character: Int)) throws -> Location? {
        let result = try request("textDocument/definition", ["textDocument": ["uri": uri], "position": Self.json(position)])
        guard result is [String: Any] else { return nil }
        return try JSONCDecoder().decode(Location.self, from: Array(JSONSerialization.data(withJSONObject: result)))
    }

    /// Pulled diagnostics (`textDocument/diagnostic`).
    public func pullDiagnostics(_ uri: String) throws -> [LSP.Diagnostic] {
        struct Report: Decodable { var items: [LSP.Diagnostic] }
        return try request("textDocument/diagnostic", ["textDocument": ["uri": uri]], as: Report.self).items
    }

    /// Waits for diagnostics published for `uri` that satisfy `accept` (the newest publication is judged).
    public func publishedDiagnostics(
        _ uri: String, timeout: TimeInterval = 20, where accept: @escaping ([LSP.Diagnostic]) -> Bool = { _ in true }
    ) throws -> [LSP.Diagnostic] {
        let found: [LSP.Diagnostic]? = outbox.wait(timeout: timeout) { messages in
            guard let newest = messages.last(where: {
                ($0["method"] as? String) == "textDocument/publishDiagnostics" && (($0["params"] as? [String: Any])?["uri"] as? String) == uri
            }), let params = newest["params"],
                let data = try? JSONSerialization.data(withJSONObject: params),
                let decoded = try? JSONCDecoder().decode(PublishDiagnosticsParams.self, from: Array(data)),
                accept(decoded.diagnostics)
            else { return nil }
            return decoded.diagnostics
        }
        guard let found else { throw Failure(description: "no accepted diagnostics for \(uri) within \(timeout) s") }
        return found
    }

    static func json(_ position: (line: Int, character: Int)) -> [String: Int] {
        ["line": position.line, "character": position.character]
    }
}
