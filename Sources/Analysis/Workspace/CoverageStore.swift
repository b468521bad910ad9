import Dispatch
import Foundation
import JSONRPC
import SourceText
import Synchronization

/// What each test file's tests set and read, as one session followed them, kept on disk for the next session of the
/// same workspace: a start takes a file's entry instead of following its tests again while the file's text and what
/// they were read against (the project's documents and configuration, the other files' helpers, this build of mockls)
/// are the same, as gopls's file cache and clangd's index do. The first lenses after a restart then cost a read of
/// the workspace, not a reading of every test.
///
/// One file per workspace root in the user's cache folder (`MOCKLS_CACHE_DIR`, else `$XDG_CACHE_HOME/mockls`, else
/// `~/.cache/mockls`; `MOCKLS_CACHE_DIR=off` keeps nothing), written whole through a rename, at most a few seconds
/// after new results and at shutdown; the `maximumWorkspaces` most recently written are kept, each at most
/// `maximumBytes`. A file that cannot be read, does not decode, or another build of mockls wrote is ignored: the tests
/// are followed again.
final class CoverageStore: Sendable {
    /// One test file's entry.
    struct Entry: Codable, Sendable, Equatable {
        /// `StableHash` of the file's text, and of what its tests were read against (`SelectionCoverageCache`), in hex
        /// (a JSON number holds 53 bits).
        var text: String
        var context: String
        var tests: [SelectionCoverageReport.FileTest]
        /// What its tests read of the types other files declare: the files that declared each, with their texts'
        /// hashes (`OtherFilesDependencies.Stored`).
        var otherFiles: [String: OtherFilesDependencies.Stored]
    }

    /// What one workspace's file holds.
    struct Contents: Codable, Sendable {
        var format = CoverageStore.format
        var build: String
        var root: String
        var files: [String: Entry]
    }

    static let format = 2
    static let maximumWorkspaces = 32
    /// The most a workspace's file may hold (about 300,000 tests): a bigger one is not written, and not read (decoding
    /// it would cost more memory than following the tests again).
    static let maximumBytes = 32 << 20
    /// How long after new results the file is written: an editor asks for lenses after every edit.
    static let saveDelay: Double = 5

    /// Nil: nothing is kept (no cache folder, or `MOCKLS_CACHE_DIR=off`).
    let folder: URL?
    private let build: String
    private let queue = DispatchQueue(label: "mockls.coverage-store", qos: .utility)
    /// What to write for each root with results not written yet.
    private let pending = Mutex<[String: @Sendable () -> [String: Entry]]>([:])

    init(folder: URL? = CoverageStore.defaultFolder(), build: String = CoverageStore.buildIdentity()) {
        self.folder = folder
        self.build = build
    }

    /// The folder `MOCKLS_CACHE_DIR` names (nil when it is `off` or empty), else the user's cache folder's `mockls`.
    static func defaultFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL? {
        if let named = environment["MOCKLS_CACHE_DIR"] {
            return named.isEmpty || named == "off" ? nil : URL(fileURLWithPath: named, isDirectory: true)
        }
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
            return URL(fileURLWithPath: cache, isDirectory: true).appendingPathComponent("mockls")
        }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".cache/mockls")
    }

    /// This build of mockls: its version and its executable's size and date, so a rebuilt binary never takes what
    /// another one computed.
    static func buildIdentity() -> String {
        let executable = Bundle.main.executablePath ?? CommandLine.arguments.first ?? ""
        let attributes = try? FileManager.default.attributesOfItem(atPath: executable)
        let size = (attributes?[.size] as? NSNumber)?.intValue ?? 0
        let modified = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        return "\(MocklsVersion.string) \(size) \(modified)"
    }

    /// The file of `root`'s workspace.
    func file(of root: String) -> URL? {
        var hash = StableHash()
        hash.combine(root)
        return folder?.appendingPathComponent("coverage-\(String(hash.value, radix: 16)).json")
    }

    /// The entries an earlier session of this build kept for `root`, by file path; empty when there are none.
    func entries(of root: String) -> [String: Entry] {
        guard let file = file(of: root),
            let size = (try? FileManager.default.attributesOfItem(atPath: file.path))?[.size] as? NSNumber, size.intValue <= Self.maximumBytes,
            let bytes = FileTree.contents(file),
            let contents = try? JSONCDecoder().decode(Contents.self, from: bytes),
            contents.format == Self.format, contents.build == build, contents.root == root
        else { return [:] }
        return contents.files
    }

    /// Writes `root`'s entries (what `entries` gives when it runs) after `saveDelay`, or at the next `flush`.
    func save(_ root: String, after delay: Double = CoverageStore.saveDelay, _ entries: @escaping @Sendable () -> [String: Entry]) {
        guard folder != nil else { return }
        let scheduled = pending.withLock { pending in
            defer { pending[root] = entries }
            return pending[root] != nil
        }
        guard !scheduled else { return }
        queue.asyncAfter(deadline: .now() + delay) { self.write(root) }
    }

    /// Writes every pending file now, and returns when they are written (at shutdown).
    func flush() {
        queue.sync {
            for root in pending.withLock({ Array($0.keys) }) { write(root) }
        }
    }

    /// On `queue` only.
    private func write(_ root: String) {
        guard let entries = pending.withLock({ $0.removeValue(forKey: root) }), let folder, let file = file(of: root) else { return }
        let contents = Contents(build: build, root: root, files: entries())
        guard let bytes = try? JSONCEncoder().encode(contents) else { return }
        guard bytes.count <= Self.maximumBytes else {
            try? FileManager.default.removeItem(at: file)
            return
        }
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        guard (try? FileTree.replace(file, with: bytes)) != nil else { return }
        prune(folder)
    }

    /// Removes the least recently written workspaces' files past `maximumWorkspaces`.
    private func prune(_ folder: URL) {
        let keys: [URLResourceKey] = [.contentModificationDateKey]
        guard let files = try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: keys),
            files.count > Self.maximumWorkspaces
        else { return }
        let stores = files.filter { $0.lastPathComponent.hasPrefix("coverage-") && $0.pathExtension == "json" }
        let dated = stores.map { ($0, (try? $0.resourceValues(forKeys: Set(keys)).contentModificationDate) ?? .distantPast) }
        for (file, _) in dated.sorted(by: { $0.1 > $1.1 }).dropFirst(Self.maximumWorkspaces) {
            try? FileManager.default.removeItem(at: file)
        }
    }
}
