import Features
import Foundation
import SourceText

extension AnalysisSnapshot {
    /// On a line of a test file that names `TestNetworkTransport`: "Create TestNetworkTransport.swift" beside the test
    /// when no Swift file of the workspace declares it, "Update …" when the one that does is one mockls wrote for
    /// another release or access (`mockls test-transport`); nothing for a transport the user wrote. For clients that
    /// create files.
    func testTransportActions(at offset: Int, in context: TestFileContext, client: CodeActionClient) -> [DocumentAction] {
        let lines = context.document.lines
        guard client.createsFiles, let testFile = context.document.fileURL, testFile.isFileURL,
            Array(lines.bytes[lines.contentRange(ofLine: lines.line(containing: offset))]).contains(bytes: "TestNetworkTransport")
        else { return [] }
        let text = context.project.testTransportFile
        let release = context.project.testTransportRelease.name
        let declaring = context.workspace.nameMentions.files(declaring: "TestNetworkTransport")
        guard let existing = declaring.first else {
            return [.createFile(DocumentAction.FileCreation(
                title: "Create \(TestTransportFile.fileName) (Apollo iOS \(release))", kind: "quickfix", diagnostics: [],
                file: testFile.deletingLastPathComponent().appendingPathComponent(TestTransportFile.fileName), text: text,
                overwrite: false, resolveData: nil))]
        }
        let current = documents.textsByPath[existing] ?? context.workspace.swiftSources.loaded(existing)?.text
        guard declaring.count == 1, let current, current.starts(with: Array(TestTransportFile.mark.utf8)), !current.hasSameBytes(as: Array(text.utf8))
        else { return [] }
        return [.createFile(DocumentAction.FileCreation(
            title: "Update \(URL(fileURLWithPath: existing).lastPathComponent) (Apollo iOS \(release))", kind: "source", diagnostics: [],
            file: URL(fileURLWithPath: existing), text: text, overwrite: true, resolveData: nil))]
    }
}
