import Features
import Foundation
import GraphQLIndex
import JSONRPC
import LSP
import SourceText
import SwiftAnalysis
import Synchronization

/// `textDocument/prepareRename` and `textDocument/rename` from a GraphQL document or a Swift test (`Rename`): the
/// GraphQL documents of the project and the workspace's Swift files that belong to it, edited together.
extension LanguageServer {
    func registerRename() {
        registerReadRequest(PrepareRenameRequest.self, answersAtOnce: { _ in false }) { params, snapshot, _ in
            guard let (prepared, lines, _, _) = try Self.renameTarget(params.textDocument.uri, params.position, snapshot) else { return nil }
            switch prepared {
            case .success(let (_, range)):
                return PrepareRenameResult(
                    range: snapshot.conversion.range(of: range, in: lines), placeholder: String(decoding: lines.bytes[range], as: UTF8.self))
            case .failure(let refusal):
                throw ResponseError(code: ResponseError.requestFailedCode, message: refusal.reason)
            }
        }
        registerReadRequest(RenameRequest.self, answersAtOnce: { _ in false }) { params, snapshot, _ in
            guard let (prepared, _, workspace, project) = try Self.renameTarget(params.textDocument.uri, params.position, snapshot) else { return nil }
            let target: RenameTarget
            switch prepared {
            case .success(let (found, _)): target = found
            case .failure(let refusal): throw ResponseError(code: ResponseError.requestFailedCode, message: refusal.reason)
            }
            if let refusal = Rename.refusal(renaming: target, to: params.newName, project: project.index) {
                throw ResponseError(code: ResponseError.requestFailedCode, message: refusal.reason)
            }
            var edits = Rename.graphQLEdits(target, to: params.newName, project: project.index)
            // Swift files of the project, on every core.
            let files = FileTree.files(under: workspace.root) { $0.hasSuffix(".swift") && !$0.hasSuffix(".graphql.swift") }
            let found = Mutex<[Int: [RenameEdit]]>([:])
            DispatchQueue.concurrentPerform(iterations: files.count) { index in
                let url = files[index]
                guard let bytes = snapshot.documents[url.absoluteString]?.lines.bytes ?? FileTree.contents(url),
                    CheckReport.buildsMocks(bytes) || bytes.contains(bytes: ".from("),
                    workspace.project(forSwiftFile: url, text: bytes)?.configuration.name == project.configuration.name
                else { return }
                let changes = Rename.swiftEdits(target, to: params.newName, in: SwiftTestFile(bytes), project: project.index)
                guard !changes.isEmpty else { return }
                found.withLock { $0[index] = changes.map { RenameEdit(document: url.path, range: $0.range, text: $0.text) } }
            }
            edits += found.withLock { $0 }.sorted { $0.key < $1.key }.flatMap(\.value)
            var changes: [DocumentURI: [TextEdit]] = [:]
            for edit in edits {
                let uri = URL(fileURLWithPath: edit.document).absoluteString
                guard let lines = snapshot.documents[uri]?.lines
                    ?? project.index.documents[edit.document].map({ LineTable($0.text) })
                    ?? FileTree.contents(URL(fileURLWithPath: edit.document)).map(LineTable.init)
                else { continue }
                changes[uri, default: []].append(TextEdit(range: snapshot.conversion.range(of: edit.range, in: lines), newText: edit.text))
            }
            return WorkspaceEdit(changes: changes)
        }
    }

    /// What may be renamed at a position of an open GraphQL or Swift document, with the document's lines, its
    /// workspace and project; nil for a document of no project.
    static func renameTarget(_ uri: DocumentURI, _ position: Position, _ snapshot: ServerSnapshot) throws
        -> (Result<(RenameTarget, Swift.Range<Int>), RenameRefusal>, LineTable, Workspace, Workspace.Project)?
    {
        if let graphql = GraphQLDocumentContext.find(uri, in: snapshot) {
            let lines = graphql.document.lines
            let offset = snapshot.conversion.offset(of: position, in: lines)
            return (Rename.prepare(atGraphQL: offset, in: lines.bytes, project: graphql.index), lines, graphql.workspace, graphql.project)
        }
        guard let context = try TestFileContext.find(uri, in: snapshot) else { return nil }
        let lines = context.document.lines
        let offset = snapshot.conversion.offset(of: position, in: lines)
        return (Rename.prepare(atSwift: offset, in: context.file, project: context.index), lines, context.workspace, context.project)
    }
}
