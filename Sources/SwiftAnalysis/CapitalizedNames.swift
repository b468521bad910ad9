/// The capitalized identifiers a Swift text spells (`DogQuery`, `PetDetails`), read from its bytes without a parse:
/// in code, comments and strings alike. What tells whether a workspace's code names a type Apollo generates; a name
/// in a comment counts too, which can only keep a hint (`unused-operation`) away, never bring one.
public enum CapitalizedNames {
    public static func names(in bytes: [UInt8]) -> Set<String> {
        var found: Set<String> = []
        var index = 0
        let count = bytes.count
        while index < count {
            guard isIdentifierByte(bytes[index]) else {
                index += 1
                continue
            }
            let start = index
            while index < count, isIdentifierByte(bytes[index]) { index += 1 }
            // Only names that start with an ASCII capital: numbers (`0x1F`) and lower-case names are skipped whole.
            if bytes[start] >= UInt8(ascii: "A"), bytes[start] <= UInt8(ascii: "Z") {
                found.insert(String(decoding: bytes[start..<index], as: UTF8.self))
            }
        }
        return found
    }

    /// ASCII letters, digits, `_`, and every byte of a non-ASCII character (Swift identifiers may hold them).
    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "_"), 0x80...:
            true
        default:
            false
        }
    }
}
