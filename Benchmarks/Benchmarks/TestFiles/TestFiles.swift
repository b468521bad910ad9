import Benchmark
import BenchmarkSupport
import Features
import Foundation
import GraphQLIndex
import JSONRPC
import LSP
import Server
import SourceText
import SwiftAnalysis
import Synchronization

/// Completion and diagnostics as a client sees them: JSON-RPC messages into an in-process `LanguageServer` with the
/// GitHub schema and operations indexed, timed until the reply is written. The test file is generated: 10k lines of
/// mock constructions, assignments, member reads, `from(_:)` calls and model reads over GitHub's mocked types.

/// `../shared/bench`, beside the repository.
let bench = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/bench")

/// A workspace whose Apollo configuration points at the GitHub corpus in `../shared/bench`.
func githubWorkspace() -> URL {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent(".build/completion-workspace")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let config = """
        {
          "schemaNamespace": "GitHubAPI",
          "input": {
            "schemaSearchPaths": ["\(bench.path)/github/schema.graphqls"],
            "operationSearchPaths": ["\(bench.path)/github/**/*.graphql"]
          },
          "output": {
            "schemaTypes": { "path": "./GitHubAPI", "moduleType": { "swiftPackageManager": {} } },
            "testMocks": { "swiftPackage": { "targetName": "GitHubAPITestMocks" } }
          }
        }
        """
    try! config.write(to: folder.appendingPathComponent("apollo-codegen-config.json"), atomically: true, encoding: .utf8)
    return folder
}

/// A generated test file of `lineCount` lines and 20 cursor positions spread through it: type arguments,
/// initializer labels, argument values, members and `from(_:)` arguments.
func generatedTestFile(lineCount: Int) -> (text: String, positions: [(line: Int, character: Int)]) {
    let schema = Array(try! Data(contentsOf: bench.appendingPathComponent("github/schema.graphqls")))
    var sources: [(path: String, role: DocumentRole, text: [UInt8])] = [("schema.graphqls", .schema, schema)]
    let enumerator = FileManager.default.enumerator(at: bench.appendingPathComponent("github"), includingPropertiesForKeys: nil)
    while let url = enumerator?.nextObject() as? URL {
        guard url.pathExtension == "graphql" else { continue }
        sources.append((url.path, .executable, Array(try! Data(contentsOf: url))))
    }
    let index = ProjectIndex(namespace: "GitHubAPI", sources: sources)
    let objects = index.mockModel.objects.filter { $0.fields.contains { $0.defaultValue != "nil" } && $0.fields.count >= 2 }
    let roots = index.selectionSetModel().selectionSets.filter {
        $0.kind == .operationData && $0.parentType == "Query" && !$0.fields.isEmpty
    }
    var lines = ["import XCTest", "import ApolloTestSupport", "import GitHubAPI", "import GitHubAPITestMocks", "",
                 "final class GeneratedTests: XCTestCase {"]
    var candidates: [[(line: Int, character: Int)]] = []
    var test = 0
    while lines.count < lineCount - 2 {
        let object = objects[test % objects.count]
        let set = object.fields.filter { $0.defaultValue != "nil" }.prefix(2)
        let arguments = set.map { "\($0.initLabel): \($0.defaultValue)" }.joined(separator: ", ")
        let root = roots[test % roots.count]
        let firstSelected = root.fields[0]
        let first = set.first!
        lines.append("    func test_\(test)() {")
        let construction = "        let mock = Mock<\(object.swiftName)>("
        lines.append(construction + arguments + ")")
        let valueColumn = construction.utf8.count + first.initLabel.utf8.count + 2
        lines.append("        mock.\(first.property) = \(first.defaultValue)")
        lines.append("        XCTAssertNotNil(mock.\(set.last!.property))")
        let from = "        let data = \(root.path).from("
        lines.append(from + "Mock<Query>())")
        lines.append("        XCTAssertNotNil(data.\(firstSelected.property))")
        lines.append("    }")
        lines.append("")
        let base = lines.count - 8
        candidates.append([
            (base + 1, "        let mock = Mock<".utf8.count),  // type argument
            (base + 1, construction.utf8.count),  // initializer label
            (base + 1, valueColumn),  // argument value
            (base + 2, "        mock.".utf8.count),  // member
            (base + 4, from.utf8.count),  // from(_:)
        ])
        test += 1
    }
    lines.append("}")
    lines.append("")
    // Four spots through the file, each with the five kinds of position.
    let spots = [0, candidates.count / 3, 2 * candidates.count / 3, candidates.count - 1]
    return (lines.joined(separator: "\n"), spots.flatMap { candidates[$0] })
}

/// Everything the benchmarks share, built once: the generated file, and a server with the workspace indexed.
final class Fixture: Sendable {
    let text: String
    let positions: [(line: Int, character: Int)]
    let uri: String
    let client: Client
    /// Picks the next of the 20 positions, sample after sample.
    private let turn = Mutex<Int>(0)

    init() {
        (text, positions) = generatedTestFile(lineCount: 10_000)
        let workspace = githubWorkspace()
        uri = workspace.appendingPathComponent("Tests/GeneratedTests.swift").absoluteString
        openMessage = Client.message("textDocument/didOpen", [
            "textDocument": ["uri": uri, "languageId": "swift", "version": 1, "text": text],
        ])
        client = Client()
        // A client that pulls diagnostics (as VS Code does): none are computed in the background between the
        // completions measured here; the diagnostics benchmark below measures them on a server of its own.
        client.request("initialize", ["rootUri": workspace.absoluteString, "capabilities": [
            "textDocument": [
                "completion": ["completionItem": ["snippetSupport": true, "labelDetailsSupport": true]],
                "diagnostic": ["dynamicRegistration": false],
            ],
            "workspace": ["diagnostics": ["refreshSupport": true]],
        ]])
        client.notify("initialized", [:] as [String: Any])
        while client.server.snapshot.workspaces.first?.projects.first?.index.documents.isEmpty ?? true { usleep(1000) }
        pullingURI = workspace.appendingPathComponent("Tests/PulledTests.swift").absoluteString
        pulling = Client()
        pulling.request("initialize", ["rootUri": workspace.absoluteString, "capabilities": [
            "textDocument": ["diagnostic": ["dynamicRegistration": false]],
            "workspace": ["diagnostics": ["refreshSupport": true]],
        ]])
        pulling.notify("initialized", [:] as [String: Any])
        while pulling.server.snapshot.workspaces.first?.projects.first?.index.documents.isEmpty ?? true { usleep(1000) }
        pulling.notify("textDocument/didOpen", [
            "textDocument": ["uri": pullingURI, "languageId": "swift", "version": 1, "text": text],
        ])
        pullDiagnostics()
    }

    /// `MOCKLS_BENCH_POSITION_KIND=0…4` keeps one kind of position (type argument, label, value, member, from),
    /// to see which one costs what.
    private let kind = ProcessInfo.processInfo.environment["MOCKLS_BENCH_POSITION_KIND"].flatMap { Int($0) }

    func nextPosition() -> (line: Int, character: Int) {
        let candidates = kind.map { kind in positions.enumerated().filter { $0.offset % 5 == kind }.map(\.element) } ?? positions
        return candidates[turn.withLock { turn in
            defer { turn += 1 }
            return turn % candidates.count
        }]
    }

    func completion(at position: (line: Int, character: Int)) {
        client.request("textDocument/completion", [
            "textDocument": ["uri": uri], "position": ["line": position.line, "character": position.character],
        ])
    }

    func open(version: Int) {
        client.send(version == 1 ? openMessage : Client.message("textDocument/didOpen", [
            "textDocument": ["uri": uri, "languageId": "swift", "version": version, "text": text],
        ]))
    }

    /// `didOpen` of the generated file, serialized once.
    private let openMessage: [UInt8]

    func close() { client.notify("textDocument/didClose", ["textDocument": ["uri": uri]]) }

    /// `didChange` typing a space at the start of `line` (even versions) or deleting it again (odd ones).
    static func keystroke(in uri: String, version: Int, line: Int) -> [UInt8] {
        Client.message("textDocument/didChange", [
            "textDocument": ["uri": uri, "version": version],
            "contentChanges": [[
                "range": ["start": ["line": line, "character": 0], "end": ["line": line, "character": version % 2 == 0 ? 0 : 1]],
                "text": version % 2 == 0 ? " " : "",
            ]],
        ])
    }

    /// A server that pulls diagnostics, with its own copy of the file open.
    let pulling: Client
    let pullingURI: String

    func pullDiagnostics() {
        pulling.request("textDocument/diagnostic", ["textDocument": ["uri": pullingURI]])
    }

    private let isOpen = Mutex(false)

    /// Opens the document and parses it, unless it is open already.
    func openOnce() {
        guard isOpen.withLock({ open in
            defer { open = true }
            return !open
        }) else { return }
        open(version: 1)
        completion(at: positions[0])
    }

    private let typed = Mutex<(version: Int, opened: Bool)>((1, false))

    /// The next version of the typing benchmark's document and where to complete after it; the first call opens it.
    func keystroke() -> (version: Int, position: (line: Int, character: Int)) {
        let (version, opened) = typed.withLock { state in
            defer { state = (state.version + 1, true) }
            return (state.version + 1, state.opened)
        }
        if !opened {
            close()
            open(version: 1)
            completion(at: positions[0])
        }
        return (version, positions[(version / 2) % positions.count])
    }
}

/// A server on a writable copy of the GitHub corpus, with the generated test file open.
final class BurstFixture: Sendable {
    let client = Client()
    private let operations: [URL]
    private let uri: String
    private let position: (line: Int, character: Int)
    private let turn = Mutex(0)

    init(text: String, position: (line: Int, character: Int)) {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/burst-workspace")
        try? FileManager.default.removeItem(at: folder)
        try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try! FileManager.default.copyItem(at: bench.appendingPathComponent("github"), to: folder.appendingPathComponent("github"))
        try! #"{"schemaNamespace": "GitHubAPI", "input": {"schemaSearchPaths": ["github/schema.graphqls"], "operationSearchPaths": ["github/**/*.graphql"]}}"#
            .write(to: folder.appendingPathComponent("apollo-codegen-config.json"), atomically: true, encoding: .utf8)
        var found: [URL] = []
        let enumerator = FileManager.default.enumerator(at: folder.appendingPathComponent("github"), includingPropertiesForKeys: nil)
        while let url = enumerator?.nextObject() as? URL {
            if url.pathExtension == "graphql" { found.append(url) }
        }
        operations = found.sorted { $0.path < $1.path }
        uri = folder.appendingPathComponent("Tests/BurstTests.swift").absoluteString
        self.position = position
        client.request("initialize", ["rootUri": folder.absoluteString, "capabilities": [
            "textDocument": ["diagnostic": ["dynamicRegistration": false]],
            "workspace": ["diagnostics": ["refreshSupport": true], "didChangeWatchedFiles": ["dynamicRegistration": true]],
        ]])
        client.notify("initialized", [:] as [String: Any])
        while client.server.snapshot.workspaces.first?.projects.first?.index.documents.isEmpty ?? true { usleep(1000) }
        client.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "swift", "version": 1, "text": text]])
        complete()
    }

    /// Rewrites the next 16 operation files (a line added or removed at the end) and returns the event announcing them.
    func rewrite() -> [UInt8] {
        let start = turn.withLock { turn in
            defer { turn += 16 }
            return turn
        }
        var changes: [[String: Any]] = []
        for offset in 0..<16 {
            let file = operations[(start + offset) % operations.count]
            var text = try! String(contentsOf: file, encoding: .utf8)
            text = text.hasSuffix("\n\n") ? String(text.dropLast()) : text + "\n"
            try! text.write(to: file, atomically: true, encoding: .utf8)
            changes.append(["uri": file.absoluteString, "type": 2])
        }
        return Client.message("workspace/didChangeWatchedFiles", ["changes": changes])
    }

    func complete() {
        client.request("textDocument/completion", [
            "textDocument": ["uri": uri], "position": ["line": position.line, "character": position.character],
        ])
    }
}

let benchmarks: @Sendable () -> Void = {
    guard FileManager.default.fileExists(atPath: bench.path) else {
        print("../shared/bench is not beside the repository: completion benchmarks skipped")
        return
    }
    let fixture = Fixture()
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock], maxDuration: .seconds(10), maxIterations: 400)

    // Each sample opens the file afresh (a new version, so nothing parsed is reused) and asks once.
    Benchmark("Completion in a 10k-line test file: first request after didOpen", configuration: .init(maxIterations: 60)) { benchmark in
        benchmark.startMeasurement()
        fixture.open(version: 1)
        fixture.completion(at: fixture.nextPosition())
        benchmark.stopMeasurement()
        fixture.close()
    }

    // The file stays open; each sample asks at the next of the 20 positions.
    Benchmark("Completion in a 10k-line test file: 20 positions, same version") { benchmark in
        fixture.openOnce()
        let position = fixture.nextPosition()
        benchmark.startMeasurement()
        fixture.completion(at: position)
        benchmark.stopMeasurement()
    }

    // Typing: each sample types a space at the start of the line above a position (or deletes it again), then asks
    // there: the file is re-parsed incrementally from the version before.
    Benchmark("Completion in a 10k-line test file: after a keystroke (didChange + completion)") { benchmark in
        let (version, position) = fixture.keystroke()
        let keystroke = Fixture.keystroke(in: fixture.uri, version: version, line: position.line - 1)
        benchmark.startMeasurement()
        fixture.client.send(keystroke)
        fixture.completion(at: position)
        benchmark.stopMeasurement()
    }

    Benchmark("Encode a completion reply of 276 items (JSONWritable)") { benchmark in
        var items: [CompletionItem] = []
        for index in 0..<276 {
            var item = CompletionItem(label: "Type\(index)")
            item.kind = .class
            item.detail = "Mock<Type\(index)>"
            item.labelDetails = CompletionItemLabelDetails(detail: " Mock<Type\(index)>")
            item.documentation = MarkupContent(markdown: String(repeating: "A description of this type. ", count: 6))
            item.sortText = "0001"
            item.filterText = item.label
            item.insertTextFormat = .plainText
            item.textEdit = TextEdit(
                range: LSP.Range(start: Position(line: 100, character: 20), end: Position(line: 100, character: 22)), newText: item.label)
            items.append(item)
        }
        let list = CompletionList(isIncomplete: false, items: items)
        benchmark.startMeasurement()
        blackHole(try! OutgoingMessage.response(id: .number(1), result: list))
        benchmark.stopMeasurement()
    }

    // A one-line edit (a space typed or deleted at the start of a line in the middle), then the file's diagnostics,
    // pulled: the incremental re-parse and every test function followed again.
    let pulledVersion = Mutex(1)
    Benchmark("Diagnostics of a 10k-line test file after a one-line edit (didChange + textDocument/diagnostic)") { benchmark in
        let version = pulledVersion.withLock { version in
            version += 1
            return version
        }
        let keystroke = Fixture.keystroke(in: fixture.pullingURI, version: version, line: fixture.positions[10].line)
        benchmark.startMeasurement()
        fixture.pulling.send(keystroke)
        fixture.pullDiagnostics()
        benchmark.stopMeasurement()
    }

    // A burst of file events (a checkout rewriting operations): each sample rewrites 16 of GitHub's operation files
    // in a copy of the corpus, announces them in one didChangeWatchedFiles, and times a completion in the open test
    // file right after, while the indexer works through them.
    let burst = BurstFixture(text: fixture.text, position: fixture.positions[1])
    Benchmark("Completion in a 10k-line test file during a burst of 16 file events (didChangeWatchedFiles + completion)") { benchmark in
        let events = burst.rewrite()
        benchmark.startMeasurement()
        burst.client.send(events)
        burst.complete()
        benchmark.stopMeasurement()
    }

    // What the first request after opening mostly waits for: parsing the file.
    let fileBytes = Array(fixture.text.utf8)
    Benchmark("Parse the 10k-line test file (SwiftFile, incremental-ready)", configuration: .init(maxIterations: 40)) { benchmark in
        benchmark.startMeasurement()
        blackHole(SwiftFile(fileBytes))
        benchmark.stopMeasurement()
    }

    // What every typed version costs before it reaches the parser: the interpolation guard's scan (a keystroke's
    // version is scanned whole), next to the lookahead guard's.
    Benchmark("Interpolation guard: scan of the 10k-line test file") { benchmark in
        benchmark.startMeasurement()
        blackHole(InterpolationGuard.blankedQuotes(in: fileBytes))
        benchmark.stopMeasurement()
    }
    // The generated file has neither: the scan's worst case is a file full of both.
    let interpolated = fileBytes + Array(String(repeating: "let s = \"\\(a) and \\(b)\"\nlet t = \"\"\"\n  x \\(y)\n  \"\"\"\n", count: 2_000).utf8)
    Benchmark("Interpolation guard: scan of the 10k-line test file and 8k lines of 6k interpolations, 2k multi-line literals") { benchmark in
        benchmark.startMeasurement()
        blackHole(InterpolationGuard.blankedQuotes(in: interpolated))
        benchmark.stopMeasurement()
    }
    Benchmark("Lookahead guard: scan of the 10k-line test file") { benchmark in
        benchmark.startMeasurement()
        blackHole(LookaheadGuard.scan(fileBytes))
        benchmark.stopMeasurement()
    }

    // The same positions without the protocol: the feature alone, on the parsed file and the indexed project.
    let project = fixture.client.server.snapshot.workspaces[0].projects[0].index
    let lines = LineTable(Array(fixture.text.utf8))
    let file = SwiftFile(lines)
    Benchmark("Completion in a 10k-line test file: 20 positions, MockCompletions alone") { benchmark in
        let position = fixture.nextPosition()
        let offset = lines.offset(of: LineColumn(line: position.line, column: position.character), unit: .utf8)
        benchmark.startMeasurement()
        blackHole(MockCompletions.completions(at: offset, in: file, project: project, placeholders: false))
        benchmark.stopMeasurement()
    }
}
