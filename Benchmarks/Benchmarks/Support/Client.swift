import Foundation
import JSONRPC
import LSP
import Server
import Synchronization

/// An in-process server and a way to wait for the reply to the one request in flight.
public final class Client: Sendable {
    private let arrived = DispatchSemaphore(value: 0)
    public let server: LanguageServer
    private let nextID = Mutex<Int>(1)

    public init() {
        let arrived = self.arrived
        server = LanguageServer(options: ServerOptions(logLevel: .critical)) { bytes in
            // A reply has an id and no method; notifications and server requests are not waited for.
            if bytes.starts(with: Array(#"{"jsonrpc":"2.0","id":"#.utf8)), !Self.containsMethod(bytes) { arrived.signal() }
        }
    }

    /// json-c writes members in insertion order: a request from the server has `"method"` right after its id.
    private static func containsMethod(_ bytes: [UInt8]) -> Bool {
        let head = String(decoding: bytes.prefix(64), as: UTF8.self)
        return head.contains(#""method":"#)
    }

    public func notify(_ method: String, _ params: Any) {
        send(Self.message(method, params))
    }

    public static func message(_ method: String, _ params: Any) -> [UInt8] {
        Array(try! JSONSerialization.data(withJSONObject: ["jsonrpc": "2.0", "method": method, "params": params]))
    }

    /// A message serialized beforehand: what is timed is the server, not the client's JSON writing.
    public func send(_ message: [UInt8]) {
        server.handle(.message(message))
    }

    /// A request serialized beforehand, with an id of its own (the server frees an id once it has answered).
    public static func request(_ method: String, _ params: Any, id: Int) -> [UInt8] {
        Array(try! JSONSerialization.data(withJSONObject: ["jsonrpc": "2.0", "id": id, "method": method, "params": params]))
    }

    /// Sends a request serialized beforehand and waits for its reply.
    public func roundTrip(_ request: [UInt8]) {
        server.handle(.message(request))
        arrived.wait()
    }

    /// Sends a request and waits for its reply.
    public func request(_ method: String, _ params: Any) {
        let id = nextID.withLock { id in
            defer { id += 1 }
            return id
        }
        let data = try! JSONSerialization.data(withJSONObject: ["jsonrpc": "2.0", "id": id, "method": method, "params": params])
        server.handle(.message(Array(data)))
        arrived.wait()
    }
}

