import Foundation
import JSONRPC
import LSP

/// `workspace/executeCommand`: the commands the server runs, each with typed arguments. `commands` is the list both the
/// dispatcher and the advertised `executeCommandProvider` come from; a command's arguments are a value of their own
/// (`ServerCommandArguments`) that writes the positional list a `Command` carries and reads it back, so the code action
/// or lens that offers a command and the handler that runs it cannot disagree on what the list holds.
extension LanguageServer {
    /// The commands the server runs itself.
    static let commands = LensLocations.allCases.map(\.serverCommand) + [writeResponseCommand, writeTestTransportCommand]

    func registerCommands() {
        let lensCommands = Dictionary(uniqueKeysWithValues: LensLocations.allCases.map { ($0.serverCommand, $0) })
        registerReadRequest(ExecuteCommandRequest.self, answersAtOnce: { lensCommands[$0.command] != nil }) { [unowned self] params, snapshot, _ in
            if let kind = lensCommands[params.command] {
                return try openLocations(LensLocationsArguments(params.arguments, command: params.command), of: kind, snapshot: snapshot)
            }
            switch params.command {
            case Self.writeResponseCommand:
                return try writeResponse(DocumentPositionArguments(params.arguments, command: params.command), snapshot: snapshot)
            case Self.writeTestTransportCommand:
                return try writeTestTransport(DocumentPositionArguments(params.arguments, command: params.command), snapshot: snapshot)
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

/// The commands of a coverage lens (`LensLocations`): the document and position of the lens, and the places it counts
/// (the first `LanguageServer.lensLocations`): the tests (each the whole first line of its function), or the app's reads.
struct LensLocationsArguments: ServerCommandArguments {
    var document: DocumentURI
    var position: Position
    var locations: [Location]

    init(document: DocumentURI, position: Position, locations: [Location]) {
        (self.document, self.position, self.locations) = (document, position, locations)
    }

    init(_ arguments: [JSONValue]?) throws { try self.init(arguments, command: "a lens's command") }

    init(_ arguments: [JSONValue]?, command: String) throws {
        guard let arguments, arguments.count == 3, case .string(let document) = arguments[0], let position = Position(json: arguments[1]),
            case .array(let locations) = arguments[2]
        else { throw ResponseError.invalidParams("\(command) takes a document, a position and the locations it shows") }
        (self.document, self.position) = (document, position)
        self.locations = try locations.map { location in
            guard case .string(let uri) = location["uri"], let start = location["range"]?["start"].flatMap(Position.init(json:)),
                let end = location["range"]?["end"].flatMap(Position.init(json:))
            else { throw ResponseError.invalidParams("\(command): a location is a uri and a range") }
            return Location(uri: uri, range: PositionRange(start: start, end: end))
        }
    }

    var arguments: [JSONValue] {
        [.string(document), position.json, .array(locations.map { .object(["uri": .string($0.uri), "range": $0.range.json]) })]
    }
}

/// The commands that apply at a line of a document (`mockls.writeResponse`, `mockls.writeTestTransport`): the document
/// and a position on that line.
struct DocumentPositionArguments: ServerCommandArguments {
    var document: DocumentURI
    var position: Position

    init(document: DocumentURI, position: Position) { (self.document, self.position) = (document, position) }

    init(_ arguments: [JSONValue]?) throws { try self.init(arguments, command: "this command") }

    init(_ arguments: [JSONValue]?, command: String) throws {
        guard let arguments, arguments.count == 2, case .string(let document) = arguments[0], let position = Position(json: arguments[1])
        else { throw ResponseError.invalidParams("\(command) takes a document and a position") }
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
