import CJSONC

/// Decodes `Decodable` values straight from a json-c tree, with no intermediate representation.
///
/// Errors are the standard `DecodingError`s with a coding path, so an invalid-params reply can say which member
/// was wrong.
public struct JSONCDecoder: Sendable {
    public init() {}

    public func decode<T: Decodable>(_ type: T.Type, from value: JSONCValue) throws -> T {
        try JSONCDecoding(pointer: value.pointer, path: .root).decode(T.self)
    }

    public func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
        switch JSONCDocument.parse(bytes) {
        case .success(let document): return try decode(type, from: document.value)
        case .failure(let error):
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: error.description))
        }
    }
}

/// The coding path as a linked list: built on every nested value, turned into an array only for an error.
indirect enum CodingPathNode {
    case root
    case key(any CodingKey, CodingPathNode)

    var array: [any CodingKey] {
        var keys: [any CodingKey] = []
        var node = self
        while case .key(let key, let parent) = node {
            keys.append(key)
            node = parent
        }
        return keys.reversed()
    }

    func appending(_ key: any CodingKey) -> CodingPathNode { .key(key, self) }
}

struct IndexKey: CodingKey {
    var intValue: Int?
    var stringValue: String { "\(intValue ?? 0)" }
    init(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
}

struct JSONCDecoding: Decoder {
    let pointer: OpaquePointer?
    let path: CodingPathNode

    var codingPath: [any CodingKey] { path.array }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        try expect(.object)
        return KeyedDecodingContainer(KeyedContainer<Key>(pointer: pointer, path: path))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try expect(.array)
        return UnkeyedContainer(pointer: pointer, path: path)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    func expect(_ kind: JSONCValue.Kind) throws {
        let actual = JSONCValue.kind(of: pointer)
        guard actual == kind else {
            throw DecodingError.typeMismatch(
                Any.self,
                .init(codingPath: codingPath, debugDescription: "expected \(kind), found \(actual)"))
        }
    }

    func mismatch<T>(_ type: T.Type) -> DecodingError {
        let actual = JSONCValue.kind(of: pointer)
        if actual == .null {
            return .valueNotFound(type, .init(codingPath: codingPath, debugDescription: "expected \(type), found null"))
        }
        return .typeMismatch(type, .init(codingPath: codingPath, debugDescription: "expected \(type), found \(actual)"))
    }

    func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        let exact: T?
        switch JSONCValue.kind(of: pointer) {
        case .int:
            let signed = json_object_get_int64(pointer)
            // json-c saturates at Int64.max; larger unsigned values are kept separately.
            exact = signed == Int64.max ? T(exactly: json_object_get_uint64(pointer)) : T(exactly: signed)
        case .double:
            exact = T(exactly: json_object_get_double(pointer))
        default:
            throw mismatch(type)
        }
        guard let exact else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: codingPath, debugDescription: "number does not fit in \(type)"))
        }
        return exact
    }

    func floating(_ type: Double.Type) throws -> Double {
        switch JSONCValue.kind(of: pointer) {
        case .int, .double: return json_object_get_double(pointer)
        default: throw mismatch(type)
        }
    }
}

extension JSONCDecoding: SingleValueDecodingContainer {
    func decodeNil() -> Bool { pointer == nil }

    func decode(_ type: Bool.Type) throws -> Bool {
        guard JSONCValue.kind(of: pointer) == .bool else { throw mismatch(type) }
        return json_object_get_boolean(pointer) != 0
    }

    func decode(_ type: String.Type) throws -> String {
        guard JSONCValue.kind(of: pointer) == .string else { throw mismatch(type) }
        return JSONCValue.string(of: pointer)
    }

    func decode(_ type: Double.Type) throws -> Double { try floating(type) }
    func decode(_ type: Float.Type) throws -> Float { Float(try floating(Double.self)) }
    func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if T.self == String.self { return try decode(String.self) as! T }
        if T.self == UTF8Text.self {
            guard JSONCValue.kind(of: pointer) == .string else { throw mismatch(type) }
            let length = Int(json_object_get_string_len(pointer))
            let bytes = json_object_get_string(pointer).map { start in
                start.withMemoryRebound(to: UInt8.self, capacity: length) { Array(UnsafeBufferPointer(start: $0, count: length)) }
            } ?? []
            return UTF8Text(bytes: bytes) as! T
        }
        if T.self == JSONCValue.self {
            throw DecodingError.dataCorrupted(
                .init(codingPath: codingPath, debugDescription: "JSONCValue cannot outlive its document; decode JSONValue instead"))
        }
        return try T(from: self)
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let pointer: OpaquePointer?
    let path: CodingPathNode

    var codingPath: [any CodingKey] { path.array }

    var allKeys: [Key] {
        var keys: [Key] = []
        var iterator = json_object_iter_begin(pointer)
        var end = json_object_iter_end(pointer)
        while json_object_iter_equal(&iterator, &end) == 0 {
            if let name = json_object_iter_peek_name(&iterator), let key = Key(stringValue: String(cString: name)) {
                keys.append(key)
            }
            json_object_iter_next(&iterator)
        }
        return keys
    }

    func contains(_ key: Key) -> Bool {
        json_object_object_get_ex(pointer, key.stringValue, nil) != 0
    }

    private func child(_ key: Key) throws -> JSONCDecoding {
        var member: OpaquePointer?
        guard json_object_object_get_ex(pointer, key.stringValue, &member) != 0 else {
            throw DecodingError.keyNotFound(
                key, .init(codingPath: codingPath, debugDescription: "missing member \"\(key.stringValue)\""))
        }
        return JSONCDecoding(pointer: member, path: path.appending(key))
    }

    func decodeNil(forKey key: Key) throws -> Bool { try child(key).pointer == nil }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try child(key).decode(type) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try child(key).decode(type) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try child(key).decode(type) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try child(key).decode(type) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try child(key).decode(type) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try child(key).decode(type) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try child(key).decode(type) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try child(key).decode(type) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try child(key).decode(type) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try child(key).decode(type) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try child(key).decode(type) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try child(key).decode(type) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try child(key).decode(type) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try child(key).decode(type) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try child(key).decode(type) }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try child(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try child(key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { JSONCDecoding(pointer: pointer, path: path) }
    func superDecoder(forKey key: Key) throws -> any Decoder { try child(key) }
}

private struct UnkeyedContainer: UnkeyedDecodingContainer {
    let pointer: OpaquePointer?
    let path: CodingPathNode
    let count: Int?
    var currentIndex = 0

    init(pointer: OpaquePointer?, path: CodingPathNode) {
        self.pointer = pointer
        self.path = path
        self.count = Int(json_object_array_length(pointer))
    }

    var codingPath: [any CodingKey] { path.array }
    var isAtEnd: Bool { currentIndex >= (count ?? 0) }

    private mutating func next<T>(_ type: T.Type) throws -> JSONCDecoding {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                type, .init(codingPath: codingPath, debugDescription: "unkeyed container is at its end"))
        }
        let element = json_object_array_get_idx(pointer, currentIndex)
        let decoding = JSONCDecoding(pointer: element, path: path.appending(IndexKey(intValue: currentIndex)))
        currentIndex += 1
        return decoding
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd else { return false }
        if json_object_array_get_idx(pointer, currentIndex) == nil {
            currentIndex += 1
            return true
        }
        return false
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try next(type).decode(type) }
    mutating func decode(_ type: String.Type) throws -> String { try next(type).decode(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try next(type).decode(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try next(type).decode(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try next(type).decode(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next(type).decode(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next(type).decode(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next(type).decode(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next(type).decode(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next(type).decode(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next(type).decode(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next(type).decode(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next(type).decode(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next(type).decode(type) }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next(type).decode(type) }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try next(type).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try next([Any].self).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder { try next(Any.self) }
}
