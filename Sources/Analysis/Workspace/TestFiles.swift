import SourceText
import SwiftAnalysis

/// What makes a Swift file a test, decided here only. Two questions: whether mockls reads the file as a test of mocks
/// (it builds or registers mocks, or imports Apollo's test support: what `mockls check`, the coverage and the kept texts
/// look for), and whether it is test code at all, as opposed to the app's (what references, unused fields and the app's
/// reads tell apart).
public enum TestFiles {
    /// What a file that builds or registers mocks mentions.
    static let mockMarkers: Set<String> = ["Mock<", "import ApolloTestSupport", "TestNetworkTransport"]
    /// What a file that reads models built from mocks mentions besides (`X.Data.from(mock)`): the files the selection
    /// coverage follows, and whose texts a workspace keeps first.
    static let modelMarkers: Set<String> = mockMarkers.union(["from("])

    /// Whether mockls checks the file as a test of mocks (`mockls check`; Apollo's generated mock files are not tests).
    public static func buildsMocks(_ bytes: [UInt8]) -> Bool { mockMarkers.contains { bytes.contains(bytes: $0) } }

    /// Whether the file builds mocks or reads models built from them.
    static func readsMocks(_ bytes: [UInt8]) -> Bool { modelMarkers.contains { bytes.contains(bytes: $0) } }

    /// Whether the file imports Apollo's test support: a test of mocks, whatever else it does.
    public static func importsTestSupport(_ bytes: [UInt8]) -> Bool { bytes.contains(bytes: "import ApolloTestSupport") }

    /// Test code: a file that imports a test framework or Apollo's test support, or lies in a folder named for tests
    /// (`AppTests/`, `Tests/`, `UITests/`).
    public static func isTestCode(path: String, text: [UInt8]) -> Bool {
        if inTestFolder(path) { return true }
        return ImportLine.lines(in: text).contains { testModules.contains($0.module) }
    }

    private static let testModules: Set<String> = ["XCTest", "Testing", "Quick", "Nimble", "ApolloTestSupport", "SnapshotTesting"]

    /// Whether a folder of `path` (not its file name) ends in `Tests` or `Test`, or is `TestSupport`: read from the
    /// path's bytes (every Swift file of a workspace is asked, and `String`'s comparisons weigh Unicode).
    static func inTestFolder(_ path: String) -> Bool {
        var path = path
        return path.withUTF8 { bytes in
            var start = 0
            for index in bytes.indices where bytes[index] == UInt8(ascii: "/") {
                let folder = UnsafeBufferPointer(rebasing: bytes[start..<index])
                if folder.ends(with: "Tests") || folder.ends(with: "Test") || folder.elementsEqual("TestSupport".utf8) { return true }
                start = index + 1
            }
            return false
        }
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// Whether the bytes end with `suffix`'s.
    fileprivate func ends(with suffix: StaticString) -> Bool {
        let count = suffix.utf8CodeUnitCount
        guard self.count >= count else { return false }
        return UnsafeBufferPointer(start: suffix.utf8Start, count: count).elementsEqual(self[(self.count - count)...])
    }
}
