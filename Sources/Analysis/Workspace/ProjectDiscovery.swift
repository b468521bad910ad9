import Foundation
import GraphQLIndex
import JSONRPC
import SourceText
import SwiftAnalysis

/// Finds the GraphQL projects below a folder: every `apollo-codegen-config.json`, every graphql-config file, or
/// else the folder itself with all its `.graphqls` and `.graphql` files.
public enum ProjectDiscovery {
    public static let apolloConfigurationName = "apollo-codegen-config.json"

    /// The projects of `folder`, and where they were found: the configurations inside it; else those of the nearest
    /// enclosing folder that holds one, searched up to the repository's top (a folder with `.git`) or the file
    /// system's root; else the folder itself as one project of all its `.graphqls` and `.graphql` files.
    /// `walked`: the files of `folder` a walk already found (the workspace walks once for every kind of file it reads).
    public static func discover(in folder: URL, walked: [URL]? = nil) -> (root: URL, [ProjectConfiguration], [ConfigurationError]) {
        var root = folder
        var files = walked.map { $0.filter { isConfigurationFile($0.path) } } ?? configurationFiles(in: folder)
        if files.isEmpty, let enclosing = enclosingConfigurationFolder(of: folder) {
            root = enclosing
            files = configurationFiles(in: enclosing)
        }
        var projects: [ProjectConfiguration] = []
        var errors: [ConfigurationError] = []
        for file in files {
            do throws(ConfigurationError) {
                if file.lastPathComponent == apolloConfigurationName {
                    projects.append(try ApolloCodegenConfigurationFile.load(file))
                } else {
                    projects += try GraphQLConfigFile.load(file)
                }
            } catch {
                errors.append(error)
            }
        }
        if projects.isEmpty, errors.isEmpty {
            projects.append(ProjectConfiguration(
                source: .folder(folder), root: folder, namespace: SwiftNames.firstUppercased(folder.lastPathComponent),
                schema: GlobSet(base: folder, patterns: ["**/*.graphqls"]),
                documents: GlobSet(base: folder, patterns: ["**/*.graphql"]), testMocksPath: nil, testMocksEnabled: true,
                testMocksModule: SwiftNames.firstUppercased(folder.lastPathComponent) + "TestMocks"))
        }
        return (root, projects, errors)
    }

    /// The folder of the project `path` belongs to: the nearest folder holding it (or it, when a folder) with a
    /// configuration file in it, up to the repository's top; nil when there is none.
    public static func projectFolder(containing path: URL) -> URL? {
        let path = path.standardizedFileURL
        let folder = FileTree.kind(of: path.path) == .folder ? path : path.deletingLastPathComponent()
        let names = [apolloConfigurationName] + GraphQLConfigFile.names
        if names.contains(where: { FileTree.kind(of: folder.appendingPathComponent($0).path) != .missing }) { return folder }
        return enclosingConfigurationFolder(of: folder)
    }

    /// The nearest folder above `folder` with a configuration file in it, up to the repository's top. The walk goes
    /// up the path's text, one component a step, so it ends on every path: a relative or empty one (a client's
    /// `file://`) has no folder above it to search.
    static func enclosingConfigurationFolder(of folder: URL) -> URL? {
        let names = [apolloConfigurationName] + GraphQLConfigFile.names
        var current = folder.standardizedFileURL.path
        guard current.hasPrefix("/") else { return nil }
        while FileTree.kind(of: current + "/.git") == .missing, let parent = parentPath(of: current) {
            current = parent
            let prefix = current == "/" ? "/" : current + "/"
            if names.contains(where: { FileTree.kind(of: prefix + $0) != .missing }) {
                return URL(fileURLWithPath: current, isDirectory: true)
            }
        }
        return nil
    }

    /// The folder above an absolute path, found in its bytes; nil for `/` and for a path that is not absolute.
    static func parentPath(of path: String) -> String? {
        var path = Substring(path)
        while path.count > 1, path.hasSuffix("/") { path = path.dropLast() }
        guard path.hasPrefix("/"), path != "/", let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return nil }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    static func configurationFiles(in folder: URL) -> [URL] {
        FileTree.files(under: folder, include: isConfigurationFile)
    }

    private static let configurationNames = Set([apolloConfigurationName] + GraphQLConfigFile.names)

    /// Whether `path` names a project's configuration (`apollo-codegen-config.json`, a graphql-config file).
    static func isConfigurationFile(_ path: String) -> Bool {
        configurationNames.contains(String(path[path.index(after: path.lastIndex(of: "/") ?? path.startIndex)...]))
    }
}
