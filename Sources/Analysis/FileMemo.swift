import SwiftAnalysis
import Synchronization

/// What the host's snapshots derive from each file and keep between requests, in one place: a file's occurrences of
/// the names references asked for, its field reads, its tests' selection coverage, an open test file's per-function
/// diagnostics. An entry is one query's result for one file, kept while what it read is the same: the file's text
/// (compared, not hashed) and the context it was read in (`Inputs`: the project index's revision, the workspace's
/// helpers), and what it read of other files (`holds` asks of the query's own record of that). A new cross-file
/// query is a new `Query`, not a new cache.
final class FileMemo: Sendable {
    /// One kind of result kept for a file: `Value`, and `Reads`, what computing it read besides the file and its
    /// context (the declarations of other files a value was read through).
    struct Query<Value: Sendable, Reads: Sendable>: Sendable {
        let name: String
    }

    /// What a result was derived from besides what it read of other files.
    struct Inputs: Sendable {
        var text: [UInt8]
        /// The context it was read in as one number: the index revision, the helpers' fingerprint.
        var context: Int

        init(text: [UInt8], revision: Int, helpers: Int) {
            var hasher = Hasher()
            hasher.combine(revision)
            hasher.combine(helpers)
            self.init(text: text, context: hasher.finalize())
        }

        init(text: [UInt8], context: Int) { (self.text, self.context) = (text, context) }

        func matches(_ other: Inputs) -> Bool { context == other.context && text.hasSameBytes(as: other.text) }
    }

    private struct Slot: Hashable {
        let query: String
        let file: FileID
    }

    /// A kept result, with the types it was kept as: read back by comparing them, not by a dynamic cast from an
    /// existential (as `RevisionMemo` does, where a cast cost half of a lookup).
    private struct Entry: Sendable {
        var inputs: Inputs
        let type: ObjectIdentifier
        let box: AnyObject & Sendable

        init<Value: Sendable, Reads: Sendable>(inputs: Inputs, value: Value, reads: Reads) {
            self.inputs = inputs
            type = ObjectIdentifier(Box<Value, Reads>.self)
            box = Box(value, reads)
        }

        func result<Value: Sendable, Reads: Sendable>(as _: (Value, Reads).Type) -> (value: Value, reads: Reads)? {
            guard type == ObjectIdentifier(Box<Value, Reads>.self) else { return nil }
            let box = unsafeDowncast(box, to: Box<Value, Reads>.self)
            return (box.value, box.reads)
        }
    }

    private final class Box<Value: Sendable, Reads: Sendable>: Sendable {
        let value: Value
        let reads: Reads
        init(_ value: Value, _ reads: Reads) { (self.value, self.reads) = (value, reads) }
    }

    private let entries = Mutex<[Slot: Entry]>([:])

    /// The Swift files parsed last, by file and content: what references, field reads, coverage and other files'
    /// declarations parse of the same file version in a row is parsed once. Bounded (`maximumTrees`, the least
    /// recently used go first): a tree is many times its text, and a query over a workspace parses every file once.
    private let trees = Mutex<(files: [FileID: (text: [UInt8], tree: SwiftFile)], used: [FileID])>(([:], []))
    static let maximumTrees = 64

    /// `file` with `text`, parsed: the tree kept for that text, else parsed now (outside the lock) and kept.
    func parse(_ file: FileID, text: [UInt8]) -> SwiftFile {
        if let tree = trees.withLock({ trees -> SwiftFile? in
            guard let kept = trees.files[file], kept.text.hasSameBytes(as: text) else { return nil }
            if let at = trees.used.lastIndex(of: file) { trees.used.remove(at: at) }
            trees.used.append(file)
            return kept.tree
        }) {
            return tree
        }
        let tree = SwiftFile(text)
        trees.withLock { trees in
            if trees.files.updateValue((text, tree), forKey: file) != nil, let at = trees.used.lastIndex(of: file) { trees.used.remove(at: at) }
            trees.used.append(file)
            while trees.used.count > Self.maximumTrees { trees.files[trees.used.removeFirst()] = nil }
        }
        return tree
    }

    /// The result `query` kept for `file` when it was derived from `inputs` and what it read still `holds`.
    func kept<Value, Reads>(_ query: Query<Value, Reads>, of file: FileID, inputs: Inputs, holds: (Reads) -> Bool) -> (value: Value, reads: Reads)? {
        guard let entry = entries.withLock({ $0[Slot(query: query.name, file: file)] }), entry.inputs.matches(inputs),
            let result = entry.result(as: (Value, Reads).self), holds(result.reads)
        else { return nil }
        return result
    }

    /// Keeps `value` as `query`'s result for `file`, derived from `inputs`, having read `reads`.
    func keep<Value, Reads>(_ query: Query<Value, Reads>, of file: FileID, inputs: Inputs, value: Value, reads: Reads) {
        entries.withLock { $0[Slot(query: query.name, file: file)] = Entry(inputs: inputs, value: value, reads: reads) }
    }

    /// `query`'s result for `file`: the kept one while it holds, else computed now and kept.
    func value<Value, Reads>(
        _ query: Query<Value, Reads>, of file: FileID, inputs: Inputs, holds: (Reads) -> Bool, _ compute: () -> (Value, Reads)
    ) -> Value {
        if let (value, _) = kept(query, of: file, inputs: inputs, holds: holds) { return value }
        let (value, reads) = compute()
        keep(query, of: file, inputs: inputs, value: value, reads: reads)
        return value
    }

    /// Updates `query`'s result for `file` in place: `change` gets what is kept for these inputs (nil when nothing
    /// holds) and returns the new result. Two threads that add to the same file's result (references asking for other
    /// names of it) each see the other's additions.
    func update<Value, Reads>(
        _ query: Query<Value, Reads>, of file: FileID, inputs: Inputs, holds: (Reads) -> Bool,
        _ change: ((value: Value, reads: Reads)?) -> (value: Value, reads: Reads)
    ) {
        let slot = Slot(query: query.name, file: file)
        entries.withLock { entries in
            var current: (value: Value, reads: Reads)?
            if let entry = entries[slot], entry.inputs.matches(inputs), let result = entry.result(as: (Value, Reads).self), holds(result.reads) {
                current = result
            }
            let (value, reads) = change(current)
            entries[slot] = Entry(inputs: inputs, value: value, reads: reads)
        }
    }

    /// Every result `query` keeps, by file.
    func all<Value, Reads>(_ query: Query<Value, Reads>) -> [FileID: Value] {
        entries.withLock { entries in
            var found: [FileID: Value] = [:]
            for (slot, entry) in entries where slot.query == query.name { found[slot.file] = entry.result(as: (Value, Reads).self)?.value }
            return found
        }
    }

    /// Forgets what `query` keeps for `file` (the state of an open document that closed).
    func forget<Value, Reads>(_ query: Query<Value, Reads>, of file: FileID) {
        _ = entries.withLock { $0.removeValue(forKey: Slot(query: query.name, file: file)) }
    }

    /// What a query keeps of its own for `file` and checks itself (an open test file's per-function diagnostics):
    /// made once, kept until the file is forgotten.
    func state<State: Sendable>(_ query: Query<State, Void>, of file: FileID, make: () -> State) -> State {
        let slot = Slot(query: query.name, file: file)
        return entries.withLock { entries in
            if let state = entries[slot]?.result(as: (State, Void).self)?.value { return state }
            let state = make()
            entries[slot] = Entry(inputs: Inputs(text: [], context: 0), value: state, reads: ())
            return state
        }
    }
}
