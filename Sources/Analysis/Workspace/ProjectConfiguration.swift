import Foundation
import GraphQLIndex
import JSONRPC
import SourceText
import Yams

/// One GraphQL project of a workspace: where its documents are, and how Apollo generates its mocks.
public struct ProjectConfiguration: Sendable, Equatable {
    public enum Source: Sendable, Equatable {
        case apolloCodegen(URL)
        case graphqlConfig(URL, project: String?)
        /// No configuration file: every `.graphqls` and `.graphql` below the folder.
        case folder(URL)
    }

    public var source: Source
    /// The folder patterns are relative to.
    public var root: URL
    public var namespace: String
    var schema: GlobSet
    var documents: GlobSet
    /// Where generated test mocks live (`output.testMocks.absolute.path`), when the config says.
    public var testMocksPath: URL?
    public var testMocksEnabled: Bool
    /// The module tests import the mocks from: the `swiftPackage` target (`<Namespace>TestMocks` by default);
    /// nil when the mocks are compiled into the tests themselves (`absolute`).
    public var testMocksModule: String?
    /// Which operations and fragments Apollo generates selection-set initializers for (`options.selectionSetInitializers`).
    public var selectionSetInitializers = SelectionSetInitializerOptions()
    /// `options.requireNonOptionalMockFields` (apollo-ios-dev #1066): false gives every mock parameter `T? = nil`.
    public var requireNonOptionalMockFields = true
    /// `output.testMocks.absolute.accessModifier` is not `internal`.
    public var publicTestMocks = true
    /// The module the schema types are compiled into when it is not the namespace: the target of
    /// `output.schemaTypes.moduleType.embeddedInTarget` (what Apollo's mocks import, and tests too).
    public var schemaModule: String?
    /// Where the schema types are generated (`output.schemaTypes.path`), when the configuration says: below it,
    /// the custom scalars' declarations (`CustomScalarFiles`).
    public var schemaTypesPath: URL?
    /// `output.schemaTypes.moduleType` is `swiftPackageManager`: Apollo iOS 1.x's name (2.x's is `swiftPackage`).
    public var apolloOneModuleType = false
    /// `options.markTypesNonisolated` (Apollo iOS 2.1+; true unless the configuration says false).
    public var markTypesNonisolated = true
    /// `options.additionalCapitalizationRules` (Apollo iOS 2.3+).
    public var capitalizationRules: [CapitalizationRule] = []
    /// `options.schemaCustomization.customTypeNames`: the Swift names of renamed schema types, by GraphQL name.
    public var customTypeNames: [String: String] = [:]
    /// Where the configuration names its schema, to say so when it matches no file: the key and its patterns as
    /// written, and where `schemaDownloadConfiguration` writes the schema when Apollo downloads it.
    public var schemaSource = SchemaSource(key: "schema", patterns: [])

    public struct SchemaSource: Sendable, Equatable {
        /// `input.schemaSearchPaths`, `input.schemaPath` or `schema`.
        public var key: String
        public var patterns: [String]
        /// `schemaDownloadConfiguration.outputPath`.
        public var downloadPath: String?
    }

    /// The configuration file, for projects that have one.
    public var file: URL? {
        switch source {
        case .apolloCodegen(let url), .graphqlConfig(let url, _): url
        case .folder: nil
        }
    }

    public var name: String {
        switch source {
        case .apolloCodegen(let url): return url.path
        case .graphqlConfig(let url, let project): return url.path + (project.map { " (\($0))" } ?? "")
        case .folder(let url): return url.path
        }
    }

    /// The role a file has in this project, if it belongs to it.
    public func role(of url: URL) -> DocumentRole? {
        if schema.matches(url) { return .schema }
        if documents.matches(url) { return .executable }
        return nil
    }

    public func schemaFiles() -> [URL] { schema.files() }
    public func documentFiles() -> [URL] { documents.files().filter { !schema.matches($0) } }
}

public struct ConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    public var file: URL
    public var message: String
    /// The key the problem is about (`schemaNamespace`, `input.schemaSearchPaths`), when there is one: the editor
    /// marks it in the file.
    public var key: String?
    /// Where a syntax error is: its byte offset and 1-based line and column (UTF-8 bytes), when the parser says.
    public var position: Position?

    public struct Position: Sendable, Equatable {
        public var offset: Int
        public var line: Int
        public var column: Int

        /// The position of `offset` in `text`.
        public init(offset: Int, in text: [UInt8]) {
            let position = LineTable(text).position(of: offset, unit: .utf8)
            self.offset = min(max(offset, 0), text.count)
            (line, column) = (position.line + 1, position.column + 1)
        }
    }

    /// `path:line:column: message` when the position is known, as compilers write it.
    public var description: String {
        "\(file.path):" + (position.map { "\($0.line):\($0.column):" } ?? "") + " \(message)"
    }

    /// `invalid-configuration`, or `no-schema` when the configuration is readable but its schema is not there.
    public var code: DiagnosticCode = .invalidConfiguration

    public init(file: URL, message: String, key: String? = nil, position: Position? = nil, code: DiagnosticCode = .invalidConfiguration) {
        self.code = code
        self.file = file
        self.message = message
        self.key = key
        self.position = position
    }

    /// Where to mark the problem in the file's text: at a syntax error, the character there (or the line's end);
    /// else the last component of `key` where it is written as a JSON or YAML key; else the first line.
    public func range(in text: [UInt8]) -> Range<Int> {
        if let position, position.offset <= text.count {
            let start = position.offset
            guard start < text.count, text[start] != UInt8(ascii: "\n") else {
                // At the end of a line or of the text: the line's last character.
                return max(0, start - 1)..<start
            }
            return start..<(start + 1)
        }
        if let last = key?.split(separator: ".").last?.split(separator: "[").first {
            for quoted in ["\"\(last)\"", "\(last):"] {
                if let found = text.firstRange(of: Array(quoted.utf8)) { return found }
            }
        }
        let end = text.firstIndex(of: UInt8(ascii: "\n")) ?? text.count
        return 0..<end
    }
}
