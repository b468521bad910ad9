/// The types a Swift text declares or extends (`DogViewModel` of `final class DogViewModel: ObservableObject`, `State`
/// of `extension Feature.State`: the last component), read from its bytes without a parse, comments and strings too:
/// which files to parse for a type's properties, a name too many costing only a parse that finds nothing.
public enum DeclaredTypeNames {
    private static let keywords: [[UInt8]] = ["class", "struct", "actor", "enum", "protocol", "extension"].map { Array($0.utf8) }

    public static func names(in bytes: [UInt8]) -> Set<String> {
        var found: Set<String> = []
        var index = 0
        let count = bytes.count
        while index < count {
            guard CapitalizedNames.isIdentifierByte(bytes[index]) else {
                index += 1
                continue
            }
            let start = index
            while index < count, CapitalizedNames.isIdentifierByte(bytes[index]) { index += 1 }
            guard keywords.contains(where: { $0.elementsEqual(bytes[start..<index]) }), index < count,
                bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t")
            else { continue }
            // The declared name, or the extended type's path (`Feature.State`): its last component.
            var cursor = index
            while cursor < count, bytes[cursor] == UInt8(ascii: " ") || bytes[cursor] == UInt8(ascii: "\t") { cursor += 1 }
            var name: ArraySlice<UInt8> = []
            while cursor < count, CapitalizedNames.isIdentifierByte(bytes[cursor]) {
                let component = cursor
                while cursor < count, CapitalizedNames.isIdentifierByte(bytes[cursor]) { cursor += 1 }
                name = bytes[component..<cursor]
                guard cursor + 1 < count, bytes[cursor] == UInt8(ascii: "."), CapitalizedNames.isIdentifierByte(bytes[cursor + 1]) else { break }
                cursor += 1
            }
            if let first = name.first, first >= UInt8(ascii: "A"), first <= UInt8(ascii: "Z") {
                found.insert(String(decoding: name, as: UTF8.self))
            }
            index = cursor
        }
        return found
    }
}
