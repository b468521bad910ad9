import Foundation
import GraphQLIndex
import SourceText
import Synchronization
import SwiftAnalysis

/// What mockls reads from a workspace's own Swift files: whether they declare `placeholder()` factories (fixes then
/// write `.placeholder()`), which of them `mockls placeholders` generated, and the structs with a memberwise
/// initializer (for their factories).
///
/// A file is read and parsed again only when its size or modification date changed since the last scan: a
/// workspace is scanned at every re-load (on each save, for clients that cannot watch files).
enum SwiftSourceScan {
    struct Facts: Sendable {
        var declaresPlaceholders: Bool
        var isGeneratedPlaceholderFile: Bool
        var structs: [StructShape]
        /// Its helpers that return mocks or models (read only from files that mention `Mock<` or `.from(`), and a
        /// hash of their text.
        var helpers: [ModelHelper] = []
        var helpersFingerprint = 0
        /// The stored fixtures it changes (`SwiftTestFile.fixtureMutations`; read from files that build mocks or test).
        var fixtureMutations: Set<String> = []
    }

    /// What a scan finds in a workspace's Swift files.
    struct Result: Sendable {
        var declaresPlaceholders = false
        var generated: [URL] = []
        var structs: [StructShape] = []
        /// Helpers by the path of their file.
        var helpers: [String: [ModelHelper]] = [:]
        /// Changes when any helper's text does.
        var helpersFingerprint = 0
        /// The stored fixtures each file changes, by the path of the file.
        var fixtureMutations: [String: Set<String>] = [:]
    }

    private struct Entry: Sendable {
        var modified: Date
        var size: Int
        var facts: Facts
    }

    private static let cache = Mutex<[String: Entry]>([:])

    static func scan(under folder: URL) -> Result {
        let keys: Set<URLResourceKey> = [.fileSizeKey, .contentModificationDateKey]
        var result = Result()
        var fingerprint = Hasher()
        for url in FileTree.files(under: folder, include: { $0.hasSuffix(".swift") && !$0.hasSuffix(".graphql.swift") }) {
            guard let values = try? url.resourceValues(forKeys: keys), let size = values.fileSize, size < 4_000_000,
                let facts = facts(of: url, size: size, modified: values.contentModificationDate ?? .distantPast)
            else { continue }
            result.declaresPlaceholders = result.declaresPlaceholders || facts.declaresPlaceholders
            if facts.isGeneratedPlaceholderFile { result.generated.append(url.standardizedFileURL) }
            result.structs += facts.structs
            if !facts.helpers.isEmpty {
                result.helpers[url.standardizedFileURL.path] = facts.helpers
                fingerprint.combine(url.path)
                fingerprint.combine(facts.helpersFingerprint)
            }
            if !facts.fixtureMutations.isEmpty {
                result.fixtureMutations[url.standardizedFileURL.path] = facts.fixtureMutations
                fingerprint.combine(url.path)
                fingerprint.combine(facts.fixtureMutations.sorted())
            }
        }
        result.generated.sort { $0.path < $1.path }
        result.helpersFingerprint = result.helpers.isEmpty && result.fixtureMutations.isEmpty ? 0 : fingerprint.finalize()
        return result
    }

    private static func facts(of url: URL, size: Int, modified: Date) -> Facts? {
        if let entry = cache.withLock({ $0[url.path] }), entry.size == size, entry.modified == modified { return entry.facts }
        guard let bytes = FileTree.contents(url) else { return nil }
        let isGenerated = bytes.starts(with: Array(PlaceholderFileRenderer.header.utf8))
        let buildsMocks = !isGenerated && (bytes.contains(bytes: "Mock<") || bytes.contains(bytes: ".from("))
        // Tests may change a fixture without naming a mock type.
        let tests = !isGenerated && (bytes.contains(bytes: "XCTest") || bytes.contains(bytes: "Quick") || bytes.contains(bytes: "@Test"))
        let parsed = bytes.contains(bytes: "struct ") || buildsMocks || tests ? SwiftTestFile(bytes) : nil
        var facts = Facts(
            declaresPlaceholders: bytes.contains(bytes: "static func placeholder("),
            isGeneratedPlaceholderFile: isGenerated,
            structs: bytes.contains(bytes: "struct ") ? parsed?.structShapes() ?? [] : [])
        if buildsMocks, let parsed {
            facts.helpers = parsed.modelHelpers()
            var hasher = Hasher()
            for helper in facts.helpers { bytes[helper.range].withUnsafeBytes { hasher.combine(bytes: $0) } }
            facts.helpersFingerprint = hasher.finalize()
        }
        if buildsMocks || tests, let parsed { facts.fixtureMutations = parsed.fixtureMutations() }
        cache.withLock { $0[url.path] = Entry(modified: modified, size: size, facts: facts) }
        return facts
    }
}
