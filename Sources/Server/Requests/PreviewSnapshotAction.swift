import Analysis
import Features
import Foundation
import LSP
import SourceText
import SwiftAnalysis

/// "Add a snapshot test for this preview" on a `PreviewProvider` or `#Preview` of any Swift file: the preview's tests
/// added to, or updated in, the file `mockls snapshot-tests` wrote (created with them alone when there is none yet,
/// for clients that create files). Written as that file was (framework, devices); other previews' tests untouched.
extension LanguageServer {
    static func previewSnapshotActions(_ document: Document, at range: LSP.Range, in snapshot: ServerSnapshot) -> [CodeAction] {
        guard let file = document.swiftFile, let url = document.fileURL else { return [] }
        let lines = document.lines
        let offset = snapshot.conversion.byteRange(of: range, in: lines).lowerBound
        let previews = file.previews()
        guard let index = previews.lastIndex(where: { $0.range.contains(offset) || $0.range.upperBound == offset }),
            let root = snapshot.workspaces.map(\.root).filter({ url.path.hasPrefix($0.standardizedFileURL.path + "/") })
                .max(by: { $0.path.count < $1.path.count })
        else { return [] }
        let source = PreviewCatalog.source(url, file, root: root)
        let preview = source.previews[index]
        let capabilities = snapshot.clientCapabilities
        if let problem = preview.problem {
            guard capabilities.textDocument?.codeAction?.disabledSupport == true else { return [] }
            var action = CodeAction(title: "Add a snapshot test for this preview", kind: "refactor", diagnostics: nil, isPreferred: nil, edit: nil)
            action.disabled = CodeAction.Disabled(reason: "mockls cannot write one: \(problem)")
            return [action]
        }
        if let existing = PreviewCatalog.existingTestFile(under: root) {
            let testURI = existing.absoluteString
            guard let bytes = snapshot.documents[testURI]?.lines.bytes ?? FileTree.contents(existing) else { return [] }
            let options = SnapshotTests.options(of: bytes)
            let updates = SnapshotTests.hasTests(of: preview, index: index, in: source, bytes)
            guard let edit = SnapshotTests.update(bytes, with: preview, index: index, in: source, options: options) else { return [] }
            let title = updates ? "Update the snapshot tests of this preview" : "Add a snapshot test for this preview"
            let textEdit = TextEdit(range: snapshot.conversion.range(of: edit.range, in: LineTable(bytes)), newText: edit.text)
            return [CodeAction(title: title, kind: "refactor", diagnostics: nil, isPreferred: nil, edit: WorkspaceEdit(changes: [testURI: [textEdit]]))]
        }
        guard createsFiles(capabilities) else { return [] }
        let destination = PreviewCatalog.newTestFile(under: root).absoluteString
        let text = SnapshotTests.file([source], options: SnapshotTests.Options()) { _, candidate in candidate == index }.text
        let start = Position(line: 0, character: 0)
        return [CodeAction(
            title: "Add a snapshot test for this preview", kind: "refactor", diagnostics: nil, isPreferred: nil,
            edit: WorkspaceEdit(documentChanges: [
                .create(uri: destination, overwrite: false),
                .edit(OptionalVersionedTextDocumentIdentifier(uri: destination, version: nil), [
                    TextEdit(range: LSP.Range(start: start, end: start), newText: text)
                ]),
            ]))]
    }
}
