/// A GraphQL token (GraphQL spec, October 2021, §2.1): its kind and its byte range in the source.
public struct Token: Sendable, Equatable {
    public enum Kind: UInt8, Sendable {
        case endOfFile
        case bang, dollar, ampersand, parenLeft, parenRight, spread, colon, equals, at
        case bracketLeft, bracketRight, braceLeft, pipe, braceRight
        case name, int, float, string, blockString
        /// A character that starts no token; the lexer reports it and goes on.
        case invalid
    }

    public var kind: Kind
    public var start: Int
    public var end: Int

    public var range: Range<Int> { start..<end }
}

/// A problem in a GraphQL document, at a byte range.
public struct SyntaxError: Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public var range: Range<Int>

    public init(_ message: String, _ range: Range<Int>) {
        self.message = message
        self.range = range
    }

    public var description: String { "\(range.lowerBound): \(message)" }
}

/// Scans UTF-8 bytes into tokens, skipping white space, line terminators, commas, comments and a byte-order mark.
/// It never fails: a malformed token is reported and scanning resumes after it.
struct Lexer {
    let source: UnsafeBufferPointer<UInt8>
    private(set) var position = 0
    private(set) var errors: [SyntaxError] = []

    init(_ source: UnsafeBufferPointer<UInt8>) {
        self.source = source
        if source.count >= 3, source[0] == 0xEF, source[1] == 0xBB, source[2] == 0xBF { position = 3 }
    }

    mutating func next() -> Token {
        skipIgnored()
        let start = position
        guard position < source.count else { return Token(kind: .endOfFile, start: start, end: start) }
        let byte = source[position]
        position += 1
        func token(_ kind: Token.Kind) -> Token { Token(kind: kind, start: start, end: position) }
        switch byte {
        case UInt8(ascii: "!"): return token(.bang)
        case UInt8(ascii: "$"): return token(.dollar)
        case UInt8(ascii: "&"): return token(.ampersand)
        case UInt8(ascii: "("): return token(.parenLeft)
        case UInt8(ascii: ")"): return token(.parenRight)
        case UInt8(ascii: ":"): return token(.colon)
        case UInt8(ascii: "="): return token(.equals)
        case UInt8(ascii: "@"): return token(.at)
        case UInt8(ascii: "["): return token(.bracketLeft)
        case UInt8(ascii: "]"): return token(.bracketRight)
        case UInt8(ascii: "{"): return token(.braceLeft)
        case UInt8(ascii: "|"): return token(.pipe)
        case UInt8(ascii: "}"): return token(.braceRight)
        case UInt8(ascii: "."):
            if position + 1 < source.count, source[position] == UInt8(ascii: "."), source[position + 1] == UInt8(ascii: ".") {
                position += 2
                return token(.spread)
            }
            errors.append(SyntaxError("unexpected \".\"; did you mean \"...\"?", start..<position))
            return token(.invalid)
        case UInt8(ascii: "\""):
            if position + 1 < source.count, source[position] == UInt8(ascii: "\""), source[position + 1] == UInt8(ascii: "\"") {
                position += 2
                scanBlockString(start: start)
                return token(.blockString)
            }
            scanString(start: start)
            return token(.string)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return token(scanNumber(start: start))
        default:
            if Self.isNameStart(byte) {
                while position < source.count, Self.isNameContinue(source[position]) { position += 1 }
                return token(.name)
            }
            // Skip the whole UTF-8 sequence so that the error covers one character.
            while position < source.count, source[position] & 0xC0 == 0x80 { position += 1 }
            errors.append(SyntaxError("unexpected character \(Self.describe(source[start..<position]))", start..<position))
            return token(.invalid)
        }
    }

    private mutating func skipIgnored() {
        while position < source.count {
            switch source[position] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: ","):
                position += 1
            case UInt8(ascii: "#"):
                while position < source.count, source[position] != UInt8(ascii: "\n"), source[position] != UInt8(ascii: "\r") {
                    position += 1
                }
            case 0xEF where position + 2 < source.count && source[position + 1] == 0xBB && source[position + 2] == 0xBF:
                position += 3
            default:
                return
            }
        }
    }

    private mutating func scanString(start: Int) {
        while position < source.count {
            switch source[position] {
            case UInt8(ascii: "\""):
                position += 1
                return
            case UInt8(ascii: "\\"):
                position += 2
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                errors.append(SyntaxError("unterminated string", start..<position))
                return
            default:
                position += 1
            }
        }
        position = min(position, source.count)
        errors.append(SyntaxError("unterminated string", start..<position))
    }

    private mutating func scanBlockString(start: Int) {
        while position < source.count {
            if source[position] == UInt8(ascii: "\\"), position + 3 < source.count,
                source[position + 1] == UInt8(ascii: "\""), source[position + 2] == UInt8(ascii: "\""), source[position + 3] == UInt8(ascii: "\"")
            {
                position += 4
            } else if source[position] == UInt8(ascii: "\""), position + 2 < source.count,
                source[position + 1] == UInt8(ascii: "\""), source[position + 2] == UInt8(ascii: "\"")
            {
                position += 3
                return
            } else {
                position += 1
            }
        }
        errors.append(SyntaxError("unterminated block string", start..<position))
    }

    private mutating func scanNumber(start: Int) -> Token.Kind {
        var isFloat = false
        if source[start] == UInt8(ascii: "-") {
            guard position < source.count, Self.isDigit(source[position]) else {
                errors.append(SyntaxError("expected a digit after \"-\"", start..<position))
                return .invalid
            }
        }
        while position < source.count, Self.isDigit(source[position]) { position += 1 }
        if position < source.count, source[position] == UInt8(ascii: ".") {
            isFloat = true
            position += 1
            let digits = position
            while position < source.count, Self.isDigit(source[position]) { position += 1 }
            if digits == position { errors.append(SyntaxError("expected a digit after \".\"", start..<position)) }
        }
        if position < source.count, source[position] | 0x20 == UInt8(ascii: "e") {
            isFloat = true
            position += 1
            if position < source.count, source[position] == UInt8(ascii: "+") || source[position] == UInt8(ascii: "-") { position += 1 }
            let digits = position
            while position < source.count, Self.isDigit(source[position]) { position += 1 }
            if digits == position { errors.append(SyntaxError("expected an exponent", start..<position)) }
        }
        if position < source.count, Self.isNameStart(source[position]) || source[position] == UInt8(ascii: ".") {
            errors.append(SyntaxError("a number must not be followed by a name or \".\"", start..<(position + 1)))
        }
        return isFloat ? .float : .int
    }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    static func isNameStart(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: "_")
    }

    static func isNameContinue(_ byte: UInt8) -> Bool { isNameStart(byte) || isDigit(byte) }

    static func describe(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> String {
        "\"\(String(decoding: bytes, as: UTF8.self))\""
    }
}

/// A description as written, decoded only when read: schemas carry thousands of them and most are never shown.
/// It shares the document's bytes rather than copying them.
public struct GraphQLString: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    let bytes: ArraySlice<UInt8>
    let isBlock: Bool

    init(bytes: ArraySlice<UInt8>, isBlock: Bool) {
        self.bytes = bytes
        self.isBlock = isBlock
    }

    /// A description given as a value (for example from an introspection result).
    public init(_ value: String) {
        var quoted: [UInt8] = [UInt8(ascii: "\"")]
        for byte in value.utf8 {
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { quoted.append(UInt8(ascii: "\\")) }
            if byte == UInt8(ascii: "\n") {
                quoted.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
                continue
            }
            quoted.append(byte)
        }
        quoted.append(UInt8(ascii: "\""))
        self.init(bytes: quoted[...], isBlock: false)
    }

    public init(stringLiteral value: String) { self.init(value) }

    /// The string's value (escapes resolved, block indentation removed).
    public var value: String {
        bytes.withUnsafeBufferPointer { buffer in
            isBlock ? StringValue.block(buffer[...]) : StringValue.quoted(buffer[...])
        }
    }

    public var description: String { value }

    /// Equal values; the same text written the same way is recognised without decoding it.
    public static func == (lhs: GraphQLString, rhs: GraphQLString) -> Bool {
        (lhs.isBlock == rhs.isBlock && lhs.bytes == rhs.bytes) || lhs.value == rhs.value
    }
    public func hash(into hasher: inout Hasher) { hasher.combine(value) }
}

/// String values (GraphQL spec §2.9.4): escapes in quoted strings, common indentation in block strings.
enum StringValue {
    static func quoted(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> String {
        // Without the quotes; an unterminated string has no closing quote.
        var body = bytes.dropFirst()
        if body.last == UInt8(ascii: "\""), !body.isEmpty { body = body.dropLast() }
        guard body.contains(UInt8(ascii: "\\")) else { return String(decoding: body, as: UTF8.self) }
        var scalars = String.UnicodeScalarView()
        var utf8: [UInt8] = []
        var index = body.startIndex
        func flush() {
            scalars.append(contentsOf: String(decoding: utf8, as: UTF8.self).unicodeScalars)
            utf8.removeAll(keepingCapacity: true)
        }
        while index < body.endIndex {
            let byte = body[index]
            guard byte == UInt8(ascii: "\\"), index + 1 < body.endIndex else {
                utf8.append(byte)
                index += 1
                continue
            }
            flush()
            let escaped = body[index + 1]
            index += 2
            switch escaped {
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "b"): scalars.append("\u{8}")
            case UInt8(ascii: "f"): scalars.append("\u{C}")
            case UInt8(ascii: "u"):
                var value: UInt32 = 0
                var digits = 0
                if index < body.endIndex, body[index] == UInt8(ascii: "{") {
                    index += 1
                    while index < body.endIndex, body[index] != UInt8(ascii: "}"), let digit = hexValue(body[index]) {
                        value = value &* 16 &+ digit
                        index += 1
                        digits += 1
                    }
                    if index < body.endIndex, body[index] == UInt8(ascii: "}") { index += 1 }
                } else {
                    while digits < 4, index < body.endIndex, let digit = hexValue(body[index]) {
                        value = value * 16 + digit
                        index += 1
                        digits += 1
                    }
                }
                scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
            default: scalars.append(Unicode.Scalar(escaped))
            }
        }
        flush()
        return String(scalars)
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    /// BlockStringValue(): strip common indentation and blank leading/trailing lines. Works on bytes and makes
    /// one string: schemas carry thousands of descriptions.
    static func block(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> String {
        var body = bytes.dropFirst(3)
        if body.count >= 3, body.suffix(3).allSatisfy({ $0 == UInt8(ascii: "\"") }) { body = body.dropLast(3) }
        // One line and no escape: the value is the text as written (most descriptions).
        if !body.contains(where: { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "\\") }) {
            let blank = body.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
            return blank ? "" : String(decoding: body, as: UTF8.self)
        }
        // \""" stands for """.
        var raw = Array(body)
        if raw.contains(UInt8(ascii: "\\")) {
            var unescaped: [UInt8] = []
            unescaped.reserveCapacity(raw.count)
            var index = 0
            while index < raw.count {
                if raw[index] == UInt8(ascii: "\\"), index + 3 < raw.count, raw[index + 1] == UInt8(ascii: "\""),
                    raw[index + 2] == UInt8(ascii: "\""), raw[index + 3] == UInt8(ascii: "\"")
                {
                    unescaped.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: "\""), UInt8(ascii: "\"")])
                    index += 4
                } else {
                    unescaped.append(raw[index])
                    index += 1
                }
            }
            raw = unescaped
        }
        // Line ranges, split at \r\n, \n and \r.
        var lines: [Range<Int>] = []
        var lineStart = 0
        var index = 0
        while index < raw.count {
            let byte = raw[index]
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                lines.append(lineStart..<index)
                if byte == UInt8(ascii: "\r"), index + 1 < raw.count, raw[index + 1] == UInt8(ascii: "\n") { index += 1 }
                lineStart = index + 1
            }
            index += 1
        }
        lines.append(lineStart..<raw.count)
        func indent(_ line: Range<Int>) -> Int {
            var count = 0
            while line.lowerBound + count < line.upperBound,
                raw[line.lowerBound + count] == UInt8(ascii: " ") || raw[line.lowerBound + count] == UInt8(ascii: "\t")
            {
                count += 1
            }
            return count
        }
        var commonIndent = Int.max
        for line in lines.dropFirst() {
            let width = indent(line)
            if width < line.count, width < commonIndent { commonIndent = width }
        }
        if commonIndent != .max {
            for position in lines.indices.dropFirst() {
                let line = lines[position]
                lines[position] = min(line.lowerBound + commonIndent, line.upperBound)..<line.upperBound
            }
        }
        while let first = lines.first, indent(first) == first.count { lines.removeFirst() }
        while let last = lines.last, indent(last) == last.count { lines.removeLast() }
        var result: [UInt8] = []
        result.reserveCapacity(raw.count)
        for (position, line) in lines.enumerated() {
            if position > 0 { result.append(UInt8(ascii: "\n")) }
            result.append(contentsOf: raw[line])
        }
        return String(decoding: result, as: UTF8.self)
    }
}
