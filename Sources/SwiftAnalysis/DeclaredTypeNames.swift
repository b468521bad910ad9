/// The types a Swift text declares or extends (`DogViewModel` of `final class DogViewModel: ObservableObject`, `State`
/// of `extension Feature.State`: the last component), read from its bytes without a parse, comments and strings
/// skipped: which files to parse for a type's properties, a name too many costing only a parse that finds nothing.
public enum DeclaredTypeNames {
    private static let keywords: [[UInt8]] = ["class", "struct", "actor", "enum", "protocol", "extension"].map { Array($0.utf8) }

    /// The types declared or extended, outside comments and strings (`mentions(in:)`'s keys).
    public static func names(in bytes: [UInt8]) -> Set<String> { Set(mentions(in: bytes).keys) }
}

extension DeclaredTypeNames {
    /// For each type the text declares or extends (the last component of its name), the capitalized names its
    /// declarations spell, from the name to the closing brace (`class DogViewModel: ObservableObject { @Published var
    /// dog: DogQuery.Data.Dog? }` → `ObservableObject`, `Published`, `DogQuery`, `Data`, `Dog`); a nested declaration's
    /// names count for the types around it too. Read from the bytes without a parse, braces in comments and strings
    /// skipped: which types may hold a model. A name too many costs a parse, one too few a read by name; never a wrong
    /// answer.
    public static func mentions(in bytes: [UInt8]) -> [String: Set<String>] {
        bytes.withUnsafeBufferPointer { bytes in
            // Names and types by number: a name is hashed as a `String` once a file, not once a mention.
            var names = DistinctNames()
            var types: [String] = []
            var typeNumbers: [String: Int] = [:]
            var mentioned: [Set<Int>] = []
            /// A declared type whose `{` has not come yet.
            var pending: Int?
            /// The open braces, each with the type whose body it opens (nil for any other brace).
            var braces: [Int?] = []
            var index = 0
            let count = bytes.count
            func declare(_ name: String) -> Int {
                if let known = typeNumbers[name] { return known }
                typeNumbers[name] = types.count
                types.append(name)
                mentioned.append([])
                return types.count - 1
            }
            func note(_ name: Int) {
                if let pending { mentioned[pending].insert(name) }
                for case let owner? in braces { mentioned[owner].insert(name) }
            }
            while index < count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "/") where index + 1 < count && bytes[index + 1] == UInt8(ascii: "/"):
                    while index < count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
                case UInt8(ascii: "/") where index + 1 < count && bytes[index + 1] == UInt8(ascii: "*"):
                    index = BlockComment.end(in: bytes, from: index)
                case UInt8(ascii: "\""):
                    index = skipString(bytes, from: index)
                case UInt8(ascii: "{"):
                    braces.append(pending)
                    pending = nil
                    index += 1
                case UInt8(ascii: "}"):
                    if !braces.isEmpty { braces.removeLast() }
                    pending = nil
                    index += 1
                default:
                    guard CapitalizedNames.isIdentifierByte(byte) else {
                        index += 1
                        continue
                    }
                    let start = index
                    while index < count, CapitalizedNames.isIdentifierByte(bytes[index]) { index += 1 }
                    if isDeclarationKeyword(bytes, start..<index) {
                        let (name, end) = declaredName(bytes, after: index)
                        if let name { pending = declare(name) }
                        index = end
                    } else if bytes[start] >= UInt8(ascii: "A"), bytes[start] <= UInt8(ascii: "Z") {
                        note(names.number(of: start..<index, in: bytes))
                    }
                }
            }
            var found: [String: Set<String>] = [:]
            for (number, type) in types.enumerated() {
                found[type] = Set(mentioned[number].map { names.names[$0] })
            }
            return found
        }
    }

    /// Whether the identifier at `word` is a declaration's keyword (`class`, `extension`…) followed by a space or tab.
    fileprivate static func isDeclarationKeyword(_ bytes: UnsafeBufferPointer<UInt8>, _ word: Range<Int>) -> Bool {
        // Their first letters and lengths first: every identifier of the text is asked.
        guard (4...9).contains(word.count) else { return false }
        switch bytes[word.lowerBound] {
        case UInt8(ascii: "c"), UInt8(ascii: "s"), UInt8(ascii: "a"), UInt8(ascii: "e"), UInt8(ascii: "p"): break
        default: return false
        }
        return word.upperBound < bytes.count && (bytes[word.upperBound] == UInt8(ascii: " ") || bytes[word.upperBound] == UInt8(ascii: "\t"))
            && keywords.contains { $0.elementsEqual(UnsafeBufferPointer(rebasing: bytes[word])) }
    }

    /// The capitalized name a declaration keyword is followed by (an extended type's last component), and where it ends.
    fileprivate static func declaredName(_ bytes: UnsafeBufferPointer<UInt8>, after keyword: Int) -> (name: String?, end: Int) {
        let count = bytes.count
        var cursor = keyword
        while cursor < count, bytes[cursor] == UInt8(ascii: " ") || bytes[cursor] == UInt8(ascii: "\t") { cursor += 1 }
        var name = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
        while cursor < count, CapitalizedNames.isIdentifierByte(bytes[cursor]) {
            let component = cursor
            while cursor < count, CapitalizedNames.isIdentifierByte(bytes[cursor]) { cursor += 1 }
            name = UnsafeBufferPointer(rebasing: bytes[component..<cursor])
            guard cursor + 1 < count, bytes[cursor] == UInt8(ascii: "."), CapitalizedNames.isIdentifierByte(bytes[cursor + 1]) else { break }
            cursor += 1
        }
        guard let first = name.first, first >= UInt8(ascii: "A"), first <= UInt8(ascii: "Z") else { return (nil, cursor) }
        return (String(decoding: name, as: UTF8.self), cursor)
    }

    /// Past a string literal that starts at `start`: `"…"` (to its closing quote or the line's end) or `"""…"""`.
    /// An interpolation's braces are inside it, skipped with it.
    private static func skipString(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let quote = UInt8(ascii: "\"")
        let count = bytes.count
        if start + 2 < count, bytes[start + 1] == quote, bytes[start + 2] == quote {
            var index = start + 3
            while index + 2 < count {
                if bytes[index] == UInt8(ascii: "\\") {
                    index += 2
                } else if bytes[index] == quote, bytes[index + 1] == quote, bytes[index + 2] == quote {
                    return index + 3
                } else {
                    index += 1
                }
            }
            return count
        }
        var index = start + 1
        while index < count {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 2
            case quote: return index + 1
            case UInt8(ascii: "\n"): return index + 1
            default: index += 1
            }
        }
        return count
    }
}
