import Foundation
import GraphQLIndex
import JSONRPC
import SwiftAnalysis

/// The GraphQL projects of one workspace folder, each with its index. Reading files happens here; the indexes
/// themselves are pure values, so a snapshot of a `Workspace` can be read while the next one is built.
public struct Workspace: Sendable {
    public struct Project: Sendable {
        public var configuration: ProjectConfiguration
        public var index: ProjectIndex
        /// The mock files Apollo generated for this project, when the workspace has them.
        public var generatedMocks: [GeneratedMockSource] = []
        /// Where the generated mocks disagree with the documents, by mock file.
        public var generatedMockDiagnostics: [String: [IndexDiagnostic]] = [:]

        mutating func compareGeneratedMocks() {
            generatedMockDiagnostics = GeneratedMockCheck.diagnostics(generatedMocks, model: index.mockModel)
        }
    }

    public let folder: URL
    public private(set) var projects: [Project]
    /// Configuration files that could not be read, reported to the user.
    public private(set) var configurationErrors: [ConfigurationError]

    /// Discovers the projects of `folder` and indexes their documents. `overlays` (open documents) win over the disk.
    public init(folder: URL, overlays: [URL: [UInt8]] = [:]) {
        self.folder = folder.standardizedFileURL
        let (configurations, errors) = ProjectDiscovery.discover(in: self.folder)
        configurationErrors = errors
        let pinnedFormat = MockFormatDetector.detect(in: self.folder)
        projects = configurations.map { configuration in
            var sources: [(path: String, role: DocumentRole, text: [UInt8])] = []
            for (role, files) in [(DocumentRole.schema, configuration.schemaFiles()), (.executable, configuration.documentFiles())] {
                for file in files {
                    guard let text = overlays[file] ?? (try? Data(contentsOf: file)).map(Array.init) else { continue }
                    sources.append((file.path, role, text))
                }
            }
            let mocks = GeneratedMockSource.load(for: configuration)
            var index = ProjectIndex(namespace: configuration.namespace, format: pinnedFormat, sources: sources)
            // The generated mocks, when present, say which format this project's Apollo writes.
            if let format = GeneratedMockCheck.format(of: mocks, model: index.mockModel), format != pinnedFormat {
                index = ProjectIndex(namespace: configuration.namespace, format: format, sources: sources)
            }
            var project = Project(configuration: configuration, index: index, generatedMocks: mocks)
            project.compareGeneratedMocks()
            return project
        }
    }

    /// A file changed (or was created): re-index it in every project it belongs to. `text` nil reads the disk;
    /// a file that no longer exists is removed. Returns whether any project changed.
    @discardableResult
    public mutating func update(_ file: URL, text: [UInt8]? = nil) -> Bool {
        let file = file.standardizedFileURL
        var changed = false
        for index in projects.indices {
            guard let role = projects[index].configuration.role(of: file) else { continue }
            if let contents = text ?? (try? Data(contentsOf: file)).map(Array.init) {
                projects[index].index.update(file.path, role: role, text: contents)
            } else {
                projects[index].index.remove(file.path)
            }
            projects[index].compareGeneratedMocks()
            changed = true
        }
        return changed
    }

    /// The project a Swift test file belongs to: the one whose mocks it uses (`import XTestMocks`, `import X`,
    /// `Mock<XTestMocks.Dog>`), else the one whose configuration is nearest above it, else the first.
    public func project(forSwiftFile file: URL, text: @autoclosure () -> String) -> Project? {
        guard projects.count > 1 else { return projects.first }
        let text = text()
        for project in projects {
            let namespace = project.configuration.namespace
            let mocks = namespace + "TestMocks"
            if text.contains("import \(mocks)") || text.contains("Mock<\(mocks).") || text.contains("import \(namespace)\n") {
                return project
            }
        }
        let path = file.standardizedFileURL.path
        let containing = projects.filter { path.hasPrefix($0.configuration.root.standardizedFileURL.path + "/") }
        return containing.max { $0.configuration.root.path.count < $1.configuration.root.path.count } ?? projects.first
    }

    /// Diagnostics of every indexed GraphQL document and generated mock file, by file, with the file's text.
    public var diagnostics: [URL: (text: [UInt8], diagnostics: [IndexDiagnostic])] {
        var result: [URL: (text: [UInt8], diagnostics: [IndexDiagnostic])] = [:]
        for project in projects {
            for (path, diagnostics) in project.index.diagnostics where !diagnostics.isEmpty {
                guard let text = project.index.documents[path]?.text else { continue }
                result[URL(fileURLWithPath: path), default: (text, [])].diagnostics += diagnostics
            }
            for mock in project.generatedMocks {
                guard let diagnostics = project.generatedMockDiagnostics[mock.path], !diagnostics.isEmpty else { continue }
                result[URL(fileURLWithPath: mock.path), default: (mock.text, [])].diagnostics += diagnostics
            }
        }
        return result
    }
}

/// Finds the GraphQL projects below a folder: every `apollo-codegen-config.json`, every graphql-config file, or
/// else the folder itself with all its `.graphqls` and `.graphql` files.
public enum ProjectDiscovery {
    public static let apolloConfigurationName = "apollo-codegen-config.json"

    public static func discover(in folder: URL) -> ([ProjectConfiguration], [ConfigurationError]) {
        var projects: [ProjectConfiguration] = []
        var errors: [ConfigurationError] = []
        for file in configurationFiles(in: folder) {
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
                documents: GlobSet(base: folder, patterns: ["**/*.graphql"]), testMocksPath: nil, testMocksEnabled: true))
        }
        return (projects, errors)
    }

    static func configurationFiles(in folder: URL) -> [URL] {
        var found: [URL] = []
        let names = Set([apolloConfigurationName] + GraphQLConfigFile.names)
        func walk(_ directory: URL) {
            guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
            for entry in entries.sorted() {
                let url = directory.appendingPathComponent(entry)
                if names.contains(entry) {
                    found.append(url)
                } else if !Glob.skippedFolders.contains(entry), !entry.hasPrefix("."),
                    (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true
                {
                    walk(url)
                }
            }
        }
        walk(folder)
        return found
    }
}

/// Decides which mock format a workspace's Apollo generates (reference/apollo-mocks.md §0): from an `apollo-ios`
/// pin in a `Package.resolved`, else the newest format.
public enum MockFormatDetector {
    public static func detect(in folder: URL) -> MockFormat {
        for file in resolvedFiles(in: folder) {
            if let version = apolloVersion(in: file) {
                return version.lexicographicallyPrecedes([1, 23]) ? .optionalParameters : .defaults
            }
        }
        return .defaults
    }

    /// `Package.resolved` files: SwiftPM's, and those inside Xcode projects and workspaces.
    static func resolvedFiles(in folder: URL) -> [URL] {
        var found: [URL] = []
        func walk(_ directory: URL, depth: Int) {
            guard depth < 8, let entries = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
            for entry in entries.sorted() {
                let url = directory.appendingPathComponent(entry)
                if entry == "Package.resolved" {
                    found.append(url)
                } else if !Glob.skippedFolders.contains(entry), entry != ".git",
                    (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true
                {
                    walk(url, depth: depth + 1)
                }
            }
        }
        walk(folder, depth: 0)
        return found
    }

    struct Resolved: Decodable {
        var pins: [Pin]?
        var object: Object?
        struct Object: Decodable { var pins: [Pin] }
        struct Pin: Decodable {
            var identity: String?
            var package: String?
            var location: String?
            var repositoryURL: String?
            var state: State
            struct State: Decodable { var version: String? }
        }
    }

    /// The apollo-ios version pinned in a `Package.resolved` (format 1, 2 or 3), as numbers.
    static func apolloVersion(in file: URL) -> [Int]? {
        guard let data = try? Data(contentsOf: file),
            let resolved = try? JSONCDecoder().decode(Resolved.self, from: Array(data))
        else { return nil }
        let pins = resolved.pins ?? resolved.object?.pins ?? []
        let apollo = pins.first { pin in
            let name = (pin.identity ?? pin.package ?? "").lowercased()
            let location = (pin.location ?? pin.repositoryURL ?? "").lowercased()
            return name == "apollo-ios" || location.hasSuffix("/apollo-ios") || location.hasSuffix("/apollo-ios.git")
        }
        return apollo?.state.version.map { $0.split(separator: ".").compactMap { Int($0) } }
    }
}
