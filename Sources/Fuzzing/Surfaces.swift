import Features
import Foundation
import GraphQLIndex
import JSONRPC
import Server
import SwiftAnalysis
import Synchronization

/// One place where input from outside reaches mockls. `run` must return for any bytes; a trap is a finding.
public protocol FuzzSurface: AnyObject {
    /// Runs one input.
    func run(_ input: [UInt8])
    /// An input for the bounded random driver, from the seeds and the previous inputs.
    func generate(_ random: inout SeededRandom) -> [UInt8]
    /// Runs one input as libFuzzer (and a replay of what it found) gives it: on its own, so that what a client would
    /// end when it goes (open documents) ends with the input. The random driver calls `run`, and its inputs build
    /// one long session.
    func runAlone(_ input: [UInt8])
}

extension FuzzSurface {
    public func runAlone(_ input: [UInt8]) { run(input) }
}

public enum FuzzSurfaceName: String, CaseIterable, Sendable {
    case messages, graphql, swift, workspace

    public func make(_ fixture: FuzzFixture) -> any FuzzSurface {
        switch self {
        case .messages: return MessageSurface(fixture)
        case .graphql: return GraphQLSurface(fixture)
        case .swift: return SwiftFileSurface(fixture)
        case .workspace: return WorkspaceSurface(fixture)
        }
    }
}

/// A Swift test file and edits to it: every version parsed as the server parses it (and checked against a full
/// parse), with completion, hover and definition at each edit, diagnostics, code actions, struct factories,
/// response-dictionary conversions, and snapshot tests of its previews.
///
/// Input: the file's text, a zero byte, then edits (each: kind, position, length or bytes).
public final class SwiftFileSurface: FuzzSurface {
    private let fixture: FuzzFixture
    private let cache = MockDiagnosticsCache()

    public init(_ fixture: FuzzFixture) { self.fixture = fixture }

    public func run(_ input: [UInt8]) {
        let split = input.firstIndex(of: 0) ?? input.count
        var file = SwiftTestFile(Array(input[..<split]))
        var script = FuzzBytes(split < input.count ? Array(input[(split + 1)...]) : [])
        let project = fixture.project
        var edits = 0
        while !script.isAtEnd, edits < 8 {
            edits += 1
            var text = file.lines.bytes
            let at = script.below(text.count + 1)
            switch script.byte() % 4 {
            case 0: text.insert(contentsOf: script.take(upTo: 12), at: at)
            case 1: text.removeSubrange(at..<min(text.count, at + script.below(24)))
            case 2: text.replaceSubrange(at..<min(text.count, at + script.below(6)), with: script.take(upTo: 6))
            default: break
            }
            let next = file.updated(to: text)
            if next.wasParsedIncrementally, let difference = ParseDifferential.difference(next.tree, SwiftTestFile(text).tree) {
                // The texts, to reproduce: the base the new version was parsed from, the previous version, the new one.
                if let folder = ProcessInfo.processInfo.environment["MOCKLS_FUZZ_DIFFERENCES"] {
                    try? Data(file.lines.bytes).write(to: URL(fileURLWithPath: folder).appendingPathComponent("old.swift"))
                    try? Data(next.baseText).write(to: URL(fileURLWithPath: folder).appendingPathComponent("base.swift"))
                    try? Data(text).write(to: URL(fileURLWithPath: folder).appendingPathComponent("new.swift"))
                }
                fatalError("incremental parse differs from a full parse: \(difference)")
            }
            file = next
            let offset = min(at, text.count)
            _ = MockCompletions.completions(at: offset, in: file, project: project)
            _ = MockHover.hover(at: offset, in: file, project: project)
            _ = MockDefinition.definition(at: offset, in: file, project: project)
        }
        let diagnostics = MockDiagnostics.diagnostics(in: file, project: project, cache: cache)
        let structs = file.structShapes()
        for start in stride(from: 0, through: file.utf8Count, by: max(1, file.utf8Count / 8)) {
            let range = start..<min(file.utf8Count, start + 8)
            _ = MockCodeActions.actions(at: range, in: file, project: project, diagnostics: diagnostics)
            _ = StructFactories.actions(at: range, in: file, structs: structs)
            _ = ResponseConversion.convert(at: range.lowerBound, in: file, project: project, mocksModule: "FuzzTestMocks")
        }
        let previews = SnapshotTests.Source(path: "Fuzz.swift", module: "App", imports: file.importedModules(), previews: file.previews())
        let written = Array(SnapshotTests.file([previews], options: .init()).text.utf8)
        for (index, preview) in previews.previews.enumerated() {
            if SnapshotTests.update(written, with: preview, index: index, in: previews, options: .init()) != nil {
                fatalError("the snapshot tests of preview \(index) differ from the file written from the same previews")
            }
        }
    }

    public func generate(_ random: inout SeededRandom) -> [UInt8] {
        // A few lines of a seed: small inputs keep the fuzzer fast, and any slice of a test file is a file to edit.
        let whole = fixture.swiftSeeds.isEmpty ? [] : random.pick(fixture.swiftSeeds)
        let lines = whole.split(separator: 10, omittingEmptySubsequences: false)
        let first = random.below(lines.count)
        let seed = Array(lines[first..<min(lines.count, first + 10 + random.below(60))].joined(separator: [10]))
        var text = random.chance(4) ? Mutation.mutate(seed, with: &random, corpus: fixture.swiftSeeds) : seed
        text.removeAll { $0 == 0 }
        var script: [UInt8] = []
        for _ in 0..<(1 + random.below(12)) {
            script.append(UInt8(truncatingIfNeeded: random.next()))
            script.append(UInt8(truncatingIfNeeded: random.next()))
            script.append(UInt8(random.below(4)))
            let fragment = random.pick(Mutation.fragments)
            script.append(contentsOf: [UInt8(truncatingIfNeeded: random.next()), UInt8(fragment.count)])
            script.append(contentsOf: fragment)
        }
        return text + [0] + script
    }
}

/// A GraphQL document read as operations against the AnimalKingdom schema and as a schema of its own: parsing,
/// validation, the mock and selection-set models, rendered mocks and placeholder factories.
public final class GraphQLSurface: FuzzSurface {
    private let fixture: FuzzFixture
    /// The schema alone: the input is the project's only operations document.
    private let schemaOnly: ProjectIndex

    public init(_ fixture: FuzzFixture) {
        self.fixture = fixture
        schemaOnly = ProjectIndex(namespace: "AnimalKingdomAPI", sources: [("schema.graphqls", .schema, fixture.schema)])
    }

    public func run(_ input: [UInt8]) {
        var project = schemaOnly
        project.update("fuzz.graphql", role: .executable, text: input)
        exercise(project)
        // Completion in the document as typed, at a few cursor positions (its ends, and spread through it).
        for offset in Set([0, input.count / 3, input.count / 2, input.count]) {
            _ = GraphQLCompletion.completions(at: offset, in: input, role: .executable, project: project)
            _ = GraphQLCompletion.completions(at: offset, in: input, role: .schema, project: project)
        }
        let schemaProject = ProjectIndex(
            namespace: "Fuzz", sources: [("schema.graphqls", .schema, input), ("operations.graphql", .executable, input)])
        exercise(schemaProject)
        _ = ProjectIndex(namespace: "Fuzz", sources: [("schema.json", .schema, input)]).diagnostics
    }

    private func exercise(_ project: ProjectIndex) {
        _ = project.diagnostics
        _ = MockFileRenderer.files(for: project.mockModel)
        let selectionSets = project.selectionSetModel()
        // What requests read, built per definition, must be what the whole model holds.
        for selectionSet in selectionSets.selectionSets where selectionSets[selectionSet.path]?.path == selectionSet.path {
            if project.selectionSet(selectionSet.path) != selectionSets[selectionSet.path] {
                fatalError("the selection set \(selectionSet.path) read per definition differs from the whole model's")
            }
        }
        for object in project.mockModel.objects.prefix(4) {
            for field in object.fields.prefix(4) { _ = project.definitions(selecting: field.key, on: object.name) }
        }
        _ = PlaceholderFileRenderer.render(
            model: project.mockModel, schema: project.schema, mocksModule: nil, selectionSets: selectionSets,
            initializers: SelectionSetInitializerOptions(operations: true, namedFragments: true))
    }

    public func generate(_ random: inout SeededRandom) -> [UInt8] {
        let seed = fixture.graphQLSeeds.isEmpty ? [] : random.pick(fixture.graphQLSeeds)
        return Mutation.mutate(seed, with: &random, corpus: fixture.graphQLSeeds)
    }
}

/// The message path of one long-lived server: framing, JSON-RPC, dispatch, documents and requests. Inputs are raw
/// bytes of the stream; the random driver writes mostly well-formed messages (documents opened, edited and closed,
/// requests at random positions, workspace folder changes) with damaged ones between.
public final class MessageSurface: FuzzSurface {
    private let fixture: FuzzFixture
    private let server: LanguageServer
    private var framer = MessageFramer()
    private var nextID = 1
    private var open: [String: (version: Int, text: [UInt8])] = [:]
    private let workspace: URL
    public private(set) var messages = 0

    /// Requests sent and not answered yet: like an editor, the driver keeps only a few in flight.
    private let outstanding = Outstanding()
    private final class Outstanding: Sendable {
        let count = Mutex(0)
        func withLock<R>(_ body: (inout Int) -> R) -> R { count.withLock { body(&$0) } }
    }
    private static let maximumOutstanding = 8

    /// Where the scenario's operations are: a GraphQL document opened there belongs to its project.
    private let graphQLFolder: URL

    public init(_ fixture: FuzzFixture) {
        self.fixture = fixture
        workspace = fixture.shared.appendingPathComponent("fixtures/scenarios/animalkingdom")
        graphQLFolder = fixture.shared.appendingPathComponent("fixtures/apollo/AnimalKingdomAPI/graphql")
        let outstanding = self.outstanding
        server = LanguageServer(options: ServerOptions(logLevel: .critical)) { bytes in
            // A reply (it carries an id and no method) frees a slot.
            if bytes.starts(with: Array(#"{"jsonrpc":"2.0","id""#.utf8)), !bytes.contains(Array(#""method""#.utf8)) {
                outstanding.withLock { $0 = max(0, $0 - 1) }
            }
        }
        feed(Self.frame(#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"capabilities":{"textDocument":{"completion":{"completionItem":{"snippetSupport":true}}},"workspace":{"workspaceFolders":true}},"rootUri":"\#(workspace.absoluteString)"}}"#))
        feed(Self.frame(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#))
    }

    public func run(_ input: [UInt8]) { feed(input) }

    /// libFuzzer mutates URIs, so its inputs open documents and announce folders under ever new names; the protocol
    /// makes the server keep each until the client closes or removes it, and a run of 10⁶ inputs that ends none holds
    /// hundreds of thousands (the growth an earlier run saw). An input here is an editor's session: a frame it leaves
    /// unfinished is dropped, and after it the documents it opened are closed and the folders it added removed, as
    /// an editor does when it quits.
    public func runAlone(_ input: [UInt8]) {
        framer = MessageFramer()
        let folders = server.workspaceFolderURLs
        feed(input)
        for uri in Array(server.documents.uris) {
            feed(Self.frame(#"{"jsonrpc":"2.0","method":"textDocument/didClose","params":{"textDocument":{"uri":\#(Self.json(Array(uri.utf8)))}}}"#))
        }
        let added = server.workspaceFolderURLs.filter { !folders.contains($0) }
        guard !added.isEmpty else { return }
        let removed = added.map { #"{"uri":\#(Self.json(Array($0.absoluteString.utf8))),"name":"w"}"# }.joined(separator: ",")
        feed(Self.frame(#"{"jsonrpc":"2.0","method":"workspace/didChangeWorkspaceFolders","params":{"event":{"added":[],"removed":[\#(removed)]}}}"#))
    }

    private func feed(_ bytes: [UInt8]) {
        for event in framer.feed(bytes) {
            messages += 1
            guard case .message(let body) = event else {
                server.handle(event)
                continue
            }
            let message = IncomingMessage.parse(body)
            if case .request = message {
                // A request that gets no reply (there should be none) is waited for at most 200 ms.
                var waited = 0
                while outstanding.withLock({ $0 }) >= Self.maximumOutstanding, waited < 1000 {
                    usleep(200)
                    waited += 1
                }
                outstanding.withLock { $0 = min($0 + 1, Self.maximumOutstanding) }
            }
            server.handle(message)
        }
    }

    static func frame(_ body: String) -> [UInt8] { frame(Array(body.utf8)) }
    static func frame(_ body: [UInt8]) -> [UInt8] { Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body }

    /// A JSON string holding `bytes` (decoded as UTF-8, invalid bytes replaced).
    private static func json(_ bytes: [UInt8]) -> String {
        let data = try! JSONSerialization.data(withJSONObject: String(decoding: bytes, as: UTF8.self), options: .fragmentsAllowed)
        return String(decoding: data, as: UTF8.self)
    }

    public func generate(_ random: inout SeededRandom) -> [UInt8] {
        nextID += 1
        let id = nextID
        let uri = "\(workspace.absoluteString)/Tests/AnimalKingdomTests/Fuzz\(random.below(80)).swift"
        let position = #"{"line":\#(random.below(60)),"character":\#(random.below(40))}"#
        var body: String
        switch random.below(16) {
        case 0, 1:
            // A Swift test, or a GraphQL document of the project (the scenario reads `../../apollo/…/graphql/*.graphql`).
            let graphql = random.chance(4) && !fixture.graphQLSeeds.isEmpty
            let seed = graphql ? random.pick(fixture.graphQLSeeds) : fixture.swiftSeeds.isEmpty ? [] : random.pick(fixture.swiftSeeds)
            let text = random.chance(3) ? Mutation.mutate(seed, with: &random) : seed
            let opened = graphql ? "\(graphQLFolder.absoluteString)/Fuzz\(random.below(20)).graphql" : uri
            open[opened] = (1, text)
            body = #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"\#(opened)","languageId":"\#(graphql ? "graphql" : "swift")","version":1,"text":\#(Self.json(text))}}}"#
        case 2, 3, 4, 5:
            guard let (uri, document) = open.randomElement(using: &random) else { return generate(&random) }
            let start = #"{"line":\#(random.below(40)),"character":\#(random.below(30))}"#
            let insert = Self.json(random.pick(Mutation.fragments))
            open[uri] = (document.version + 1, document.text)
            body = #"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"\#(uri)","version":\#(document.version + 1)},"contentChanges":[{"range":{"start":\#(start),"end":\#(start)},"text":\#(insert)}]}}"#
        case 6:
            guard let uri = open.keys.randomElement(using: &random) else { return generate(&random) }
            open[uri] = nil
            body = #"{"jsonrpc":"2.0","method":"textDocument/didClose","params":{"textDocument":{"uri":"\#(uri)"}}}"#
        case 7, 8, 9, 10:
            let target = open.keys.randomElement(using: &random) ?? uri
            let method = random.pick([
                "textDocument/completion", "textDocument/hover", "textDocument/definition", "textDocument/diagnostic",
                "textDocument/signatureHelp", "textDocument/references", "textDocument/prepareRename", "textDocument/documentSymbol",
                "textDocument/rename", "workspace/symbol",
            ])
            // Members a method does not take are left alone by the server; `rename` also takes a new name.
            let newName = random.chance(2) ? "Renamed\(random.below(9))" : Self.json(random.pick(Mutation.fragments)).trimmingCharacters(in: ["\""])
            body = #"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":{"textDocument":{"uri":"\#(target)"},"position":\#(position),"newName":"\#(newName)","query":"\#(newName.prefix(3))","context":{"includeDeclaration":true}}}"#
        case 11:
            let target = open.keys.randomElement(using: &random) ?? uri
            body = #"{"jsonrpc":"2.0","id":\#(id),"method":"textDocument/codeAction","params":{"textDocument":{"uri":"\#(target)"},"range":{"start":\#(position),"end":\#(position)},"context":{"diagnostics":[]}}}"#
        case 12:
            body = #"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":\#(id - random.below(5))}}"#
        case 13:
            // An editor that re-announces its folder, or adds and removes one.
            let folder = random.chance(2) ? workspace.absoluteString : workspace.appendingPathComponent("Tests").absoluteString
            let change = random.chance(3) ? #""added":[],"removed":[{"uri":"\#(folder)","name":"w"}]"# : #""added":[{"uri":"\#(folder)","name":"w"}],"removed":[]"#
            body = #"{"jsonrpc":"2.0","method":"workspace/didChangeWorkspaceFolders","params":{"event":{\#(change)}}}"#
        case 14:
            body = #"{"jsonrpc":"2.0","method":"textDocument/didSave","params":{"textDocument":{"uri":"\#(uri)"}}}"#
        default:
            // Damaged: a mutated message, or bytes that are no message at all.
            let valid = Array(#"{"jsonrpc":"2.0","id":\#(id),"method":"textDocument/hover","params":{"textDocument":{"uri":"\#(uri)"},"position":\#(position)}}"#.utf8)
            let damaged = Mutation.mutate(valid, with: &random)
            return random.chance(4) ? damaged : Self.frame(damaged)
        }
        return Self.frame(body)
    }
}
