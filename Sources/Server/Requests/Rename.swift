import Features
import Foundation
import GraphQLIndex
import JSONRPC
import LSP
import SourceText
import SwiftAnalysis

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
            let names: Set<String> = switch target {
            case .fragment(let name): References.swiftNames(of: .fragment(name), project: project.index)
            case .operation(let name): References.swiftNames(of: .operation(name), project: project.index)
            case .alias(let key, let types): References.swiftNames(of: .alias(key: key, types: types), project: project.index)
            }
            let edits = Rename.graphQLEdits(target, to: params.newName, project: project.index)
                + Self.projectSwiftFiles(workspace: workspace, project: project, snapshot: snapshot, naming: names) { url, file in
                    Rename.swiftEdits(target, to: params.newName, in: file, project: project.index)
                        .map { RenameEdit(document: url.path, range: $0.range, text: $0.text) }
                }
            var changes: [DocumentURI: [TextEdit]] = [:]
            for edit in edits {
                guard let lines = Self.lines(of: edit.document, project: project, snapshot: snapshot) else { continue }
                changes[URL(fileURLWithPath: edit.document).absoluteString, default: []].append(
                    TextEdit(range: snapshot.conversion.range(of: edit.range, in: lines), newText: edit.text))
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
            return (Rename.prepare(atGraphQL: offset, in: lines.bytes, path: graphql.path, project: graphql.index), lines, graphql.workspace, graphql.project)
        }
        guard let context = try TestFileContext.find(uri, in: snapshot) else { return nil }
        let lines = context.document.lines
        let offset = snapshot.conversion.offset(of: position, in: lines)
        return (Rename.prepare(atSwift: offset, in: context.file, project: context.index), lines, context.workspace, context.project)
    }
}
