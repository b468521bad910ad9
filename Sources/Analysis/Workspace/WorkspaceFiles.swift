#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import SourceText
import Synchronization

/// A workspace's files of one kind (its Swift sources, its JSON files) as its snapshot holds them, so that queries
/// (coverage, references, rename, response fixtures, code actions) neither walk nor read the disk: the files the walk at
/// load found (kept current by file events, and by the walk of the next load for clients that cannot watch files),
/// each with its text and, for Swift, the modules it names (`ModuleMentions`, what chooses its project).
///
/// Texts are read once, when the workspace loads or a file event names the file, and kept while the file keeps its size
/// and modification date: a query checks both (a `stat`, not a read) and reads a file that changed without an event;
/// a reload reads only the files that changed. At most `bound` bytes of text are kept (`maximumTextBytes` for Swift,
/// `maximumJSONBytes` for JSON), the files the kind prefers first (Swift files that build or read mocks, JSON response
/// fixtures): in a workspace larger than that, the other files' texts are read when a query asks for them (and a Swift
/// file's project chosen then). A kind may leave some files unread at load (`Kind.readsAtLoad`: an asset catalog's
/// `Contents.json`), listed all the same.
public struct WorkspaceFiles: Sendable {
    public static let maximumTextBytes = 128 << 20
    public static let maximumJSONBytes = 64 << 20

    /// What files a store holds, which of them it reads at load and keeps first.
    public struct Kind: Sendable {
        /// Whether a path found by the walk is one of these files.
        public let includes: @Sendable (String) -> Bool
        /// Whether the file's text is read when the workspace loads (else when a query asks).
        let readsAtLoad: @Sendable (String) -> Bool
        /// Whether a text goes first within the bound.
        let prefers: @Sendable ([UInt8]) -> Bool
        /// Whether the modules a text names are read (Swift).
        let readsMentions: Bool

        /// Swift sources, Apollo's generated `.graphql.swift` files excepted.
        public static let swift = Kind(
            includes: { $0.hasSuffix(".swift") && !$0.hasSuffix(".graphql.swift") }, readsAtLoad: { _ in true },
            prefers: TestFiles.readsMocks, readsMentions: true)
        /// JSON files: the response fixtures and their variables are read at load, others (`package.json`, an asset
        /// catalog's `Contents.json`) only listed.
        public static let json = Kind(
            includes: { $0.hasSuffix(".json") },
            readsAtLoad: { ResponseFixtures.isCandidate($0) || $0.hasSuffix(".variables.json") }, prefers: { _ in true },
            readsMentions: false)
    }

    struct File: Sendable {
        var size: Int
        var modified: Date
        /// Nil when it is not kept (over the bound, or unreadable when the workspace loaded).
        var text: [UInt8]?
        var mentions: ModuleMentions?
        /// Whether the kind prefers its text (a Swift file that builds or reads mocks: `TestFiles.readsMocks`), read
        /// with it.
        var isPreferred = false
    }

    /// Paths, sorted: the order results come in.
    public private(set) var paths: [String] = []
    private var files: [String: File] = [:]
    public private(set) var keptTextBytes = 0
    /// At most this many bytes of text are kept (`maximumTextBytes`; less in tests).
    let bound: Int
    let kind: Kind
    /// Whether every change of the files is heard of (`text(of:)` then takes a kept text as it is).
    let events: FileEvents

    /// The files `urls` (as the walk found them), their texts from `previous` when unchanged, else read.
    init(
        _ urls: [URL], kind: Kind = .swift, previous: WorkspaceFiles?, bound: Int = WorkspaceFiles.maximumTextBytes,
        events: FileEvents = .readNow
    ) {
        (self.kind, self.bound, self.events) = (kind, bound, events)
        let stamps = urls.map { Self.stamp(of: $0.path) }
        // Each file with whether it builds or reads mocks (searched once, on the core that read it).
        var read = [(file: File, isTest: Bool)?](repeating: nil, count: urls.count)
        read.withUnsafeMutableBufferPointer { read in
            nonisolated(unsafe) let read = read
            DispatchQueue.concurrentPerform(iterations: urls.count) { index in
                guard let stamp = stamps[index] else { return }
                let path = urls[index].path
                if let kept = previous?.files[path], kept.size == stamp.size, kept.modified == stamp.modified, kept.text != nil {
                    read[index] = (kept, kept.isPreferred)
                    return
                }
                let file = Self.read(urls[index], stamp: stamp, kind: kind)
                read[index] = (file, file.isPreferred)
            }
        }
        // The bound: the texts of files that build or read mocks first, then the others, in path order.
        let order = read.indices.filter { read[$0]?.isTest == true } + read.indices.filter { read[$0]?.isTest == false }
        for index in order {
            guard var file = read[index]?.file else { continue }
            if let text = file.text {
                if keptTextBytes + text.count <= bound {
                    keptTextBytes += text.count
                } else {
                    (file.text, file.mentions) = (nil, nil)
                }
            }
            files[urls[index].path] = file
        }
        paths = urls.map(\.path).filter { files[$0] != nil }.sorted()
    }

    /// The files of `kind` below `root`, walked and read now (a command that reads a folder, not a workspace).
    public init(walking root: URL, kind: Kind = .swift) {
        self.init(FileTree.files(under: root, include: kind.includes), kind: kind, previous: nil, events: .readNow)
    }

    public var count: Int { paths.count }

    /// Whether the file at `path` is one of these (as the walk or the last file event found it).
    public func contains(_ path: String) -> Bool { files[path] != nil }

    /// The files below `folder`, in path order.
    public func paths(under folder: URL) -> ArraySlice<String> {
        let prefix = folder.standardizedFileURL.path.hasSuffix("/") ? folder.standardizedFileURL.path : folder.standardizedFileURL.path + "/"
        let start = paths.partitioningIndex { $0 >= prefix }
        let end = paths[start...].firstIndex { !$0.hasPrefix(prefix) } ?? paths.endIndex
        return paths[start..<end]
    }

    /// The text of the file at `path` (nil when it is not one of these files): the kept one, as it is where every
    /// change of the files is heard of (`FileEvents`: the client's file events or the host's own watch, and a command
    /// that read them just now); else while the file has the size and modification date it was read with, and read
    /// again when not, or nil when it is no longer a file, since an edit computed on a text the file no longer has
    /// would be applied at the wrong places. A text over the bound is read when asked for.
    public func text(of path: String) -> [UInt8]? {
        guard let file = files[path] else { return nil }
        if let text = file.text, events.areHeard { return text }
        guard let stamp = Self.stamp(of: path) else { return nil }
        if let text = file.text, stamp.size == file.size, stamp.modified == file.modified { return text }
        return FileTree.contents(URL(fileURLWithPath: path))
    }

    /// The size and modification date the file at `path` had when it was read, and its text when kept: what the
    /// workspace's scan reads rather than the disk.
    func loaded(_ path: String) -> (size: Int, modified: Date, text: [UInt8]?)? {
        files[path].map { ($0.size, $0.modified, $0.text) }
    }

    /// Whether the text of the file at `path` is kept.
    func keepsText(of path: String) -> Bool { files[path]?.text != nil }

    /// What the file at `path` names, when its text is kept and `text` is that text (an open document's differs).
    /// `text(of:)`, with whether the kind prefers it (`Kind.prefers`: for Swift, whether it builds or reads mocks)
    /// when that is known from the read that kept it (nil: search it).
    func textAndPreference(of path: String) -> (text: [UInt8], isPreferred: Bool?)? {
        guard let file = files[path] else { return nil }
        if let text = file.text, events.areHeard { return (text, file.isPreferred) }
        guard let text = text(of: path) else { return nil }
        return (text, file.text.map { $0.hasSameBytes(as: text) } == true ? file.isPreferred : nil)
    }

    func mentions(of path: String, text: [UInt8]) -> ModuleMentions? {
        guard let file = files[path], let kept = file.text, kept.hasSameBytes(as: text) else { return nil }
        return file.mentions
    }

    /// A file event: the file at `url` is read again (or only listed, as the kind says), added, or removed when it is
    /// no longer a regular file.
    /// Returns whether anything changed.
    @discardableResult
    mutating func update(_ url: URL) -> Bool {
        let path = url.path
        let old = files[path]
        guard let stamp = Self.stamp(of: path) else {
            guard let old else { return false }
            keptTextBytes -= old.text?.count ?? 0
            files[path] = nil
            paths.removeAll { $0 == path }
            return true
        }
        if let old, old.size == stamp.size, old.modified == stamp.modified, old.text != nil || !kind.readsAtLoad(path) { return false }
        keptTextBytes -= old?.text?.count ?? 0
        var file = Self.read(url, stamp: stamp, kind: kind)
        if let text = file.text, keptTextBytes + text.count > bound { (file.text, file.mentions) = (nil, nil) }
        keptTextBytes += file.text?.count ?? 0
        files[path] = file
        if old == nil {
            let insertion = paths.partitioningIndex { $0 >= path }
            paths.insert(path, at: insertion)
        }
        return true
    }

    /// The file at `url` as a load or a file event reads it: its text when the kind reads it then, with what it names.
    private static func read(_ url: URL, stamp: (size: Int, modified: Date), kind: Kind) -> File {
        let text = kind.readsAtLoad(url.path) ? FileTree.contents(url) : nil
        return File(
            size: stamp.size, modified: stamp.modified, text: text, mentions: kind.readsMentions ? text.map(ModuleMentions.init) : nil,
            isPreferred: text.map(kind.prefers) ?? false)
    }

    private static func stamp(of path: String) -> (size: Int, modified: Date)? {
        FileTree.stamp(of: path).map { ($0.size, $0.modified) }
    }
}

extension Array {
    /// The first index whose element `belongs` says yes to, the elements being partitioned (no, then yes).
    fileprivate func partitioningIndex(where belongs: (Element) -> Bool) -> Int {
        var (low, high) = (0, count)
        while low < high {
            let middle = (low + high) / 2
            if belongs(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}

/// Whether a workspace's files are heard of as they change: then the texts a snapshot holds are current, and a query
/// reads them as they are. A command's workspace was read just now (`readNow`); the host's hears of changes once the
/// client's file watchers, or its own watch of the folders (`FolderWatch`), are in place.
public final class FileEvents: Sendable {
    private let heard: Atomic<Bool>

    public init(heard: Bool) { self.heard = Atomic(heard) }

    /// A command of the command line: it reads the files once, just before its queries.
    public static let readNow = FileEvents(heard: true)

    var areHeard: Bool { heard.load(ordering: .acquiring) }

    /// Every change is heard of from now on (or not, when the watchers are gone).
    public func set(heard: Bool) { self.heard.store(heard, ordering: .releasing) }
}
