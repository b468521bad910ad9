import Foundation
import JSONRPC
// The one fuzz surface that reaches the language server: the others ask `Analysis` and the pure modules.
import Server
import Synchronization

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

    /// The requests sent and not answered, by id: each reply is judged against its request (`AnswerCheck`).
    private let asked = Asked()
    private final class Asked: Sendable {
        let requests = Mutex<[RequestID: (method: String, params: JSONValue)]>([:])
    }

    /// Where the scenario's operations are: a GraphQL document opened there belongs to its project.
    private let graphQLFolder: URL

    public init(_ fixture: FuzzFixture) {
        self.fixture = fixture
        workspace = fixture.workspace
        graphQLFolder = fixture.graphQLFolder
        let outstanding = self.outstanding
        let asked = self.asked
        server = LanguageServer(options: ServerOptions(logLevel: .critical)) { bytes in
            // A reply (it carries an id and no method) frees a slot, and is judged: a violation is a finding.
            if bytes.starts(with: Array(#"{"jsonrpc":"2.0","id""#.utf8)), !bytes.contains(Array(#""method""#.utf8)) {
                outstanding.withLock { $0 = max(0, $0 - 1) }
                Self.judge(bytes, asked: asked)
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
        let documents = server.documents
        for uri in documents.files.compactMap({ documents[$0]?.uri }) {
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
            if case .request(let id, let method, let params) = message {
                let decoded = params.flatMap { try? JSONCDecoder().decode(JSONValue.self, from: $0) } ?? .null
                asked.requests.withLock { $0[id] = (method, decoded) }
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

    /// Judges the reply `bytes` against the request it answers; traps on a violation, as a fuzzer's finding.
    private static func judge(_ bytes: [UInt8], asked: Asked) {
        guard let start = bytes.firstIndex(of: UInt8(ascii: "{")),
            let reply = try? JSONCDecoder().decode(JSONValue.self, from: Array(bytes[start...]))
        else { return }
        let id: RequestID? = switch reply["id"] {
        case .int(let number)?: .number(number)
        case .string(let text)?: .string(text)
        default: nil
        }
        guard let id, let request = asked.requests.withLock({ $0.removeValue(forKey: id) }), let result = reply["result"] else { return }
        let violations = AnswerCheck.violations(method: request.method, params: request.params, result: result)
        if !violations.isEmpty {
            fatalError("not a valid answer to \(request.method) \(request.params): \(violations.joined(separator: "; "))")
        }
    }

    static func frame(_ body: String) -> [UInt8] { frame(Array(body.utf8)) }
    static func frame(_ body: [UInt8]) -> [UInt8] { Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body }

    /// A JSON string holding `bytes` (decoded as UTF-8, invalid bytes replaced).
    static func json(_ bytes: [UInt8]) -> String {
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
            // Lines past the document's end (refused, and logged) among them; now and then a version that goes back.
            let start = #"{"line":\#(random.below(40)),"character":\#(random.below(30))}"#
            let insert = Self.json(random.pick(Mutation.fragments))
            let version = random.chance(30) ? max(0, document.version - random.below(3)) : document.version + 1
            open[uri] = (max(version, document.version), document.text)
            body = #"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"\#(uri)","version":\#(version)},"contentChanges":[{"range":{"start":\#(start),"end":\#(start)},"text":\#(insert)}]}}"#
        case 6:
            guard let uri = open.keys.randomElement(using: &random) else { return generate(&random) }
            open[uri] = nil
            body = #"{"jsonrpc":"2.0","method":"textDocument/didClose","params":{"textDocument":{"uri":"\#(uri)"}}}"#
        case 7, 8, 9, 10:
            let target = open.keys.randomElement(using: &random) ?? uri
            let method = random.pick([
                "textDocument/completion", "textDocument/hover", "textDocument/definition", "textDocument/diagnostic",
                "textDocument/signatureHelp", "textDocument/references", "textDocument/prepareRename", "textDocument/documentSymbol",
                "textDocument/rename", "workspace/symbol", "textDocument/codeLens", "textDocument/documentHighlight",
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
            // An editor that re-announces its folder, or adds and removes one: the workspace's, one inside it, or
            // one that does not exist (issue 45's growth came with these), or a file URI with no path (issue 62's spin).
            let folder = switch random.below(4) {
            case 0: workspace.absoluteString
            case 1: workspace.appendingPathComponent("Tests").absoluteString
            case 2 where random.chance(4): random.pick(["file://", "file://?x", "file://localhost", "file:relative"])
            default: "file:///nonexistent/folder\(random.below(64))"
            }
            let change = random.chance(3) ? #""added":[],"removed":[{"uri":"\#(folder)","name":"w"}]"# : #""added":[{"uri":"\#(folder)","name":"w"}],"removed":[]"#
            body = #"{"jsonrpc":"2.0","method":"workspace/didChangeWorkspaceFolders","params":{"event":{\#(change)}}}"#
        case 14 where random.chance(3):
            // A storm of file events: GraphQL documents, fixtures, tests and configurations changed, created, deleted.
            let names = ["graphql/DogQuery.graphql", "Tests/Fixtures/DogQuery.json", "Tests/AnimalKingdomTests/AnimalTests.swift", "apollo-codegen-config.json", "Package.resolved", "Nowhere/x.graphql"]
            let events = (0..<(1 + random.below(60))).map { _ in
                #"{"uri":"\#(workspace.appendingPathComponent(random.pick(names)).absoluteString)","type":\#(1 + random.below(3))}"#
            }
            body = #"{"jsonrpc":"2.0","method":"workspace/didChangeWatchedFiles","params":{"changes":[\#(events.joined(separator: ","))]}}"#
        case 14 where random.chance(2):
            // A JSON response fixture of the project's, mutated as the fixture surface mutates them.
            var text = Array(random.pick(FixtureSurface.seeds).utf8)
            let at = random.below(text.count + 1)
            text.insert(contentsOf: Array(random.pick(FixtureSurface.hostile).utf8), at: at)
            let fixtureURI = workspace.appendingPathComponent("Tests/Fixtures/\(random.pick(["DogQuery", "AllAnimalsQuery", "ClassroomPets"])).json").absoluteString
            open[fixtureURI] = (1, text)
            body = #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"\#(fixtureURI)","languageId":"json","version":1,"text":\#(Self.json(text))}}}"#
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
