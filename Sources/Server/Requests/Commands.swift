import Foundation
import JSONRPC
import LSP

/// `workspace/executeCommand`: the commands the server runs (`ServerCommand`, which the converter owns), each with
/// typed arguments. The advertised `executeCommandProvider` lists every case and the dispatcher switches over them
/// all; a command's arguments are a value of their own (`ServerCommandArguments`) that writes the positional list a
/// `Command` carries and reads it back, so the code action or lens that offers a command and the handler that runs it
/// cannot disagree on what the list holds.
extension LanguageServer {
    /// The commands the server runs itself, as `executeCommandProvider` advertises them.
    static let commands = ServerCommand.allCases.map(\.rawValue)

    func registerCommands() {
        let answersAtOnce = { (params: ExecuteCommandParams) in ServerCommand(rawValue: params.command)?.answersAtOnce == true }
        registerReadRequest(ExecuteCommandRequest.self, answersAtOnce: answersAtOnce) { [unowned self] params, snapshot, _ in
            switch ServerCommand(rawValue: params.command) {
            case .openTests?: try openLocations(LensLocationsArguments(params.arguments, command: params.command), of: .tests, snapshot: snapshot)
            case .openReads?: try openLocations(LensLocationsArguments(params.arguments, command: params.command), of: .appReads, snapshot: snapshot)
            case .writeResponse?: try writeResponse(DocumentPositionArguments(params.arguments, command: params.command), snapshot: snapshot)
            case .writeTestTransport?:
                try writeTestTransport(DocumentPositionArguments(params.arguments, command: params.command), snapshot: snapshot)
            case nil: throw ResponseError.invalidParams("mockls runs no command \(params.command)")
            }
        }
    }
}

extension ServerCommand {
    /// Runs on the reading thread as it arrives: showing a lens's places reads nothing of the analysis.
    var answersAtOnce: Bool {
        switch self {
        case .openTests, .openReads: true
        case .writeResponse, .writeTestTransport: false
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
            method: ShowMessageNotification.method, params: ProtocolConversion.message(.info, message))
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
