import Foundation
import GraphQLIndex
import SourceText
import Synchronization
import SwiftAnalysis

/// What mockls reads from a workspace's own Swift files: whether they declare `placeholder()` factories (fixes then
/// write `.placeholder()`), which of them `mockls placeholders` generated, their helpers, fixtures and fixture reads;
/// and, when first asked for (`StructShapeScan`), the structs with a memberwise initializer (for their factories).
///
/// A file is read (from the workspace's `WorkspaceFiles`) and parsed again only when its size or modification date
/// changed since the last scan: a workspace is scanned at every re-load (on each save, for clients that cannot watch
/// files).
enum SwiftSourceScan {
    struct Facts: Sendable {
        var declaresPlaceholders: Bool
        var isGeneratedPlaceholderFile: Bool
        /// Its helpers that return mocks or models (read only from files that mention `Mock<` or `.from(`).
        var helpers: [ModelHelper] = []
        /// The modules it imports beside `ApolloTestSupport` that are named for mocks (`AppTestMocks`).
        var mocksImports: [String] = []
        /// The JSON files it reads as an operation's response.
        var fixtureReads: [ResponseFixtureRead] = []
    }

    /// What a scan finds in a workspace's Swift files.
    struct Result: Sendable {
        var declaresPlaceholders = false
        var generated: [URL] = []
        /// Helpers by the path of their file.
        var helpers: [String: [ModelHelper]] = [:]
        /// The stored fixtures each file changes, by the path of the file.
        var fixtureMutations: [String: Set<String>] = [:]
        /// How many files import each mocks module beside `ApolloTestSupport`.
        var mocksImports: [String: Int] = [:]
        /// The reads of JSON files into operations of the workspace's Swift files, by the JSON file's lower-cased
        /// name without `.json`.
        var fixtureReads: [String: [ResponseFixtureRead]] = [:]
    }

    private struct Entry: Sendable {
        var modified: Date
        var size: Int
        var facts: Facts
    }

    private static let cache = Mutex<[String: Entry]>([:])

    /// The fixtures a file changes, by its path: for the file's size and date and the fixture names looked for.
    private struct MutationEntry: Sendable {
        var modified: Date
        var size: Int
        var names: Set<String>
        var mutated: Set<String>
    }

    private static let mutationCache = Mutex<[String: MutationEntry]>([:])

    /// The facts of the workspace's Swift files, as `sources` read them (its texts, sizes and dates: the disk is read
    /// only for a text it does not keep).
    static func scan(_ sources: WorkspaceFiles) -> Result {
        var result = Result()
        let urls = sources.paths.map { URL(fileURLWithPath: $0) }
        // Each file on its own, on every core.
        let found = Mutex<[Int: (size: Int, modified: Date, facts: Facts)]>([:])
        DispatchQueue.concurrentPerform(iterations: urls.count) { index in
            let url = urls[index]
            guard let loaded = sources.loaded(url.path), loaded.size < 4_000_000,
                let facts = facts(of: url, size: loaded.size, modified: loaded.modified, text: loaded.text)
            else { return }
            found.withLock { $0[index] = (loaded.size, loaded.modified, facts) }
        }
        let read = found.withLock { $0 }.sorted { $0.key < $1.key }
        for (index, entry) in read {
            let (url, facts) = (urls[index], entry.facts)
            result.declaresPlaceholders = result.declaresPlaceholders || facts.declaresPlaceholders
            if facts.isGeneratedPlaceholderFile { result.generated.append(url.standardizedFileURL) }
            if !facts.helpers.isEmpty {
                result.helpers[url.standardizedFileURL.path] = facts.helpers
            }
            for module in facts.mocksImports { result.mocksImports[module, default: 0] += 1 }
            for read in facts.fixtureReads {
                let name = (read.resource as NSString).lastPathComponent.lowercased()
                result.fixtureReads[name, default: []].append(read)
            }
        }
        // Stored fixtures that some file changes: only files that name one are read for it (most workspaces have
        // no stored fixture, and then no file is).
        let fixtures = Set(result.helpers.values.joined().filter(\.isStored).map(\.name))
        if !fixtures.isEmpty {
            let mutations = Mutex<[String: Set<String>]>([:])
            DispatchQueue.concurrentPerform(iterations: read.count) { position in
                let (index, entry) = read[position]
                let url = urls[index]
                guard let mutated = fixtureMutations(of: url, size: entry.size, modified: entry.modified, names: fixtures), !mutated.isEmpty
                else { return }
                mutations.withLock { $0[url.standardizedFileURL.path] = mutated }
            }
            result.fixtureMutations = mutations.withLock { $0 }
        }
        result.generated.sort { $0.path < $1.path }
        return result
    }

    private static func facts(of url: URL, size: Int, modified: Date, text: [UInt8]?) -> Facts? {
        if let entry = cache.withLock({ $0[url.path] }), entry.size == size, entry.modified == modified { return entry.facts }
        guard let bytes = text ?? FileTree.contents(url) else { return nil }
        let isGenerated = bytes.starts(with: Array(PlaceholderFileRenderer.header.utf8))
        let buildsMocks = !isGenerated && (bytes.contains(bytes: "Mock<") || bytes.contains(bytes: ".from("))
        // A test target's constants file (`enum Constants { static let title = "Dune" }`, SeekPlus's `MockData.swift`)
        // builds no mock and holds what tests pass to them.
        let holdsTestConstants = !isGenerated && !buildsMocks && bytes.contains(bytes: "static let ")
            && TestFiles.inTestFolder(url.path)
        let declaresHelpers = (buildsMocks || holdsTestConstants) && SwiftFile.mayDeclareHelpers(bytes)
        let parsed = declaresHelpers ? SwiftFile(bytes) : nil
        var facts = Facts(
            declaresPlaceholders: bytes.contains(bytes: "static func placeholder("), isGeneratedPlaceholderFile: isGenerated)
        if declaresHelpers, let parsed {
            facts.helpers = parsed.modelHelpers()
        }
        if bytes.contains(bytes: "json"), ["Data(", ".self", "Query(", "Mutation(", "Subscription("].contains(where: { bytes.contains(bytes: $0) }) {
            facts.fixtureReads = (parsed ?? SwiftFile(bytes)).responseFixtureReads()
        }
        if bytes.contains(bytes: "ApolloTestSupport") {
            let modules = ImportLine.lines(in: bytes).map(\.module)
            if modules.contains("ApolloTestSupport") {
                facts.mocksImports = modules.filter { $0 != "ApolloTestSupport" && $0.contains("Mock") }
            }
        }
        cache.withLock { $0[url.path] = Entry(modified: modified, size: size, facts: facts) }
        return facts
    }

    /// Which of the fixtures `names` the file changes; nil when it cannot be read.
    private static func fixtureMutations(of url: URL, size: Int, modified: Date, names: Set<String>) -> Set<String>? {
        if let entry = mutationCache.withLock({ $0[url.path] }), entry.size == size, entry.modified == modified, entry.names == names {
            return entry.mutated
        }
        guard let bytes = FileTree.contents(url) else { return nil }
        var mutated: Set<String> = []
        if names.contains(where: { bytes.contains(bytes: $0) }) {
            mutated = SwiftFile(bytes).fixtureMutations().intersection(names)
        }
        mutationCache.withLock { $0[url.path] = MutationEntry(modified: modified, size: size, names: names, mutated: mutated) }
        return mutated
    }

    private struct StructEntry: Sendable {
        var modified: Date
        var size: Int
        var structs: [StructShape]
    }

    private static let structCache = Mutex<[String: StructEntry]>([:])

    /// The structs with a memberwise initializer of the workspace's Swift files, each file parsed again only when
    /// its size or date changed.
    static func structs(_ sources: WorkspaceFiles) -> [StructShape] {
        let paths = sources.paths
        let found = Mutex<[Int: [StructShape]]>([:])
        DispatchQueue.concurrentPerform(iterations: paths.count) { index in
            let path = paths[index]
            guard let loaded = sources.loaded(path), loaded.size < 4_000_000 else { return }
            if let entry = structCache.withLock({ $0[path] }), entry.size == loaded.size, entry.modified == loaded.modified {
                if !entry.structs.isEmpty { found.withLock { $0[index] = entry.structs } }
                return
            }
            guard let bytes = loaded.text ?? FileTree.contents(URL(fileURLWithPath: path)) else { return }
            let structs = bytes.contains(bytes: "struct ") ? SwiftFile(bytes).structShapes() : []
            structCache.withLock { $0[path] = StructEntry(modified: loaded.modified, size: loaded.size, structs: structs) }
            if !structs.isEmpty { found.withLock { $0[index] = structs } }
        }
        return found.withLock { $0 }.sorted { $0.key < $1.key }.flatMap(\.value)
    }
}

/// The structs of a workspace's Swift files (`SwiftSourceScan.structs`), read when first asked for: only the struct
/// factories' code actions need them, and parsing every file that declares a struct at each load would cost every
/// other query its start.
final class StructShapeScan: Sendable {
    private let sources: WorkspaceFiles
    private let found = Mutex<[StructShape]?>(nil)

    init(_ sources: WorkspaceFiles) { self.sources = sources }

    var structs: [StructShape] {
        if let known = found.withLock({ $0 }) { return known }
        let structs = SwiftSourceScan.structs(sources)
        found.withLock { $0 = structs }
        return structs
    }
}
