import Analysis
import ArgumentParser
import Features
import Foundation
import JSONRPC

struct FillCommand: ParsableCommand, WorkspaceCommand {
    static let configuration = CommandConfiguration(
        commandName: "fill",
        abstract: "Print the Mock<Query> (or Mutation) tree that sets every field an operation selects.",
        discussion: """
            For a test that wants a whole response and then changes one field: a test transport's registration \
            (transport.register(X.self, data: …)), or X.Data.from(…). A string field holds its name, IDs and numbers \
            count up, an enum its first case, a list one element, an interface or union the first possible type a \
            type condition names. --variables decides @include and @skip (a JSON object of the operation's Boolean \
            variables); a field whose variable is not given is set too. OPERATION is the operation's name \
            (HotelDetail) or its class's (HotelDetailQuery). Exit status 1 when no project has the operation.
            """)

    @OptionGroup var workspace: WorkspaceOptions

    @Argument(help: "The operation: HotelDetail or HotelDetailQuery.")
    var operation: String

    @Option(help: "The operation's Boolean variables, as a JSON object ({\"withRooms\": true}).")
    var variables: String?

    func run() throws {
        var conditions: [String: Bool] = [:]
        if let variables {
            guard case .object(let members)? = try? JSONCDecoder().decode(JSONValue.self, from: Array(variables.utf8)) else {
                throw ValidationError("--variables: expected a JSON object such as {\"withRooms\": true}, not \(variables)")
            }
            for (name, value) in members { if case .bool(let flag) = value { conditions[name] = flag } }
        }
        let projects = try workspace.loadForGenerating().projects.filter(\.hasSchema)
        var failures: [String] = []
        for project in projects {
            switch OperationFill.fill(operation, variables: conditions, project: project.index) {
            case .success(let text):
                print(text)
                if !project.index.format.generatesMocks {
                    printError("mockls: warning: \(project.configuration.namespace)'s configuration generates no test mocks (output.testMocks "
                        + "is none): this compiles once Apollo writes them (swiftPackage or absolute)")
                }
                return
            case .failure(let failure):
                failures.append(projects.count > 1 ? "\(project.configuration.namespace): \(failure)" : "\(failure)")
            }
        }
        printError("mockls: " + (failures.isEmpty ? "no project with a schema" : failures.joined(separator: "; ")))
        throw ExitCode(1)
    }
}
