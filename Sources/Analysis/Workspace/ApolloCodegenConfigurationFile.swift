import Foundation
import GraphQLIndex
import JSONRPC
import SourceText
import Yams

/// The parts of Apollo iOS's `ApolloCodegenConfiguration` JSON that mockls reads, in the spellings every 1.x and 2.x
/// release accepts: Apollo 1.0 named the namespace `schemaName` (renamed `schemaNamespace` in 1.0's betas and kept
/// as a fallback since), and its input `schemaPath` / `searchPaths` before `schemaSearchPaths` /
/// `operationSearchPaths`.
struct ApolloCodegenConfigurationFile: Decodable {
    var schemaNamespace: String
    var input: Input?
    var output: Output?
    var options: Options?
    var schemaDownloadConfiguration: SchemaDownload?

    enum CodingKeys: String, CodingKey {
        case schemaNamespace, schemaName, input, output, options, schemaDownloadConfiguration
    }

    /// Where Apollo's `fetch-schema` writes the schema it downloads.
    struct SchemaDownload: Decodable {
        var outputPath: String?
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let namespace = try container.decodeIfPresent(String.self, forKey: .schemaNamespace) {
            schemaNamespace = namespace
        } else if let namespace = try container.decodeIfPresent(String.self, forKey: .schemaName) {
            schemaNamespace = namespace
        } else {
            throw DecodingError.keyNotFound(CodingKeys.schemaNamespace, .init(
                codingPath: [], debugDescription: "the schema's namespace (\"schemaNamespace\", or \"schemaName\" as Apollo 1.0 called it)"))
        }
        guard !schemaNamespace.isEmpty else {
            throw DecodingError.dataCorruptedError(forKey: .schemaNamespace, in: container, debugDescription: "the schema namespace is empty")
        }
        input = try container.decodeIfPresent(Input.self, forKey: .input)
        output = try container.decodeIfPresent(Output.self, forKey: .output)
        options = try container.decodeIfPresent(Options.self, forKey: .options)
        schemaDownloadConfiguration = try? container.decodeIfPresent(SchemaDownload.self, forKey: .schemaDownloadConfiguration)
    }

    struct Options: Decodable {
        var selectionSetInitializers: SelectionSetInitializers?
        var requireNonOptionalMockFields: Bool?
        var markTypesNonisolated: Bool?
        var additionalCapitalizationRules: [Rule]?
        var schemaCustomization: SchemaCustomization?
    }

    /// `options.schemaCustomization` (Apollo iOS 1.7+).
    struct SchemaCustomization: Decodable {
        var customTypeNames: [String: CustomTypeName]?
    }

    /// A type's custom Swift name, as Apollo's `SchemaCustomization.CustomSchemaTypeName` decodes it:
    /// `"Crocodile": "CustomCrocodile"`, or `{"enum": {"name": …, "cases": {…}}}` and `{"inputObject": {"name": …,
    /// "fields": {…}}}` (whose cases and fields mocks do not name).
    struct CustomTypeName: Decodable {
        var name: String?

        enum Kind: String, CodingKey { case `enum`, inputObject }
        enum Keys: String, CodingKey { case name }

        init(from decoder: any Decoder) throws {
            if let name = try? decoder.singleValueContainer().decode(String.self) {
                self.name = name
                return
            }
            let container = try decoder.container(keyedBy: Kind.self)
            let kind = container.contains(.enum) ? Kind.enum : .inputObject
            name = try container.nestedContainer(keyedBy: Keys.self, forKey: kind).decodeIfPresent(String.self, forKey: .name)
        }
    }

    /// `{"term": {"string": "id"} | {"regex": "…"}, "strategy": "upper" | "lower" | {"replace": "…"}}`, as Apollo's
    /// `CapitalizationRule` decodes it.
    struct Rule: Decodable {
        var rule: CapitalizationRule

        enum CodingKeys: String, CodingKey { case term, strategy }
        enum TermKeys: String, CodingKey { case string, regex }
        enum StrategyKeys: String, CodingKey { case replace }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let term = try container.nestedContainer(keyedBy: TermKeys.self, forKey: .term)
            let matched: CapitalizationRule.Term
            if let string = try term.decodeIfPresent(String.self, forKey: .string) {
                matched = .string(string)
            } else if let pattern = try term.decodeIfPresent(String.self, forKey: .regex) {
                guard (try? Regex(pattern)) != nil else {
                    throw DecodingError.dataCorruptedError(forKey: .regex, in: term, debugDescription: "invalid regular expression '\(pattern)'")
                }
                matched = .regex(pattern)
            } else {
                throw DecodingError.dataCorruptedError(forKey: .term, in: container, debugDescription: "a term needs a \"string\" or a \"regex\"")
            }
            let strategy: CapitalizationRule.Strategy
            if let name = try? container.decode(String.self, forKey: .strategy) {
                switch name {
                case "upper": strategy = .upper
                case "lower": strategy = .lower
                default:
                    throw DecodingError.dataCorruptedError(
                        forKey: .strategy, in: container, debugDescription: "expected \"upper\", \"lower\" or {\"replace\": …}, not \"\(name)\"")
                }
            } else {
                let replace = try container.nestedContainer(keyedBy: StrategyKeys.self, forKey: .strategy)
                strategy = .replace(try replace.decode(String.self, forKey: .replace))
            }
            rule = CapitalizationRule(term: matched, strategy: strategy)
        }
    }

    /// `{"operations": bool, "namedFragments": bool, "definitionsNamed": [name]}`.
    struct SelectionSetInitializers: Decodable {
        var operations: Bool?
        var namedFragments: Bool?
        var definitionsNamed: [String]?
    }

    struct Input: Decodable {
        var schemaSearchPaths: [String]?
        var schemaPath: String?
        var operationSearchPaths: [String]?
        /// Apollo 1.0's beta name of `operationSearchPaths`.
        var searchPaths: [String]?
    }

    struct Output: Decodable {
        var testMocks: TestMocks?
        var schemaTypes: SchemaTypes?
    }

    /// `{"path": …, "moduleType": {"embeddedInTarget": {"name": …, "accessModifier": …}}}` (or `swiftPackageManager`,
    /// `swiftPackage`, `other`).
    struct SchemaTypes: Decodable {
        var path: String?
        var moduleType: ModuleType?

        struct ModuleType: Decodable {
            var embeddedInTarget: EmbeddedInTarget?
            /// Apollo 1.x's name of 2.x's `swiftPackage`.
            var swiftPackageManager: JSONValue?

            struct EmbeddedInTarget: Decodable {
                var name: String
            }
        }
    }

    /// `{"none": {}}`, `{"swiftPackage": {"targetName": …}}` or `{"absolute": {"path": …, "accessModifier": …}}`.
    struct TestMocks: Decodable {
        var none: JSONValue?
        var swiftPackage: JSONValue?
        var absolute: Absolute?

        struct Absolute: Decodable {
            var path: String
            var accessModifier: String?
        }
    }

    /// The text with a space for each comma that ends an object or array (`"a": 1, }`): Apollo's CLI reads the file
    /// with Foundation's JSON parser, which takes them (real projects' configurations have them); json-c's strict
    /// mode does not. Offsets stay where they were, for the errors' positions.
    static func blankingTrailingCommas(_ bytes: [UInt8]) -> [UInt8] {
        var result = bytes
        var inString = false
        var escaped = false
        var pendingComma: Int?
        for (index, byte) in bytes.enumerated() {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
                pendingComma = nil
            case UInt8(ascii: ","):
                pendingComma = index
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if let comma = pendingComma { result[comma] = UInt8(ascii: " ") }
                pendingComma = nil
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                break
            default:
                pendingComma = nil
            }
        }
        return result
    }

    static func load(_ url: URL) throws(ConfigurationError) -> ProjectConfiguration {
        let bytes: [UInt8]
        do {
            bytes = try FileTree.read(url)
        } catch {
            throw ConfigurationError(file: url, message: "cannot read the file: \(error)")
        }
        let file: ApolloCodegenConfigurationFile
        do {
            let document: JSONCDocument
            switch JSONCDocument.parse(Self.blankingTrailingCommas(bytes)) {
            case .success(let parsed): document = parsed
            case .failure(let error):
                throw ConfigurationError(
                    file: url, message: "not valid JSON: \(error.description)", position: .init(offset: error.offset, in: bytes))
            }
            file = try JSONCDecoder().decode(ApolloCodegenConfigurationFile.self, from: document.value)
        } catch let error as ConfigurationError {
            throw error
        } catch {
            throw ConfigurationError(
                file: url, message: "not a valid Apollo codegen configuration: \(ConfigurationError.describe(error))",
                key: ConfigurationError.key(of: error))
        }
        let root = url.deletingLastPathComponent()
        let schemaPatterns = file.input?.schemaSearchPaths ?? file.input?.schemaPath.map { [$0] } ?? ["**/*.graphqls"]
        let operationPatterns = file.input?.operationSearchPaths ?? file.input?.searchPaths ?? ["**/*.graphql"]
        let mocks = file.output?.testMocks
        return ProjectConfiguration(
            source: .apolloCodegen(url), root: root, namespace: file.schemaNamespace,
            schema: GlobSet(base: root, patterns: schemaPatterns), documents: GlobSet(base: root, patterns: operationPatterns),
            testMocksPath: mocks?.absolute.map { root.appendingPathComponent($0.path).standardizedFileURL },
            testMocksEnabled: mocks?.none == nil,
            testMocksModule: mocks?.absolute != nil ? nil
                : mocks?.swiftPackage?["targetName"]?.stringValue ?? SwiftNames.firstUppercased(file.schemaNamespace) + "TestMocks",
            selectionSetInitializers: SelectionSetInitializerOptions(
                operations: file.options?.selectionSetInitializers?.operations ?? false,
                namedFragments: file.options?.selectionSetInitializers?.namedFragments ?? false,
                definitionsNamed: Set(file.options?.selectionSetInitializers?.definitionsNamed ?? [])),
            requireNonOptionalMockFields: file.options?.requireNonOptionalMockFields ?? true,
            publicTestMocks: mocks?.absolute?.accessModifier != "internal",
            schemaModule: file.output?.schemaTypes?.moduleType?.embeddedInTarget?.name,
            schemaTypesPath: file.output?.schemaTypes?.path.map { root.appendingPathComponent($0).standardizedFileURL },
            apolloOneModuleType: file.output?.schemaTypes?.moduleType?.swiftPackageManager != nil,
            markTypesNonisolated: file.options?.markTypesNonisolated ?? true,
            capitalizationRules: file.options?.additionalCapitalizationRules?.map(\.rule) ?? [],
            customTypeNames: (file.options?.schemaCustomization?.customTypeNames ?? [:]).compactMapValues { $0.name.flatMap { $0.isEmpty ? nil : $0 } },
            schemaSource: ProjectConfiguration.SchemaSource(
                key: file.input?.schemaSearchPaths != nil ? "input.schemaSearchPaths" : file.input?.schemaPath != nil ? "input.schemaPath" : "input",
                patterns: schemaPatterns, downloadPath: file.schemaDownloadConfiguration?.outputPath))
    }
}

extension ConfigurationError {
    static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, let context):
            let what = context.debugDescription.hasPrefix("No value") || context.debugDescription.isEmpty ? "" : ": \(context.debugDescription)"
            return "missing \"\(Self.path(context.codingPath + [key]))\"\(what)"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            return "\"\(Self.path(context.codingPath))\": \(context.debugDescription)"
        case DecodingError.dataCorrupted(let context):
            return context.debugDescription
        default:
            return "\(error)"
        }
    }

    /// The key a decoding error is about, as a dotted path.
    static func key(of error: any Error) -> String? {
        switch error {
        case DecodingError.keyNotFound(let key, let context): return path(context.codingPath + [key])
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context), DecodingError.dataCorrupted(let context):
            return context.codingPath.isEmpty ? nil : path(context.codingPath)
        default: return nil
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    }
}
