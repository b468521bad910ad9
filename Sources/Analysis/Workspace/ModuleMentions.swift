/// The modules a Swift file names where it says which project's mocks it uses: the modules it imports
/// (`import X`, `@testable import X`) and those that qualify a mock's type (`Mock<XTestMocks.Dog>`). Read in one pass
/// over the text, so that choosing among a workspace's projects costs a lookup a project, not a search of the file
/// for each (a workspace of a hundred projects read every test file three hundred times).
struct ModuleMentions {
    private(set) var imported: Set<String> = []
    private(set) var qualifyingMocks: Set<String> = []

    init(_ text: [UInt8]) {
        text.withUnsafeBufferPointer { bytes in
            var offset = 0
            while offset < bytes.count {
                switch bytes[offset] {
                case UInt8(ascii: "i") where Self.word("import", at: offset, in: bytes) && Self.startsAWord(offset, bytes):
                    var start = offset + 6
                    guard start < bytes.count, bytes[start] == UInt8(ascii: " ") || bytes[start] == UInt8(ascii: "\t") else {
                        offset += 6
                        continue
                    }
                    while start < bytes.count, bytes[start] == UInt8(ascii: " ") || bytes[start] == UInt8(ascii: "\t") { start += 1 }
                    var name = Self.identifier(at: start, in: bytes)
                    // `import struct X.Dog`: the module follows the kind.
                    if Self.importKinds.contains(String(decoding: name, as: UTF8.self)) {
                        start += name.count
                        while start < bytes.count, bytes[start] == UInt8(ascii: " ") || bytes[start] == UInt8(ascii: "\t") { start += 1 }
                        name = Self.identifier(at: start, in: bytes)
                    }
                    if !name.isEmpty { imported.insert(String(decoding: name, as: UTF8.self)) }
                    offset = start + name.count
                case UInt8(ascii: "M") where Self.word("Mock<", at: offset, in: bytes) && Self.startsAWord(offset, bytes):
                    var start = offset + 5
                    while start < bytes.count, bytes[start] == UInt8(ascii: " ") { start += 1 }
                    let name = Self.identifier(at: start, in: bytes)
                    let end = start + name.count
                    if !name.isEmpty, end < bytes.count, bytes[end] == UInt8(ascii: ".") {
                        qualifyingMocks.insert(String(decoding: name, as: UTF8.self))
                    }
                    offset = end
                default:
                    offset += 1
                }
            }
        }
    }

    private static let importKinds: Set<String> = ["typealias", "struct", "class", "enum", "protocol", "let", "var", "func"]

    private static func word(_ word: StaticString, at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = word.utf8CodeUnitCount
        guard offset + count <= bytes.count else { return false }
        let pattern = UnsafeBufferPointer(start: word.utf8Start, count: count)
        return (0..<count).allSatisfy { bytes[offset + $0] == pattern[$0] }
    }

    /// Whether no identifier character comes just before `offset` (`reimport`, `MyMock<` are other words).
    private static func startsAWord(_ offset: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        offset == 0 || !isIdentifierByte(bytes[offset - 1])
    }

    private static func identifier(at start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8>.SubSequence {
        var end = start
        while end < bytes.count, isIdentifierByte(bytes[end]) { end += 1 }
        return bytes[start..<end]
    }

    /// ASCII letters, digits, `_`, and every byte of a non-ASCII character (Swift identifiers may hold them).
    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "_"), 0x80...:
            return true
        default:
            return false
        }
    }
}
