import Features
import Foundation
import MocklsTestSupport
import Analysis
import SwiftAnalysis
import XCTest

/// Snapshot tests written from the previews of `Tests/scenarios/previews` (a `UIViewRepresentable` wrapper with a
/// `Group` of states under `#if DEBUG`, `#Preview` macros with titles, traits and declarations, and two previews a
/// test cannot build again): the files match `Tests/goldens/snapshot-tests` (`MOCKLS_UPDATE=1` rewrites them), type-check
/// against stand-in SwiftUI, UIKit and SnapshotTesting modules, come out the same when written again, and the code
/// action's update of one preview changes only that preview's tests.
final class SnapshotTestsFileTests: XCTestCase {
    static let scenario = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("scenarios/previews")
    static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("goldens/snapshot-tests")
    static let variants: [(name: String, options: SnapshotTests.Options)] = [
        ("xctest", .init(framework: .xctest, devices: ["iPhone13", "iPadPro11"])),
        ("swift-testing", .init(framework: .swiftTesting, devices: ["iPhone13"])),
    ]

    func testFilesMatchTheGoldensAndListWhatTheyLeaveOut() throws {
        let sources = PreviewCatalog.sources(under: Self.scenario)
        XCTAssertEqual(sources.map(\.path), ["Sources/Payments/BalanceView.swift", "Sources/Payments/ConfirmationStateView.swift"])
        XCTAssertEqual(sources.map(\.module), ["Payments", "Payments"])
        for (name, options) in Self.variants {
            let (text, skipped) = SnapshotTests.file(sources, options: options)
            XCTAssertEqual(skipped.map(\.preview), ["#Preview(\"Sample\")", "#Preview(\"Live\")"])
            XCTAssertEqual(skipped.map(\.reason), [
                "it uses `SampleBalance`, which is private to its file", "it sets its state in `.task`, which a snapshot does not wait for",
            ])
            let url = Self.goldens.appendingPathComponent("\(name).swift")
            if ProcessInfo.processInfo.environment["MOCKLS_UPDATE"] == "1" {
                try FileManager.default.createDirectory(at: Self.goldens, withIntermediateDirectories: true)
                try text.write(to: url, atomically: false, encoding: .utf8)
            } else {
                XCTAssertEqual(text, try String(contentsOf: url, encoding: .utf8), "\(name): run with MOCKLS_UPDATE=1 and read the diff")
            }
            // Written again from the same previews: the same file, and no preview's tests to update.
            XCTAssertEqual(SnapshotTests.file(PreviewCatalog.sources(under: Self.scenario), options: options).text, text)
            XCTAssertEqual(SnapshotTests.options(of: Array(text.utf8)), options)
            for source in sources {
                for (index, preview) in source.previews.enumerated() {
                    XCTAssertNil(SnapshotTests.update(Array(text.utf8), with: preview, index: index, in: source, options: options))
                }
            }
        }
    }

    /// A preview edited: the update replaces its tests alone, giving what writing the whole file gives; a preview the
    /// file does not have yet is added before the container's end.
    func testUpdatingOnePreviewChangesOnlyItsTests() throws {
        let options = Self.variants[0].options
        let original = PreviewCatalog.sources(under: Self.scenario)
        let text = Array(SnapshotTests.file(original, options: options).text.utf8)
        let path = Self.scenario.appendingPathComponent("Sources/Payments/BalanceView.swift")
        let edited = try String(contentsOf: path, encoding: .utf8).replacingOccurrences(of: "isHidden: true", with: "isHidden: false")
        var sources = original
        sources[0] = PreviewCatalog.source(path, SwiftFile(edited), root: Self.scenario)
        let hidden = try XCTUnwrap(sources[0].previews.firstIndex { $0.name == "Hidden balance" })
        let update = try XCTUnwrap(SnapshotTests.update(text, with: sources[0].previews[hidden], index: hidden, in: sources[0], options: options))
        var updated = text
        updated.replaceSubrange(update.range, with: Array(update.text.utf8))
        XCTAssertEqual(String(decoding: updated, as: UTF8.self), SnapshotTests.file(sources, options: options).text)
        XCTAssertEqual(String(decoding: text[..<update.range.lowerBound], as: UTF8.self), String(decoding: updated[..<update.range.lowerBound], as: UTF8.self))

        // A new preview: inserted before the closing brace, with its own tests.
        let added = edited + "\n#Preview(\"Zero\") {\n    BalanceView(amount: 0)\n}\n"
        sources[0] = PreviewCatalog.source(path, SwiftFile(added), root: Self.scenario)
        let zero = try XCTUnwrap(sources[0].previews.firstIndex { $0.name == "Zero" })
        let insertion = try XCTUnwrap(SnapshotTests.update(updated, with: sources[0].previews[zero], index: zero, in: sources[0], options: options))
        XCTAssertEqual(insertion.range.count, 0)
        updated.replaceSubrange(insertion.range, with: Array(insertion.text.utf8))
        let result = String(decoding: updated, as: UTF8.self)
        XCTAssertTrue(result.contains("    @MainActor func test_Zero_0() {\n        let view = BalanceView(amount: 0)\n"), result)
        XCTAssertTrue(result.hasSuffix("    // MARK: end #Preview(\"Zero\") (Sources/Payments/BalanceView.swift)\n}\n\n// Previews without a snapshot test:\n// - Sources/Payments/BalanceView.swift, #Preview(\"Sample\"): it uses `SampleBalance`, which is private to its file\n// - Sources/Payments/BalanceView.swift, #Preview(\"Live\"): it sets its state in `.task`, which a snapshot does not wait for\n"), result)
    }

    /// The written files type-check against the stand-ins, with the app module built from the previewed sources
    /// (their `#Preview`s left out: the macro needs Xcode's plugin).
    func testWrittenTestsTypeCheck() throws {
        let sources = PreviewCatalog.sources(under: Self.scenario)
        var app: [(name: String, text: String)] = []
        for source in sources {
            var bytes = Array(try Data(contentsOf: Self.scenario.appendingPathComponent(source.path)))
            for preview in source.previews.reversed() where preview.kind == .macro {
                bytes.replaceSubrange(preview.range, with: [])
            }
            app.append((source.path.split(separator: "/").last.map(String.init) ?? source.path, String(decoding: bytes, as: UTF8.self)))
        }
        guard let modules = try StandInSwiftUI(app: "Payments", sources: app, name: "previews") else { throw XCTSkip("swiftc is not on PATH") }
        defer { modules.remove() }
        for (name, options) in Self.variants {
            let text = SnapshotTests.file(sources, options: options).text
            XCTAssertEqual(try modules.typecheck(text, name: "PreviewSnapshotTests.swift"), [], name)
        }
    }
}

extension SnapshotTestsFileTests {
    /// Private members and labels named like them do not make a preview private; private types and file-level
    /// values do; so do `.onAppear`, `ForEach` and `#else`.
    func testWhatMakesAPreviewUnreproducible() {
        let text = """
            import SwiftUI
            struct Card: View {
                private var title: String
                init(title: String) { self.title = title }
                var body: some View { Text(title) }
            }
            private let sample = "Sample"
            fileprivate struct Frame {}
            #Preview("Labels") {
                let title = "x"
                Card(title: title)
            }
            #Preview("Sample") { Card(title: sample) }
            #Preview("Frame") { Card(title: "\\(Frame.self)") }
            #Preview("Appear") { Card(title: "").onAppear { } }
            #Preview("Many") { ForEach(0..<3) { Card(title: "\\($0)") } }
            #if DEBUG
            #Preview("Debug") { Card(title: "d") }
            #else
            #Preview("Release") { Card(title: "r") }
            #endif
            """
        let previews = SwiftFile(text).previews()
        XCTAssertEqual(previews.map(\.name), ["Labels", "Sample", "Frame", "Appear", "Many", "Debug", "Release"])
        XCTAssertEqual(previews.map(\.problem), [
            nil, "it uses `sample`, which is private to its file", "it uses `Frame`, which is private to its file",
            "it sets its state in `.onAppear`, which a snapshot does not wait for", "its views come from `ForEach`, which mockls cannot tell apart",
            nil, "it is under `#elseif` or `#else`, which mockls does not reproduce",
        ])
        XCTAssertEqual(previews[5].conditions, ["DEBUG"])
        XCTAssertEqual(previews[0].states, ["Group {\n    let title = \"x\"\n    Card(title: title)\n}"])
    }
}

extension SnapshotTestsFileTests {
    /// Previews of one name, in a file or across files: the written tests are all told apart, and each preview's
    /// update finds its own tests unchanged.
    func testPreviewsOfOneNameGetTestsOfTheirOwn() {
        let first = """
            #Preview("Empty") { Card(title: "") }
            #Preview("Empty") { Card(title: " ") }
            #Preview { Card(title: "a") }
            """
        let second = """
            struct Empty: PreviewProvider { static var previews: some View { Card(title: "b") } }
            #Preview("Empty") { Card(title: "c") }
            """
        let sources = [("A/First.swift", first), ("A/Second.swift", second)].map { path, text in
            SnapshotTests.Source(path: path, module: "A", imports: [], previews: SwiftFile(text).previews())
        }
        let text = SnapshotTests.file(sources, options: .init()).text
        for name in ["test_Empty_0", "test_Empty2_0", "test_FirstPreview1_0", "test_Empty_Second_0", "test_Empty2_Second_0"] {
            XCTAssertEqual(text.components(separatedBy: "func \(name)()").count, 2, "\(name):\n\(text)")
        }
        for source in sources {
            for index in source.previews.indices {
                XCTAssertNil(SnapshotTests.update(Array(text.utf8), with: source.previews[index], index: index, in: source, options: .init()), "\(source.path) \(index)")
            }
        }
    }
}

extension SnapshotTestsFileTests {
    /// What a preview says is copied into its tests, but never taken for the file's own lines: a comment that reads
    /// like a `MARK` line or a test's first line, `#if` conditions over lines with comments, a title with a line
    /// separator (U+2028) in it, names that the suffix of a repeated name collides with. Written, each preview's
    /// update finds its tests as written (the fuzzer's finding `Tests/FuzzFindings/swift/preview-mark-line-in-code-2efe44f5`).
    func testWhatAPreviewSaysIsNotReadAsTheFilesLines() {
        let text = """
            struct Foo2: PreviewProvider { static var previews: some View { Card(title: "1") } }
            struct Foo2_First: PreviewProvider { static var previews: some View { Card(title: "2") } }
            #Preview("Foo") { Card(title: "3") }
            #Preview("Foo") {
                VStack {
                    // MARK: end #Preview("Foo") (A/First.swift)
                    // MARK: #Preview("Other") (A/First.swift)
                    //     @MainActor func test_Other_0() {
                    Card(title: "4")
                }
            }
            #if (DEBUG || // a reason
                !RELEASE) /* another */ && os(iOS)
            #Preview("Other") { Card(title: "5") }
            #endif
            #Preview("Two\u{2028}lines") { Card(title: "6") }
            """
        let source = SnapshotTests.Source(path: "A/First.swift", module: "A", imports: [], previews: SwiftFile(text).previews())
        XCTAssertEqual(source.previews.map(\.problem), [nil, nil, nil, nil, nil, nil])
        XCTAssertEqual(source.previews.map(\.name), ["Foo2", "Foo2_First", "Foo", "Foo", "Other", "Two lines"])
        XCTAssertEqual(source.previews[4].conditions, ["(DEBUG || !RELEASE) && os(iOS)"])
        for options in Self.variants.map(\.options) {
            let written = SnapshotTests.file([source], options: options).text
            XCTAssertTrue(written.contains("\n    #if (DEBUG || !RELEASE) && os(iOS)\n"), written)
            if options.framework == .xctest {
                for name in ["test_Foo2_0", "test_Foo2_First_0", "test_Foo_0", "test_Foo2_First_First_0", "test_Other_0"] {
                    XCTAssertEqual(written.components(separatedBy: "\n    @MainActor func \(name)()").count, 2, "\(name):\n\(written)")
                }
            }
            for index in source.previews.indices {
                XCTAssertTrue(SnapshotTests.hasTests(of: source.previews[index], index: index, in: source, Array(written.utf8)))
                XCTAssertNil(
                    SnapshotTests.update(Array(written.utf8), with: source.previews[index], index: index, in: source, options: options),
                    "\(index):\n\(written)")
            }
        }
    }
}
