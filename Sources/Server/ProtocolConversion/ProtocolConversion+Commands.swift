import JSONRPC
import LSP

/// The commands the server runs itself (`workspace/executeCommand`). The converter owns the names of the commands
/// mockls sends (the actions and lenses it makes carry them) and their arguments as the protocol carries them;
/// `Requests/Commands.swift` advertises every case in `executeCommandProvider` and switches over them all to run one,
/// so the two cannot disagree.
enum ServerCommand: String, CaseIterable, Sendable {
    case openTests = "mockls.openTests"
    case openReads = "mockls.openReads"
    case writeResponse = "mockls.writeResponse"
    case writeTestTransport = "mockls.writeTestTransport"
}

/// The commands a client runs itself when it says so (`experimental.mocklsCommands`: VS Code's extension).
enum ClientCommand: String, Sendable {
    case showTests = "mockls.showTests"
    case showReads = "mockls.showReads"
    case copyResponse = "mockls.copyResponse"
}

/// What a coverage lens's command shows: the tests of the field, or the app's reads of it. Each has a command the
/// server runs (`window/showDocument`, a message) and one a client runs that says so (its peek view).
enum LensLocations: CaseIterable, Sendable {
    case tests
    case appReads

    var serverCommand: ServerCommand {
        switch self {
        case .tests: .openTests
        case .appReads: .openReads
        }
    }

    var clientCommand: ClientCommand {
        switch self {
        case .tests: .showTests
        case .appReads: .showReads
        }
    }

    var noun: String {
        switch self {
        case .tests: "test"
        case .appReads: "app read"
        }
    }
}

/// A command's arguments: written as the positional list of a `Command`, read back from it.
protocol ServerCommandArguments: Equatable {
    /// Reads the list a client sends back; InvalidParams when it is not what this command takes.
    init(_ arguments: [JSONValue]?) throws
    var arguments: [JSONValue] { get }
}

/// The commands of a coverage lens (`LensLocations`): the document and position of the lens, and the places it counts
/// (the first `ProtocolConversion.lensLocations`): the tests (each the whole first line of its function), or the app's reads.
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
