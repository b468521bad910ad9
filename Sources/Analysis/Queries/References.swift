import Features
import Foundation
import GraphQLIndex
import SourceText
import SwiftAnalysis

/// References, document highlights and rename, from a GraphQL or Swift document across the project's documents and
/// the workspace's Swift files.
extension AnalysisSnapshot {
    /// The uses of what is at `offset` of a GraphQL or Swift document: in the project's GraphQL documents and in the
    /// workspace's Swift files that belong to the project, with the text of each file they are in. The GraphQL
    /// documents' come first, then the app's code's, then the tests' (`ReferenceLocation.Kind`), each in file order.
    public func references(at offset: Int, in file: AnalysisFile, includingDeclaration: Bool) throws -> [(location: ReferenceLocation, lines: LineTable)] {
        let target: ReferenceTarget?
        let workspace: Workspace
        let project: Workspace.Project
        switch file {
        case .graphQL(let graphql):
            target = References.target(at: offset, inGraphQL: graphql.document.lines.bytes, path: graphql.path, project: graphql.index)
            (workspace, project) = (graphql.workspace, graphql.project)
        case .swift(let context):
            target = References.target(at: offset, inSwift: context.file, project: context.index, helpers: context.helperTypes)
            (workspace, project) = (context.workspace, context.project)
        case .other:
            return []
        }
        guard let target else { return [] }
        let names = References.swiftNames(of: target, project: project.index)
        let (index, testFiles) = (project.index, testCode(in: workspace))
        let occurrences = occurrenceReader(workspace: workspace, project: project)
        let inSwift = projectSwiftTexts(workspace: workspace, project: project, naming: names) { file, text in
            let found = occurrences(names, file, text).filter { $0.target == target }
            guard !found.isEmpty else { return [ReferenceLocation]() }
            let kind: ReferenceLocation.Kind = testFiles.isTest(file.key, text: text) ? .test : .app
            return found.map { ReferenceLocation(document: file.key, range: $0.range, kind: kind) }
        }
        // The GraphQL documents', then the app's reads, then the tests', each in file order.
        let found = References.inGraphQL(target, project: index, includingDeclaration: includingDeclaration)
            + inSwift.filter { $0.kind == .app } + inSwift.filter { $0.kind == .test }
        if isCancelled() { throw CancellationError() }
        return withLines(found, document: \.document, project: project, workspace: workspace).map { (location: $0, lines: $1) }
    }

    /// The occurrences in the document `uri` of what is at `offset` (`DocumentHighlights`), with its text.
    public func documentHighlights(at offset: Int, in file: AnalysisFile) -> [Range<Int>] {
        switch file {
        case .graphQL(let graphql):
            DocumentHighlights.inGraphQL(at: offset, in: graphql.document.lines.bytes, path: graphql.path, project: graphql.index)
        case .swift(let context):
            DocumentHighlights.inSwift(at: offset, in: context.file, project: context.index, helpers: context.helperTypes)
        case .other:
            []
        }
    }

    /// What may be renamed at `offset` of a GraphQL or Swift document, with the document's text, its workspace and
    /// project; nil for a document of no project.
    public func renameTarget(at offset: Int, in file: AnalysisFile) -> RenameQuery? {
        switch file {
        case .graphQL(let graphql):
            let lines = graphql.document.lines
            return RenameQuery(
                prepared: Rename.prepare(atGraphQL: offset, in: lines.bytes, path: graphql.path, project: graphql.index), lines: lines,
                workspace: graphql.workspace, project: graphql.project)
        case .swift(let context):
            return RenameQuery(
                prepared: Rename.prepare(atSwift: offset, in: context.file, project: context.index, helpers: context.helperTypes),
                lines: context.document.lines,
                workspace: context.workspace, project: context.project)
        case .other:
            return nil
        }
    }

    /// The edits that rename `target` to `newName` in the project's GraphQL documents and the workspace's Swift files
    /// that belong to it, each with the text of its file; or why it may not be renamed. Throws `CancellationError`
    /// when the request is cancelled (its loop over the files stops).
    public func renameEdits(_ query: RenameQuery, to newName: String) throws -> Result<[(edit: RenameEdit, lines: LineTable)], RenameRefusal> {
        let target: RenameTarget
        switch query.prepared {
        case .success(let (found, _)): target = found
        case .failure(let refusal): return .failure(refusal)
        }
        let project = query.project
        if let refusal = Rename.refusal(renaming: target, to: newName, project: project.index) { return .failure(refusal) }
        let references = target.referenceTarget
        let names = References.swiftNames(of: references, project: project.index)
        let index = project.index
        // The occurrence index references use: a rename after its references parses nothing again.
        let occurrences = occurrenceReader(workspace: query.workspace, project: project)
        let edits = Rename.graphQLEdits(target, to: newName, project: index)
            + projectSwiftTexts(workspace: query.workspace, project: project, naming: names) { file, text in
                let found = occurrences(names, file, text).filter { $0.target == references }.map(\.range)
                return Rename.swiftEdits(target, to: newName, at: found, in: text, project: index)
                    .map { RenameEdit(document: file.key, range: $0.range, text: $0.text) }
            }
        if isCancelled() { throw CancellationError() }
        return .success(withLines(edits, document: \.document, project: project, workspace: query.workspace).map { (edit: $0, lines: $1) })
    }

    /// What references and rename read of one Swift file of `project`: the occurrences of some names with what each
    /// stands for, through the occurrence index, each file's values read as definition and hover read them (with the
    /// workspace's helpers and the properties of types other files declare).
    private func occurrenceReader(
        workspace: Workspace, project: Workspace.Project
    ) -> @Sendable (Set<String>, FileID, [UInt8]) -> [Occurrence] {
        // Without a host (the command line), a memo of this query's own: each file is read once for all its names.
        let (memo, index, helpersFingerprint, openDocuments) = (memo ?? FileMemo(), project.index, workspace.helpersFingerprint, documents)
        return { names, file, text in
            memo.occurrences(
                of: names, in: file, inputs: FileMemo.Inputs(text: text, revision: index.revision, helpers: helpersFingerprint),
                holds: { $0.hold(in: workspace, openDocuments: openDocuments) }
            ) { missing in
                let parsed = memo.parse(file, text: text)
                let others = OtherFilesProperties(workspace, besides: file, openDocuments: openDocuments, memo: memo)
                let types = others.helperTypes(of: parsed) { workspace.helpers(besides: file).helpers }
                return (References.occurrences(named: missing, in: parsed, project: index, helpers: types), others.dependencies)
            }
        }
    }
}

/// What `AnalysisSnapshot.renameTarget` found.
public struct RenameQuery: Sendable {
    public let prepared: Result<(RenameTarget, Range<Int>), RenameRefusal>
    /// The text of the document asked about.
    public let lines: LineTable
    let workspace: Workspace
    let project: Workspace.Project
}
