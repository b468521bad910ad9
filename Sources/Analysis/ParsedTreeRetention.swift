import Synchronization

/// Which open documents keep their Swift syntax tree. A tree costs some 70 times its text (about 180 KB for a
/// 2.5 KB test file, measured), and the protocol makes the server keep every open document for as long as the
/// client likes: an editor with hundreds of buffers, or a client that never closes one, would otherwise hold every
/// tree. The documents used last keep theirs; the others drop it and are parsed again (from scratch, a few
/// milliseconds for a test file) if a request comes for them. The one used last always keeps its tree, whatever its
/// size, so typing in a large file never parses from scratch.
final class ParsedTreeRetention: Sendable {
    /// Text bytes whose trees are kept, in all.
    let byteBudget: Int
    /// Documents whose trees are kept, at most.
    let documentLimit: Int

    private struct Entry {
        weak var cache: SwiftParseCache?
        var bytes: Int
        var lastUse: UInt64
    }

    private struct State {
        var entries: [ObjectIdentifier: Entry] = [:]
        var bytes = 0
        var clock: UInt64 = 0
        /// The cache used last: used again (every request about the file being typed in), nothing changes.
        var last: ObjectIdentifier?
    }

    private let state = Mutex(State())

    init(byteBudget: Int = 4 << 20, documentLimit: Int = 64) {
        self.byteBudget = byteBudget
        self.documentLimit = documentLimit
    }

    /// `cache` holds a tree (just parsed, or asked for again): it becomes the one used last, and the trees used
    /// longest ago are dropped until the rest fits.
    func used(_ cache: SwiftParseCache, bytes: Int) {
        let id = ObjectIdentifier(cache)
        let evicted: [SwiftParseCache] = state.withLock { state in
            // A cache's text, and so its bytes, never change.
            if state.last == id { return [] }
            state.last = id
            state.clock += 1
            if let entry = state.entries[id] {
                state.entries[id]?.lastUse = state.clock
                state.bytes += bytes - entry.bytes
                state.entries[id]?.bytes = bytes
            } else {
                state.entries[id] = Entry(cache: cache, bytes: bytes, lastUse: state.clock)
                state.bytes += bytes
            }
            guard state.entries.count > documentLimit || state.bytes > byteBudget else { return [] }
            var victims: [SwiftParseCache] = []
            for (victim, entry) in state.entries.sorted(by: { $0.value.lastUse < $1.value.lastUse }) {
                guard state.entries.count > 1, state.entries.count > documentLimit || state.bytes > byteBudget else { break }
                state.entries[victim] = nil
                state.bytes -= entry.bytes
                if let cache = entry.cache { victims.append(cache) }
            }
            return victims
        }
        // Outside the lock: a cache takes its own lock to drop its tree.
        for victim in evicted { victim.dropTree() }
    }

    /// `cache` no longer holds a tree (dropped, or the cache itself is gone).
    func forget(_ id: ObjectIdentifier) {
        state.withLock { state in
            if state.last == id { state.last = nil }
            guard let entry = state.entries.removeValue(forKey: id) else { return }
            state.bytes -= entry.bytes
        }
    }

    /// How many documents keep a tree, and the bytes of their texts.
    var retained: (documents: Int, bytes: Int) { state.withLock { ($0.entries.count, $0.bytes) } }
}
