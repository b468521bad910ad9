import CJSONC

/// Encodes `Encodable` values into json-c trees and compact JSON text.
///
/// Optional members that are `nil` are left out (LSP's "absent"); an explicit JSON `null` is written by
/// `encodeNil` or by `JSONValue.null`. Doubles are written in Swift's shortest round-trip form.
public struct JSONCEncoder: Sendable {
    /// Indented output for people (the CLI); messages are always compact.
    public var prettyPrinted = false
    /// Write `nil` optionals as `null` instead of leaving them out (reports, where every record has every key).
    public var writesNilAsNull = false

    public init(prettyPrinted: Bool = false, writesNilAsNull: Bool = false) {
        self.prettyPrinted = prettyPrinted
        self.writesNilAsNull = writesNilAsNull
    }

    /// JSON text for `value`.
    public func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
        let tree = try encodeTree(value)
        defer { if let tree { json_object_put(tree) } }
        return JSONCWriter.bytes(of: tree, pretty: prettyPrinted)
    }

    /// A new json-c tree for `value`; the caller owns one reference to it (nil is JSON `null`).
    func encodeTree<T: Encodable>(_ value: T) throws -> OpaquePointer? {
        let encoding = JSONCEncoding(path: .root, writesNilAsNull: writesNilAsNull)
        do {
            try encoding.encode(value)
        } catch {
            encoding.release()
            throw error
        }
        return encoding.takeResult()
    }
}

/// One value being encoded. json-c objects are mutable and reference-counted, so containers add children to
/// their parent as soon as they are created and the parent's tree is always complete.
final class JSONCEncoding: Encoder {
    private enum State {
        case empty
        case value(OpaquePointer?)
    }

    private var state = State.empty
    let path: CodingPathNode
    let writesNilAsNull: Bool

    init(path: CodingPathNode, writesNilAsNull: Bool = false) {
        self.path = path
        self.writesNilAsNull = writesNilAsNull
    }

    var codingPath: [any CodingKey] { path.array }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// The encoded tree (an empty object when nothing was encoded, as for an empty struct).
    func takeResult() -> OpaquePointer? {
        defer { state = .empty }
        switch state {
        case .empty: return json_object_new_object()
        case .value(let pointer): return pointer
        }
    }

    func release() {
        if case .value(let pointer?) = state { json_object_put(pointer) }
        state = .empty
    }

    private func set(_ pointer: OpaquePointer?) {
        release()
        state = .value(pointer)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .value(let pointer) = state, json_object_get_type(pointer) == json_type_object {
            return KeyedEncodingContainer(KeyedContainer<Key>(object: pointer!, path: path, writesNilAsNull: writesNilAsNull))
        }
        let object = json_object_new_object()!
        set(object)
        return KeyedEncodingContainer(KeyedContainer<Key>(object: object, path: path, writesNilAsNull: writesNilAsNull))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .value(let pointer) = state, json_object_get_type(pointer) == json_type_array {
            return UnkeyedContainer(array: pointer!, path: path, writesNilAsNull: writesNilAsNull)
        }
        let array = json_object_new_array()!
        set(array)
        return UnkeyedContainer(array: array, path: path, writesNilAsNull: writesNilAsNull)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    // MARK: Leaf values, shared by every container

    static func leaf(_ value: Bool) -> OpaquePointer? { json_object_new_boolean(value ? 1 : 0) }

    static func leaf(_ value: String) -> OpaquePointer? {
        var value = value
        return value.withUTF8 { utf8 in
            utf8.withMemoryRebound(to: CChar.self) { json_object_new_string_len($0.baseAddress, Int32(utf8.count)) }
        }
    }

    static func leaf(_ value: Int64) -> OpaquePointer? { json_object_new_int64(value) }
    static func leaf(_ value: UInt64) -> OpaquePointer? { json_object_new_uint64(value) }

    static func leaf(_ value: Double, path: CodingPathNode) throws -> OpaquePointer? {
        guard value.isFinite else {
            throw EncodingError.invalidValue(
                value, .init(codingPath: path.array, debugDescription: "JSON has no representation for \(value)"))
        }
        return json_object_new_double_s(value, value.description)
    }

    /// Encodes any value into a new tree owned by the caller, taking the fast path for strings.
    static func tree<T: Encodable>(_ value: T, path: CodingPathNode, writesNilAsNull: Bool) throws -> OpaquePointer? {
        if let string = value as? String { return leaf(string) }
        if let json = value as? JSONValue { return try tree(json, path: path) }
        let child = JSONCEncoding(path: path, writesNilAsNull: writesNilAsNull)
        do {
            try value.encode(to: child)
        } catch {
            child.release()
            throw error
        }
        return child.takeResult()
    }
}

extension JSONCEncoding {
    /// A `JSONValue` (a command's arguments, a lens's locations) straight into a tree, as its `encode(to:)` writes it
    /// (members in key order) without a container per value.
    static func tree(_ value: JSONValue, path: CodingPathNode) throws -> OpaquePointer? {
        switch value {
        case .null: return nil
        case .bool(let value): return leaf(value)
        case .int(let value): return leaf(value)
        case .double(let value): return try leaf(value, path: path)
        case .string(let value): return leaf(value)
        case .array(let elements):
            let array = json_object_new_array_ext(Int32(clamping: elements.count))
            for element in elements {
                do {
                    json_object_array_add(array, try tree(element, path: path))
                } catch {
                    json_object_put(array)
                    throw error
                }
            }
            return array
        case .object(let members):
            let object = json_object_new_object()
            func add(_ key: String, _ member: JSONValue) throws {
                do {
                    json_object_object_add(object, key, try tree(member, path: path))
                } catch {
                    json_object_put(object)
                    throw error
                }
            }
            // Two members (a location, a range, a position: most of what a reply holds) ordered without a sort.
            if members.count == 2 {
                let (first, second) = (members[members.startIndex], members[members.index(after: members.startIndex)])
                let (a, b) = first.key < second.key ? (first, second) : (second, first)
                try add(a.key, a.value)
                try add(b.key, b.value)
                return object
            }
            for (key, member) in members.sorted(by: { $0.key < $1.key }) { try add(key, member) }
            return object
        }
    }
}

extension JSONCEncoding: SingleValueEncodingContainer {
    func encodeNil() { set(nil) }
    func encode(_ value: Bool) { set(Self.leaf(value)) }
    func encode(_ value: String) { set(Self.leaf(value)) }
    func encode(_ value: Double) throws { set(try Self.leaf(value, path: path)) }
    func encode(_ value: Float) throws { set(try Self.leaf(Double(value), path: path)) }
    func encode(_ value: Int) { set(Self.leaf(Int64(value))) }
    func encode(_ value: Int8) { set(Self.leaf(Int64(value))) }
    func encode(_ value: Int16) { set(Self.leaf(Int64(value))) }
    func encode(_ value: Int32) { set(Self.leaf(Int64(value))) }
    func encode(_ value: Int64) { set(Self.leaf(value)) }
    func encode(_ value: UInt) { set(Self.leaf(UInt64(value))) }
    func encode(_ value: UInt8) { set(Self.leaf(UInt64(value))) }
    func encode(_ value: UInt16) { set(Self.leaf(UInt64(value))) }
    func encode(_ value: UInt32) { set(Self.leaf(UInt64(value))) }
    func encode(_ value: UInt64) { set(Self.leaf(value)) }
    func encode<T: Encodable>(_ value: T) throws { set(try Self.tree(value, path: path, writesNilAsNull: writesNilAsNull)) }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let object: OpaquePointer
    let path: CodingPathNode
    var writesNilAsNull = false

    var codingPath: [any CodingKey] { path.array }

    private func add(_ child: OpaquePointer?, _ key: Key) {
        json_object_object_add(object, key.stringValue, child)
    }

    mutating func encodeNil(forKey key: Key) { add(nil, key) }
    mutating func encode(_ value: Bool, forKey key: Key) { add(JSONCEncoding.leaf(value), key) }
    mutating func encode(_ value: String, forKey key: Key) { add(JSONCEncoding.leaf(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        add(try JSONCEncoding.leaf(value, path: path.appending(key)), key)
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        add(try JSONCEncoding.leaf(Double(value), path: path.appending(key)), key)
    }
    mutating func encode(_ value: Int, forKey key: Key) { add(JSONCEncoding.leaf(Int64(value)), key) }
    mutating func encode(_ value: Int8, forKey key: Key) { add(JSONCEncoding.leaf(Int64(value)), key) }
    mutating func encode(_ value: Int16, forKey key: Key) { add(JSONCEncoding.leaf(Int64(value)), key) }
    mutating func encode(_ value: Int32, forKey key: Key) { add(JSONCEncoding.leaf(Int64(value)), key) }
    mutating func encode(_ value: Int64, forKey key: Key) { add(JSONCEncoding.leaf(value), key) }
    mutating func encode(_ value: UInt, forKey key: Key) { add(JSONCEncoding.leaf(UInt64(value)), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) { add(JSONCEncoding.leaf(UInt64(value)), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) { add(JSONCEncoding.leaf(UInt64(value)), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) { add(JSONCEncoding.leaf(UInt64(value)), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) { add(JSONCEncoding.leaf(value), key) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        add(try JSONCEncoding.tree(value, path: path.appending(key), writesNilAsNull: writesNilAsNull), key)
    }

    // Synthesized conformances encode optionals through this one: absent unless nil is to be written as null.
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        if let value {
            try encode(value, forKey: key)
        } else if writesNilAsNull {
            encodeNil(forKey: key)
        }
    }

    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws {
        if let value { encode(value, forKey: key) } else if writesNilAsNull { encodeNil(forKey: key) }
    }

    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws {
        if let value { encode(value, forKey: key) } else if writesNilAsNull { encodeNil(forKey: key) }
    }

    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws {
        if let value { encode(value, forKey: key) } else if writesNilAsNull { encodeNil(forKey: key) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let nested = json_object_new_object()!
        add(nested, key)
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(object: nested, path: path.appending(key), writesNilAsNull: writesNilAsNull))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = json_object_new_array()!
        add(nested, key)
        return UnkeyedContainer(array: nested, path: path.appending(key), writesNilAsNull: writesNilAsNull)
    }

    /// A super encoder shares this object: the superclass encodes its members beside ours.
    mutating func superEncoder() -> any Encoder { SharedObjectEncoding(object: object, path: path) }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        let nested = json_object_new_object()!
        add(nested, key)
        return SharedObjectEncoding(object: nested, path: path.appending(key))
    }
}

/// An encoder over an object that already sits in its parent; it supports keyed encoding only, which is what
/// class hierarchies use.
private struct SharedObjectEncoding: Encoder {
    let object: OpaquePointer
    let path: CodingPathNode
    var codingPath: [any CodingKey] { path.array }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(KeyedContainer<Key>(object: object, path: path))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        preconditionFailure("a super encoder of a keyed container takes keyed values only")
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        preconditionFailure("a super encoder of a keyed container takes keyed values only")
    }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let array: OpaquePointer
    let path: CodingPathNode
    var writesNilAsNull = false

    var codingPath: [any CodingKey] { path.array }
    var count: Int { Int(json_object_array_length(array)) }

    private var nextPath: CodingPathNode { path.appending(IndexKey(intValue: count)) }
    private func add(_ child: OpaquePointer?) { json_object_array_add(array, child) }

    mutating func encodeNil() { add(nil) }
    mutating func encode(_ value: Bool) { add(JSONCEncoding.leaf(value)) }
    mutating func encode(_ value: String) { add(JSONCEncoding.leaf(value)) }
    mutating func encode(_ value: Double) throws { add(try JSONCEncoding.leaf(value, path: nextPath)) }
    mutating func encode(_ value: Float) throws { add(try JSONCEncoding.leaf(Double(value), path: nextPath)) }
    mutating func encode(_ value: Int) { add(JSONCEncoding.leaf(Int64(value))) }
    mutating func encode(_ value: Int8) { add(JSONCEncoding.leaf(Int64(value))) }
    mutating func encode(_ value: Int16) { add(JSONCEncoding.leaf(Int64(value))) }
    mutating func encode(_ value: Int32) { add(JSONCEncoding.leaf(Int64(value))) }
    mutating func encode(_ value: Int64) { add(JSONCEncoding.leaf(value)) }
    mutating func encode(_ value: UInt) { add(JSONCEncoding.leaf(UInt64(value))) }
    mutating func encode(_ value: UInt8) { add(JSONCEncoding.leaf(UInt64(value))) }
    mutating func encode(_ value: UInt16) { add(JSONCEncoding.leaf(UInt64(value))) }
    mutating func encode(_ value: UInt32) { add(JSONCEncoding.leaf(UInt64(value))) }
    mutating func encode(_ value: UInt64) { add(JSONCEncoding.leaf(value)) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        add(try JSONCEncoding.tree(value, path: nextPath, writesNilAsNull: writesNilAsNull))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let nested = json_object_new_object()!
        let nestedPath = nextPath
        add(nested)
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(object: nested, path: nestedPath, writesNilAsNull: writesNilAsNull))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = json_object_new_array()!
        let nestedPath = nextPath
        add(nested)
        return UnkeyedContainer(array: nested, path: nestedPath, writesNilAsNull: writesNilAsNull)
    }

    mutating func superEncoder() -> any Encoder {
        let nested = json_object_new_object()!
        let nestedPath = nextPath
        add(nested)
        return SharedObjectEncoding(object: nested, path: nestedPath)
    }
}
