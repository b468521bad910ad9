import ArgumentParser
import Analysis
import Features
import Foundation
import JSONRPC
import SourceText

/// `mockls references`: the editor's references at a position, each marked where it is — a GraphQL document, the app's
/// code or a test — for scripts, CI and editors without the protocol (Xcode): which app code reads a field, which
/// tests.
struct ReferencesCommand: ParsableCommand, WorkspaceCommand {
    static let configuration = CommandConfiguration(
        commandName: "references",
        abstract: "Print the uses of what is at a position of a GraphQL document or Swift file: GraphQL, app code and tests apart.",
        discussion: """
        At a field of an operation, a fragment or the schema, a fragment, an operation or a mock's argument: its \
        declaration and uses in the project's GraphQL documents, then the reads in app code, then the uses in tests \
        (a test is a file that imports a test framework or Apollo's test support, or lies in a folder named for tests). \
        LINE and COLUMN are 1-based; COLUMN counts UTF-8 bytes, as swiftc does. Text output: one use per line, \
        `kind<TAB>path:line:column`, paths relative to where mockls runs. Exit status: 0, also when nothing is found; \
        2 on a usage or configuration error.
        """)

    enum Format: String, ExpressibleByArgument, CaseIterable { case json, text }

    @Argument(help: "FILE:LINE:COLUMN")
    var location: String

    @OptionGroup var workspace: WorkspaceOptions

    @Option(help: "Output format: json or text.")
    var format: Format = .text

    @Flag(inversion: .prefixedNo, help: "Include the declaration (a field's selection or definition, a fragment's or operation's definition).")
    var declaration = true

    struct Use: Encodable {
        /// `graphql`, `app` or `test`.
        var kind: String
        var file: String
        /// 1-based; the column in UTF-8 bytes.
        var line: Int
        var column: Int
        var endLine: Int
        var endColumn: Int
    }

    func run() throws {
        let location = try FileLocation(location)
        let analysis = location.analysis(of: try workspace.loadProject(near: [location.file]))
        let found = try analysis.references(at: location.offset, in: try analysis.file(location.id), includingDeclaration: declaration)
        if found.isEmpty {
            printError("mockls: no references at \(location.line):\(location.column): not a GraphQL field, fragment, operation or mock argument")
        }
        let uses = found.map { reference, lines in
            let ends = [reference.range.lowerBound, reference.range.upperBound].map { lines.position(of: $0, unit: .utf8) }
            return Use(
                kind: Self.name(of: reference.kind), file: reference.document, line: ends[0].line + 1, column: ends[0].column + 1,
                endLine: ends[1].line + 1, endColumn: ends[1].column + 1)
        }
        switch format {
        case .json:
            FileHandle.standardOutput.write(Data(try JSONCEncoder(prettyPrinted: true).encode(uses) + [10]))
        case .text:
            let folder = FileManager.default.currentDirectoryPath
            for use in uses {
                print("\(use.kind)\t\(relativePath(use.file, to: folder)):\(use.line):\(use.column)")
            }
        }
    }

    static func name(of kind: ReferenceLocation.Kind) -> String {
        switch kind {
        case .graphQL: "graphql"
        case .app: "app"
        case .test: "test"
        }
    }
}
