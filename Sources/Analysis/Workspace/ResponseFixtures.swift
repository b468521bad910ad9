import Features
import Foundation
import GraphQLIndex
import SourceText
import SwiftAnalysis

/// JSON response fixtures: a `.json` file named after an operation of a project (`HotelDetail.json`,
/// `hotelDetailQuery.json`: the operation's name with or without its `Query`/`Mutation`/`Subscription` suffix, any
/// case), checked against that operation. `X.variables.json` beside it gives the variables its `@include`/`@skip` read.
public enum ResponseFixtures {
    /// Whether a JSON file may be a fixture: every `.json` file but configurations, package files and variables files
    /// (which of them name an operation is asked when checking, as operations change).
    static func isCandidate(_ path: String) -> Bool {
        guard path.hasSuffix(".json"), !path.hasSuffix(".variables.json") else { return false }
        let name = path[path.index(after: path.lastIndex(of: "/") ?? path.startIndex)...]
        return !["Package.resolved", "package.json", "package-lock.json", "apollo-codegen-config.json", "tsconfig.json",
                 "Contents.json", "schema.json"].contains(String(name)) && !name.hasPrefix(".graphqlrc") && !name.hasPrefix("graphql.config")
    }

    /// The operations of a workspace by the lower-cased names their fixtures may have (the operation's name, with
    /// its kind's suffix added or taken off), each with its project and the project's fragments.
    static func catalog(of workspace: Workspace) -> [String: [Fixture]] {
        var catalog: [String: [Fixture]] = [:]
        for project in workspace.projects {
            var fragments: [String: FragmentDefinition] = [:]
            var operations: [OperationDefinition] = []
            for document in project.index.documents.values where document.role == .executable {
                let tree = document.effective
                for fragment in tree.fragments { fragments[fragment.name.value] = fragment }
                operations += tree.operations
            }
            for operation in operations {
                guard let name = operation.name?.value.lowercased() else { continue }
                let suffix = operation.kind.rawValue
                let fixture = Fixture(project: project, operation: operation, fragments: fragments)
                var names: Set<String> = [name, name + suffix]
                if name.hasSuffix(suffix), name.count > suffix.count { names.insert(String(name.dropLast(suffix.count))) }
                for key in names { catalog[key, default: []].append(fixture) }
            }
        }
        return catalog
    }

    /// The operation `file` is a fixture of: the one its text names (`"@operation"`), else the one a Swift file reads
    /// it into (`reads`, by the file's lower-cased name), else the one it is named after; in the project nearest above
    /// it when several have one.
    static func fixture(for file: URL, text: [UInt8]?, in catalog: [String: [Fixture]], reads: [String: [ResponseFixtureRead]] = [:]) -> Fixture? {
        if let text, let declared = ResponseFixtureCheck.declaredOperation(in: text) {
            return nearest(catalog[declared.name.lowercased()] ?? [], to: file)
        }
        let name = file.deletingPathExtension().lastPathComponent.lowercased()
        let read = (reads[name] ?? []).sorted { $0.operationType < $1.operationType }.flatMap { read in
            (catalog[read.operationType.lowercased()] ?? []).map { fixture in
                var fixture = fixture
                fixture.variables = read.variables
                return fixture
            }
        }
        return nearest(read.isEmpty ? catalog[name] ?? [] : read, to: file)
    }

    /// Of `candidates`, the one whose project's folder nearest holds `file`.
    static func nearest(_ candidates: [Fixture], to file: URL) -> Fixture? {
        let path = file.standardizedFileURL.path
        func depth(_ fixture: Fixture) -> Int {
            let root = fixture.project.configuration.root.standardizedFileURL.path
            return path.hasPrefix(root + "/") ? root.count : -1
        }
        return candidates.max { depth($0) < depth($1) }
    }

    /// The operations' names, once each.
    static func operationNames(in catalog: [String: [Fixture]]) -> [String] {
        Array(Set(catalog.values.joined().compactMap(\.operation.name?.value))).sorted()
    }

    /// The hint for a JSON response named after no operation (`ResponseFixtureCheck.unknownOperationHint`); files over
    /// 4 MB are not read for it.
    static func unknownOperationHint(of file: URL, text: [UInt8], operations: [String]) -> Diagnostic? {
        if let declared = ResponseFixtureCheck.declaredOperation(in: text) {
            // Apollo's type name (`BookQuery` for `query Book`) is as good a spelling as the operation's.
            let spellings = operations.flatMap { name in
                [name] + ["Query", "Mutation", "Subscription"].filter { !name.hasSuffix($0) }.map { name + $0 }
            }
            let suggestion = spellings.min { (editDistance(declared.name, $0), $0) < (editDistance(declared.name, $1), $1) }
            return Diagnostic(
                severity: .warning, code: .fixtureUnknownOperation,
                message: "no operation is named \(declared.name)\(suggestion.map { " (did you mean \($0)?)" } ?? "")", range: declared.range,
                fixes: suggestion.map { [Diagnostic.Fix(title: "Replace with \"\($0)\"", range: declared.range, text: "\"\($0)\"", isPreferred: true)] } ?? [])
        }
        guard text.count <= 4 << 20, Array(text.prefix(256)).contains(bytes: "\"data\"") else { return nil }
        return ResponseFixtureCheck.unknownOperationHint(of: text, fileName: file.deletingPathExtension().lastPathComponent, operations: operations)
    }

    public struct Fixture: Sendable {
        public let project: Workspace.Project
        public let operation: OperationDefinition
        public let fragments: [String: FragmentDefinition]
        /// The Boolean variables the Swift call that reads it gives (`X.Data(data:variables:)`).
        public var variables: [String: Bool] = [:]
    }

    /// The variables file of fixture `file`: `X.variables.json` beside `X.json`.
    static func variablesFile(of file: URL) -> URL {
        file.deletingPathExtension().appendingPathExtension("variables").appendingPathExtension("json")
    }

    /// The diagnostics of fixture `file` with `text`; `read` gives the text of another file (the variables file).
    static func diagnostics(of file: URL, text: [UInt8], fixture: Fixture, read: (URL) -> [UInt8]?) -> [Diagnostic] {
        // The variables file, else the literals of the Swift call that reads the fixture.
        let given = fixture.variables.sorted { $0.key < $1.key }.map { JSONNode.Member(key: $0.key, keyRange: 0..<0, value: JSONNode(value: .bool($0.value), range: 0..<0)) }
        let variables = read(variablesFile(of: file)).flatMap { try? JSONSyntax.parse($0).get() }
            ?? (given.isEmpty ? nil : JSONNode(value: .object(given), range: 0..<0))
        return ResponseFixtureCheck.diagnostics(
            of: text, operation: fixture.operation, schema: fixture.project.index.schema, fragments: fixture.fragments, variables: variables)
    }
}
