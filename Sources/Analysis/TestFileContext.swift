import Features
import Foundation
import GraphQLIndex
import SourceText
import SwiftAnalysis

/// What a query about a Swift test file works from: the document at one version (open in the editor, or read from
/// disk by the command line), its tree, and the workspace and project it belongs to with the options fixes follow.
/// Found the same way for every request, for pushed diagnostics and for every command: the editor and the command
/// line cannot disagree on what a file's project or options are.
public struct TestFileContext: Sendable {
    public let document: Document
    public let file: SwiftFile
    public let workspace: Workspace
    public let project: Workspace.Project
    public let options: TestConventions
    /// The editor's texts of its open files, by path: other files' declarations are read from them (`helperTypes`).
    let openDocuments: DocumentStore

    public var index: ProjectIndex { project.index }

    /// The context of a Swift document: nil for another language, or for a file of no project. `openDocuments`: the
    /// editor's texts of its open files, by path.
    init?(_ document: Document, in workspaces: [Workspace], openDocuments: DocumentStore = DocumentStore()) {
        guard let file = document.swiftFile,
            let (workspace, project) = Self.project(of: document.id, text: document.lines.bytes, in: workspaces)
        else { return nil }
        self.document = document
        self.file = file
        self.workspace = workspace
        self.project = project
        self.openDocuments = openDocuments
        options = TestConventions(
            placeholders: workspace.hasPlaceholderFactories, mocksModule: workspace.mocksModule(of: project),
            isOnApolloTwo: project.releaseIsKnown && project.index.format.release == .two)
    }

    /// The first workspace with a project for the file, and that project. A loop, not `lazy.compactMap(…).first`,
    /// which looks the project up twice (callgrind: a tenth of a completion's own work).
    private static func project(of file: FileID, text: @autoclosure () -> [UInt8], in workspaces: [Workspace]) -> (Workspace, Workspace.Project)? {
        for workspace in workspaces {
            if let project = workspace.project(forSwiftFile: file, text: text()) { return (workspace, project) }
        }
        return nil
    }

    /// The helpers of the workspace's other Swift files (the file's own are read from its text).
    public var helpers: WorkspaceHelpers {
        workspace.helpers(besides: document.id)
    }

    /// The types of the helpers of the file and the workspace, read only when a value names one, and the properties
    /// of the types other files declare (for completion, hover and definition).
    var helperTypes: HelperTypes {
        let (file, workspace, id) = (file, workspace, document.id)
        return OtherFilesProperties(workspace, besides: id, openDocuments: openDocuments).helperTypes(of: file) {
            workspace.helpers(besides: id).helpers
        }
    }

    // MARK: Queries

    public func completions(at offset: Int) -> [Completion] {
        MockCompletions.completions(at: offset, in: file, project: index, placeholders: options.placeholders, helpers: helperTypes)
    }

    /// Its diagnostics with their fixes; `cache` keeps each function's between versions of an open file.
    public func diagnostics(cache: MockDiagnosticsCache? = nil) -> [Diagnostic] {
        MockDiagnostics.diagnostics(in: file, project: index, cache: cache, options: options, helpers: helpers)
    }

    public func hover(at offset: Int) -> Hover? {
        MockHover.hover(at: offset, in: file, project: index, helpers: helperTypes, formatReason: project.formatReason)
    }

    public func definitions(at offset: Int) -> [SourceLocation] {
        MockDefinition.definitions(at: offset, in: file, project: index, helpers: helperTypes)
    }

    public func signature(at offset: Int) -> Signature? {
        SignatureHelp.signature(at: offset, in: file, project: index)
    }

    /// The code actions of a range: the fixes of the diagnostics on its lines, conversions, factories, and the
    /// placeholder file (`placeholderFiles` nil when the client cannot create files).
    public func codeActions(
        at range: Range<Int>, diagnostics: [Diagnostic], placeholderFiles: TestFileCodeActions.PlaceholderFiles?
    ) -> [TestFileCodeActions.Action] {
        TestFileCodeActions.actions(
            at: range, in: file, project: index, diagnostics: diagnostics, options: options, structs: workspace.structShapes,
            placeholderFiles: placeholderFiles)
    }

    /// The response dictionary at `offset` converted into a test mock (`mockls convert`, the code action).
    public func conversion(at offset: Int) -> ResponseConversion.Outcome? {
        ResponseConversion.convert(at: offset, in: file, project: index, mocksModule: options.mocksModule)
    }

    /// The JSON response the model built by the `from(_:)` at `offset` stands for (`MockResponse`).
    public func response(at offset: Int) -> Result<MockResponse.Written, MockResponse.Failure> {
        MockResponse.response(at: offset, in: file, project: index, options: options, helpers: helpers)
    }

    /// The file `mockls placeholders` writes for this project.
    public var placeholderFileText: String {
        PlaceholderFileRenderer.render(
            model: index.mockModel, schema: index.schema, mocksModule: project.configuration.testMocksModule,
            selectionSets: index.selectionSetModel(), initializers: project.configuration.selectionSetInitializers)
    }
}
