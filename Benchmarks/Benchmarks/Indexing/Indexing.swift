import Benchmark
import Foundation
import GraphQLIndex

/// `../shared/bench`, beside the repository.
let bench = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/bench")

typealias Source = (path: String, role: DocumentRole, text: [UInt8])

func sources(under folder: String, extensions: Set<String>, role: DocumentRole) -> [Source] {
    let root = bench.appendingPathComponent(folder)
    let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
    var result: [Source] = []
    while let url = enumerator?.nextObject() as? URL {
        if extensions.contains(url.pathExtension) { result.append((url.path, role, Array(try! Data(contentsOf: url)))) }
    }
    return result.sorted { $0.path < $1.path }
}

let githubSchema = sources(under: "github", extensions: ["graphqls"], role: .schema)
let githubOperations = sources(under: "github", extensions: ["graphql", "gql"], role: .executable)
let saleorSchema = sources(under: "saleor", extensions: ["graphqls"], role: .schema)
/// Saleor's operations, indexed as one project (its apps repeat names, which the index reports).
let saleorOperations = sources(under: "saleor", extensions: ["graphql"], role: .executable)

/// 20,000 one-line operations in one document, against a small schema: the time per operation is what the index
/// adds for each, whatever the document's size (divide 20,000 by the time for operations per second).
let manyOperations: [Source] = [
    ("schema.graphqls", .schema, Array("type Query { id: ID name: String dog(id: ID): Dog }\ntype Dog { id: ID name: String }\n".utf8)),
    ("operations.graphql", .executable, Array((0..<20_000).map { "query Q\($0) { dog(id: \"\($0)\") { id name } }\n" }.joined().utf8)),
]

let benchmarks: @Sendable () -> Void = {
    guard !githubSchema.isEmpty else {
        print("../shared/bench is not beside the repository: indexing benchmarks skipped")
        return
    }
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .peakMemoryResident], maxDuration: .seconds(5), maxIterations: 200)

    Benchmark("GitHub schema: parse (mockls)") { benchmark in
        for _ in benchmark.scaledIterations { blackHole(GraphQLParser.parse(githubSchema[0].text)) }
    }

    Benchmark("GitHub: cold index, schema + \(githubOperations.count) operation files") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(ProjectIndex(namespace: "GitHubAPI", sources: githubSchema + githubOperations))
        }
    }

    Benchmark("Saleor: cold index, schema + \(saleorOperations.count) operation files") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(ProjectIndex(namespace: "Saleor", sources: saleorSchema + saleorOperations))
        }
    }

    Benchmark("20,000 operations in one document: cold index", configuration: .init(maxIterations: 30)) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(ProjectIndex(namespace: "Many", sources: manyOperations)) }
    }

    // What `mockls check` and a test file's diagnostics need of such a project: the index and its selection sets.
    Benchmark("20,000 operations in one document: cold index + selection-set model", configuration: .init(maxIterations: 30)) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(ProjectIndex(namespace: "Many", sources: manyOperations).selectionSetModel())
        }
    }

    Benchmark("GitHub: selection-set model of every operation") { benchmark in
        let index = ProjectIndex(namespace: "GitHubAPI", sources: githubSchema + githubOperations)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations { blackHole(index.selectionSetModel()) }
    }

    // A thousand edits in a row, as while typing; the time reported is per edit (scaling factor).
    Benchmark("GitHub: re-index after editing one operation", configuration: .init(scalingFactor: .kilo, maxIterations: 200)) { benchmark in
        var index = ProjectIndex(namespace: "GitHubAPI", sources: githubSchema + githubOperations)
        let edited = githubOperations.first { $0.path.hasSuffix("RepositoryInfo.graphql") }!
        let variants = [edited.text, Array(String(decoding: edited.text, as: UTF8.self).replacingOccurrences(of: "name", with: "name id").utf8)]
        var turn = 0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            turn += 1
            index.update(edited.path, role: .executable, text: variants[turn % 2])
            blackHole(index.mockModel)
        }
    }
}
