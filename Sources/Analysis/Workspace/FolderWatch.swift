#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Foundation
import Synchronization

/// The host's own watch of its workspace folders, for a client that registers no file watchers (Neovim 0.7, eglot,
/// Helix): a `git checkout` or a save from another editor reaches the index as a client's file event would, so a query
/// can trust the texts the snapshot holds. One protocol, a watch per platform: inotify on Linux; elsewhere, until
/// FSEvents, a poll of the folders and files a walk found (every `PollingWatch.interval`). Events are gathered for
/// `settle` and handed over together, once per burst (a checkout changes hundreds of files at once).
protocol FolderWatch: Sendable {
    /// Watches `folders` from now on: a folder new to the watch is walked (off the caller's thread), the folders of
    /// one no longer there are left. A change of workspace folders costs the folders it changes, not a new watch.
    func watch(_ folders: [URL])
    /// Stops watching: no `changed` after it returns.
    func stop()
}

enum FolderWatches {
    /// How long events gather before `changed` gets them.
    static let settle: DispatchTimeInterval = .milliseconds(100)

    /// A watch of `folders` (and every folder below them a workspace walk would enter) calling `changed` with the
    /// files created, changed or removed; nil when the platform's watch cannot start (it says why in `log`).
    static func start(_ folders: [URL], log: @escaping @Sendable (String) -> Void, changed: @escaping @Sendable ([URL]) -> Void) -> (any FolderWatch)? {
        #if os(Linux)
        if let watch = InotifyWatch(folders, log: log, changed: changed) { return watch }
        log("inotify is not available: the workspace's files are polled for changes instead")
        #endif
        return PollingWatch(folders, changed: changed)
    }
}

/// Events gathered for `FolderWatches.settle`, handed to `changed` once per burst, off the watching thread.
private final class Batch: Sendable {
    private let pending = Mutex<(files: Set<URL>, scheduled: Bool)>(([], false))
    private let changed: @Sendable ([URL]) -> Void
    private let queue = DispatchQueue(label: "mockls.watch")
    private let stopped = Atomic<Bool>(false)

    init(changed: @escaping @Sendable ([URL]) -> Void) {
        self.changed = changed
    }

    func add(_ files: some Sequence<URL>) {
        let schedule = pending.withLock { pending in
            pending.files.formUnion(files)
            guard !pending.scheduled, !pending.files.isEmpty else { return false }
            pending.scheduled = true
            return true
        }
        guard schedule else { return }
        queue.asyncAfter(deadline: .now() + FolderWatches.settle) { [self] in
            let files = pending.withLock { pending in
                defer { pending = ([], false) }
                return pending.files
            }
            if !isStopped, !files.isEmpty { changed(files.sorted { $0.path < $1.path }) }
        }
    }

    func stop() { stopped.store(true, ordering: .releasing) }
    var isStopped: Bool { stopped.load(ordering: .acquiring) }
}

#if os(Linux)
/// inotify: a watch per folder (as the workspace walk enters them: `FileTree.isSkippedFolder` folders are left out),
/// read on a thread of its own; a folder created later is watched from then on, with the files it already holds.
final class InotifyWatch: FolderWatch, @unchecked Sendable {
    // @unchecked: `folders`, `visited` and `roots` are touched by the watch's thread only.
    private let descriptor: Int32
    /// A pipe written to wake the watch's thread (new folders to watch, or a stop): read end, write end.
    private let wake: (read: Int32, write: Int32)
    /// The folders watched, by watch descriptor, and by identity.
    private var folders: [Int32: (path: String, identity: FileTree.Identity)] = [:]
    private var visited: Set<FileTree.Identity> = []
    /// The roots the thread watches, and the roots asked for and not taken yet.
    private var roots: [String] = []
    private let asked = Mutex<[String]?>(nil)
    private let batch: Batch
    private let log: @Sendable (String) -> Void
    private let finished = DispatchSemaphore(value: 0)
    private static let mask = UInt32(IN_CREATE | IN_CLOSE_WRITE | IN_MODIFY | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_ATTRIB)

    init?(_ roots: [URL], log: @escaping @Sendable (String) -> Void, changed: @escaping @Sendable ([URL]) -> Void) {
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            close(descriptor)
            return nil
        }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        wake = (ends[0], ends[1])
        (self.log, batch) = (log, Batch(changed: changed))
        asked.withLock { $0 = Self.paths(roots) }
        // The folders are walked on the watch's thread: a large (or hostile) workspace never holds up the caller.
        let thread = Thread { [self] in run() }
        thread.name = "mockls.inotify"
        thread.start()
    }

    private static func paths(_ roots: [URL]) -> [String] { roots.map { $0.standardizedFileURL.path } }

    func watch(_ roots: [URL]) {
        asked.withLock { $0 = Self.paths(roots) }
        signal()
    }

    func stop() {
        guard !batch.isStopped else { return }
        batch.stop()
        signal()
        finished.wait()
        close(descriptor)
        close(wake.read)
        close(wake.write)
    }

    private func signal() {
        var byte: UInt8 = 1
        _ = write(wake.write, &byte, 1)  // a full pipe already wakes the thread
    }

    /// Takes the roots asked for: the folders of roots gone are no longer watched, new roots are walked.
    private func takeRoots() {
        guard let asked = asked.withLock({ asked in
            defer { asked = nil }
            return asked
        }), asked != roots else { return }
        let kept = Set(asked)
        let gone = roots.filter { !kept.contains($0) }
        if !gone.isEmpty {
            for (watch, folder) in folders where gone.contains(where: { Self.path(folder.path, isIn: $0) }) {
                inotify_rm_watch(descriptor, watch)
                folders[watch] = nil
                visited.remove(folder.identity)
            }
        }
        let known = Set(roots)
        roots = asked
        // After a removal every root is walked again (cheap: what is watched is passed by), for a folder two roots
        // reached through a link; otherwise only the new ones.
        for root in asked where !gone.isEmpty || !known.contains(root) { watchTree(root) }
    }

    private static func path(_ path: String, isIn root: String) -> Bool {
        path == root || (path.hasPrefix(root) && (root.hasSuffix("/") || path.utf8.dropFirst(root.utf8.count).first == UInt8(ascii: "/")))
    }

    /// Watches `path` and every folder below it a walk enters, each folder once however many links lead to it (a link
    /// loop ends there), at most `FileTree.maximumFolders` in all; returns the files found in them.
    @discardableResult
    private func watchTree(_ path: String) -> [URL] {
        var found: [URL] = []
        var pending = [path]
        while let folder = pending.popLast(), !batch.isStopped {
            guard visited.count < FileTree.maximumFolders else {
                log("\(FileTree.maximumFolders) folders are watched: those past them are not")
                break
            }
            let status = FileTree.status(of: folder)
            guard status.kind == .folder, let identity = status.identity, visited.insert(identity).inserted else { continue }
            let watch = inotify_add_watch(descriptor, folder, Self.mask)
            guard watch >= 0 else {
                if errno == ENOSPC {
                    log("inotify's watch limit (fs.inotify.max_user_watches) is reached: \(folder) and the folders below it are not watched")
                }
                continue
            }
            folders[watch] = (folder, identity)
            guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { continue }
            for name in entries {
                let child = folder + "/" + name
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: child, isDirectory: &isFolder) else { continue }
                if isFolder.boolValue {
                    if !FileTree.isSkippedFolder(name) { pending.append(child) }
                } else {
                    found.append(URL(fileURLWithPath: child))
                }
            }
        }
        return found
    }

    private func run() {
        defer { finished.signal() }
        let size = 64 * 1024
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: MemoryLayout<inotify_event>.alignment)
        defer { buffer.deallocate() }
        var pollers = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0), pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0)]
        takeRoots()
        while !batch.isStopped {
            guard poll(&pollers, 2, -1) > 0 else { continue }
            if pollers[1].revents != 0 {
                var bytes = [UInt8](repeating: 0, count: 64)
                while read(wake.read, &bytes, bytes.count) > 0 {}
                if batch.isStopped { break }
                takeRoots()
            }
            guard pollers[0].revents != 0 else { continue }
            let count = read(descriptor, buffer, size)
            guard count > 0 else { continue }
            var changed: [URL] = []
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= count {
                let event = buffer.load(fromByteOffset: offset, as: inotify_event.self)
                let nameStart = buffer.advanced(by: offset + MemoryLayout<inotify_event>.size)
                let name = event.len > 0 ? String(cString: nameStart.assumingMemoryBound(to: CChar.self)) : ""
                offset += MemoryLayout<inotify_event>.size + Int(event.len)
                if event.mask & UInt32(IN_IGNORED) != 0 {
                    // The folder is gone: a folder made later on its inode is watched anew.
                    if let gone = folders.removeValue(forKey: event.wd) { visited.remove(gone.identity) }
                    continue
                }
                guard let folder = folders[event.wd]?.path, !name.isEmpty else { continue }
                let path = folder + "/" + name
                if event.mask & UInt32(IN_ISDIR) != 0 {
                    // A folder created or moved in: watched from now on, with what it holds already.
                    if event.mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0, !FileTree.isSkippedFolder(name) {
                        changed += watchTree(path)
                    }
                    continue
                }
                changed.append(URL(fileURLWithPath: path))
            }
            batch.add(changed)
        }
    }
}
#endif

/// The folders and files a walk finds, looked at again every `interval`: a file whose size or date changed, that
/// appeared or went, is handed over. For platforms whose watch mockls does not use yet.
final class PollingWatch: FolderWatch, @unchecked Sendable {
    // @unchecked: `roots` and `seen` are touched by the timer's queue only.
    static let interval: DispatchTimeInterval = .seconds(2)
    private var roots: [URL]
    private var seen: [String: FileTree.Stamp] = [:]
    private let batch: Batch
    private let timer: any DispatchSourceTimer
    private let queue = DispatchQueue(label: "mockls.poll", qos: .utility)

    init(_ roots: [URL], changed: @escaping @Sendable ([URL]) -> Void) {
        self.roots = roots
        batch = Batch(changed: changed)
        timer = DispatchSource.makeTimerSource(queue: queue)
        // The first look on the watch's queue: a large workspace never holds up the caller.
        queue.async { [self] in seen = look() }
        timer.schedule(deadline: .now() + Self.interval, repeating: Self.interval)
        timer.setEventHandler { [self] in
            let now = look()
            var changed: [URL] = []
            for (path, stamp) in now where seen[path] != stamp { changed.append(URL(fileURLWithPath: path)) }
            for path in seen.keys where now[path] == nil { changed.append(URL(fileURLWithPath: path)) }
            seen = now
            batch.add(changed)
        }
        timer.resume()
    }

    func watch(_ folders: [URL]) {
        queue.async { [self] in
            // Paths as `look` walks them (`FileTree.files` standardizes its root).
            let (before, after) = (roots.map(Self.path), folders.map(Self.path))
            let added = folders.filter { !before.contains(Self.path($0)) }
            let gone = before.filter { !after.contains($0) }
            roots = folders
            // What a new folder holds is taken as seen, not as changed (the index reads it when it adds the folder);
            // the folders kept keep the stamps of the last look, so what changed in them since is still heard of.
            for (path, stamp) in look(under: added) where seen[path] == nil { seen[path] = stamp }
            if !gone.isEmpty {
                seen = seen.filter { path, _ in !Self.isInside(path, gone) || Self.isInside(path, after) }
            }
        }
    }

    private static func path(_ folder: URL) -> String { folder.standardizedFileURL.path }

    private static func isInside(_ path: String, _ folders: [String]) -> Bool {
        folders.contains { path == $0 || path.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }
    }

    func stop() {
        batch.stop()
        timer.cancel()
        queue.sync {}
    }

    private func look() -> [String: FileTree.Stamp] { look(under: roots) }

    private func look(under roots: [URL]) -> [String: FileTree.Stamp] {
        var found: [String: FileTree.Stamp] = [:]
        for root in roots {
            for file in FileTree.files(under: root, include: { _ in true }) {
                if let stamp = FileTree.stamp(of: file.path) { found[file.path] = stamp }
            }
        }
        return found
    }
}
