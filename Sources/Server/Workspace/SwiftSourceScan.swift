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
    }

    private struct Entry: Sendable {
        var modified: Date
        var size: Int
        var facts: Facts
    }

    private static let cache = Mutex<[String: Entry]>([:])

    static func scan(under folder: URL) -> (declaresPlaceholders: Bool, generated: [URL], structs: [StructShape]) {
        let keys: Set<URLResourceKey> = [.fileSizeKey, .contentModificationDateKey]
        var declares = false
        var generated: [URL] = []
        var structs: [StructShape] = []
        for url in FileTree.files(under: folder, include: { $0.hasSuffix(".swift") && !$0.hasSuffix(".graphql.swift") }) {
            guard let values = try? url.resourceValues(forKeys: keys), let size = values.fileSize, size < 4_000_000,
                let facts = facts(of: url, size: size, modified: values.contentModificationDate ?? .distantPast)
            else { continue }
            declares = declares || facts.declaresPlaceholders
            if facts.isGeneratedPlaceholderFile { generated.append(url.standardizedFileURL) }
            structs += facts.structs
        }
        return (declares, generated.sorted { $0.path < $1.path }, structs)
    }

    private static func facts(of url: URL, size: Int, modified: Date) -> Facts? {
        if let entry = cache.withLock({ $0[url.path] }), entry.size == size, entry.modified == modified { return entry.facts }
        guard let bytes = FileTree.contents(url) else { return nil }
        let facts = Facts(
            declaresPlaceholders: bytes.contains(bytes: "static func placeholder("),
            isGeneratedPlaceholderFile: bytes.starts(with: Array(PlaceholderFileRenderer.header.utf8)),
            structs: bytes.contains(bytes: "struct ") ? SwiftTestFile(bytes).structShapes() : [])
        cache.withLock { $0[url.path] = Entry(modified: modified, size: size, facts: facts) }
        return facts
    }
}
