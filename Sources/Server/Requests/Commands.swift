import Foundation
import JSONRPC
import LSP

/// `workspace/executeCommand`: the commands the server runs, each with typed arguments. `commands` is the list both the
/// dispatcher and the advertised `executeCommandProvider` come from; a command's arguments are a value of their own
/// (`ServerCommandArguments`) that writes the positional list a `Command` carries and reads it back, so the code action
/// or lens that offers a command and the handler that runs it cannot disagree on what the list holds.
extension LanguageServer {
    /// The commands the server runs itself.
    static let commands = [openTestsCommand, writeResponseCommand]

    func registerCommands() {
        registerReadRequest(ExecuteCommandRequest.self, answersAtOnce: { $0.command == Self.openTestsCommand }) { [unowned self] params, snapshot, _ in
            switch params.command {
            case Self.openTestsCommand: return try openTests(OpenTestsArguments(params.arguments), snapshot: snapshot)
            case Self.writeResponseCommand: return try writeResponse(WriteResponseArguments(params.arguments), snapshot: snapshot)
            default: throw ResponseError.invalidParams("mockls runs no command \(params.command)")
            }
        }
    }
}

extension LanguageServer {
    /// Asks the client to show a document (`window/showDocument`), without waiting for its answer.
    func showDocument(_ params: ShowDocumentParams) {
        if let bytes = try? OutgoingMessage.request(
            id: .string("mockls-show-\(UUID().uuidString)"), method: ShowDocumentRequest.method, params: params)
        {
            send(bytes)
        }
    }

    /// Tells the user what a command did (`window/showMessage`).
    func showMessage(_ message: String) {
        if let bytes = try? OutgoingMessage.notification(
            method: ShowMessageNotification.method, params: LogMessageParams(type: .info, message: message))
        {
            send(bytes)
        }
    }
}

extension ServerFeature {
    static let commands = ServerFeature(methods: [ExecuteCommandRequest.method], register: { $0.registerCommands() }) { capabilities, _ in
        capabilities.executeCommandProvider = ExecuteCommandOptions(commands: LanguageServer.commands)
    }
}

/// A command's arguments: written as the positional list of a `Command`, read back from it.
protocol ServerCommandArguments: Equatable {
    /// Reads the list a client sends back; InvalidParams when it is not what this command takes.
    init(_ arguments: [JSONValue]?) throws
    var arguments: [JSONValue] { get }
}

/// `mockls.openTests` and `mockls.showTests`: the document and position of a lens, and the tests it counts (the first
/// `LanguageServer.lensLocations`), each the whole first line of its function.
struct OpenTestsArguments: ServerCommandArguments {
    var document: DocumentURI
    var position: Position
    var tests: [Location]

    init(document: DocumentURI, position: Position, tests: [Location]) {
        (self.document, self.position, self.tests) = (document, position, tests)
    }

    init(_ arguments: [JSONValue]?) throws {
        guard let arguments, arguments.count == 3, case .string(let document) = arguments[0], let position = Position(json: arguments[1]),
            case .array(let locations) = arguments[2]
        else { throw ResponseError.invalidParams("\(LanguageServer.openTestsCommand) takes a document, a position and the tests' locations") }
        (self.document, self.position) = (document, position)
        tests = try locations.map { location in
            guard case .string(let uri) = location["uri"], let start = location["range"]?["start"].flatMap(Position.init(json:)),
                let end = location["range"]?["end"].flatMap(Position.init(json:))
            else { throw ResponseError.invalidParams("\(LanguageServer.openTestsCommand): a test's location is a uri and a range") }
            return Location(uri: uri, range: PositionRange(start: start, end: end))
        }
    }

    var arguments: [JSONValue] {
        [.string(document), position.json, .array(tests.map { .object(["uri": .string($0.uri), "range": $0.range.json]) })]
    }
}

/// `mockls.writeResponse`: the test document and the position of its `from(_:)`.
struct WriteResponseArguments: ServerCommandArguments {
    var document: DocumentURI
    var position: Position

    init(document: DocumentURI, position: Position) { (self.document, self.position) = (document, position) }

    init(_ arguments: [JSONValue]?) throws {
        guard let arguments, arguments.count == 2, case .string(let document) = arguments[0], let position = Position(json: arguments[1])
        else { throw ResponseError.invalidParams("\(LanguageServer.writeResponseCommand) takes a document and a position") }
        (self.document, self.position) = (document, position)
    }

    var arguments: [JSONValue] { [.string(document), position.json] }
}

extension Position {
    /// A position read from a command's arguments: whole, non-negative numbers only.
    init?(json: JSONValue) {
        guard case .int(let line)? = json["line"], case .int(let character)? = json["character"], line >= 0, character >= 0,
            line <= Int64(Int32.max), character <= Int64(Int32.max)
        else { return nil }
        self.init(line: Int(line), character: Int(character))
    }
}

extension PositionRange {
    var json: JSONValue { .object(["start": start.json, "end": end.json]) }
}
