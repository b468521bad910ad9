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
/// Saleor's apps, each its own codegen project (an app's e2e tests being another).
let saleorProjects: [[Source]] = {
    let operations = sources(under: "saleor", extensions: ["graphql"], role: .executable)
    let groups = Dictionary(grouping: operations) { source -> String in
        let parts = source.path.components(separatedBy: "/saleor/")[1].split(separator: "/")
        return parts.prefix(2).joined(separator: "/") + (source.path.contains("/e2e/") ? "/e2e" : "")
    }
    return groups.keys.sorted().map { groups[$0]! }
}()

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

    Benchmark("Saleor: cold index, schema + \(saleorProjects.joined().count) operation files in \(saleorProjects.count) projects") { benchmark in
        for _ in benchmark.scaledIterations {
            // One schema parse shared by the projects would be an optimisation the server does not make yet.
            for project in saleorProjects { blackHole(ProjectIndex(namespace: "Saleor", sources: saleorSchema + project)) }
        }
    }

    Benchmark("GitHub: re-index after editing one operation", configuration: .init(maxIterations: 2_000)) { benchmark in
        var index = ProjectIndex(namespace: "GitHubAPI", sources: githubSchema + githubOperations)
        let edited = githubOperations.first { $0.path.hasSuffix("RepositoryInfo.graphql") }!
        let variants = [edited.text, Array(String(decoding: edited.text, as: UTF8.self).replacingOccurrences(of: "name", with: "name id").utf8)]
        var turn = 0
        for _ in benchmark.scaledIterations {
            turn += 1
            index.update(edited.path, role: .executable, text: variants[turn % 2])
            blackHole(index.mockModel)
        }
    }
}
