/// The capitalized identifiers a Swift text spells (`DogQuery`, `PetDetails`), read from its bytes without a parse:
/// in code, comments and strings alike. What tells whether a workspace's code names a type Apollo generates; a name
/// in a comment counts too, which can only keep a hint (`unused-operation`) away, never bring one.
public enum CapitalizedNames {
    public static func names(in bytes: [UInt8]) -> Set<String> {
        bytes.withUnsafeBufferPointer { bytes in
            var found = DistinctNames()
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
                    _ = found.number(of: start..<index, in: bytes)
                }
            }
            return Set(found.names)
        }
    }

    /// ASCII letters, digits, `_`, and every byte of a non-ASCII character (Swift identifiers may hold them).
    static func isIdentifierByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "_"), 0x80...:
            true
        default:
            false
        }
    }
}

/// The identifiers a Swift text spells right after a `.` (`x.name`, `x?.name`, `\.name`), read from its bytes without
/// a parse, in code, comments and strings alike: the member names a file may read, when no value in it can be typed
/// (`FieldReads` counts each as a read of every field of that name, so a name in a comment can only keep a hint away).
public enum DottedNames {
    /// Each member name of `wanted` the bytes spell after a dot, with the bytes of the name, in order.
    public static func occurrences(in bytes: [UInt8], among wanted: Set<String>) -> [(name: String, range: Range<Int>)] {
        var found: [(name: String, range: Range<Int>)] = []
        var index = 0
        let count = bytes.count
        while index < count {
            guard bytes[index] == UInt8(ascii: "."), index + 1 < count else {
                index += 1
                continue
            }
            var start = index + 1
            // `.`name``: a backticked member.
            let backticked = bytes[start] == UInt8(ascii: "`")
            if backticked { start += 1 }
            var end = start
            while end < count, CapitalizedNames.isIdentifierByte(bytes[end]) { end += 1 }
            if end > start, !(bytes[start] >= UInt8(ascii: "0") && bytes[start] <= UInt8(ascii: "9")) {
                let name = String(decoding: bytes[start..<end], as: UTF8.self)
                if wanted.contains(name) { found.append((name, start..<end)) }
            }
            index = max(end, index + 1)
        }
        return found
    }
}
