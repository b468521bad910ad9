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
                    at: snapshot.conversion.offset(of: params.position, in: lines), inGraphQL: lines.bytes, project: graphql.index)
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
                let uri = URL(fileURLWithPath: reference.document).absoluteString
                guard let lines = snapshot.documents[uri]?.lines
                    ?? project.index.documents[reference.document].map({ LineTable($0.text) })
                    ?? FileTree.contents(URL(fileURLWithPath: reference.document)).map(LineTable.init)
                else { return nil }
                return snapshot.conversion.location(uri, reference.range, in: lines)
            }
        }
    }

    /// The references in the Swift files of the workspace that belong to `project`: open ones as the editor has
    /// them, the others from disk; every core.
    static func swiftReferences(_ target: ReferenceTarget, workspace: Workspace, project: Workspace.Project, snapshot: ServerSnapshot) -> [ReferenceLocation] {
        let files = FileTree.files(under: workspace.root) { $0.hasSuffix(".swift") && !$0.hasSuffix(".graphql.swift") }
        let names = References.swiftNames(of: target, project: project.index)
        let found = Mutex<[Int: [ReferenceLocation]]>([:])
        DispatchQueue.concurrentPerform(iterations: files.count) { index in
            let url = files[index]
            guard let bytes = snapshot.documents[url.absoluteString]?.lines.bytes ?? FileTree.contents(url),
                names.contains(where: { bytes.contains(bytes: $0) }), workspace.project(forSwiftFile: url, text: bytes)?.configuration.name == project.configuration.name
            else { return }
            let ranges = References.inSwift(target, file: SwiftTestFile(bytes), project: project.index)
            guard !ranges.isEmpty else { return }
            found.withLock { $0[index] = ranges.map { ReferenceLocation(document: url.path, range: $0) } }
        }
        return found.withLock { $0 }.sorted { $0.key < $1.key }.flatMap(\.value)
    }
}
