import GraphQLIndex
import SwiftAnalysis

/// The snippets items insert: the value a label's placeholder holds, and snippet text escaped or read back as
/// plain text.
extension MockCompletions {
    /// What goes in a label's placeholder: the value a test usually writes first.
    static func placeholder(_ field: MockField, schema: Schema, format: MockFormat) -> String {
        switch field.setter {
        case .entity:
            if let type = schema[field.graphqlType.namedType.value], type.kind == .object { return "Mock<\(field.fieldType)>()" }
            let first = schema.possibleTypes(of: field.graphqlType.namedType.value).first.flatMap { schema[$0] }
            return "Mock<\(first.map(SwiftNames.typeName) ?? "Object")>()"
        case .list, .scalarList: return "[]"
        case .scalar:
            let type = schema[field.graphqlType.namedType.value]
            if type?.kind == .enumeration, let literal = type.flatMap({ MockLiteral.of($0, capitalizer: format.capitalizer) }) { return literal }
            if field.defaultValue != "nil" { return field.defaultValue }
            // A custom scalar: what Apollo's own default writes, which compiles whatever type the scalar is given
            // (`init(_jsonValue:)` is SPI in Apollo iOS 2, whose ApolloTestSupport has `defaultMockValue` instead).
            if let literal = type.flatMap({ MockLiteral.of($0, capitalizer: format.capitalizer) }) { return literal }
            return format.customScalarsDefaultToDefaultMockValue ? ".defaultMockValue" : #"try! .init(_jsonValue: "")"#
        }
    }

    /// A snippet as inserted text, each placeholder replaced by its default: `label: ${1:""}$0` → `label: ""`. Read
    /// as UTF-8 bytes (what is special in a snippet is ASCII): it runs for every label item of a completion.
    static func plainText(ofSnippet snippet: String) -> String {
        let bytes = Array(snippet.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        var openPlaceholders = 0
        func isDigit(_ at: Int) -> Bool { at < bytes.count && bytes[at] >= UInt8(ascii: "0") && bytes[at] <= UInt8(ascii: "9") }
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\\"):
                // An escaped `$`, `}` or `\`.
                if index < bytes.count {
                    out.append(bytes[index])
                    index += 1
                }
            case UInt8(ascii: "}"):
                // The end of a placeholder (its default has been copied), or a brace of the text.
                if openPlaceholders > 0 { openPlaceholders -= 1 } else { out.append(byte) }
            case UInt8(ascii: "$"):
                // `$1`, `${1:` (the default follows and ends at its `}`) or `${1}`.
                if index < bytes.count, bytes[index] == UInt8(ascii: "{") {
                    openPlaceholders += 1
                    index += 1
                    while isDigit(index) { index += 1 }
                    if index < bytes.count, bytes[index] == UInt8(ascii: ":") { index += 1 }
                } else if isDigit(index) {
                    while isDigit(index) { index += 1 }
                } else {
                    out.append(byte)
                }
            default:
                out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `$`, `}` and `\` are special inside a snippet placeholder.
    static func escapeSnippet(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if character == "$" || character == "}" || character == "\\" { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }
}
