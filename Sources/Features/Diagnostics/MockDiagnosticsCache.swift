import GraphQLIndex
import SwiftAnalysis
import Synchronization

/// What a function's diagnostics were, by the bytes that produced them.
public final class MockDiagnosticsCache: Sendable {
    private let entries = Mutex<[Key: Entry]>([:])

    public init() {}

    /// A function's diagnostics, with the helpers it looked up (found or not) and a hash of what they were: valid
    /// while those are the same.
    struct Entry: Sendable {
        var diagnostics: [PendingDiagnostic]
        var helperNames: [String]
        var dependencyHash: Int
    }

    struct Key: Hashable {
        let project: Int
        /// The function's bytes, then each stored property and `setUp`: where it is and its bytes (a line number in
        /// a message may point there).
        let bytes: [UInt8]
        /// Hashed once, over the whole buffer: `[UInt8]` alone would hash byte by byte at every lookup.
        let hash: Int

        init(_ unit: MockFlowUnit, in file: SwiftFile, project: ProjectIndex, options: TestConventions) {
            // The index revision and the fix options (the helpers it calls are checked by `Entry`).
            var context = Hasher()
            context.combine(project.revision)
            context.combine(options.placeholders)
            self.project = context.finalize()
            let text = file.lines.bytes
            var bytes = Array(text[unit.range])
            for range in unit.preambleRanges {
                withUnsafeBytes(of: range.lowerBound.littleEndian) { bytes.append(contentsOf: $0) }
                bytes.append(contentsOf: text[range])
            }
            self.bytes = bytes
            var hasher = Hasher()
            hasher.combine(self.project)
            bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
            hash = hasher.finalize()
        }

        func hash(into hasher: inout Hasher) { hasher.combine(hash) }
        static func == (lhs: Key, rhs: Key) -> Bool { lhs.hash == rhs.hash && lhs.project == rhs.project && lhs.bytes == rhs.bytes }
    }

    private let evaluated = Atomic<Int>(0)

    /// How many functions the last run followed (the others came from the cache).
    public var functionsFollowedInLastRun: Int { evaluated.load(ordering: .relaxed) }

    func entry(_ key: Key) -> Entry? { entries.withLock { $0[key] } }

    /// Keeps the entries of the last run only: a cache as large as the file.
    func keep(_ used: [Key: Entry], followed: Int) {
        entries.withLock { $0 = used }
        evaluated.store(followed, ordering: .relaxed)
    }
}
