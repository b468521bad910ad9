/// JSON text read with the place of every value and key: what a response fixture's diagnostics and fixes point at.
/// JSON as Apple's `JSONSerialization` reads it, which iOS tests load fixtures with: RFC 8259, plus one trailing comma
/// before a `}` or `]` (`[1, 2,]`: taken on Darwin, though not by the standard or swift-corelibs-foundation; Pocket's
/// iOS fixtures have them). The first error ends the read with its offset, so invalid text gets one diagnostic there.
public struct JSONNode: Sendable, Equatable {
    public indirect enum Value: Sendable, Equatable {
        case object([Member])
        case array([JSONNode])
        case string(String)
        /// The number as written (`1`, `-2.5e3`).
        case number(String)
        case bool(Bool)
        case null
    }

    public struct Member: Sendable, Equatable {
        public var key: String
        /// The key with its quotes.
        public var keyRange: Range<Int>
        public var value: JSONNode

        public init(key: String, keyRange: Range<Int>, value: JSONNode) {
            self.key = key
            self.keyRange = keyRange
            self.value = value
        }
    }

    public var value: Value
    /// UTF-8 offsets of the value's text.
    public var range: Range<Int>

    public init(value: Value, range: Range<Int>) {
        self.value = value
        self.range = range
    }

    public func member(_ key: String) -> JSONNode? {
        guard case .object(let members) = value else { return nil }
        return members.first { $0.key == key }?.value
    }

    public var string: String? {
        if case .string(let text) = value { return text }
        return nil
    }

    /// What a JSON value is called in a message.
    public var kindName: String {
        switch value {
        case .object: "an object"
        case .array: "a list"
        case .string: "a string"
        case .number(let text): text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) ? "a number with a fraction" : "an integer"
        case .bool: "a boolean"
        case .null: "null"
        }
    }
}

public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public var offset: Int
    public var description: String { "\(offset): \(message)" }
}

public enum JSONSyntax {
    /// How deep arrays and objects may nest (as the message path's json-c allows): deeper text is an error, not a
    /// stack overflow.
    public static let maximumDepth = 512

    public static func parse(_ text: [UInt8]) -> Result<JSONNode, JSONSyntaxError> {
        var reader = Reader(bytes: text)
        do {
            // A byte order mark is allowed before the text, as editors write it.
            if text.starts(with: [0xEF, 0xBB, 0xBF]) { reader.offset = 3 }
            let node = try reader.value(depth: 0)
            reader.skipWhitespace()
            guard reader.offset == text.count else { throw reader.error("text after the JSON value") }
            return .success(node)
        } catch let error as JSONSyntaxError {
            return .failure(error)
        } catch {
            return .failure(JSONSyntaxError(message: "\(error)", offset: 0))
        }
    }

    private struct Reader {
        let bytes: [UInt8]
        var offset = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        func error(_ message: String, at position: Int? = nil) -> JSONSyntaxError {
            JSONSyntaxError(message: message, offset: position ?? offset)
        }

        mutating func skipWhitespace() {
            while offset < bytes.count, bytes[offset] == 0x20 || bytes[offset] == 0x0A || bytes[offset] == 0x0D || bytes[offset] == 0x09 { offset += 1 }
        }

        mutating func value(depth: Int) throws -> JSONNode {
            skipWhitespace()
            guard offset < bytes.count else { throw error(offset == 0 ? "the file is empty" : "a value is missing at the end of the file") }
            let start = offset
            switch bytes[offset] {
            case UInt8(ascii: "{"):
                guard depth < JSONSyntax.maximumDepth else { throw error("nested deeper than \(JSONSyntax.maximumDepth) levels") }
                offset += 1
                var members: [JSONNode.Member] = []
                skipWhitespace()
                if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") {
                    offset += 1
                    return JSONNode(value: .object([]), range: start..<offset)
                }
                while true {
                    skipWhitespace()
                    guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else { throw error("expected a key in quotes") }
                    let keyStart = offset
                    let key = try string()
                    let keyRange = keyStart..<offset
                    skipWhitespace()
                    guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else { throw error("expected `:` after the key") }
                    offset += 1
                    members.append(JSONNode.Member(key: key, keyRange: keyRange, value: try value(depth: depth + 1)))
                    skipWhitespace()
                    guard offset < bytes.count else { throw error("the object is not closed: expected `}`") }
                    if bytes[offset] == UInt8(ascii: ",") {
                        offset += 1
                        skipWhitespace()
                        if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") { offset += 1; break }
                        continue
                    }
                    if bytes[offset] == UInt8(ascii: "}") { offset += 1; break }
                    throw error("expected `,` or `}`")
                }
                return JSONNode(value: .object(members), range: start..<offset)
            case UInt8(ascii: "["):
                guard depth < JSONSyntax.maximumDepth else { throw error("nested deeper than \(JSONSyntax.maximumDepth) levels") }
                offset += 1
                var elements: [JSONNode] = []
                skipWhitespace()
                if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
                    offset += 1
                    return JSONNode(value: .array([]), range: start..<offset)
                }
                while true {
                    elements.append(try value(depth: depth + 1))
                    skipWhitespace()
                    guard offset < bytes.count else { throw error("the list is not closed: expected `]`") }
                    if bytes[offset] == UInt8(ascii: ",") {
                        offset += 1
                        skipWhitespace()
                        if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") { offset += 1; break }
                        continue
                    }
                    if bytes[offset] == UInt8(ascii: "]") { offset += 1; break }
                    throw error("expected `,` or `]`")
                }
                return JSONNode(value: .array(elements), range: start..<offset)
            case UInt8(ascii: "\""):
                let text = try string()
                return JSONNode(value: .string(text), range: start..<offset)
            case UInt8(ascii: "t"): try literal("true"); return JSONNode(value: .bool(true), range: start..<offset)
            case UInt8(ascii: "f"): try literal("false"); return JSONNode(value: .bool(false), range: start..<offset)
            case UInt8(ascii: "n"): try literal("null"); return JSONNode(value: .null, range: start..<offset)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                try number()
                return JSONNode(value: .number(String(decoding: bytes[start..<offset], as: UTF8.self)), range: start..<offset)
            default:
                throw error("expected a JSON value")
            }
        }

        mutating func literal(_ word: StaticString) throws {
            let count = word.utf8CodeUnitCount
            let matches = word.withUTF8Buffer { expected in
                offset + count <= bytes.count && bytes[offset..<(offset + count)].elementsEqual(expected)
            }
            guard matches else { throw error("expected a JSON value") }
            offset += count
        }

        mutating func number() throws {
            let start = offset
            func digits() -> Int {
                let first = offset
                while offset < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset]) { offset += 1 }
                return offset - first
            }
            if bytes[offset] == UInt8(ascii: "-") { offset += 1 }
            let integerStart = offset
            guard digits() > 0 else { throw error("expected digits", at: start) }
            if bytes[integerStart] == UInt8(ascii: "0"), offset - integerStart > 1 { throw error("a number starts with 0", at: start) }
            if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
                offset += 1
                guard digits() > 0 else { throw error("expected digits after `.`") }
            }
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E") {
                offset += 1
                if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") { offset += 1 }
                guard digits() > 0 else { throw error("expected digits in the exponent") }
            }
        }

        /// A string at `offset` (its opening quote), decoded.
        mutating func string() throws -> String {
            let start = offset
            offset += 1
            var runStart = offset
            var decoded: [UInt8] = []
            var escaped = false
            while true {
                guard offset < bytes.count else { throw error("the string is not closed", at: start) }
                let byte = bytes[offset]
                if byte == UInt8(ascii: "\"") { break }
                if byte < 0x20 { throw error("a control character in a string (write it as an escape)") }
                if byte != UInt8(ascii: "\\") { offset += 1; continue }
                escaped = true
                decoded.append(contentsOf: bytes[runStart..<offset])
                offset += 1
                guard offset < bytes.count else { throw error("the string is not closed", at: start) }
                switch bytes[offset] {
                case UInt8(ascii: "\""): decoded.append(UInt8(ascii: "\""))
                case UInt8(ascii: "\\"): decoded.append(UInt8(ascii: "\\"))
                case UInt8(ascii: "/"): decoded.append(UInt8(ascii: "/"))
                case UInt8(ascii: "b"): decoded.append(0x08)
                case UInt8(ascii: "f"): decoded.append(0x0C)
                case UInt8(ascii: "n"): decoded.append(0x0A)
                case UInt8(ascii: "r"): decoded.append(0x0D)
                case UInt8(ascii: "t"): decoded.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4(at: offset + 1)
                    offset += 4
                    if (0xD800..<0xDC00).contains(scalar), offset + 6 < bytes.count, bytes[offset + 1] == UInt8(ascii: "\\"),
                        bytes[offset + 2] == UInt8(ascii: "u"), let low = try? hex4(at: offset + 3), (0xDC00..<0xE000).contains(low)
                    {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        offset += 6
                    }
                    decoded.append(contentsOf: String(Character(Unicode.Scalar(scalar) ?? "\u{FFFD}")).utf8)
                default:
                    throw error("an unknown escape in a string")
                }
                offset += 1
                runStart = offset
            }
            let text: String
            if escaped {
                decoded.append(contentsOf: bytes[runStart..<offset])
                text = String(decoding: decoded, as: UTF8.self)
            } else {
                text = String(decoding: bytes[runStart..<offset], as: UTF8.self)
            }
            offset += 1  // the closing quote
            return text
        }

        func hex4(at position: Int) throws -> UInt32 {
            guard position + 4 <= bytes.count else { throw error("expected 4 hex digits after `\\u`", at: position) }
            var value: UInt32 = 0
            for byte in bytes[position..<(position + 4)] {
                let digit: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
                default: throw error("expected 4 hex digits after `\\u`", at: position)
                }
                value = value << 4 | UInt32(digit)
            }
            return value
        }
    }
}
