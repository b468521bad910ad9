import SourceText
import SwiftAnalysis

/// Snapshot tests written from Xcode previews (swift-snapshot-testing's `assertSnapshot(of:as:)`): one test per
/// preview state and device, named after the preview and the state's index, so that writing them again from the
/// same previews gives the same file. Each preview's tests sit between `// MARK:` lines of their own, which is how
/// the code action replaces one preview's tests and leaves the others.
///
/// The file is read back by whole lines at the container's indentation (four spaces): a preview's code is copied
/// into its tests indented by eight or more, and its `#if` conditions and title are one line each, so nothing a
/// preview says (a comment that reads like a `MARK` line, a `func test_…` in a string) is taken for the file's own
/// lines. The fuzzer found that, when the lines were looked for anywhere.
public enum SnapshotTests {
    public enum Framework: String, Sendable, CaseIterable {
        case xctest
        case swiftTesting = "swift-testing"
    }

    public struct Options: Sendable, Equatable {
        public var framework: Framework
        /// `ViewImageConfig` names (`iPhone13`, `iPadPro11`): each state is snapshotted on each.
        public var devices: [String]

        public init(framework: Framework = .xctest, devices: [String] = ["iPhone13"]) {
            self.framework = framework
            self.devices = devices
        }
    }

    /// The previews of one Swift file.
    public struct Source: Sendable, Equatable {
        /// Relative to the workspace, as the tests' comments name it.
        public var path: String
        /// The module the file is compiled into (`@testable import`ed).
        public var module: String
        /// What the file imports besides SwiftUI.
        public var imports: [String]
        public var previews: [Preview]

        public init(path: String, module: String, imports: [String], previews: [Preview]) {
            self.path = path
            self.module = module
            self.imports = imports
            self.previews = previews
        }
    }

    /// A preview no test is written for, and why.
    public struct Skipped: Sendable, Equatable {
        public var path: String
        public var preview: String
        public var reason: String
    }

    public static let fileName = "PreviewSnapshotTests.swift"

    /// Whether `text` is a file `mockls snapshot-tests` wrote.
    public static func isGenerated(_ text: [UInt8]) -> Bool { text.starts(with: Array(header.utf8)) }

    /// The options a file `mockls snapshot-tests` wrote was written with, to update it alike.
    public static func options(of text: [UInt8]) -> Options {
        let string = String(decoding: text, as: UTF8.self)
        var devices: [String] = []
        for line in string.split(separator: "\n") where line.contains("assertSnapshot(of: view") {
            guard let start = line.range(of: "named: \""), let end = line[start.upperBound...].firstIndex(of: "\"") else { continue }
            let device = String(line[start.upperBound..<end])
            if !devices.contains(device) { devices.append(device) }
        }
        return Options(framework: string.contains("\nimport Testing\n") ? .swiftTesting : .xctest, devices: devices.isEmpty ? ["iPhone13"] : devices)
    }

    public static let header = "// Snapshot tests of the Xcode previews, one per preview state, written by `mockls snapshot-tests`."

    /// The whole test file for `sources`, and the previews left out. `including` picks previews (by source and
    /// index): the others are neither written nor listed.
    public static func file(
        _ sources: [Source], options: Options, including: (Source, Int) -> Bool = { _, _ in true }
    ) -> (text: String, skipped: [Skipped]) {
        var blocks: [String] = []
        var skipped: [Skipped] = []
        var names: Set<String> = []
        for source in sources {
            for (index, preview) in source.previews.enumerated() where including(source, index) {
                if let reason = preview.problem {
                    skipped.append(Skipped(path: source.path, preview: displayName(preview, index: index, in: source), reason: reason))
                    continue
                }
                // Two files' previews of one name: the second's tests take its file's name too.
                var name = testName(preview, index: index, in: source)
                while names.contains(name) { name += "_" + fileStem(source) }
                names.insert(name)
                blocks.append(block(preview, index: index, in: source, options: options, name: name))
            }
        }
        var text = header + "\n"
        text += "// Write states as previews and run it again: changes made here by hand are lost.\n\n"
        text += imports(of: sources, options: options).joined(separator: "\n") + "\n\n"
        text += container(options) + " {\n" + blocks.map { "\n" + $0 }.joined() + "}\n"
        if !skipped.isEmpty {
            text += "\n// Previews without a snapshot test:\n"
            text += skipped.map { "// - \($0.path), \($0.preview): \($0.reason)\n" }.joined()
        }
        return (text, skipped)
    }

    /// Whether `existing` has tests of the preview.
    public static func hasTests(of preview: Preview, index: Int, in source: Source, _ existing: [UInt8]) -> Bool {
        lineOffset(of: "    // MARK: \(key(preview, index: index, in: source))\n", in: existing) != nil
    }

    /// The edit that adds or replaces the tests of one preview in an existing test file (`existing`), or nil when
    /// they are as written already or the file is not one `mockls snapshot-tests` wrote.
    public static func update(
        _ existing: [UInt8], with preview: Preview, index: Int, in source: Source, options: Options
    ) -> (range: Range<Int>, text: String)? {
        let text = String(decoding: existing, as: UTF8.self)
        guard text.hasPrefix(header), preview.problem == nil else { return nil }
        let begin = "    // MARK: \(key(preview, index: index, in: source))\n"
        let end = "    // MARK: end \(key(preview, index: index, in: source))\n"
        let bytes = existing
        let current = lineOffset(of: begin, in: bytes).flatMap { start in
            lineOffset(of: end, in: bytes, from: start).map { start..<($0 + end.utf8.count) }
        }
        // An earlier preview of the same name (another file's, or one named like this one's suffixed name) has its
        // tests: these take the file's name too, as `file` does. Tests are in preview order, so the first test of a
        // name is the earliest preview's.
        var name = testName(preview, index: index, in: source)
        while let found = lineOffset(of: functionLine(name, state: 0, options), in: bytes), current.map({ !$0.contains(found) }) ?? true {
            name += "_" + fileStem(source)
        }
        let block = self.block(preview, index: index, in: source, options: options, name: name)
        if let range = current {
            return String(decoding: bytes[range], as: UTF8.self) == block ? nil : (range, block)
        }
        // A new preview: after the last test, before the container's closing brace.
        guard let close = text.utf8.lastIndex(of: UInt8(ascii: "}")) else { return nil }
        var offset = text.utf8.distance(from: text.utf8.startIndex, to: close)
        // The closing brace of the container is the one at the start of a line.
        while offset > 0, bytes[offset - 1] != 10 {
            guard let previous = bytes[..<offset].lastIndex(of: UInt8(ascii: "}")) else { return nil }
            offset = previous
        }
        return (offset..<offset, "\n" + block)
    }

    /// The preview's tests with their `MARK` lines.
    static func block(_ preview: Preview, index: Int, in source: Source, options: Options, name: String? = nil) -> String {
        let key = key(preview, index: index, in: source)
        let name = name ?? testName(preview, index: index, in: source)
        var out = "    // MARK: \(key)\n"
        for condition in preview.conditions { out += "    #if \(condition)\n" }
        for (stateIndex, state) in preview.states.enumerated() {
            let view = state.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
                .map { $0.offset == 0 ? String($0.element) : "        " + $0.element }.joined(separator: "\n")
            out += "\n" + functionLine(name, state: stateIndex, options)
            out += "        let view = \(view)\n"
            for device in options.devices {
                out += "        assertSnapshot(of: view, as: .image(layout: .device(config: .\(device))), named: \"\(device)\")\n"
            }
            out += "    }\n"
        }
        out += "\n"
        for _ in preview.conditions { out += "    #endif\n" }
        return out + "    // MARK: end \(key)\n"
    }

    /// The line that opens the test of one state.
    private static func functionLine(_ name: String, state: Int, _ options: Options) -> String {
        switch options.framework {
        case .xctest: return "    @MainActor func test_\(name)_\(state)() {\n"
        case .swiftTesting: return "    @Test func \(name.prefix(1).lowercased() + name.dropFirst())_\(state)() {\n"
        }
    }

    /// Where `line` (ending in a newline) starts a line of `text`, at or after `start`.
    private static func lineOffset(of line: String, in text: [UInt8], from start: Int = 0) -> Int? {
        var from = start
        while let found = text.firstOffset(of: line, from: from) {
            if found == 0 || text[found - 1] == 10 { return found }
            from = found + 1
        }
        return nil
    }

    /// What the `MARK` lines say: the preview and its file.
    static func key(_ preview: Preview, index: Int, in source: Source) -> String {
        "\(displayName(preview, index: index, in: source)) (\(source.path))"
    }

    /// The preview's name in its file; a second preview of one name (two `#Preview("Empty")`) is told apart by its rank.
    static func displayName(_ preview: Preview, index: Int, in source: Source) -> String {
        let name = baseDisplayName(preview, index: index, in: source)
        let rank = source.previews[..<index].indices.filter { baseDisplayName(source.previews[$0], index: $0, in: source) == name }.count + 1
        return rank == 1 ? name : "\(name) (\(rank))"
    }

    private static func baseDisplayName(_ preview: Preview, index: Int, in source: Source) -> String {
        switch preview.kind {
        case .provider: return preview.name ?? "Preview"
        case .macro: return preview.name.map { "#Preview(\"\($0)\")" } ?? "#Preview \(macroOrdinal(index, in: source))"
        }
    }

    /// `ConfirmationStateViewPreview`, `#Preview("Loading state")` → `LoadingState`, an untitled `#Preview` →
    /// `ConfirmationStateViewPreview2` (the file's name and which untitled one it is).
    static func testName(_ preview: Preview, index: Int, in source: Source) -> String {
        let name = baseTestName(preview, index: index, in: source)
        let rank = source.previews[..<index].indices.filter { baseTestName(source.previews[$0], index: $0, in: source) == name }.count + 1
        return rank == 1 ? name : "\(name)\(rank)"
    }

    private static func baseTestName(_ preview: Preview, index: Int, in source: Source) -> String {
        let words: [Substring]
        switch (preview.kind, preview.name) {
        case (.provider, let name?): words = [Substring(name)]
        case (.macro, let title?): words = title.split { !$0.isLetter && !$0.isNumber }
        default:
            words = ["\(fileStem(source))Preview\(macroOrdinal(index, in: source))"]
        }
        var name = String(words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined().filter { $0.isLetter || $0.isNumber || $0 == "_" })
        if name.isEmpty || name.first!.isNumber { name = "Preview" + name }
        return name
    }

    private static func fileStem(_ source: Source) -> String {
        let last = source.path.split(separator: "/").last ?? "File"
        return String(last.hasSuffix(".swift") ? last.dropLast(6) : last).filter { $0.isLetter || $0.isNumber || $0 == "_" }
    }

    /// 1 for the file's first untitled `#Preview`, 2 for the next.
    private static func macroOrdinal(_ index: Int, in source: Source) -> Int {
        source.previews[...index].filter { $0.kind == .macro && $0.name == nil }.count
    }

    private static func imports(of sources: [Source], options: Options) -> [String] {
        let framework = options.framework == .xctest ? "XCTest" : "Testing"
        let modules = Set(sources.map(\.module))
        let plain = Set(["SnapshotTesting", "SwiftUI", framework] + sources.flatMap(\.imports)).subtracting(modules)
        return plain.sorted().map { "import \($0)" } + modules.sorted().map { "@testable import \($0)" }
    }

    private static func container(_ options: Options) -> String {
        switch options.framework {
        case .xctest: return "final class PreviewSnapshotTests: XCTestCase"
        case .swiftTesting: return "@MainActor\n@Suite struct PreviewSnapshotTests"
        }
    }
}
