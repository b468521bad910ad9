import Benchmark
import Foundation
import GraphQLIndex
import Server
import Synchronization

/// Completion as a client sees it: JSON-RPC messages into an in-process `LanguageServer` with the GitHub schema
/// and operations indexed, timed until the reply is written. The test file is generated: 10k lines of mock
/// constructions, member reads and `from(_:)` calls over GitHub's mocked types.

/// `../shared/bench`, beside the repository.
let bench = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/bench")

/// An in-process server and a way to wait for the reply to the one request in flight.
final class Client: Sendable {
    private let arrived = DispatchSemaphore(value: 0)
    let server: LanguageServer
    private let nextID = Mutex<Int>(1)

    init() {
        let arrived = self.arrived
        server = LanguageServer(options: ServerOptions(logLevel: .critical)) { bytes in
            // A reply has an id and no method; notifications and server requests are not waited for.
            if bytes.starts(with: Array(#"{"jsonrpc":"2.0","id":"#.utf8)), !Self.containsMethod(bytes) { arrived.signal() }
        }
    }

    private static func containsMethod(_ bytes: [UInt8]) -> Bool {
        let needle = Array(#""method":"#.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            guard buffer.count >= needle.count else { return false }
            for start in 0...(buffer.count - needle.count) where buffer[start] == needle[0] {
                if Array(buffer[start..<(start + needle.count)]) == needle { return true }
            }
            return false
        }
    }

    func notify(_ method: String, _ params: Any) {
        let data = try! JSONSerialization.data(withJSONObject: ["jsonrpc": "2.0", "method": method, "params": params])
        server.handle(.message(Array(data)))
    }

    /// Sends a request and waits for its reply.
    func request(_ method: String, _ params: Any) {
        let id = nextID.withLock { id in
            defer { id += 1 }
            return id
        }
        let data = try! JSONSerialization.data(withJSONObject: ["jsonrpc": "2.0", "id": id, "method": method, "params": params])
        server.handle(.message(Array(data)))
        arrived.wait()
    }
}

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
    let roots = index.selectionSetModel().selectionSets.filter { $0.kind == .operationData && $0.parentType == "Query" }.map(\.path)
    var lines = ["import XCTest", "import ApolloTestSupport", "import GitHubAPI", "import GitHubAPITestMocks", "",
                 "final class GeneratedTests: XCTestCase {"]
    var candidates: [[(line: Int, character: Int)]] = []
    var test = 0
    while lines.count < lineCount - 2 {
        let object = objects[test % objects.count]
        let set = object.fields.filter { $0.defaultValue != "nil" }.prefix(2)
        let arguments = set.map { "\($0.initLabel): \($0.defaultValue)" }.joined(separator: ", ")
        let root = roots[test % roots.count]
        let first = set.first!
        lines.append("    func test_\(test)() {")
        let construction = "        let mock = Mock<\(object.swiftName)>("
        lines.append(construction + arguments + ")")
        let valueColumn = construction.utf8.count + first.initLabel.utf8.count + 2
        lines.append("        mock.\(first.property) = \(first.defaultValue)")
        lines.append("        XCTAssertNotNil(mock.\(set.last!.property))")
        let from = "        let data = \(root).from("
        lines.append(from + "Mock<Query>())")
        lines.append("        XCTAssertNotNil(data)")
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

let benchmarks: @Sendable () -> Void = {
    guard FileManager.default.fileExists(atPath: bench.path) else {
        print("../shared/bench is not beside the repository: completion benchmarks skipped")
        return
    }
    let (text, positions) = generatedTestFile(lineCount: 10_000)
    let workspace = githubWorkspace()
    let uri = workspace.appendingPathComponent("Tests/GeneratedTests.swift").absoluteString

    /// A server with the workspace indexed.
    func indexedClient() -> Client {
        let client = Client()
        client.request("initialize", ["rootUri": workspace.absoluteString, "capabilities": [
            "textDocument": ["completion": ["completionItem": ["snippetSupport": true, "labelDetailsSupport": true]]],
        ]])
        client.notify("initialized", [:] as [String: Any])
        while client.server.snapshot.workspaces.first?.projects.first?.index.documents.isEmpty ?? true { usleep(1000) }
        return client
    }

    func completion(_ position: (line: Int, character: Int)) -> [String: Any] {
        ["textDocument": ["uri": uri], "position": ["line": position.line, "character": position.character]]
    }

    Benchmark.defaultConfiguration = .init(metrics: [.wallClock], maxDuration: .seconds(10), maxIterations: 400)

    Benchmark("Completion in a 10k-line test file: first request after didOpen", configuration: .init(maxIterations: 40)) { benchmark in
        let client = indexedClient()
        for iteration in benchmark.scaledIterations {
            let version = iteration + 1
            benchmark.startMeasurement()
            client.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "swift", "version": version, "text": text]])
            client.request("textDocument/completion", completion(positions[iteration % positions.count]))
            benchmark.stopMeasurement()
            client.notify("textDocument/didClose", ["textDocument": ["uri": uri]])
        }
    }

    Benchmark("Completion in a 10k-line test file: 20 positions, same version") { benchmark in
        let client = indexedClient()
        client.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "swift", "version": 1, "text": text]])
        client.request("textDocument/completion", completion(positions[0]))
        benchmark.startMeasurement()
        for iteration in benchmark.scaledIterations {
            client.request("textDocument/completion", completion(positions[iteration % positions.count]))
        }
    }

    // Typing: each iteration types or deletes one character near a cursor, then asks for completion there.
    Benchmark("Completion in a 10k-line test file: after a keystroke (didChange + completion)") { benchmark in
        let client = indexedClient()
        client.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "swift", "version": 1, "text": text]])
        client.request("textDocument/completion", completion(positions[0]))
        var version = 1
        benchmark.startMeasurement()
        for iteration in benchmark.scaledIterations {
            let position = positions[(iteration / 2) % positions.count]
            let typing = iteration % 2 == 0
            let range: [String: Any] = [
                "start": ["line": position.line - 1, "character": 0],
                "end": ["line": position.line - 1, "character": typing ? 0 : 1],
            ]
            version += 1
            client.notify("textDocument/didChange", [
                "textDocument": ["uri": uri, "version": version],
                "contentChanges": [["range": range, "text": typing ? " " : ""]],
            ])
            client.request("textDocument/completion", completion(position))
        }
    }
}
