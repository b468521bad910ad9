import CJSONC

/// A JSON-RPC request id: a number or a string (JSON-RPC 2.0 §4; LSP `integer | string`).
public enum RequestID: Hashable, Sendable, CustomStringConvertible {
    case number(Int64)
    case string(String)

    public var description: String {
        switch self {
        case .number(let number): return String(number)
        case .string(let string): return "\"\(string)\""
        }
    }

    /// The id of a message, if `value` is a valid id (a string or an integral number).
    init?(_ value: JSONCValue) {
        switch value.kind {
        case .string: self = .string(value.string ?? "")
        case .int, .double:
            guard let number = value.int64 else { return nil }
            self = .number(number)
        default: return nil
        }
    }
}

extension RequestID: Codable {
    public init(from decoder: any Decoder) throws {
        let single = try decoder.singleValueContainer()
        if let number = try? single.decode(Int64.self) {
            self = .number(number)
        } else {
            self = .string(try single.decode(String.self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var single = encoder.singleValueContainer()
        switch self {
        case .number(let number): try single.encode(number)
        case .string(let string): try single.encode(string)
        }
    }
}

/// A JSON-RPC error object.
public struct ResponseError: Error, Sendable, Equatable, Codable, CustomStringConvertible {
    public var code: Int
    public var message: String
    public var data: JSONValue?

    public init(code: Int, message: String, data: JSONValue? = nil) {
        self.code = code
        self.message = message
        self.data = data
    }

    public var description: String { "\(code): \(message)" }

    // JSON-RPC 2.0
    public static let parseErrorCode = -32700
    public static let invalidRequestCode = -32600
    public static let methodNotFoundCode = -32601
    public static let invalidParamsCode = -32602
    public static let internalErrorCode = -32603
    // LSP 3.17
    public static let serverNotInitializedCode = -32002
    public static let requestFailedCode = -32803
    public static let requestCancelledCode = -32800

    public static func parseError(_ message: String) -> ResponseError { .init(code: parseErrorCode, message: message) }
    public static func invalidRequest(_ message: String) -> ResponseError { .init(code: invalidRequestCode, message: message) }
    public static func methodNotFound(_ method: String) -> ResponseError {
        .init(code: methodNotFoundCode, message: "method not found: \(method)")
    }
    public static func invalidParams(_ message: String) -> ResponseError { .init(code: invalidParamsCode, message: message) }
    public static func internalError(_ message: String) -> ResponseError { .init(code: internalErrorCode, message: message) }
    public static let serverNotInitialized = ResponseError(
        code: serverNotInitializedCode, message: "the server has not been initialized: send 'initialize' first")
    public static let cancelled = ResponseError(code: requestCancelledCode, message: "request cancelled")
}

/// One decoded message from the peer, classified by JSON-RPC 2.0's rules.
public enum IncomingMessage: Sendable {
    case request(id: RequestID, method: String, params: JSONCValue?)
    case notification(method: String, params: JSONCValue?)
    case response(id: RequestID, outcome: Result<JSONCValue, ResponseError>)
    /// Not a valid message: answer with `error` (and `id` when one could be read), unless `isResponse`.
    case invalid(id: RequestID?, error: ResponseError, isResponse: Bool)

    /// Classifies one message body. Never fails: bad input becomes `.invalid`.
    public static func parse(_ body: [UInt8]) -> IncomingMessage {
        switch JSONCDocument.parse(body) {
        case .failure(let error):
            return .invalid(id: nil, error: .parseError("invalid JSON at byte \(error.offset): \(error.description)"), isResponse: false)
        case .success(let document):
            return classify(document.value)
        }
    }

    static func classify(_ message: JSONCValue) -> IncomingMessage {
        switch message.kind {
        case .object: break
        case .array:
            return .invalid(
                id: nil,
                error: .invalidRequest("batch messages are not part of the Language Server Protocol; send each message on its own"),
                isResponse: false)
        default:
            return .invalid(id: nil, error: .invalidRequest("a message must be a JSON object"), isResponse: false)
        }
        let idMember = message["id"]
        var id: RequestID?
        if let idMember, idMember.kind != .null {
            guard let valid = RequestID(idMember) else {
                return .invalid(id: nil, error: .invalidRequest("\"id\" must be an integer or a string"), isResponse: false)
            }
            id = valid
        }
        guard message["jsonrpc"]?.string == "2.0" else {
            return .invalid(id: id, error: .invalidRequest("\"jsonrpc\" must be \"2.0\""), isResponse: false)
        }
        guard let methodMember = message["method"] else {
            return classifyResponse(message, id: id)
        }
        guard let method = methodMember.string else {
            return .invalid(id: id, error: .invalidRequest("\"method\" must be a string"), isResponse: false)
        }
        // `"params": null` is read as absent: some clients send it for `shutdown` and `exit`.
        let params = message["params"].flatMap { $0.kind == .null ? nil : $0 }
        if let params, params.kind != .object, params.kind != .array {
            return .invalid(id: id, error: .invalidRequest("\"params\" must be an object or an array"), isResponse: false)
        }
        if let idMember, idMember.kind == .null {
            return .invalid(id: nil, error: .invalidRequest("a request id must not be null"), isResponse: false)
        }
        if let id { return .request(id: id, method: method, params: params) }
        return .notification(method: method, params: params)
    }

    private static func classifyResponse(_ message: JSONCValue, id: RequestID?) -> IncomingMessage {
        let result = message["result"]
        let error = message["error"]
        guard result != nil || error != nil else {
            return .invalid(id: id, error: .invalidRequest("a message needs \"method\", \"result\" or \"error\""), isResponse: false)
        }
        guard let id else {
            return .invalid(id: nil, error: .invalidRequest("a response without an id"), isResponse: true)
        }
        if let error {
            guard let decoded = try? JSONCDecoder().decode(ResponseError.self, from: error) else {
                return .invalid(id: id, error: .invalidRequest("malformed error object"), isResponse: true)
            }
            return .response(id: id, outcome: .failure(decoded))
        }
        return .response(id: id, outcome: .success(result!))
    }
}

/// Builds the JSON text of outgoing messages.
public enum OutgoingMessage {
    public static func response(id: RequestID, result: some Encodable) throws -> [UInt8] {
        if let writable = result as? any JSONWritable { return written(id: id, result: writable) }
        let tree = try JSONCEncoder().encodeTree(result)
        return envelope(id: id) { json_object_object_add($0, "result", tree) }
    }

    public static func error(id: RequestID?, _ error: ResponseError) -> [UInt8] {
        // A ResponseError always encodes: its members are strings, integers and JSON values.
        let tree = (try? JSONCEncoder().encodeTree(error)) ?? json_object_new_object()
        return envelope(id: id, includeNullID: true) { json_object_object_add($0, "error", tree) }
    }

    public static func notification(method: String, params: some Encodable) throws -> [UInt8] {
        if let writable = params as? any JSONWritable {
            var writer = JSONWriter()
            writer.object { writer in
                writer.key("jsonrpc")
                writer.value("2.0")
                writer.key("method")
                writer.value(method)
                writer.key("params")
                writable.write(to: &writer)
            }
            return writer.bytes
        }
        let tree = try JSONCEncoder().encodeTree(params)
        return envelope(id: nil) {
            json_object_object_add($0, "method", JSONCEncoding.leaf(method))
            json_object_object_add($0, "params", tree)
        }
    }

    public static func request(id: RequestID, method: String, params: some Encodable) throws -> [UInt8] {
        let tree = try JSONCEncoder().encodeTree(params)
        return envelope(id: id) {
            json_object_object_add($0, "method", JSONCEncoding.leaf(method))
            json_object_object_add($0, "params", tree)
        }
    }

    /// A response whose result writes its own text: the same envelope as `envelope`, member for member.
    private static func written(id: RequestID, result: any JSONWritable) -> [UInt8] {
        var writer = JSONWriter()
        writer.object { writer in
            writer.key("jsonrpc")
            writer.value("2.0")
            writer.key("id")
            switch id {
            case .number(let number): writer.value(Int(number))
            case .string(let string): writer.value(string)
            }
            writer.key("result")
            result.write(to: &writer)
        }
        return writer.bytes
    }

    private static func envelope(
        id: RequestID?, includeNullID: Bool = false, _ fill: (OpaquePointer) -> Void
    ) -> [UInt8] {
        let object = json_object_new_object()!
        defer { json_object_put(object) }
        json_object_object_add(object, "jsonrpc", JSONCEncoding.leaf("2.0"))
        switch id {
        case .number(let number)?: json_object_object_add(object, "id", JSONCEncoding.leaf(number))
        case .string(let string)?: json_object_object_add(object, "id", JSONCEncoding.leaf(string))
        case nil: if includeNullID { json_object_object_add(object, "id", nil) }
        }
        fill(object)
        return JSONCWriter.bytes(of: object)
    }
}
