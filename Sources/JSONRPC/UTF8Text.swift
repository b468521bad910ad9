/// A JSON string kept as its UTF-8 bytes: document text, which the server stores and indexes as bytes.
///
/// Decoded through `JSONCDecoder` it is one copy of json-c's buffer, with no UTF-8 validation (the line table
/// counts a malformed byte as one character, and `string` repairs it) — half the cost of a `String` for a 1 MB
/// `didOpen`. Any other decoder reads it as a string.
public struct UTF8Text: Codable, Sendable, Hashable, ExpressibleByStringLiteral, CustomStringConvertible {
    public var bytes: [UInt8]

    public init(bytes: [UInt8]) { self.bytes = bytes }
    public init(_ string: String) { bytes = Array(string.utf8) }
    public init(stringLiteral value: String) { self.init(value) }

    public var string: String { String(decoding: bytes, as: UTF8.self) }
    public var description: String { string }

    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(string)
    }
}
