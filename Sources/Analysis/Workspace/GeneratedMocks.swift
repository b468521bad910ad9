import Foundation
import GraphQLIndex
import SwiftAnalysis

/// One `<Type>+Mock.graphql.swift` file of a project, as read from disk.
public struct GeneratedMockSource: Sendable {
    public var path: String
    public var text: [UInt8]
    public var mocks: [GeneratedMock]

    /// The project's generated mock files: under `output.testMocks.absolute.path` when the configuration names it,
    /// else anywhere below the configuration's folder.
    static func load(for configuration: ProjectConfiguration) -> [GeneratedMockSource] {
        guard configuration.testMocksEnabled else { return [] }
        let base = configuration.testMocksPath ?? configuration.root
        return Glob(base: base, pattern: "**/*+Mock.graphql.swift").files().compactMap { url in
            guard let text = FileTree.contents(url) else { return nil }
            return GeneratedMockSource(path: url.path, text: text, mocks: GeneratedMockFile.mocks(in: String(decoding: text, as: UTF8.self)))
        }
    }
}

/// What the generated mocks say, compared with the mock model computed from the documents.
enum GeneratedMockCheck {
    /// The format the generated mocks were written in. 2.x when a mock class is `final` or its `MockFields` are
    /// `Sendable`; then, by the parameters of non-null fields, 1.23+ (or 2.x) when one is not optional, pre-1.23
    /// (or 2.x with `requireNonOptionalMockFields: false`) when every one is. Nil when the files do not tell (none,
    /// or no marker and no non-null field).
    static func format(of sources: [GeneratedMockSource], model: MockModel, configured: MockFormat) -> MockFormat? {
        var optional = 0
        var required = 0
        let mocks = sources.flatMap(\.mocks)
        for mock in mocks {
            guard let object = model.object(swiftName: mock.className) else { continue }
            for field in object.fields where field.isNonNull {
                guard let parameter = mock.parameter(field.initLabel) else { continue }
                if parameter.type.hasSuffix("?") { optional += 1 } else { required += 1 }
            }
        }
        let shape: Bool? = required > 0 ? true : optional > 0 ? false : nil
        var found = configured
        if mocks.contains(where: \.isApolloTwo) {
            if configured.release != .two { (found.release, found.version) = (.two, nil) }
            found.requireNonOptionalMockFields = shape ?? configured.requireNonOptionalMockFields
            return found
        }
        guard let shape else { return nil }
        let release: MockFormat.Release = shape ? .oneTwentyThree : .beforeOneTwentyThree
        if configured.release != release { (found.release, found.version) = (release, nil) }
        found.requireNonOptionalMockFields = true
        return found
    }

    /// An information diagnostic on each generated mock whose fields differ from what the documents select.
    static func diagnostics(_ sources: [GeneratedMockSource], model: MockModel) -> [String: [Diagnostic]] {
        var result: [String: [Diagnostic]] = [:]
        for source in sources {
            for mock in source.mocks {
                let range = mock.nameRange
                guard let object = model.object(swiftName: mock.className) else {
                    result[source.path, default: []].append(Diagnostic(
                        severity: .information, code: .staleGeneratedMock,
                        message: "the GraphQL documents no longer give \(mock.className) a mock: re-run Apollo's codegen to remove this file",
                        range: range))
                    continue
                }
                let generated = Set(mock.fields.map(\.key))
                let expected = Set(object.fields.map(\.key))
                guard generated != expected else { continue }
                var differences: [String] = []
                let missing = expected.subtracting(generated).sorted()
                let extra = generated.subtracting(expected).sorted()
                if !missing.isEmpty { differences.append("now selected but missing here: \(missing.joined(separator: ", "))") }
                if !extra.isEmpty { differences.append("no longer selected: \(extra.joined(separator: ", "))") }
                result[source.path, default: []].append(Diagnostic(
                    severity: .information, code: .staleGeneratedMock,
                    message: "the generated \(mock.className) mock differs from the GraphQL documents (\(differences.joined(separator: "; "))): re-run Apollo's codegen",
                    range: range))
            }
        }
        return result
    }
}
