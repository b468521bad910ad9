import Features
import Foundation
import GraphQLIndex
import LSP
import SourceText
import SwiftAnalysis
import Synchronization

/// `textDocument/references` from a GraphQL document or a Swift test file: the uses in the project's GraphQL
/// documents and in the workspace's Swift files that belong to the project (`References`).
extension LanguageServer {
    func registerReferences() {
        registerReadRequest(ReferencesRequest.self, answersAtOnce: { _ in false }) { params, snapshot, _ in
            let target: ReferenceTarget?
            let workspace: Workspace
            let project: Workspace.Project
            if let graphql = GraphQLDocumentContext.find(params.textDocument.uri, in: snapshot) {
                let lines = graphql.document.lines
                target = References.target(
                    at: snapshot.conversion.offset(of: params.position, in: lines), inGraphQL: lines.bytes, path: graphql.path, project: graphql.index)
                (workspace, project) = (graphql.workspace, graphql.project)
            } else if let context = try TestFileContext.find(params.textDocument.uri, in: snapshot) {
                target = References.target(
                    at: snapshot.conversion.offset(of: params.position, in: context.document.lines), inSwift: context.file, project: context.index)
                (workspace, project) = (context.workspace, context.project)
            } else {
                return []
            }
            guard let target else { return [] }
            let found = References.inGraphQL(target, project: project.index, includingDeclaration: params.context?.includeDeclaration ?? true)
                + Self.swiftReferences(target, workspace: workspace, project: project, snapshot: snapshot)
            return found.compactMap { reference in
                Self.lines(of: reference.document, project: project, snapshot: snapshot).map {
                    snapshot.conversion.location(URL(fileURLWithPath: reference.document).absoluteString, reference.range, in: $0)
                }
            }
        }
    }

    /// A document's text as the client has it: open, indexed, or on disk.
    static func lines(of path: String, project: Workspace.Project, snapshot: ServerSnapshot) -> LineTable? {
        snapshot.documents[URL(fileURLWithPath: path).absoluteString]?.lines
            ?? project.index.documents[path].map({ LineTable($0.text) })
            ?? FileTree.contents(URL(fileURLWithPath: path)).map(LineTable.init)
    }

    /// The references in the Swift files of the workspace that belong to `project`.
    static func swiftReferences(_ target: ReferenceTarget, workspace: Workspace, project: Workspace.Project, snapshot: ServerSnapshot) -> [ReferenceLocation] {
        projectSwiftFiles(workspace: workspace, project: project, snapshot: snapshot, naming: References.swiftNames(of: target, project: project.index)) {
            url, file in References.inSwift(target, file: file, project: project.index).map { ReferenceLocation(document: url.path, range: $0) }
        }
    }

    /// `body` for each Swift file of the workspace that belongs to `project` and mentions one of `names` (open ones as
    /// the editor has them, the others from disk), on every core; the results in file order.
    static func projectSwiftFiles<T: Sendable>(
        workspace: Workspace, project: Workspace.Project, snapshot: ServerSnapshot, naming names: Set<String>,
        _ body: @Sendable (URL, SwiftTestFile) -> [T]
    ) -> [T] {
        let files = FileTree.files(under: workspace.root) { $0.hasSuffix(".swift") && !$0.hasSuffix(".graphql.swift") }
        let found = Mutex<[Int: [T]]>([:])
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            let url = files[index]
            guard let bytes = snapshot.documents[url.absoluteString]?.lines.bytes ?? FileTree.contents(url),
                names.contains(where: { bytes.contains(bytes: $0) }),
                workspace.project(forSwiftFile: url, text: bytes)?.configuration.name == project.configuration.name
            else { return }
            let results = body(url, SwiftTestFile(bytes))
            if !results.isEmpty { found.withLock { $0[index] = results } }
        }
        return found.withLock { $0 }.sorted { $0.key < $1.key }.flatMap(\.value)
    }
}
