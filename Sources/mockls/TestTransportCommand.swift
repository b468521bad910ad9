import Analysis
import ArgumentParser
import Features
import Foundation

struct TestTransportCommand: ParsableCommand, WorkspaceCommand {
    static let configuration = CommandConfiguration(
        commandName: "test-transport",
        abstract: "Write a TestNetworkTransport for tests that fetch through ApolloClient, for the project's Apollo iOS.",
        discussion: """
            One Swift file for the test target: a NetworkTransport of the Apollo iOS release the project uses (1.x or \
            2.x, read as for its mocks; --mock-format overrides it) that answers ApolloClient's operations with what a \
            test registers or enqueues: a Mock of the operation's root type, a JSON response fixture, or an error. \
            Responses go through Apollo's own parsing, as a server's would: a nullable field the mock leaves unset goes \
            out as null, a required one is missing and Apollo rejects the response. An operation nobody registered \
            fails the test with its name and variables, never a hang; assertAllUsed() fails for responses never asked \
            for. Its API is public where the project's mocks are. --output names the file, or a folder that gets \
            TestNetworkTransport.swift.
            """)

    @OptionGroup var workspace: WorkspaceOptions

    @Option(help: "Write the file here instead of printing it; a folder (an existing one, or a path ending in /) gets TestNetworkTransport.swift.")
    var output: String?

    @Flag(help: "Replace an existing file even when mockls did not write it (by default such a file is left as it is, exit status 2).")
    var force = false

    func run() throws {
        // The file depends on the project's Apollo iOS release and access only: a schema not downloaded yet (or one
        // with errors) does not keep it from being written.
        let loaded = try workspace.load()
        let projects = loaded.projects.filter { $0.configuration.file != nil || $0.hasSchema }
        if projects.isEmpty { try workspace.requireSchema(in: loaded) }
        let texts = Set(projects.map(\.testTransportFile))
        guard let text = texts.first else {
            printError("mockls: no Apollo project: nothing written")
            throw ExitCode(2)
        }
        guard texts.count == 1 else {
            let releases = projects.map { "\($0.configuration.namespace): Apollo iOS \($0.index.format.release.rawValue)" }.joined(separator: ", ")
            throw ValidationError("the workspace's projects need different transports (\(releases)): run it with --workspace for each project's folder")
        }
        guard let output else {
            print(text, terminator: "")
            return
        }
        var destination = URL(fileURLWithPath: output)
        if output.hasSuffix("/") || FileTree.kind(of: output) == .folder {
            destination.appendPathComponent(TestTransportFile.fileName)
        }
        try OutputFiles.write([(text, destination)], as: .generated(mark: TestTransportFile.mark), force: force)
        printError("mockls: wrote \(destination.path) (Apollo iOS \(projects[0].index.format.release == .two ? "2.x" : "1.x"))")
    }
}
