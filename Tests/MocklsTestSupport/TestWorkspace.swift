import Foundation
import Analysis

/// A small workspace written inline by a test, as sourcekit-lsp's `SwiftPMTestProject(files:)`: paths relative to the
/// workspace folder with their texts, each with cursor markers (`1️⃣`…) read out (`MarkedSource`). The folder is a
/// fresh temporary one, removed by `remove()`; a test needs nothing outside itself.
///
///     let workspace = try TestWorkspace(files: [
///         "apollo-codegen-config.json": TestWorkspace.apolloConfiguration(namespace: "PetAPI"),
///         "graphql/schema.graphqls": "type Query { dog: Dog } type Dog { name: String! }",
///         "Tests/DogTests.swift": "let dog = Mock<Dog>(1️⃣)",
///     ])
///     defer { workspace.remove() }
///     let offset = workspace["Tests/DogTests.swift"]["1️⃣"]
public struct TestWorkspace: Sendable {
    public let folder: URL
    /// Each file's text without markers, and where its markers were.
    public let files: [String: MarkedSource]

    public init(files: [String: String]) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("mockls-workspace-\(UUID().uuidString)")
            .standardizedFileURL
        var marked: [String: MarkedSource] = [:]
        for (path, text) in files {
            let source = MarkedSource(text)
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(source.text.utf8).write(to: url)
            marked[path] = source
        }
        self.files = marked
    }

    /// A file's text and markers (a test that names a file it did not write fails).
    public subscript(_ path: String) -> MarkedSource {
        guard let source = files[path] else { preconditionFailure("the workspace has no \(path)") }
        return source
    }

    /// The URL of a file of the workspace.
    public func url(_ path: String) -> URL { folder.appendingPathComponent(path) }

    /// The `file://` URI an editor names a file of the workspace by.
    public func uri(_ path: String) -> String { url(path).absoluteString }
    /// The file at `path` as the analysis names it.
    public func file(_ path: String) -> FileID { FileID(url: url(path)) }

    /// Writes (or rewrites) a file after the workspace was made: what an edit on disk does.
    public func write(_ path: String, _ text: String) throws {
        let url = url(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    public func remove() { try? FileManager.default.removeItem(at: folder) }

    /// An Apollo configuration whose schema is `graphql/*.graphqls`, whose operations are `graphql/*.graphql`, and
    /// whose test mocks go in `Mocks` (mocks compiled into the tests).
    public static func apolloConfiguration(namespace: String) -> String {
        """
        {"schemaNamespace": "\(namespace)", "input": {"schemaSearchPaths": ["graphql/*.graphqls"], "operationSearchPaths": ["graphql/*.graphql"]},
         "output": {"testMocks": {"absolute": {"path": "Mocks"}}}}
        """
    }
}
