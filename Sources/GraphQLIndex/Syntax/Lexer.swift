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

    /// BlockStringValue(): strip common indentation and blank leading/trailing lines.
    static func block(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> String {
        var body = bytes.dropFirst(3)
        if body.count >= 3, body.suffix(3).allSatisfy({ $0 == UInt8(ascii: "\"") }) { body = body.dropLast(3) }
        // \""" stands for """.
        var unescaped: [UInt8] = []
        unescaped.reserveCapacity(body.count)
        var index = body.startIndex
        while index < body.endIndex {
            if body[index] == UInt8(ascii: "\\"), index + 3 < body.endIndex, body[(index + 1)...].prefix(3).elementsEqual("\"\"\"".utf8) {
                unescaped.append(contentsOf: "\"\"\"".utf8)
                index += 4
            } else {
                unescaped.append(body[index])
                index += 1
            }
        }
        let raw = String(decoding: unescaped, as: UTF8.self)
        var lines = raw.splitLines()
        var commonIndent: Int?
        for line in lines.dropFirst() {
            let indent = line.prefix { $0 == " " || $0 == "\t" }.count
            if indent < line.count, indent < (commonIndent ?? .max) { commonIndent = indent }
        }
        if let commonIndent {
            for index in lines.indices.dropFirst() { lines[index] = String(lines[index].dropFirst(commonIndent)) }
        }
        while let first = lines.first, first.allSatisfy({ $0 == " " || $0 == "\t" }) { lines.removeFirst() }
        while let last = lines.last, last.allSatisfy({ $0 == " " || $0 == "\t" }) { lines.removeLast() }
        return lines.joined(separator: "\n")
    }
}

extension String {
    fileprivate func splitLines() -> [String] {
        var lines: [String] = []
        var current = ""
        var iterator = unicodeScalars.makeIterator()
        var pendingCR = false
        while let scalar = iterator.next() {
            if pendingCR {
                pendingCR = false
                if scalar == "\n" { continue }
            }
            if scalar == "\n" || scalar == "\r" {
                lines.append(current)
                current = ""
                pendingCR = scalar == "\r"
            } else {
                current.unicodeScalars.append(scalar)
            }
        }
        lines.append(current)
        return lines
    }
}
