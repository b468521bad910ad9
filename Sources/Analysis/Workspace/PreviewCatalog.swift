import Features
import Foundation
import SourceText
import SwiftAnalysis
import Synchronization

/// The Xcode previews of a workspace's Swift files, and where their snapshot tests go: what `mockls snapshot-tests`
/// writes and the preview code action edits.
public enum PreviewCatalog {
    /// The previews of every Swift file under `root` that has some, read from the files `files` holds (`text` gives
    /// open documents' text), in path order. `module` names the module of every file; otherwise each file's is read
    /// from its path.
    public static func sources(
        in files: WorkspaceFiles, under root: URL, module: String? = nil, text: @Sendable (URL) -> [UInt8]? = { _ in nil }
    ) -> [SnapshotTests.Source] {
        let urls = files.paths(under: root).map { URL(fileURLWithPath: $0) }
        let found = Mutex<[Int: SnapshotTests.Source]>([:])
        DispatchQueue.concurrentPerform(iterations: urls.count) { index in
            guard let bytes = text(urls[index]) ?? files.text(of: urls[index].path),
                bytes.contains(bytes: "PreviewProvider") || bytes.contains(bytes: "#Preview")
            else { return }
            let source = self.source(urls[index], SwiftFile(bytes), root: root, module: module)
            if !source.previews.isEmpty { found.withLock { $0[index] = source } }
        }
        return found.withLock { $0 }.sorted { $0.key < $1.key }.map(\.value)
    }

    /// The previews of every Swift file under `root`, walked now (`mockls snapshot-tests`, which reads a folder).
    public static func sources(under root: URL, module: String? = nil) -> [SnapshotTests.Source] {
        sources(in: WorkspaceFiles(walking: root), under: root, module: module)
    }

    public static func source(_ url: URL, _ file: SwiftFile, root: URL, module: String? = nil) -> SnapshotTests.Source {
        let module = module ?? self.module(of: url, root: root)
        return SnapshotTests.Source(
            path: relativePath(of: url, root: root), module: module,
            imports: file.importedModules().filter { $0 != module }, previews: file.previews())
    }

    /// `Sources/<Module>/…` (SwiftPM), else the first folder under the workspace (an Xcode target's), else the
    /// workspace's own name.
    public static func module(of url: URL, root: URL) -> String {
        let components = relativePath(of: url, root: root).split(separator: "/").dropLast()
        if let sources = components.firstIndex(of: "Sources"), sources + 1 < components.endIndex {
            return identifier(components[sources + 1])
        }
        return identifier(components.first ?? Substring(root.lastPathComponent))
    }

    /// The test file `mockls snapshot-tests` wrote under `root`, if `files` holds one (`text` gives open documents' text).
    public static func existingTestFile(in files: WorkspaceFiles, under root: URL, text: (URL) -> [UInt8]? = { _ in nil }) -> URL? {
        files.paths(under: root).lazy.filter { $0.hasSuffix("/" + SnapshotTests.fileName) }.map { URL(fileURLWithPath: $0) }
            .first { (text($0) ?? files.text(of: $0.path)).map(SnapshotTests.isGenerated) ?? false }
    }

    /// Where a first test file goes: in the first test target under `Tests/` (a folder named `…Tests` with Swift files),
    /// else in `Tests/PreviewSnapshotTests/`.
    public static func newTestFile(in files: WorkspaceFiles, under root: URL) -> URL {
        let tests = root.standardizedFileURL.appendingPathComponent("Tests")
        let targets = files.paths(under: tests).compactMap { path in
            path.dropFirst(tests.path.count + 1).split(separator: "/", omittingEmptySubsequences: false).dropLast().first
        }.filter { $0.hasSuffix("Tests") }
        return tests.appendingPathComponent(targets.min().map(String.init) ?? "PreviewSnapshotTests").appendingPathComponent(SnapshotTests.fileName)
    }

    static func relativePath(of url: URL, root: URL) -> String {
        let path = url.standardizedFileURL.path
        let prefix = root.standardizedFileURL.path.hasSuffix("/") ? root.standardizedFileURL.path : root.standardizedFileURL.path + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : url.lastPathComponent
    }

    private static func identifier(_ name: Substring) -> String {
        let cleaned = String(name.map { $0.isLetter || $0.isNumber ? $0 : "_" })
        return cleaned.first?.isNumber == true ? "_" + cleaned : cleaned
    }
}
