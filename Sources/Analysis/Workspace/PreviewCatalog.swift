import Features
import Foundation
import SourceText
import SwiftAnalysis
import Synchronization

/// The Xcode previews of a workspace's Swift files, and where their snapshot tests go: what `mockls snapshot-tests`
/// writes and the preview code action edits.
public enum PreviewCatalog {
    /// The previews of every Swift file under `root` that has some (`text` gives open documents' text), in path order.
    /// `module` names the module of every file; otherwise each file's is read from its path.
    public static func sources(under root: URL, module: String? = nil, text: @Sendable (URL) -> [UInt8]? = { _ in nil }) -> [SnapshotTests.Source] {
        let files = FileTree.files(under: root) { $0.hasSuffix(".swift") && !$0.hasSuffix(".graphql.swift") }
            .sorted { $0.path < $1.path }
        let found = Mutex<[Int: SnapshotTests.Source]>([:])
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            guard let bytes = text(files[index]) ?? FileTree.contents(files[index]),
                bytes.contains(bytes: "PreviewProvider") || bytes.contains(bytes: "#Preview")
            else { return }
            let source = self.source(files[index], SwiftTestFile(bytes), root: root, module: module)
            if !source.previews.isEmpty { found.withLock { $0[index] = source } }
        }
        return found.withLock { $0 }.sorted { $0.key < $1.key }.map(\.value)
    }

    public static func source(_ url: URL, _ file: SwiftTestFile, root: URL, module: String? = nil) -> SnapshotTests.Source {
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

    /// The test file `mockls snapshot-tests` wrote under `root`, if there is one.
    public static func existingTestFile(under root: URL) -> URL? {
        FileTree.files(under: root) { $0.hasSuffix("/" + SnapshotTests.fileName) }.sorted { $0.path < $1.path }
            .first { FileTree.contents($0).map(SnapshotTests.isGenerated) ?? false }
    }

    /// Where a first test file goes: in the first test target under `Tests/` (a folder named `…Tests`), else in
    /// `Tests/PreviewSnapshotTests/`.
    public static func newTestFile(under root: URL) -> URL {
        let tests = root.appendingPathComponent("Tests")
        let targets = ((try? FileManager.default.contentsOfDirectory(atPath: tests.path)) ?? []).sorted()
            .filter { $0.hasSuffix("Tests") && FileTree.kind(of: tests.appendingPathComponent($0).path) == .folder }
        return tests.appendingPathComponent(targets.first ?? "PreviewSnapshotTests").appendingPathComponent(SnapshotTests.fileName)
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
