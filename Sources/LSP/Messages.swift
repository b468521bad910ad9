import JSONRPC

/// A request the client sends: its method name and the Swift types of its params and result.
public protocol LSPRequest: Sendable {
    associatedtype Params: Decodable & Sendable
    associatedtype Response: Encodable & Sendable
    static var method: String { get }
}

/// A notification either side sends.
public protocol LSPNotification: Sendable {
    associatedtype Params: Codable & Sendable
    static var method: String { get }
}

/// The `null` result of requests such as `shutdown`.
public struct NullResult: Encodable, Sendable, Equatable {
    public init() {}
    public func encode(to encoder: any Encoder) throws {
        var single = encoder.singleValueContainer()
        try single.encodeNil()
    }
}

/// Requests and notifications without params (`shutdown`, `exit`) accept none, `null`, or an empty object.
public struct NoParams: Codable, Sendable, Equatable {
    public init() {}
    public init(from decoder: any Decoder) throws {}
    public func encode(to encoder: any Encoder) throws {}
}

public enum InitializeRequest: LSPRequest {
    public typealias Params = InitializeParams
    public typealias Response = InitializeResult
    public static let method = "initialize"
}

public enum ShutdownRequest: LSPRequest {
    public typealias Params = NoParams
    public typealias Response = NullResult
    public static let method = "shutdown"
}

public enum InitializedNotification: LSPNotification {
    public typealias Params = NoParams
    public static let method = "initialized"
}

public enum ExitNotification: LSPNotification {
    public typealias Params = NoParams
    public static let method = "exit"
}

public enum CancelRequestNotification: LSPNotification {
    public typealias Params = CancelParams
    public static let method = "$/cancelRequest"
}

public enum SetTraceNotification: LSPNotification {
    public typealias Params = SetTraceParams
    public static let method = "$/setTrace"
}

public enum DidOpenTextDocumentNotification: LSPNotification {
    public typealias Params = DidOpenTextDocumentParams
    public static let method = "textDocument/didOpen"
}

public enum DidChangeTextDocumentNotification: LSPNotification {
    public typealias Params = DidChangeTextDocumentParams
    public static let method = "textDocument/didChange"
}

public enum DidCloseTextDocumentNotification: LSPNotification {
    public typealias Params = DidCloseTextDocumentParams
    public static let method = "textDocument/didClose"
}

public enum DidSaveTextDocumentNotification: LSPNotification {
    public typealias Params = DidSaveTextDocumentParams
    public static let method = "textDocument/didSave"
}

public enum LogMessageNotification: LSPNotification {
    public typealias Params = LogMessageParams
    public static let method = "window/logMessage"
}

/// `window/showMessage`: its parameters have the same shape as `window/logMessage`'s.
public enum ShowMessageNotification: LSPNotification {
    public typealias Params = LogMessageParams
    public static let method = "window/showMessage"
}

public struct CancelParams: Codable, Sendable, Equatable {
    public var id: RequestID
    public init(id: RequestID) { self.id = id }
}

public enum TraceValue: String, Codable, Sendable, Comparable {
    case off, messages, verbose

    public static func < (lhs: TraceValue, rhs: TraceValue) -> Bool {
        let order: [TraceValue] = [.off, .messages, .verbose]
        return order.firstIndex(of: lhs)! < order.firstIndex(of: rhs)!
    }
}

public struct SetTraceParams: Codable, Sendable, Equatable {
    public var value: TraceValue
    public init(value: TraceValue) { self.value = value }
}

public enum MessageType: Int, Codable, Sendable {
    case error = 1, warning = 2, info = 3, log = 4, debug = 5
}

public struct LogMessageParams: Codable, Sendable, Equatable {
    public var type: MessageType
    public var message: String
    public init(type: MessageType, message: String) {
        self.type = type
        self.message = message
    }
}
