import CJSONC

/// A parsed JSON text, owned: json-c's tree lives exactly as long as this object.
///
/// json-c represents JSON `null` as a null pointer, so `root == nil` is the document `null`.
/// Values borrowed from the tree (`JSONCValue`) keep the document alive.
public final class JSONCDocument: @unchecked Sendable {
    // @unchecked: the tree is never mutated after parsing, and json-c's reference count is touched only here.
    public let root: OpaquePointer?

    /// Takes ownership of one reference to `root`.
    init(owning root: OpaquePointer?) {
        self.root = root
    }

    deinit {
        if let root { json_object_put(root) }
    }

    public var value: JSONCValue { JSONCValue(document: self, pointer: root) }

    /// Nesting deeper than this is a parse error rather than a stack overflow.
    public static let maximumDepth: Int32 = 512

    /// Parses one complete JSON text: RFC 8259 with json-c's strict mode (it still lets
    /// single-quoted member names, NaN and Infinity, and raw control characters in strings through, all harmless);
    /// white space may surround it.
    public static func parse(_ bytes: UnsafeRawBufferPointer) -> Result<JSONCDocument, JSONParseError> {
        guard bytes.count <= Int(Int32.max) else {
            return .failure(JSONParseError(description: "message too large (\(bytes.count) bytes)", offset: 0))
        }
        guard let tokener = json_tokener_new_ex(maximumDepth) else {
            return .failure(JSONParseError(description: "out of memory", offset: 0))
        }
        defer { json_tokener_free(tokener) }
        // No JSON_TOKENER_VALIDATE_UTF8: it costs json-c 70% more time on a 1 MB didOpen, and every string is
        // decoded with `String(decoding:as:)`, which repairs malformed UTF-8 with U+FFFD instead of failing.
        json_tokener_set_flags(tokener, JSON_TOKENER_STRICT)
        let base = bytes.baseAddress?.assumingMemoryBound(to: CChar.self)
        var root = base.map { json_tokener_parse_ex(tokener, $0, Int32(bytes.count)) } ?? nil
        var status = json_tokener_get_error(tokener)
        var end = json_tokener_get_parse_end(tokener)
        if status == json_tokener_continue, !bytes.isEmpty {
            // A number at the very end ("42") may still continue as far as json-c knows: end it with a NUL.
            root = json_tokener_parse_ex(tokener, "", 1)
            status = json_tokener_get_error(tokener)
            end = bytes.count
        }
        let document = JSONCDocument(owning: root)
        switch status {
        case json_tokener_success:
            break
        case json_tokener_continue:
            return .failure(JSONParseError(description: "unexpected end of JSON text", offset: bytes.count))
        default:
            let description = json_tokener_error_desc(status).map { String(cString: $0) } ?? "invalid JSON"
            return .failure(JSONParseError(description: description, offset: end))
        }
        // The tokener stops after the first value; anything but white space after it is an error.
        var index = end
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return .failure(JSONParseError(description: "unexpected data after the JSON value", offset: index))
            }
        }
        if bytes.isEmpty {
            return .failure(JSONParseError(description: "empty JSON text", offset: 0))
        }
        return .success(document)
    }

    public static func parse(_ bytes: [UInt8]) -> Result<JSONCDocument, JSONParseError> {
        bytes.withUnsafeBytes { parse($0) }
    }
}

public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String
    /// Byte offset where parsing stopped.
    public var offset: Int
}

/// A borrowed node of a `JSONCDocument`.
public struct JSONCValue: @unchecked Sendable {
    // @unchecked: a read-only view of an immutable tree that keeps its document alive.
    public let document: JSONCDocument
    public let pointer: OpaquePointer?

    public enum Kind: Sendable, Equatable {
        case null, bool, int, double, string, array, object
    }

    public var kind: Kind { Self.kind(of: pointer) }

    static func kind(of pointer: OpaquePointer?) -> Kind {
        switch json_object_get_type(pointer) {
        case json_type_boolean: return .bool
        case json_type_int: return .int
        case json_type_double: return .double
        case json_type_string: return .string
        case json_type_array: return .array
        case json_type_object: return .object
        default: return .null
        }
    }

    /// The member `key` of an object; `nil` when absent or when this is not an object. An explicit JSON `null`
    /// member is present, with a null pointer.
    public subscript(key: String) -> JSONCValue? {
        guard kind == .object else { return nil }
        var member: OpaquePointer?
        guard json_object_object_get_ex(pointer, key, &member) != 0 else { return nil }
        return JSONCValue(document: document, pointer: member)
    }

    public var string: String? {
        guard kind == .string else { return nil }
        return Self.string(of: pointer)
    }

    static func string(of pointer: OpaquePointer?) -> String {
        let length = Int(json_object_get_string_len(pointer))
        guard let start = json_object_get_string(pointer) else { return "" }
        return start.withMemoryRebound(to: UInt8.self, capacity: length) {
            String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
        }
    }

    /// The value as a 64-bit integer, when it is a JSON number with an integral value that fits.
    public var int64: Int64? {
        switch kind {
        case .int:
            let value = json_object_get_int64(pointer)
            return value == Int64.max && json_object_get_uint64(pointer) != UInt64(Int64.max) ? nil : value
        case .double: return Int64(exactly: json_object_get_double(pointer))
        default: return nil
        }
    }
}

enum JSONCWriter {
    static func bytes(of pointer: OpaquePointer?, pretty: Bool = false) -> [UInt8] {
        guard let pointer else { return Array("null".utf8) }
        var length = 0
        let layout = pretty ? JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED : JSON_C_TO_STRING_PLAIN
        guard let text = json_object_to_json_string_length(pointer, layout | JSON_C_TO_STRING_NOSLASHESCAPE, &length)
        else { return Array("null".utf8) }
        return text.withMemoryRebound(to: UInt8.self, capacity: length) {
            Array(UnsafeBufferPointer(start: $0, count: length))
        }
    }
}
