import Foundation
import GraphQLIndex
import JSONRPC
import SourceText
import Yams

/// graphql-config files (`graphql.config.yml|json`, `.graphqlrc`, `.graphqlrc.yml|json`): `schema`, `documents`,
/// `include`, `exclude`, and `projects` for several projects in one file.
enum GraphQLConfigFile {
    static let names = [
        "graphql.config.yml", "graphql.config.yaml", "graphql.config.json", ".graphqlrc", ".graphqlrc.yml",
        ".graphqlrc.yaml", ".graphqlrc.json",
    ]

    static func load(_ url: URL) throws(ConfigurationError) -> [ProjectConfiguration] {
        let text: String
        do {
            text = String(decoding: try FileTree.read(url), as: UTF8.self)
        } catch {
            throw ConfigurationError(file: url, message: "cannot read the file: \(error)")
        }
        let node: Any?
        do {
            // YAML is a superset of JSON: one loader reads every variant.
            node = try Yams.load(yaml: text)
        } catch {
            throw ConfigurationError(file: url, message: "not valid YAML or JSON: \(error)")
        }
        guard let root = node as? [String: Any] else {
            throw ConfigurationError(file: url, message: "expected a mapping with \"schema\" or \"projects\"")
        }
        let folder = url.deletingLastPathComponent()
        if let projects = root["projects"] as? [String: Any] {
            return try projects.keys.sorted().map { name throws(ConfigurationError) in
                guard let project = projects[name] as? [String: Any] else {
                    throw ConfigurationError(file: url, message: "project \"\(name)\" must be a mapping")
                }
                return try configuration(project, name: name, url: url, folder: folder)
            }
        }
        return [try configuration(root, name: nil, url: url, folder: folder)]
    }

    private static func configuration(_ node: [String: Any], name: String?, url: URL, folder: URL) throws(ConfigurationError) -> ProjectConfiguration {
        func patterns(_ key: String) -> [String] {
            switch node[key] {
            case let string as String: return [string]
            case let list as [Any]: return list.compactMap { $0 as? String }
            default: return []
            }
        }
        let schema = patterns("schema").filter { !$0.hasPrefix("http://") && !$0.hasPrefix("https://") }
        guard !schema.isEmpty else {
            throw ConfigurationError(file: url, message: "\(name.map { "project \"\($0)\": " } ?? "")\"schema\" names no local file")
        }
        let documents = patterns("documents") + patterns("include")
        let extensions = node["extensions"] as? [String: Any]
        let namespace = (extensions?["apollo"] as? [String: Any])?["schemaNamespace"] as? String
        return ProjectConfiguration(
            source: .graphqlConfig(url, project: name), root: folder,
            namespace: namespace ?? name.map(SwiftNames.firstUppercased) ?? folder.lastPathComponent,
            schema: GlobSet(base: folder, patterns: schema),
            documents: GlobSet(base: folder, patterns: documents.isEmpty ? ["**/*.graphql"] : documents, excludes: patterns("exclude")),
            testMocksPath: nil, testMocksEnabled: true,
            testMocksModule: SwiftNames.firstUppercased(namespace ?? name.map(SwiftNames.firstUppercased) ?? folder.lastPathComponent) + "TestMocks",
            schemaSource: ProjectConfiguration.SchemaSource(key: name.map { "projects.\($0).schema" } ?? "schema", patterns: schema))
    }
}
