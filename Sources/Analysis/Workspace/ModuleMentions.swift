import SourceText
import SwiftAnalysis

/// The modules a Swift file names where it says which project's mocks it uses: the modules it imports (`import X`,
/// `@testable import X`, `import struct X.Dog`: `importLines()`) and those that qualify a mock's type
/// (`Mock<XTestMocks.Dog>`). Read once per text, so that choosing among a workspace's projects costs a lookup a
/// project, not a search of the file for each (a workspace of a hundred projects read every test file three hundred
/// times).
struct ModuleMentions {
    private(set) var imported: Set<String> = []
    private(set) var qualifyingMocks: Set<String> = []

    init(_ text: [UInt8]) {
        imported = Set(ImportLine.lines(in: text).map(\.module))
        // `Mock<X.Dog>`, `Mock< X.Dog>`: the name before the first `.` of a mock's type (not `MyMock<X.Dog>`).
        var offset = 0
        while let found = text.firstOffset(of: "Mock<", from: offset) {
            offset = found + 5
            guard found == 0 || !Self.isIdentifierByte(text[found - 1]) else { continue }
            var start = offset
            while start < text.count, text[start] == UInt8(ascii: " ") { start += 1 }
            var end = start
            while end < text.count, Self.isIdentifierByte(text[end]) { end += 1 }
            if end > start, end < text.count, text[end] == UInt8(ascii: ".") {
                qualifyingMocks.insert(String(decoding: text[start..<end], as: UTF8.self))
            }
        }
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
