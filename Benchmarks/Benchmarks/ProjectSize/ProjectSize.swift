import Benchmark
import BenchmarkSupport
import Foundation
import Server
import Synchronization

/// Requests as a project grows: the AnimalKingdom scenario (its schema and 15 operation files) alone, with 200 and
/// with 2,000 more one-operation files (Apollo's convention), and with the same 2,000 operations in one file. Each
/// workspace gets its own in-process server, a test file open, and the same requests: completion of `Mock<Dog>(`
/// labels, hover on a mock label, and the protocol floor (a request the server answers with -32601 at once). The
/// client resolves nothing, so completion documentation (which operations select each field) is computed inline:
/// the expensive case. Each workspace's cold index is measured on its own, with its peak resident memory.

let shared = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared")
let animalKingdom = shared.appendingPathComponent("fixtures/apollo/AnimalKingdomAPI/graphql")

let testFile = """
    import XCTest
    import ApolloTestSupport
    import AnimalKingdomAPITestMocks

    final class SizeTests: XCTestCase {
      func testDog() {
        let dog = Mock<Dog>(species: "Lab")
        let data = AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: [dog]))
        XCTAssertEqual(data.allAnimals[0].species, "Lab")
      }
    }

    """
/// After `Mock<Dog>(`, and on the label `species`.
let completionPosition = ["line": 6, "character": 24]
let hoverPosition = ["line": 6, "character": 26]

enum Layout: Sendable {
    case files(Int)
    case oneFile(Int)

    var name: String {
        switch self {
        case .files(let count): return "\(count + 16) GraphQL files"
        case .oneFile(let count): return "16 files + \(count) operations in one"
        }
    }
}

/// The n-th generated operation: fields of animals and of their type cases, varied so that each selects a little
/// differently.
func operation(_ index: Int) -> String {
    let extra = ["skinCovering", "bodyTemperature", "humanName", "laysEggs", "favoriteToy"][index % 5]
    return """
        query Generated\(index) {
          allAnimals {
            id
            species
            height { feet inches }
            ... on Dog { \(extra == "favoriteToy" ? "favoriteToy" : "birthdate") }
            ... on WarmBlooded { bodyTemperature }
          }
        }

        """
}

/// Values made once per process and layout, when a benchmark first needs them: a process measuring one workspace
/// holds only that one.
final class PerLayout<Value: Sendable>: Sendable {
    private let values = Mutex<[String: Value]>([:])
    private let make: @Sendable (Layout) -> Value

    init(_ make: @escaping @Sendable (Layout) -> Value) { self.make = make }

    subscript(_ layout: Layout) -> Value {
        if let value = values.withLock({ $0[layout.name] }) { return value }
        let made = make(layout)
        values.withLock { $0[layout.name] = made }
        return made
    }
}

/// A workspace folder per layout, written under `.build/project-size`.
let workspaces = PerLayout(write)

@Sendable func write(_ layout: Layout) -> URL {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent(".build/project-size/\(layout.name.replacingOccurrences(of: " ", with: "-"))")
    try? FileManager.default.removeItem(at: folder)
    let graphql = folder.appendingPathComponent("graphql")
    try! FileManager.default.createDirectory(at: graphql, withIntermediateDirectories: true)
    for name in try! FileManager.default.contentsOfDirectory(atPath: animalKingdom.path) {
        try! FileManager.default.copyItem(at: animalKingdom.appendingPathComponent(name), to: graphql.appendingPathComponent(name))
    }
    switch layout {
    case .files(let count):
        for index in 0..<count {
            try! operation(index).write(to: graphql.appendingPathComponent("Generated\(index).graphql"), atomically: true, encoding: .utf8)
        }
    case .oneFile(let count):
        try! (0..<count).map(operation).joined().write(to: graphql.appendingPathComponent("Generated.graphql"), atomically: true, encoding: .utf8)
    }
    try! #"{"schemaNamespace": "AnimalKingdomAPI", "input": {"schemaSearchPaths": ["graphql/*.graphqls"], "operationSearchPaths": ["graphql/*.graphql"]}, "output": {"testMocks": {"swiftPackage": {"targetName": "AnimalKingdomAPITestMocks"}}}}"#
        .write(to: folder.appendingPathComponent("apollo-codegen-config.json"), atomically: true, encoding: .utf8)
    return folder
}

let sessions = PerLayout { Session($0) }

/// A server with the workspace indexed and the test file open; its requests serialized beforehand.
final class Session: Sendable {
    let client = Client()
    let completion: [UInt8]
    let hover: [UInt8]
    let floor: [UInt8]

    init(_ layout: Layout) {
        let folder = workspaces[layout]
        client.request("initialize", ["rootUri": folder.absoluteString, "capabilities": [
            "textDocument": ["completion": ["completionItem": ["snippetSupport": true]]],
        ]])
        client.notify("initialized", [:] as [String: Any])
        while client.server.snapshot.workspaces.first?.projects.first?.index.documents.isEmpty ?? true { usleep(1000) }
        let uri = folder.appendingPathComponent("Tests/SizeTests.swift").absoluteString
        client.notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "swift", "version": 1, "text": testFile]])
        completion = Client.request("textDocument/completion", ["textDocument": ["uri": uri], "position": completionPosition], id: 1)
        hover = Client.request("textDocument/hover", ["textDocument": ["uri": uri], "position": hoverPosition], id: 2)
        floor = Client.request("mockls/unknown", [:] as [String: Any], id: 3)
        client.roundTrip(completion)
        client.roundTrip(hover)
    }
}

let benchmarks: @Sendable () -> Void = {
    guard FileManager.default.fileExists(atPath: animalKingdom.path) else {
        print("../shared is not beside the repository: project-size benchmarks skipped")
        return
    }
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock], maxDuration: .seconds(5), maxIterations: 2_000)
    for layout in [Layout.files(0), .files(200), .files(2_000), .oneFile(2_000)] {
        Benchmark("\(layout.name): completion at Mock<Dog>(") { benchmark in
            let session = sessions[layout]
            benchmark.startMeasurement()
            session.client.roundTrip(session.completion)
            benchmark.stopMeasurement()
        }
        Benchmark("\(layout.name): hover on a mock label") { benchmark in
            let session = sessions[layout]
            benchmark.startMeasurement()
            session.client.roundTrip(session.hover)
            benchmark.stopMeasurement()
        }
        Benchmark("\(layout.name): protocol floor (-32601)") { benchmark in
            let session = sessions[layout]
            benchmark.startMeasurement()
            session.client.roundTrip(session.floor)
            benchmark.stopMeasurement()
        }
        Benchmark(
            "\(layout.name): cold index of the workspace",
            configuration: .init(metrics: [.wallClock, .peakMemoryResident], maxIterations: 20)
        ) { benchmark in
            let folder = workspaces[layout]
            benchmark.startMeasurement()
            blackHole(Workspace(folder: folder))
            benchmark.stopMeasurement()
        }
    }
}
