import Foundation
import XCTest

/// The invariants of ARCHITECTURE.md about what imports what, read from the sources: a module may import only the
/// modules inside it, the pure modules do no IO, and only one file of the command line and one of the fuzz surfaces
/// reach the language server.
final class ArchitectureTests: XCTestCase {
    private static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")

    /// The project's modules and third-party ones each module may import (system modules — Foundation, Dispatch,
    /// Synchronization, Glibc, Darwin, XCTest — are not listed: every module may import them).
    private static let allowed: [String: Set<String>] = [
        "SourceText": [],
        "GraphQLIndex": ["OrderedCollections"],
        "SwiftAnalysis": ["SourceText", "SwiftSyntax", "SwiftParser"],
        "Features": ["SourceText", "GraphQLIndex", "SwiftAnalysis"],
        "CJSONC": [],
        "JSONRPC": ["CJSONC"],
        "LSP": ["JSONRPC", "SourceText"],
        "Analysis": ["SourceText", "GraphQLIndex", "SwiftAnalysis", "Features", "JSONRPC", "Yams"],
        "Server": ["SourceText", "GraphQLIndex", "SwiftAnalysis", "Features", "JSONRPC", "LSP", "Analysis", "Logging"],
        "mockls": ["SourceText", "GraphQLIndex", "SwiftAnalysis", "Features", "JSONRPC", "Analysis", "Server", "ArgumentParser", "Logging"],
        "Fuzzing": ["SourceText", "GraphQLIndex", "SwiftAnalysis", "Features", "JSONRPC", "Analysis", "Server", "SwiftSyntax"],
        "mockls-fuzz": ["Fuzzing", "ArgumentParser"],
    ]
    private static let system: Set<String> = ["Foundation", "Dispatch", "Synchronization", "Glibc", "Musl", "Darwin", "os"]
    /// The modules that do no IO: they take text and return values.
    private static let pure: Set<String> = ["SourceText", "GraphQLIndex", "SwiftAnalysis", "Features"]
    /// The only files of these modules that may import `Server`: the command that serves, and the surface that fuzzes
    /// the server's message path. Everything else asks `Analysis`.
    /// The soak (`make bench-soak`) drives a whole server too, as the message surface does.
    private static let reachServer: [String: Set<String>] = ["mockls": ["ServeCommand.swift"], "Fuzzing": ["MessageSurface.swift", "Soak.swift"]]

    /// Every Swift file of each module under `Sources`, with the modules it imports.
    private func imports() throws -> [(module: String, file: URL, imports: Set<String>)] {
        let folders = try FileManager.default.contentsOfDirectory(at: Self.sources, includingPropertiesForKeys: nil)
        var result: [(String, URL, Set<String>)] = []
        for folder in folders where Self.allowed[folder.lastPathComponent] != nil {
            let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
            for file in files where file.pathExtension == "swift" {
                let text = try String(contentsOf: file, encoding: .utf8)
                // The imports at the top of the file (code that writes Swift has `import` lines in its strings).
                var names: [String] = []
                for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                    let words = line.split(separator: " ").filter { !$0.hasPrefix("@") }
                    if words.isEmpty || words[0].hasPrefix("//") || words[0].hasPrefix("#") { continue }
                    guard words[0] == "import", words.count >= 2 else { break }
                    // `import struct GraphQLIndex.Diagnostic`, `import Foundation.NSData`: the module.
                    let name = words.count > 2 ? words[2] : words[1]
                    names.append(String(name.split(separator: ".")[0]))
                }
                result.append((folder.lastPathComponent, file, Set(names)))
            }
        }
        return result
    }

    func testEachModuleImportsOnlyTheModulesInsideIt() throws {
        let found = try imports()
        XCTAssertEqual(Set(found.map(\.module)), Set(Self.allowed.keys).subtracting(["CJSONC"]), "every module is listed here")
        for (module, file, imports) in found {
            let outside = imports.subtracting(Self.allowed[module]!).subtracting(Self.system)
            XCTAssertEqual(outside, [], "\(module)/\(file.lastPathComponent) imports what \(module) may not")
        }
    }

    func testOnlyServeAndTheMessageSurfaceReachTheServer() throws {
        for (module, file, imports) in try imports() where imports.contains("Server") {
            XCTAssertTrue(Self.reachServer[module]?.contains(file.lastPathComponent) == true, "\(module)/\(file.lastPathComponent) imports Server")
        }
    }

    func testThePureModulesDoNoIO() throws {
        for (module, file, _) in try imports() where Self.pure.contains(module) {
            // Without the Swift a file writes (`#"""` … `"""#`): a generated test helper may read files itself.
            let text = try String(contentsOf: file, encoding: .utf8)
                .replacingOccurrences(of: ##"#"""\n[\s\S]*?\n\s*"""#"##, with: "", options: .regularExpression)
            for io in ["FileManager", "FileHandle", "String(contentsOf", "Data(contentsOf", "fopen(", "Process("] {
                XCTAssertFalse(text.contains(io), "\(module)/\(file.lastPathComponent) uses \(io)")
            }
        }
    }

    func testOneFileConvertsToTheProtocol() throws {
        for (module, file, imports) in try imports() where imports.contains("LSP") {
            XCTAssertTrue(module == "Server" || module == "LSP", "\(module)/\(file.lastPathComponent) imports LSP")
        }
    }

    /// What reads or lists the disk.
    private static let diskAccess = ["FileTree.", "FileManager", "FileHandle", "String(contentsOf", "Data(contentsOf", "fopen(", "opendir(", "stat("]
    /// The files of `Analysis` that read the disk: the loading of a workspace (its walk, its configuration, its Swift
    /// and JSON files, its generated mocks), the host, which writes the file a command creates, the host's watch of its
    /// folders, and the store of the coverage kept between sessions (read when the host loads a workspace, written in
    /// the background). Queries read what the snapshot holds (`WorkspaceFiles`, the open documents, the indexes):
    /// this rule keeps the disk out of the server and of every other file by their text; `QueriesAskNoDiskTests` proves
    /// it at run time for the queries whose code is in these files too (every path `FileTree` is asked about while
    /// every kind of query runs).
    private static let analysisLoaders: Set<String> = [
        "FileTree.swift", "WorkspaceFiles.swift", "Workspace.swift", "ProjectDiscovery.swift", "ApolloCodegenConfigurationFile.swift",
        "GraphQLConfigFile.swift", "Glob.swift", "GeneratedMocks.swift", "MockFormatDetector.swift", "SwiftSourceScan.swift",
        "AnalysisHost.swift", "CoverageStore.swift", "FolderWatch.swift",
    ]

    /// The code of a file without its comments (a doc comment may name `FileTree.contents`).
    private func code(of file: URL) throws -> String {
        try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n")
    }

    func testQueriesAndTheServerReadNoFiles() throws {
        XCTAssertTrue(Self.diskAccess.contains { "let text = FileTree.contents(url)".contains($0) }, "the rule sees a read")
        for (module, file, _) in try imports() where module == "Server" || (module == "Analysis" && !Self.analysisLoaders.contains(file.lastPathComponent)) {
            let text = try code(of: file)
            for access in Self.diskAccess {
                XCTAssertFalse(text.contains(access), "\(module)/\(file.lastPathComponent) reads the disk (\(access)): ask the snapshot")
            }
        }
    }

    /// Where a URI is read or written: a URI becomes a `FileID` (and a `FileID` a URI) only at the edge — `FileID`
    /// itself and the server's converter — and nowhere else below it, in the analysis or the handlers.
    private static let uriHandling = ["absoluteString", "URL(string:", "FileID(uri:", "AnalysisHost.fileURL"]

    func testURIsOnlyAtTheEdge() throws {
        XCTAssertTrue(Self.uriHandling.contains { "let uri = url.absoluteString".contains($0) }, "the rule sees a URI made")
        for (module, file, _) in try imports() where module == "Server" || module == "Analysis" {
            let path = file.path
            guard !path.hasSuffix("/Analysis/FileID.swift"), !path.contains("/Server/ProtocolConversion/") else { continue }
            let text = try code(of: file)
            for handling in Self.uriHandling {
                XCTAssertFalse(text.contains(handling), "\(module)/\(file.lastPathComponent) handles a URI (\(handling)): convert at the edge")
            }
        }
    }

    /// The protocol's values the server sends: the answers (positions, edits, results, the data an action carries back,
    /// the arguments of the commands it offers) and the messages it sends on its own (pushed diagnostics, log and shown
    /// messages, a document to show). Only `ProtocolConversion` makes them from mockls's values, and reads a command's
    /// arguments back. The server's capabilities and the watchers it registers are not among them: each feature
    /// declares those where it is registered.
    private static let protocolValues = [
        "Position", "PositionRange", "Location", "TextEdit", "WorkspaceEdit", "CodeAction", "CodeActionData", "CodeLens", "Command",
        "CompletionItem", "CompletionList", "CompletionItemLabelDetails", "HoverResult", "MarkupContent", "DocumentSymbol",
        "SymbolInformation", "DocumentHighlight", "Diagnostic", "PrepareRenameResult", "SignatureHelpResult", "SignatureInformation",
        "ParameterInformation", "FullDocumentDiagnosticReport", "PublishDiagnosticsParams", "MockResponseResult",
        "LogMessageParams", "ShowDocumentParams", "OptionalVersionedTextDocumentIdentifier",
    ]

    /// Where a file builds one of `protocolValues` (`Location(`, `LSP.Diagnostic(`; not `Range(` of bytes, a member
    /// `.range(`, nor `GraphQLIndex.Diagnostic(`).
    private func protocolValuesBuilt(in text: String) -> [String] {
        let names = Self.protocolValues.joined(separator: "|")
        let pattern = try! NSRegularExpression(pattern: "(?<![A-Za-z0-9_.])(?:LSP\\.)?(?:\(names))\\(")
        let range = NSRange(text.startIndex..., in: text)
        return pattern.matches(in: text, range: range).compactMap { Range($0.range, in: text).map { String(text[$0]) } }
    }

    func testOnlyProtocolConversionBuildsProtocolValues() throws {
        XCTAssertEqual(
            protocolValuesBuilt(in: "x = LSP.PositionRange(start: Position(line: 0, character: 0)); Range(a); .range(of: b); GraphQLIndex.Diagnostic(c)"),
            ["LSP.PositionRange(", "Position("])
        XCTAssertEqual(
            protocolValuesBuilt(in: "send(PublishDiagnosticsParams(uri: u, version: nil, diagnostics: [])); send(LogMessageParams(type: .info, message: m))"),
            ["PublishDiagnosticsParams(", "LogMessageParams("])
        // Each name is a type of the protocol's module: a renamed one is not silently let through.
        let declared = try FileManager.default.contentsOfDirectory(at: Self.sources.appendingPathComponent("LSP"), includingPropertiesForKeys: nil)
            .map { try String(contentsOf: $0, encoding: .utf8) }.joined()
        for name in Self.protocolValues {
            XCTAssertNotNil(declared.range(of: "(struct|enum) \(name)\\b", options: .regularExpression), "LSP declares no \(name)")
        }
        for (module, file, _) in try imports() where module == "Server" && !file.path.contains("/Server/ProtocolConversion/") {
            XCTAssertEqual(
                protocolValuesBuilt(in: try code(of: file)), [], "Server/\(file.lastPathComponent) builds protocol values: ask ProtocolConversion")
        }
    }

    /// The converter is given what it converts, and owns the names it writes (`ServerCommand`, `ClientCommand`): it
    /// reaches into no handler, nor the server.
    func testTheConverterDependsOnNoHandler() throws {
        for (module, file, _) in try imports() where module == "Server" && file.path.contains("/Server/ProtocolConversion/") {
            let text = try code(of: file)
            for handler in ["LanguageServer", "ServerSnapshot", "ServerFeature"] {
                XCTAssertFalse(text.contains(handler), "Server/\(file.lastPathComponent) uses \(handler): give the converter what it needs")
            }
        }
    }
}
