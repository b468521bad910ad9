/// Random edits to a Swift file, as people and fuzzers make them.
public struct SwiftEditGenerator {
    public enum Style: String, CaseIterable, Sendable {
        /// Copies of the file's own lines typed a character at a time, with and without auto-closed brackets and
        /// quotes, each into a fresh copy of the file half of the time: what an editor sends while someone types.
        case typing
        /// Insertions and deletions of text without quotes, `#`, `\` or `/`, anywhere: what the incremental parse
        /// may reuse a tree for, aimed at odd places (comments, literals, numbers, operators, brackets).
        case plain
        /// Anything, anywhere, including quotes, delimiters, escapes, CJK, emoji, combining marks and brackets.
        case hostile
    }

    private var random: SeededRandom
    private let originals: [[UInt8]]
    private var typing: [UInt8] = []
    private var cursor = 0
    private var closers: [UInt8] = []
    private var autoClose = true

    public init(seed: UInt64, originals: [[UInt8]]) {
        random = SeededRandom(seed: seed)
        self.originals = originals
    }

    /// The text after one edit of `text` (which came from `originals[original]`).
    public mutating func edit(_ text: [UInt8], original: Int, style: Style) -> [UInt8] {
        switch style {
        case .typing: return type(into: text, original: original)
        case .plain:
            // Every other step undoes what came before (one edit each way): errors left by earlier edits would stop
            // reuse after them.
            if originals.indices.contains(original), text != originals[original], random.chance(2) { return originals[original] }
            return plainEdit(text)
        case .hostile: return Mutation.mutate(text, with: &random, corpus: originals)
        }
    }

    public mutating func chance(_ oneIn: Int) -> Bool { random.chance(oneIn) }
    public mutating func below(_ bound: Int) -> Int { random.below(bound) }

    private static let plainFragments: [[UInt8]] = [
        "a", "x", "1", " ", "\n", "(", ")", "[", "]", "{", "}", ",", ":", ".", "漢", "😀", "e\u{301}", "\u{301}", "dog.",
        "Mock<Dog>(", "let x = ", "func f() {", "try? ", "=", "-", "+", "<", ">", "!", "?", ";", "\t", "0.1", "$0",
        "é", "*", "5", ".5", "case ", "default:", "#if", "}\n", "\r\n", "\r", "@", "&", "%", "^", "~", "|", "_",
        "\u{0}", "\u{A0}", "\u{2028}", "\u{FEFF}", "init(", "switch x {", "\n  }\n",
    ].map { Array($0.utf8) }

    private mutating func plainEdit(_ text: [UInt8]) -> [UInt8] {
        var bytes = text
        for _ in 0..<(random.chance(4) ? 2 : 1) {
            let at = random.below(bytes.count + 1)
            if random.chance(3) {
                bytes.removeSubrange(at..<min(bytes.count, at + 1 + random.below(random.chance(8) ? 60 : 3)))
            } else {
                bytes.insert(contentsOf: random.pick(Self.plainFragments), at: at)
            }
        }
        return bytes
    }

    private mutating func type(into text: [UInt8], original: Int) -> [UInt8] {
        var bytes = text
        if typing.isEmpty {
            let lines = text.split(separator: 10, omittingEmptySubsequences: true)
            guard !lines.isEmpty else { return [UInt8]("x".utf8) }
            typing = Array(random.pick(lines)) + [10]
            var starts = [0]
            for (index, byte) in text.enumerated() where byte == 10 { starts.append(index + 1) }
            cursor = random.pick(starts)
            closers = []
            autoClose = random.chance(2)
        }
        let character = typing.removeFirst()
        let pairs: [UInt8: UInt8] = [34: 34, 40: 41, 91: 93, 123: 125]
        cursor = min(cursor, bytes.count)
        if let last = closers.last, last == character, cursor < bytes.count, bytes[cursor] == character {
            // The editor steps over the closer it inserted.
            cursor += 1
            closers.removeLast()
        } else if autoClose, let closer = pairs[character] {
            bytes.insert(contentsOf: [character, closer], at: cursor)
            cursor += 1
            closers.append(closer)
        } else if random.chance(12), cursor > 0 {
            // A typo, deleted.
            bytes.remove(at: cursor - 1)
            cursor -= 1
            typing.insert(character, at: 0)
        } else {
            bytes.insert(character, at: cursor)
            cursor += 1
        }
        if typing.isEmpty, random.chance(2), originals.indices.contains(original) { return originals[original] }
        return bytes
    }
}
