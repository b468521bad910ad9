import Features
import Foundation
import GraphQLIndex
import SourceText
import SwiftAnalysis

/// What the code actions offered depend on in a client: whether it creates files, resolves edits, or runs
/// `mockls.copyResponse` itself.
public struct CodeActionClient: Sendable {
    /// It creates files through a workspace edit (`documentChanges` with the `create` resource operation).
    public var createsFiles: Bool
    /// It resolves an action's edit when the action is picked (`resolveSupport` for `edit`).
    public var resolvesEdits: Bool
    /// It copies a response itself (VS Code's extension asks `mockls/response` and copies it).
    public var copiesResponses: Bool

    public init(createsFiles: Bool, resolvesEdits: Bool, copiesResponses: Bool) {
        (self.createsFiles, self.resolvesEdits, self.copiesResponses) = (createsFiles, resolvesEdits, copiesResponses)
    }
}

/// A code action of a document as plain data (UTF-8 offsets of the document asked about, unless said otherwise).
public enum DocumentAction: Sendable {
    /// Edits of the document asked about: a fix, a conversion, a response fixture's fix.
    case edits(MockCodeAction)
    /// An action that does not apply here, and why (for clients that show it greyed out).
    case unavailable(title: String, kind: String, reason: String)
    /// Edits of another file, whose text is `lines`: the snapshot tests of a preview.
    case editFile(title: String, kind: String, file: URL, lines: LineTable, edits: [Diagnostic.Fix])
    /// A file created with its text (replacing one when `overwrite`); `text` nil when the client resolves it later
    /// (`AnalysisSnapshot.resolvedFile(_:in:)`), from `resolveData`.
    case createFile(FileCreation)
    /// A command with the document and the offset it applies at: run by the client or the server.
    case command(title: String, kind: String, command: ActionCommand, document: String, offset: Int)

    public struct FileCreation: Sendable {
        public var title: String
        public var kind: String
        /// The document's diagnostics the file fixes (the placeholder file as a quick fix).
        public var diagnostics: [Diagnostic]
        public var file: URL
        public var text: String?
        public var overwrite: Bool
        /// What the client sends back to resolve the text (`FileCreation.placeholderFile`).
        public var resolveData: String?
    }

    public enum ActionCommand: Sendable {
        /// The client copies the response (`mockls.copyResponse`).
        case copyResponse
        /// The server writes the response beside the test (`mockls.writeResponse`).
        case writeResponse
        /// The server writes the test transport file (`mockls.writeTestTransport`).
        case writeTestTransport
    }
}

extension DocumentAction.FileCreation {
    /// The resolve data of the placeholder file's action.
    public static let placeholderFile = "generate-placeholder-file"
}

extension AnalysisSnapshot {
    /// The code actions of `range` in the open document `id`: a response fixture's fixes; in any Swift file, the
    /// snapshot test of a preview; in a test file, the fixes of its diagnostics, conversions, factories, the
    /// placeholder file and the response of a `from(_:)` (as `client` can take them).
    public func codeActions(at range: Range<Int>, in id: FileID, client: CodeActionClient) throws -> [DocumentAction] {
        guard let document = documents[id] else { throw DocumentError.notOpen(id) }
        if let fixture = responseFixtureDiagnostics(of: id) {
            return ResponseFixtureActions.actions(at: range, lines: document.lines, diagnostics: fixture.diagnostics).map(DocumentAction.edits)
        }
        // A GraphQL document: the fixes of its diagnostics (`unused-field`), when they were found on the text the
        // editor has.
        if graphQLDocument(id) != nil {
            guard let found = (afterIndexing(id) ?? self).documentDiagnostics(of: id), found.lines.bytes.hasSameBytes(as: document.lines.bytes)
            else { return [] }
            return DiagnosticFixes.actions(at: range, lines: document.lines, diagnostics: found.diagnostics).map(DocumentAction.edits)
        }
        let previews = previewActions(document, at: range.lowerBound, createsFiles: client.createsFiles)
        guard case .swift(let context) = context(of: document) else { return previews }
        let placeholderFiles = client.createsFiles ? TestFileCodeActions.PlaceholderFiles(
            generated: context.workspace.generatedPlaceholderFiles.map(\.lastPathComponent),
            declaresFactories: context.workspace.hasPlaceholderFactories) : nil
        let actions = context.codeActions(at: range, diagnostics: diagnostics(of: context), placeholderFiles: placeholderFiles)
        return previews + responseActions(at: range.lowerBound, in: context, client: client)
            + testTransportActions(at: range.lowerBound, in: context, client: client) + actions.compactMap { action in
            switch action {
            case .unavailable(let title, let reason):
                return .unavailable(title: title, kind: "refactor.rewrite", reason: reason)
            case .edits(let edits):
                return .edits(edits)
            case .placeholderFile(let file):
                guard let destination = placeholderFile(file.fileName, for: context) else { return nil }
                return .createFile(DocumentAction.FileCreation(
                    title: file.title, kind: file.isQuickFix ? "quickfix" : "source", diagnostics: file.diagnostics,
                    file: destination, text: client.resolvesEdits ? nil : context.placeholderFileText,
                    // Only a file mockls wrote is replaced; a hand-written one of that name makes the client refuse.
                    overwrite: context.workspace.generatedPlaceholderFiles.contains(destination), resolveData: client.resolvesEdits ? DocumentAction.FileCreation.placeholderFile : nil))
            }
        }
    }

    /// The text of a file a code action creates, left for the client to resolve: nil when `data` names no such file or
    /// the document is no longer a test file. `overwrite`: whether the file is one mockls wrote, which it replaces.
    public func resolvedFile(_ data: String, in id: FileID) throws -> (file: URL, text: String, overwrite: Bool)? {
        guard data == DocumentAction.FileCreation.placeholderFile, let context = try testFile(id),
            let file = placeholderFile("\(context.index.mockModel.namespace)+Placeholders.swift", for: context)
        else { return nil }
        return (file, context.placeholderFileText, context.workspace.generatedPlaceholderFiles.contains(file))
    }

    /// The file `mockls placeholders` writes, where it is, else beside the test file (nil for a document that is no
    /// file, which has no folder to put it in).
    private func placeholderFile(_ name: String, for context: TestFileContext) -> URL? {
        guard let testFile = context.document.id.url else { return nil }
        return context.workspace.generatedPlaceholderFiles.first { $0.lastPathComponent == name }
            ?? testFile.deletingLastPathComponent().appendingPathComponent(name)
    }

    // MARK: Responses

    /// On the line of an `X.Data.from(mock)` whose response can be written (`MockResponse`): "Copy the JSON response"
    /// for clients that copy it themselves, "Write the JSON response to X.json" as a new file for clients that create
    /// files, else as a command the server runs.
    private func responseActions(at offset: Int, in context: TestFileContext, client: CodeActionClient) -> [DocumentAction] {
        let lines = context.document.lines
        let line = lines.line(containing: offset)
        guard Array(lines.bytes[lines.contentRange(ofLine: line)]).contains(bytes: "from("), case .success(let written) = context.response(at: offset)
        else { return [] }
        let uri = context.document.uri
        var actions: [DocumentAction] = []
        if client.copiesResponses {
            actions.append(.command(title: "Copy the JSON response", kind: "source", command: .copyResponse, document: uri, offset: offset))
        }
        guard let destination = responseFile(written, besideTest: context) else { return actions }
        let title = "Write the JSON response to \(destination.lastPathComponent)"
        if client.createsFiles {
            actions.append(.createFile(DocumentAction.FileCreation(
                title: title, kind: "source", diagnostics: [], file: destination, text: Self.named(written, for: destination).json,
                overwrite: false, resolveData: nil)))
        } else if !client.copiesResponses {
            // A client that creates no files: the server writes it.
            actions.append(.command(title: title, kind: "source", command: .writeResponse, document: uri, offset: offset))
        }
        return actions
    }

    /// The response the `from(_:)` at `offset` of the open test file `id` stands for, and the file it is written to.
    public func responseFile(at offset: Int, in id: FileID) throws -> (written: MockResponse.Written, file: URL)? {
        guard let context = try testFile(id), case .success(let written) = context.response(at: offset),
            let file = responseFile(written, besideTest: context)
        else { return nil }
        return (Self.named(written, for: file), file)
    }

    /// `X.json` beside the test file, or `X2.json`, `X3.json`… when the workspace has that file or it is open.
    private func responseFile(_ written: MockResponse.Written, besideTest context: TestFileContext) -> URL? {
        guard let testFile = context.document.id.url else { return nil }
        let folder = testFile.deletingLastPathComponent()
        var destination = folder.appendingPathComponent("\(written.name).json")
        var copy = 2
        while context.workspace.jsonFiles.contains(destination.path) || documents[FileID(url: destination)] != nil {
            destination = folder.appendingPathComponent("\(written.name)\(copy).json")
            copy += 1
        }
        return destination
    }

    /// The response as written to `file`: a file not named after its operation (`BookQuery2.json`) names it inside
    /// (`"@operation": "BookQuery"`), so that mockls checks it as that operation's fixture.
    static func named(_ written: MockResponse.Written, for file: URL) -> MockResponse.Written {
        guard file.deletingPathExtension().lastPathComponent != written.name, !written.name.contains("."), written.json.hasPrefix("{\n")
        else { return written }
        var named = written
        named.json = "{\n  \"\(ResponseFixtureCheck.operationKey)\": \"\(written.name)\",\n" + written.json.dropFirst(2)
        return named
    }

    // MARK: Previews

    /// "Add a snapshot test for this preview" on a `PreviewProvider` or `#Preview` of any Swift file: the preview's
    /// tests added to, or updated in, the file `mockls snapshot-tests` wrote (created with them alone when there is
    /// none yet, for clients that create files). Written as that file was (framework, devices); other previews' tests
    /// untouched.
    private func previewActions(_ document: Document, at offset: Int, createsFiles: Bool) -> [DocumentAction] {
        guard let file = document.swiftFile, let url = document.id.url else { return [] }
        let previews = file.previews()
        guard let index = previews.lastIndex(where: { $0.range.contains(offset) || $0.range.upperBound == offset }),
            let workspace = workspaces.filter({ $0.contains(document.id) })
                .max(by: { $0.root.path.count < $1.root.path.count })
        else { return [] }
        let root = workspace.root
        let source = PreviewCatalog.source(url, file, root: root)
        let preview = source.previews[index]
        let title = "Add a snapshot test for this preview"
        if let problem = preview.problem {
            return [.unavailable(title: title, kind: "refactor", reason: "mockls cannot write one: \(problem)")]
        }
        let openText = { (file: URL) in documents[FileID(url: file)]?.lines.bytes }
        if let existing = PreviewCatalog.existingTestFile(in: workspace.swiftSources, under: root, text: openText) {
            guard let bytes = openText(existing) ?? workspace.swiftSources.text(of: existing.path),
                let edit = SnapshotTests.update(bytes, with: preview, index: index, in: source, options: SnapshotTests.options(of: bytes))
            else { return [] }
            let updates = SnapshotTests.hasTests(of: preview, index: index, in: source, bytes)
            return [.editFile(
                title: updates ? "Update the snapshot tests of this preview" : title, kind: "refactor", file: existing,
                lines: LineTable(bytes), edits: [Diagnostic.Fix(title: title, range: edit.range, text: edit.text, isPreferred: false)])]
        }
        guard createsFiles else { return [] }
        let text = SnapshotTests.file([source], options: SnapshotTests.Options()) { _, candidate in candidate == index }.text
        return [.createFile(DocumentAction.FileCreation(
            title: title, kind: "refactor", diagnostics: [], file: PreviewCatalog.newTestFile(in: workspace.swiftSources, under: root),
            text: text, overwrite: false, resolveData: nil))]
    }
}
