import GraphQLIndex

/// A scalar value as a test writes it in Swift (`"Lab"`, `3`, `2.5`, `true`, `.case(.fur)`, `.fur`,
/// `GraphQLEnum(.fur)`, `nil`), read as the JSON value Apollo's response holds for it. Anything else (a variable, a
/// call, an interpolated string) is not read: no value is invented.
enum ScalarLiteral {
    /// A value's JSON text, or why it is not read.
    enum Reading: Equatable {
        case json(String)
        case problem(String)
    }

    /// The JSON text of the Swift expression `text` as a value of `type` (a scalar or an enum), or why not.
    static func json(_ text: String, type: NamedType) -> Reading {
        let text = text.trimmingWhitespace
        if text == "nil" { return .json("null") }
        if type.kind == .enumeration {
            guard let name = enumCaseName(text) else { return .problem("`\(text)` is not a case of `\(type.name)` mockls reads") }
            let normalized = { (value: String) in value.lowercased().filter { $0 != "_" } }
            if let value = type.enumValues.first(where: { $0.name == name || normalized($0.name) == normalized(name) }) {
                return .json(jsonString(value.name))
            }
            return .problem("`\(text)` is not a case of `\(type.name)`")
        }
        if let string = stringLiteral(text) {
            guard !["Int", "Float", "Boolean"].contains(type.name) else { return .problem("`\(text)` is a string, but `\(type.name)` is not") }
            return .json(jsonString(string))
        }
        if text == "true" || text == "false" {
            guard !["Int", "Float", "String", "ID"].contains(type.name) else { return .problem("`\(text)` is not a `\(type.name)`") }
            return .json(text)
        }
        if let number = numberLiteral(text) {
            switch type.name {
            case "String", "ID", "Boolean": return .problem("`\(text)` is a number, but `\(type.name)` is not")
            case "Int" where number.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }): return .problem("`\(text)` is not an `Int`")
            default: return .json(number)
            }
        }
        return .problem("`\(text)` is not a literal mockls reads")
    }

    /// Apollo's default for a non-null field the convenience initializer was not given: `""`, `0`, `0.0`, `false`, the
    /// first case. Nil for a custom scalar (its default is `try! .init(_jsonValue: "")` or `.defaultMockValue`,
    /// whose JSON depends on the app's code).
    static func apolloDefault(_ type: NamedType) -> String? {
        switch (type.kind, type.name) {
        case (.enumeration, _): return type.enumValues.first.map { jsonString($0.name) }
        case (_, "String"), (_, "ID"): return "\"\""
        case (_, "Int"): return "0"
        case (_, "Float"): return "0.0"
        case (_, "Boolean"): return "false"
        default: return nil
        }
    }

    /// `.case(.fur)`, `.fur`, `GraphQLEnum(.fur)`, `GraphQLEnum<Covering>(.fur)`, `Covering.fur` → `fur`; `.unknown("X")` → `X`.
    static func enumCaseName(_ text: String) -> String? {
        var text = text
        if text.hasPrefix(".unknown("), text.hasSuffix(")") {
            return stringLiteral(String(text.dropFirst(".unknown(".count).dropLast()))
        }
        for wrapper in [".case(", "GraphQLEnum("] where text.hasPrefix(wrapper) && text.hasSuffix(")") {
            text = String(text.dropFirst(wrapper.count).dropLast()).trimmingWhitespace
        }
        if text.hasPrefix("GraphQLEnum<"), let open = text.firstIndex(of: "("), text.hasSuffix(")") {
            text = String(text[text.index(after: open)...].dropLast()).trimmingWhitespace
        }
        guard let dot = text.lastIndex(of: ".") else { return nil }
        let name = String(text[text.index(after: dot)...]).replacingOccurrences(of: "`", with: "")
        let head = text[..<dot]
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }),
            head.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." })
        else { return nil }
        return name
    }

    /// The text of a one-line string literal without interpolation, its escapes decoded.
    static func stringLiteral(_ text: String) -> String? {
        guard text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\""), !text.hasPrefix("\"\"\"") else { return nil }
        var result = ""
        var characters = Array(text.dropFirst().dropLast())
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == "\"" { return nil }  // two literals, or `"a" + "b"`
            guard character == "\\" else {
                result.append(character)
                index += 1
                continue
            }
            guard index + 1 < characters.count else { return nil }
            let next = characters[index + 1]
            switch next {
            case "n": result.append("\n")
            case "t": result.append("\t")
            case "r": result.append("\r")
            case "0": result.append("\0")
            case "\"", "\\", "'": result.append(next)
            case "u":
                guard index + 2 < characters.count, characters[index + 2] == "{",
                    let close = characters[(index + 3)...].firstIndex(of: "}"),
                    let scalar = UInt32(String(characters[(index + 3)..<close]), radix: 16).flatMap(Unicode.Scalar.init)
                else { return nil }
                result.unicodeScalars.append(scalar)
                index = close + 1
                continue
            default:
                return nil  // `\(…)`: interpolation
            }
            index += 2
        }
        characters.removeAll()
        return result
    }

    /// A Swift integer or float literal as JSON (`1_000` → `1000`, `-2.5e3`); nil for anything else.
    static func numberLiteral(_ text: String) -> String? {
        let plain = text.replacingOccurrences(of: "_", with: "")
        guard !plain.isEmpty else { return nil }
        var body = Substring(plain)
        if body.hasPrefix("-") { body = body.dropFirst() }
        guard let first = body.first, first.isASCII, first.isNumber else { return nil }
        guard body.allSatisfy({ ($0.isASCII && $0.isNumber) || $0 == "." || $0 == "e" || $0 == "E" || $0 == "+" || $0 == "-" }),
            Double(plain) != nil
        else { return nil }
        return plain.hasPrefix(".") || plain.hasSuffix(".") ? nil : plain
    }

    static func jsonString(_ text: String) -> String { text.quotedLiteral }

    /// The elements of the array literal `[a, b]` at `range` of `bytes`, by their bytes (trimmed); nil when the text
    /// there is not an array literal.
    static func elements(of bytes: [UInt8], in range: Range<Int>) -> [Range<Int>]? {
        guard range.count >= 2, bytes[range.lowerBound] == UInt8(ascii: "["), bytes[range.upperBound - 1] == UInt8(ascii: "]") else { return nil }
        var elements: [Range<Int>] = []
        var depth = 0
        var inString = false
        var start = range.lowerBound + 1
        var index = start
        func add(_ end: Int) {
            var from = start, to = end
            while from < to, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[from]) { from += 1 }
            while to > from, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[to - 1]) { to -= 1 }
            if from < to { elements.append(from..<to) }
        }
        while index < range.upperBound - 1 {
            let byte = bytes[index]
            if inString {
                if byte == UInt8(ascii: "\\") { index += 2; continue }
                if byte == UInt8(ascii: "\"") { inString = false }
            } else {
                switch byte {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
                case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
                case UInt8(ascii: ",") where depth == 0:
                    add(index)
                    start = index + 1
                default: break
                }
            }
            index += 1
        }
        add(range.upperBound - 1)
        return elements
    }
}

extension String {
    fileprivate var trimmingWhitespace: String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
