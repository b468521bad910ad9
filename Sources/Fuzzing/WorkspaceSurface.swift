import Foundation
import Analysis

/// Hostile workspaces: random folder trees with links (loops among them), unreadable files, FIFOs, binary and deeply
/// nested GraphQL documents and configurations, read as `mockls check`, `coverage` and `response` read them and as the
/// server indexes them, with file events between. Each run must finish: the walks are bounded, and nothing blocks on a FIFO.
///
/// Input: a recipe, read as choices (what to create where); the tree is made in a fresh temporary folder.
public final class WorkspaceSurface: FuzzSurface {
    private let fixture: FuzzFixture
    private let scratch: URL
    private var counter = 0

    public init(_ fixture: FuzzFixture) {
        self.fixture = fixture
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("mockls-fuzz-workspaces-\(getpid())")
        try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: scratch) }

    public func run(_ input: [UInt8]) {
        counter += 1
        // Two levels below the scratch folder, which holds only this run: the links the recipe makes (`..`, `../..`)
        // leave the workspace, and are followed as a shared schema's link would be, but never reach other files on
        // the machine (a link into /tmp indexed whatever other programs left there: 42 s and 3.7 GB for one input).
        let box = scratch.appendingPathComponent("w\(counter)")
        let root = box.appendingPathComponent("workspace")
        defer { try? FileManager.default.removeItem(at: box) }
        build(root, recipe: FuzzBytes(input))
        let workspace = Workspace(folder: root)
        _ = CheckReport(workspace: workspace)
        // What `mockls coverage` and `mockls response` read: the coverage of every project, and the response at
        // every `from(` of the tree's Swift files, opened as an editor opens them.
        _ = SelectionCoverageReport(AnalysisSnapshot(workspaces: [workspace]))
        var documents = DocumentStore()
        for file in FileTree.files(under: root, include: { $0.hasSuffix(".swift") }).prefix(4) {
            guard let text = FileTree.contents(file) else { continue }
            let document = documents.open(FileID(url: file), languageID: "swift", version: 1, text: text)
            guard case .swift(let context) = AnalysisSnapshot(workspaces: [workspace], documents: documents).context(of: document) else { continue }
            for call in text.ranges(of: Array("from(".utf8)).prefix(8) { _ = context.response(at: call.lowerBound + 1) }
        }
        var updated = workspace
        for file in FileTree.files(under: root, include: { _ in true }).prefix(8) { updated.update(file) }
        updated.update(root.appendingPathComponent("missing.graphql"))
    }

    private static let names = ["a", "b", "graphql", "Tests", ".hidden", "node_modules", "漢字", "sp ace", "x.graphql"]

    private func build(_ root: URL, recipe: FuzzBytes) {
        var recipe = recipe
        let manager = FileManager.default
        try? manager.createDirectory(at: root, withIntermediateDirectories: true)
        var folders = [root]
        var files: [URL] = []
        var steps = 0
        while !recipe.isAtEnd, steps < 40 {
            steps += 1
            let parent = folders[recipe.below(folders.count)]
            let name = Self.names[recipe.below(Self.names.count)] + String(recipe.below(4))
            let url = parent.appendingPathComponent(name)
            switch recipe.byte() % 12 {
            case 0, 1:
                try? manager.createDirectory(at: url, withIntermediateDirectories: true)
                // Only a folder made here holds what comes next: a name the recipe made a link before (`b3 -> ../..`)
                // would put files, and links such as `a3 -> ..`, in the scratch folder and so reach the whole of /tmp.
                if (try? manager.attributesOfItem(atPath: url.path))?[.type] as? FileAttributeType == .typeDirectory { folders.append(url) }
            case 2:
                // A link to a folder above or beside: `loop -> .`, `up -> ..`, or anywhere in the tree.
                let target = [".", "..", "../..", folders[recipe.below(folders.count)].path, "/nonexistent"][recipe.below(5)]
                try? manager.createSymbolicLink(atPath: url.path, withDestinationPath: target)
            case 3:
                let fileURL = url.appendingPathExtension("graphql")
                mkfifo(fileURL.path, 0o644)
            case 4:
                let fileURL = url.appendingPathExtension(["graphql", "graphqls"][recipe.below(2)])
                let seed = fixture.graphQLSeeds.isEmpty ? [] : fixture.graphQLSeeds[recipe.below(fixture.graphQLSeeds.count)]
                _ = manager.createFile(atPath: fileURL.path, contents: Data(seed))
                files.append(fileURL)
            case 5:
                // Binary bytes, or a document nested far deeper than anyone writes.
                let fileURL = url.appendingPathExtension("graphql")
                let depth = 1 + recipe.below(20_000)
                let deep = String(repeating: "{ a ", count: depth) + String(repeating: "}", count: depth)
                let bytes = recipe.byte() % 2 == 0 ? recipe.take(upTo: 64) : Array(("query Q " + deep).utf8)
                _ = manager.createFile(atPath: fileURL.path, contents: Data(bytes))
                files.append(fileURL)
            case 6:
                let fileURL = url.appendingPathExtension("graphql")
                _ = manager.createFile(atPath: fileURL.path, contents: Data("query Secret { id }".utf8), attributes: [.posixPermissions: 0])
            case 7:
                let config = parent.appendingPathComponent(ProjectDiscovery.apolloConfigurationName)
                let patterns = ["**/*.graphql", "../**/*.graphqls", "*/**/*.graphql", "/nonexistent/*.graphql", "**"]
                let text = #"{"schemaNamespace":"Fuzz","input":{"schemaSearchPaths":["\#(patterns[recipe.below(patterns.count)])"],"operationSearchPaths":["\#(patterns[recipe.below(patterns.count)])"]}}"#
                let bytes = recipe.byte() % 3 == 0 ? Array(text.utf8.prefix(recipe.below(text.utf8.count))) : Array(text.utf8)
                _ = manager.createFile(atPath: config.path, contents: Data(bytes))
            case 8:
                let config = parent.appendingPathComponent(".graphqlrc.yml")
                let depth = recipe.below(30_000)
                let text = recipe.byte() % 2 == 0
                    ? "schema: '**/*.graphqls'\ndocuments: '**/*.graphql'\n"
                    : "schema: " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "\n"
                _ = manager.createFile(atPath: config.path, contents: Data(text.utf8))
            case 9:
                let fileURL = url.appendingPathExtension("swift")
                let seed = fixture.swiftSeeds.isEmpty ? [] : fixture.swiftSeeds[recipe.below(fixture.swiftSeeds.count)]
                _ = manager.createFile(atPath: fileURL.path, contents: Data(seed))
            case 10:
                if let file = files.isEmpty ? nil : files[recipe.below(files.count)] {
                    try? manager.createSymbolicLink(atPath: url.appendingPathExtension("graphql").path, withDestinationPath: file.path)
                }
            default:
                let resolved = parent.appendingPathComponent("Package.resolved")
                let text = #"{"pins":[{"identity":"apollo-ios","state":{"version":"1.\#(recipe.below(30)).0"}}],"version":2}"#
                _ = manager.createFile(atPath: resolved.path, contents: Data(text.utf8))
            }
        }
    }

    public func generate(_ random: inout SeededRandom) -> [UInt8] {
        (0..<(8 + random.below(120))).map { _ in UInt8(truncatingIfNeeded: random.next()) }
    }
}
