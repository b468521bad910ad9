/// A small, fast, seedable generator (SplitMix64): the same seed gives the same inputs on every machine.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound` (0 when `bound` is 0).
    public mutating func below(_ bound: Int) -> Int { bound <= 0 ? 0 : Int(next() % UInt64(bound)) }

    public mutating func chance(_ oneIn: Int) -> Bool { below(oneIn) == 0 }

    public mutating func pick<T>(_ values: [T]) -> T { values[below(values.count)] }
}

/// Reads a fuzzer's bytes as a sequence of choices; past the end every choice is 0.
public struct FuzzBytes {
    private let bytes: [UInt8]
    private var position = 0

    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    public var isAtEnd: Bool { position >= bytes.count }

    public mutating func byte() -> UInt8 {
        defer { position += 1 }
        return position < bytes.count ? bytes[position] : 0
    }

    public mutating func below(_ bound: Int) -> Int {
        guard bound > 1 else { return 0 }
        let value = Int(byte()) << 8 | Int(byte())
        return value % bound
    }

    /// Up to `limit` bytes.
    public mutating func take(upTo limit: Int) -> [UInt8] {
        let count = min(below(limit + 1), bytes.count - min(position, bytes.count))
        defer { position += count }
        return Array(bytes[min(position, bytes.count)..<min(position + count, bytes.count)])
    }

    /// Everything left.
    public mutating func rest() -> [UInt8] {
        defer { position = bytes.count }
        return position < bytes.count ? Array(bytes[position...]) : []
    }
}

/// Byte-level mutations of a seed, for the bounded random drivers.
public enum Mutation {
    /// Fragments that matter to the lexers and parsers mockls runs: quotes, delimiters, brackets, escapes, and
    /// text outside ASCII (CJK, emoji, combining marks, invalid UTF-8).
    public static let fragments: [[UInt8]] = [
        "\"", "\"\"\"", "#", "#\"", "\"#", "'", "\\", "\\(", "/", "//", "/*", "*/", "#/", "/#", "`", "(", ")", "[",
        "]", "{", "}", "<", ">", ",", ":", ".", "...", "!", "?", ";", "=", "@", "$", "\n", "\r\n", "\r", "\t", " ",
        "漢字", "😀", "e\u{301}", "\u{301}", "\u{200B}", "\u{FEFF}", "\u{2028}", "é", "0", "1.5", "-",
        "Mock<Dog>(", "species: ", "Mock<", "from(", "query ", "fragment ", "on ", "...on ", "{ id }", "$var",
        "Content-Length: ", "\r\n\r\n", "{\"jsonrpc\":\"2.0\"", "null", "[]", "{}",
    ].map { Array($0.utf8) } + [[0x00], [0xFF], [0xC3], [0xE2, 0x82], [0xF0, 0x9F, 0x98]]

    public static func mutate(_ input: [UInt8], with random: inout SeededRandom, corpus: [[UInt8]] = []) -> [UInt8] {
        var bytes = input
        for _ in 0..<(1 + random.below(4)) {
            let at = random.below(bytes.count + 1)
            switch random.below(7) {
            case 0, 1:
                bytes.insert(contentsOf: random.pick(fragments), at: at)
            case 2:
                bytes.removeSubrange(at..<min(bytes.count, at + 1 + random.below(random.chance(8) ? 200 : 8)))
            case 3:
                let length = min(bytes.count - at, 1 + random.below(6))
                bytes.replaceSubrange(at..<(at + length), with: random.pick(fragments))
            case 4 where !bytes.isEmpty:
                let from = random.below(bytes.count)
                let chunk = bytes[from..<min(bytes.count, from + 1 + random.below(64))]
                bytes.insert(contentsOf: chunk, at: at)
            case 5 where !corpus.isEmpty:
                let other = random.pick(corpus)
                let from = random.below(other.count)
                bytes.insert(contentsOf: other[from..<min(other.count, from + random.below(120))], at: at)
            default:
                if at < bytes.count { bytes[at] = UInt8(truncatingIfNeeded: random.next()) }
            }
        }
        return bytes
    }
}
