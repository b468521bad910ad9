import Features
import Foundation
import SourceText

extension AnalysisSnapshot {
    /// The `TestNetworkTransport` file a test file's line asks for: created beside the test, or replacing the one
    /// mockls wrote for another release or access.
    public struct TestTransportWrite: Sendable {
        public var title: String
        public var file: URL
        public var text: String
        /// The file is one mockls wrote, which this replaces; else it is created, and none may be there.
        public var replaces: Bool
    }

    /// On a line of a test file that names `TestNetworkTransport`: "Create TestNetworkTransport.swift" beside the test
    /// when no Swift file of the workspace declares it, "Update …" when the one that does is one mockls wrote for
    /// another release or access (`mockls test-transport`); nothing for a transport the user wrote. A file created
    /// through the client's workspace edit where it creates files, else the server's `mockls.writeTestTransport`.
    func testTransportActions(at offset: Int, in context: TestFileContext, client: CodeActionClient) -> [DocumentAction] {
        guard let write = testTransportWrite(at: offset, in: context) else { return [] }
        let kind = write.replaces ? "source" : "quickfix"
        guard client.createsFiles else {
            return [.command(title: write.title, kind: kind, command: .writeTestTransport, document: context.document.uri, offset: offset)]
        }
        return [.createFile(DocumentAction.FileCreation(
            title: write.title, kind: kind, diagnostics: [], file: write.file, text: write.text, overwrite: write.replaces,
            resolveData: nil))]
    }

    /// What the line at `offset` of the open test file `id` writes (`mockls.writeTestTransport`): nil when it names
    /// no `TestNetworkTransport`, or the workspace's is current or the user's own.
    public func testTransportWrite(at offset: Int, in id: FileID) throws -> TestTransportWrite? {
        guard let context = try testFile(id) else { return nil }
        return testTransportWrite(at: offset, in: context)
    }

    private func testTransportWrite(at offset: Int, in context: TestFileContext) -> TestTransportWrite? {
        let lines = context.document.lines
        guard let testFile = context.document.id.url,
            Array(lines.bytes[lines.contentRange(ofLine: lines.line(containing: offset))]).contains(bytes: "TestNetworkTransport")
        else { return nil }
        let text = context.project.testTransportFile
        let release = context.project.testTransportRelease.name
        let declaring = context.workspace.nameMentions.files(declaring: "TestNetworkTransport")
        guard let existing = declaring.first else {
            return TestTransportWrite(
                title: "Create \(TestTransportFile.fileName) (Apollo iOS \(release))",
                file: testFile.deletingLastPathComponent().appendingPathComponent(TestTransportFile.fileName), text: text, replaces: false)
        }
        let current = documents.text(ofPath: existing) ?? context.workspace.swiftSources.loaded(existing)?.text
        guard declaring.count == 1, let current, current.starts(with: Array(TestTransportFile.mark.utf8)), !current.hasSameBytes(as: Array(text.utf8))
        else { return nil }
        let file = URL(fileURLWithPath: existing)
        return TestTransportWrite(title: "Update \(file.lastPathComponent) (Apollo iOS \(release))", file: file, text: text, replaces: true)
    }
}
