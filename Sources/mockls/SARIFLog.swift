import Foundation
import GraphQLIndex
import Analysis

/// `mockls check --format sarif`: a SARIF 2.1.0 log (OASIS, docs.oasis-open.org/sarif/sarif/v2.1.0) for code-scanning
/// tools such as GitHub's. One run; one rule per diagnostic code mockls has, with its documentation as help; results
/// located relative to the workspace (`uriBaseId` WORKSPACE), columns in UTF-16 code units (`columnKind`), and the
/// quick fixes an editor would offer as SARIF fixes.
struct SARIFLog: Encodable {
    let version = "2.1.0"
    let runs: [Run]

    enum CodingKeys: String, CodingKey {
        case schema = "$schema"
        case version, runs
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode("https://json.schemastore.org/sarif-2.1.0.json", forKey: .schema)
        try container.encode(version, forKey: .version)
        try container.encode(runs, forKey: .runs)
    }

    init(report: CheckReport, workspace: URL) {
        let rules = DiagnosticCode.allCases.map { code in
            Rule(
                id: code.rawValue, shortDescription: Text(text: code.documentation), help: Text(text: Self.help(for: code)),
                defaultConfiguration: Configuration(level: Self.defaultLevel(of: code)))
        }
        let ruleIndex = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1.id, $0) })
        let results = report.records.map { record in
            let location = ArtifactLocation(uri: Self.relativeURI(record.file), uriBaseId: record.file.hasPrefix("/") ? nil : "WORKSPACE")
            return Result(
                ruleId: record.code, ruleIndex: ruleIndex[record.code], level: Self.level(record.severity), message: Text(text: record.message),
                locations: [Location(physicalLocation: PhysicalLocation(
                    artifactLocation: location,
                    region: Region(startLine: record.line, startColumn: record.utf16Column, endLine: record.endLine, endColumn: record.utf16EndColumn)))],
                fixes: record.fixes.isEmpty ? nil : record.fixes.map { fix in
                    Fix(description: Text(text: fix.title), artifactChanges: [ArtifactChange(
                        artifactLocation: location,
                        replacements: fix.edits.map { edit in
                            Replacement(
                                deletedRegion: Region(startLine: edit.line, startColumn: edit.utf16Column, endLine: edit.endLine, endColumn: edit.utf16EndColumn),
                                insertedContent: Content(text: edit.text))
                        })])
                })
        }
        runs = [Self.run(rules: rules, results: results, workspace: workspace)]
    }

    init(runs: [Run]) { self.runs = runs }

    /// mockls's one run: its results located relative to `workspace`.
    static func run(rules: [Rule], results: [Result], workspace: URL) -> Run {
        let base = workspace.standardizedFileURL.absoluteString.hasSuffix("/")
            ? workspace.standardizedFileURL.absoluteString : workspace.standardizedFileURL.absoluteString + "/"
        return Run(
            tool: Tool(driver: Driver(name: "mockls", version: MocklsVersion.string, rules: rules)),
            originalUriBaseIds: ["WORKSPACE": BaseURI(uri: base)],
            results: results)
    }

    private static func level(_ severity: String) -> String {
        switch severity {
        case "error": "error"
        case "warning": "warning"
        default: "note"
        }
    }

    private static func defaultLevel(of code: DiagnosticCode) -> String {
        switch code {
        case .unsetFieldRead, .mockTypeMismatch, .incompleteResponse, .registeredFixture, .schemaInOperations, .executableInSchema, .staleGeneratedMock, .fixtureUnknownEnumValue,
            .fixtureUnselectedField, .callbackFetch:
            "warning"
        case .fixtureUnknownOperation, .unusedOperation, .unusedFragment: "note"
        case .syntax, .unknownType, .unknownRoot, .unknownField, .unknownFragment, .fragmentCycle, .duplicateOperation, .duplicateFragment,
            .missingSelection, .leafSelection, .unionField, .fragmentOnLeaf, .duplicateType, .duplicateField, .extensionKind, .inputType,
            .outputType, .unionMember, .rootType, .duplicateSchema, .noSchema, .unusedField, .readOnlyByTests, .unknownMockField,
            .unknownMockType, .abstractMockType, .invalidConfiguration, .fixtureSyntax, .fixtureMissingField, .fixtureNull,
            .fixtureWrongType, .fixtureTypename, .syncFrom, .graphQLResult, .apolloOneFake:
            "error"
        }
    }

    private static func help(for code: DiagnosticCode) -> String {
        switch code.source {
        case .swiftTestFile:
            "\(code.documentation). Found in a Swift test file by following its Apollo test mocks from where they are built to the models read from them; the result's fixes are the quick fixes an editor with mockls offers."
        case .graphQLDocument:
            "\(code.documentation). Found in a GraphQL document or a generated mock file of an Apollo project."
        case .configurationFile:
            "\(code.documentation). Found in a configuration file of the workspace."
        case .responseFixture:
            "\(code.documentation). Found in a JSON response fixture, checked against its operation as Apollo's JSON reading takes it; the result's fixes are the quick fixes an editor with mockls offers."
        }
    }

    /// A relative path as a URI reference: each segment percent-encoded.
    static func relativeURI(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: ";?#%")
        let encoded = path.split(separator: "/", omittingEmptySubsequences: false)
            .map { $0.addingPercentEncoding(withAllowedCharacters: allowed) ?? String($0) }
            .joined(separator: "/")
        return path.hasPrefix("/") ? "file://" + encoded : encoded
    }

    struct Run: Encodable {
        let tool: Tool
        let originalUriBaseIds: [String: BaseURI]
        let results: [Result]
        var columnKind = "utf16CodeUnits"
    }
    struct Tool: Encodable { let driver: Driver }
    struct Driver: Encodable {
        let name: String
        let version: String
        var informationUri = "https://www.apollographql.com/docs/ios/testing/test-mocks"
        let rules: [Rule]
    }
    struct Rule: Encodable {
        let id: String
        let shortDescription: Text
        let help: Text
        let defaultConfiguration: Configuration
    }
    struct Configuration: Encodable { let level: String }
    struct BaseURI: Encodable { let uri: String }
    struct Text: Encodable { let text: String }
    struct Result: Encodable {
        let ruleId: String
        let ruleIndex: Int?
        let level: String
        let message: Text
        let locations: [Location]
        let fixes: [Fix]?
    }
    struct Location: Encodable { let physicalLocation: PhysicalLocation }
    struct PhysicalLocation: Encodable {
        let artifactLocation: ArtifactLocation
        let region: Region
    }
    struct ArtifactLocation: Encodable {
        let uri: String
        let uriBaseId: String?
    }
    struct Region: Encodable {
        let startLine, startColumn, endLine, endColumn: Int
    }
    struct Fix: Encodable {
        let description: Text
        let artifactChanges: [ArtifactChange]
    }
    struct ArtifactChange: Encodable {
        let artifactLocation: ArtifactLocation
        let replacements: [Replacement]
    }
    struct Replacement: Encodable {
        let deletedRegion: Region
        let insertedContent: Content
    }
    struct Content: Encodable { let text: String }
}
