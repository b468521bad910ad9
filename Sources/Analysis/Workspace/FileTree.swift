#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Synchronization

/// How mockls reads a workspace's folders and files, in one place: configuration globs, folder discovery, the
/// Swift sources it scans, `mockls check` paths and watched-file matching all go through it.
///
/// - A folder is entered once, by what it is (device and inode), not by the path that reached it: links that loop
///   (`loop -> .`, `up -> ..`) cannot make a walk endless. A link that leads out of the workspace is followed (teams
///   link a shared schema), and what it reaches is entered once too.
/// - Skipped folders are the same everywhere: hidden ones (`.git`, `.build`, `.swiftpm`…) and `node_modules`,
///   `DerivedData`, `Pods`, `Carthage`. A path written out in a configuration is still read.
/// - Only regular files are read (a FIFO named `schema.graphql` would block a read forever), each at most
///   `maximumFileSize` bytes.
/// - A walk is bounded: at most `maximumDepth` folders deep, `maximumFolders` folders and `maximumEntries` entries
///   looked at in all (a folder of thousands of files counts as thousands: a workspace opened at `/` or a home folder).
public enum FileTree {
    public static let maximumDepth = 64
    #if FUZZING
    /// A fuzz build walks less: libFuzzer turns workspace folder URIs into `file:///` and its neighbours, and each
    /// such input would walk the machine's first 100,000 folders, leaving the messages surface measuring the file
    /// system (three quarters of its time, at 67 inputs/s; still half of it with 20,000 entries) rather than mockls.
    /// The bounds themselves are still reached.
    public static let maximumFolders = 500
    public static let maximumEntries = 2_000
    #else
    public static let maximumFolders = 100_000
    public static let maximumEntries = 1_000_000
    #endif
    public static let maximumFileSize = 256 << 20

    /// Every path the disk is asked about (a status, a stamp, a listing, a read) while a test watches (`watch(_:)`):
    /// the proof that a query asks nothing of it. Nil, and nothing kept, otherwise.
    private static let asked = Mutex<[String]?>(nil)

    /// The paths `body` asked the disk about, through any thread, in the order asked.
    public static func watch(_ body: () throws -> Void) rethrows -> [String] {
        asked.withLock { $0 = [] }
        defer { asked.withLock { $0 = nil } }
        try body()
        return asked.withLock { $0 ?? [] }
    }

    private static func ask(_ path: String) {
        asked.withLock { if $0 != nil { $0!.append(path) } }
    }

    /// Folders no project's sources live in.
    public static func isSkippedFolder(_ name: some StringProtocol) -> Bool {
        name.hasPrefix(".") || ["node_modules", "DerivedData", "Pods", "Carthage"].contains(String(name))
    }

    /// What a path is, following links.
    public enum Kind: Equatable { case file, folder, other, missing }

    public struct Identity: Hashable { let device: UInt64, inode: UInt64 }

    public static func kind(of path: String) -> Kind { status(of: path).kind }

    static func status(of path: String) -> (kind: Kind, identity: Identity?) {
        ask(path)
        var info = stat()
        guard stat(path, &info) == 0 else { return (.missing, nil) }
        let identity = Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
        switch info.st_mode & S_IFMT {
        case S_IFREG: return (.file, identity)
        case S_IFDIR: return (.folder, identity)
        default: return (.other, identity)
        }
    }

    /// A regular file's size and modification date: what tells a file changed without reading it.
    struct Stamp: Equatable, Sendable {
        var size: Int
        var modified: Date
    }

    /// The stamp of the regular file at `path` (through links, as the walk reads them); nil for anything else.
    static func stamp(of path: String) -> Stamp? {
        ask(path)
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        #if canImport(Darwin)
        let time = info.st_mtimespec
        #else
        let time = info.st_mtim
        #endif
        return Stamp(size: Int(info.st_size), modified: Date(timeIntervalSince1970: Double(time.tv_sec) + Double(time.tv_nsec) / 1e9))
    }

    /// The names in a folder, sorted (empty when it cannot be read).
    static func entries(of folder: String) -> [String] {
        ask(folder)
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    /// Every regular file below `root` (or `root` itself when it is a file) that `include` accepts, sorted by path;
    /// a file reached by two paths is listed once. `maximumEntries` is for tests.
    public static func files(under root: URL, maximumEntries: Int = maximumEntries, include: (String) -> Bool) -> [URL] {
        var walk = Walk(maximumEntries: maximumEntries)
        var found: [String] = []
        let rootPath = root.standardizedFileURL.path
        let (kind, identity) = status(of: rootPath)
        switch kind {
        case .file:
            if include(rootPath) { found.append(rootPath) }
        case .folder:
            walk.visit(rootPath, identity: identity, depth: 0) { path, name, kind, _ in
                if kind == .file, include(path) { found.append(path) }
                return kind == .folder && !isSkippedFolder(name)
            }
        case .other, .missing:
            break
        }
        return found.map { URL(fileURLWithPath: $0) }
    }

    /// A depth-first walk that enters every folder once.
    struct Walk {
        private var entered: Set<Identity> = []
        private var seenFiles: Set<Identity> = []
        private(set) var folders = 0
        private(set) var entries = 0
        private(set) var truncated = false
        let maximumEntries: Int

        init(maximumEntries: Int = FileTree.maximumEntries) { self.maximumEntries = maximumEntries }

        /// Marks a folder as entered; false when it was already (or the walk is over its bounds).
        mutating func enter(_ identity: Identity?, depth: Int) -> Bool {
            guard depth <= FileTree.maximumDepth, folders < FileTree.maximumFolders, entries < maximumEntries else {
                truncated = true
                return false
            }
            if let identity, !entered.insert(identity).inserted { return false }
            folders += 1
            return true
        }

        /// Whether a file is seen for the first time (one listing per file, whatever path reached it).
        mutating func firstSight(of identity: Identity?) -> Bool {
            guard let identity else { return true }
            return seenFiles.insert(identity).inserted
        }

        /// Visits `folder`'s entries, then the folders `body` returns true for, without recursion.
        mutating func visit(
            _ folder: String, identity: Identity?, depth: Int,
            _ body: (_ path: String, _ name: String, _ kind: Kind, _ depth: Int) -> Bool
        ) {
            var pending: [(path: String, identity: Identity?, depth: Int)] = [(folder, identity, depth)]
            while let (path, identity, depth) = pending.popLast() {
                guard enter(identity, depth: depth) else { continue }
                var children: [(String, Identity?, Int)] = []
                for name in FileTree.entries(of: path) {
                    guard entries < maximumEntries else {
                        truncated = true
                        break
                    }
                    entries += 1
                    let child = path == "/" ? "/" + name : path + "/" + name
                    let (kind, childIdentity) = FileTree.status(of: child)
                    if kind == .file, !firstSight(of: childIdentity) { continue }
                    if body(child, name, kind, depth + 1), kind == .folder { children.append((child, childIdentity, depth + 1)) }
                }
                // Depth first, in name order.
                pending.append(contentsOf: children.reversed())
            }
        }
    }

    // MARK: Reading

    public enum ReadError: Error, CustomStringConvertible, Equatable {
        case notRegularFile(String)
        case tooLarge(String, Int)
        case system(String, String)

        public var description: String {
            switch self {
            case .notRegularFile(let path): return "\(path): not a regular file"
            case .tooLarge(let path, let size): return "\(path): \(size) bytes is more than mockls reads (\(FileTree.maximumFileSize))"
            case .system(let path, let reason): return "\(path): \(reason)"
            }
        }
    }

    /// The bytes of a regular file. Opens without blocking and checks what was opened, so a FIFO or a device is
    /// refused rather than read.
    public static func read(_ url: URL) throws(ReadError) -> [UInt8] {
        let path = url.path
        ask(path)
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw .system(path, String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .system(path, String(cString: strerror(errno))) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw .notRegularFile(path) }
        let size = Int(info.st_size)
        guard size <= maximumFileSize else { throw .tooLarge(path, size) }
        var bytes = [UInt8](repeating: 0, count: size)
        var total = 0
        while total < size {
            let count = bytes.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress! + total, size - total) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            total += count
        }
        if total < size { bytes.removeSubrange(total...) }
        return bytes
    }

    #if canImport(Glibc)
    private static let systemRead = Glibc.read
    #else
    private static let systemRead = Darwin.read
    #endif

    /// The bytes of a regular file, or nil.
    public static func contents(_ url: URL) -> [UInt8]? { try? read(url) }

    /// Writes `bytes` to `file` through a temporary file beside it renamed over it: the file is the old one or the
    /// new one, never half of either. Throws the reason (`strerror`'s words), the temporary file removed.
    public static func replace(_ file: URL, with bytes: [UInt8]) throws(ReadError) {
        let temporary = file.deletingLastPathComponent().appendingPathComponent(".\(file.lastPathComponent).mockls-\(getpid())")
        guard FileManager.default.createFile(atPath: temporary.path, contents: Data(bytes)) else {
            throw .system(file.path, String(cString: strerror(errno)))
        }
        guard rename(temporary.path, file.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw .system(file.path, reason)
        }
    }
}
