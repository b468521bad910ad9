import Features
import Foundation
import GraphQLIndex
import SourceText
import SwiftAnalysis

/// What `mockls check` finds in a workspace: the diagnostics of its Swift test files and of its GraphQL documents,
/// as records with 1-based lines and UTF-8 columns (as swiftc counts them).
public struct CheckReport: Sendable {
    public struct Record: Encodable, Sendable, Equatable {
        /// Relative to the workspace folder when inside it.
        public var file: String
        public var line, column, endLine, endColumn: Int
        public var severity: String
        public var code: String
        public var message: String
    }

    public private(set) var records: [Record] = []
    /// Absolute paths of the files checked.
    public private(set) var checkedFiles: [String] = []

    /// Checks `paths` (files or folders; the whole workspace when empty): every Swift file that builds mocks, and the
    /// GraphQL documents of the workspace's projects.
    public init(workspace: Workspace, paths: [URL] = []) {
        let roots = paths.isEmpty ? [workspace.folder] : paths.map(\.standardizedFileURL)
        let inScope = { (path: String) in roots.contains { path == $0.path || path.hasPrefix($0.path + "/") } }
        var found: [(file: URL, lines: LineTable, diagnostics: [(range: Range<Int>, severity: String, code: String, message: String)])] = []
        for file in Self.swiftFiles(under: roots) {
            guard let bytes = FileTree.contents(file) else { continue }
            guard Self.buildsMocks(bytes) else { continue }
            checkedFiles.append(file.path)
            guard let project = workspace.project(forSwiftFile: file, text: bytes) else { continue }
            let swiftFile = SwiftTestFile(bytes)
            let diagnostics = MockDiagnostics.diagnostics(in: swiftFile, project: project.index)
            found.append((file, swiftFile.lines, diagnostics.map { ($0.range, $0.severity.rawValue, $0.code.rawValue, $0.message) }))
        }
        for (file, entry) in workspace.diagnostics where inScope(file.path) {
            checkedFiles.append(file.path)
            found.append((file, LineTable(entry.text), entry.diagnostics.map {
                ($0.location.range, $0.severity.rawValue, $0.code.rawValue, $0.message)
            }))
        }
        for (file, lines, diagnostics) in found.sorted(by: { $0.file.path < $1.file.path }) {
            let name = file.path.hasPrefix(workspace.folder.path + "/") ? String(file.path.dropFirst(workspace.folder.path.count + 1)) : file.path
            for diagnostic in diagnostics {
                let start = lines.position(of: diagnostic.range.lowerBound, unit: .utf8)
                let end = lines.position(of: diagnostic.range.upperBound, unit: .utf8)
                records.append(Record(
                    file: name, line: start.line + 1, column: start.column + 1, endLine: end.line + 1, endColumn: end.column + 1,
                    severity: diagnostic.severity, code: diagnostic.code, message: diagnostic.message))
            }
        }
    }

    /// Tests use `Mock<` or import ApolloTestSupport; Apollo's generated mock files are not tests.
    static func buildsMocks(_ bytes: [UInt8]) -> Bool {
        bytes.contains(bytes: "Mock<") || bytes.contains(bytes: "import ApolloTestSupport")
    }

    static func swiftFiles(under roots: [URL]) -> [URL] {
        var seen: Set<String> = []
        return roots.flatMap { root in
            FileTree.files(under: root) { $0.hasSuffix(".swift") && !$0.hasSuffix(".graphql.swift") }
        }
        .filter { seen.insert($0.path).inserted }
        .sorted { $0.path < $1.path }
    }
}
