import Features
import Foundation
import GraphQLIndex
import SourceText
import SwiftAnalysis
import Synchronization

/// What the Swift files of a workspace read of its projects' selected fields (`FieldReads`), app code and tests apart:
/// what `unused-field`, `read-only-by-tests` and the coverage's "read in N app files" come from. Every Swift file of
/// the workspace counts (open ones as edited), but Apollo's generated files (which `WorkspaceFiles` leaves out) and the
/// placeholder files `mockls placeholders` writes.
public struct FieldUsage: Sendable {
    public struct File: Sendable {
        public var path: String
        public var isTest: Bool
        public var reads: FieldReads
        /// The text `reads` were read from (where they are).
        public var text: [UInt8]
    }

    /// By project name, in path order.
    public internal(set) var files: [String: [File]] = [:]
    /// Whether every Swift file was read: a read may hide in one that was not (past the workspace's bound), or the
    /// query was cancelled. Nothing is unused then.
    public internal(set) var isComplete = true

    /// Where the app files read each field of `project` (followed there, or by its Swift name on a value mockls cannot
    /// type; a read of `hero.name` reads `hero`), by file in path order and in file order: nil for a field whose
    /// operation or fragment no app code is followed into, and for every field when not every file was read.
    func appReads(of project: String, index: ProjectIndex) -> ((SelectionCoverage.FieldID) -> [FieldRead]?)? {
        guard isComplete else { return nil }
        let app = (files[project] ?? []).filter { !$0.isTest }
        if app.contains(where: \.reads.readsEverything) { return nil }
        let followed = Set(app.flatMap { $0.reads.fields.map(\.definition) })
        guard !followed.isEmpty else { return nil }
        let lines = LineTables()
        return { id in
            guard followed.contains(id.definition) else { return nil }
            let name = id.swiftName(in: index)
            return app.flatMap { file in
                let ranges = file.reads.locations(of: id, name: name)
                guard !ranges.isEmpty else { return [FieldRead]() }
                let table = lines.table(of: file.path, text: file.text)
                return ranges.map { FieldRead(file: FileID(standardizedPath: file.path), range: $0, lines: table) }
            }
        }
    }

    /// Each file's lines, made once (a file reads many fields).
    private final class LineTables {
        private var tables: [String: LineTable] = [:]

        func table(of path: String, text: [UInt8]) -> LineTable {
            if let known = tables[path] { return known }
            let made = LineTable(text)
            tables[path] = made
            return made
        }
    }

    /// The names a file must spell to read something: the model properties of the projects' fields, and Apollo's
    /// storage.
    static func names(of projects: [Workspace.Project]) -> Set<String> {
        projects.filter(\.hasSchema).reduce(into: Set(apolloStorage)) { $0.formUnion(memberNames(of: $1.index)) }
    }

    static let apolloStorage = ["__data", "_fieldData", "asDictionary"]

    /// The Swift names of the properties of a project's selected fields (backticks trimmed), once per index revision.
    static func memberNames(of index: ProjectIndex) -> Set<String> {
        index.derived(.fieldReadNames) {
            Set(SelectionCoverage.selectedFields(of: index).map { $0.id.swiftName(in: index) })
        }
    }

    /// What one Swift file of `project` reads (`file`: its text parsed already, when it is) of the fields named
    /// `names` (all of the project's by default), and what that reading took from other files. `holding`: the types
    /// whose declarations may hold models (`SwiftNameMentions.typesHoldingModels`), which a file must spell (or a
    /// generated type, a helper or a mock) to be parsed rather than read by name.
    static func reads(
        of text: [UInt8], file parsed: SwiftFile? = nil, at id: FileID, project: Workspace.Project, workspace: Workspace,
        names: Set<String>? = nil, holding: Set<String>, openDocuments: DocumentStore, memo: FileMemo? = nil
    ) -> (reads: FieldReads, dependencies: ReadDependencies) {
        let index = project.index
        let helpers = workspace.helpers(besides: id)
        let names = names ?? memberNames(of: index)
        if parsed == nil {
            let mentioned = CapitalizedNames.names(in: text)
            if mentioned.isDisjoint(with: holding),
                let reads = FieldReads.unparsed(
                    text, mentioning: mentioned, names: names, typeNames: generatedTypeNames(of: index), helperNames: Set(helpers.helpers.map(\.name)))
            {
                return (reads, ReadDependencies(unparsedNames: mentioned))
            }
        }
        let file = parsed ?? memo?.parse(id, text: text) ?? SwiftFile(text)
        let others = OtherFilesProperties(workspace, besides: id, openDocuments: openDocuments, memo: memo)
        let reads = FieldReads.of(file, project: index, names: names, helpers: others.helperTypes(of: file) { helpers.helpers })
        return (reads, ReadDependencies(otherFiles: others.dependencies))
    }

    /// The names of the types Apollo generates for the operations and fragments of `index`.
    static func generatedTypeNames(of index: ProjectIndex) -> Set<String> {
        index.derived(.generatedTypeNames) { Set(index.generatedDefinitionTypes.map(\.typeName)) }
    }

    /// The types of `workspace` whose declarations may hold models of its projects (`SwiftNameMentions.typesHoldingModels`).
    static func typesHoldingModels(in workspace: Workspace) -> Set<String> {
        let generated = workspace.projects.filter(\.hasSchema).reduce(into: Set<String>()) { $0.formUnion(generatedTypeNames(of: $1.index)) }
        return workspace.nameMentions.typesHoldingModels(named: generated)
    }
}

/// What the reads of one file depend on besides its text, its project's index and the workspace's helpers.
struct ReadDependencies: Sendable {
    /// The capitalized names of a file read by name without a parse: it is read so while none of them names a type
    /// that may hold models.
    var unparsedNames: Set<String>?
    /// The types whose properties the file read, as other files declare them.
    var otherFiles = OtherFilesDependencies(besides: nil)

    /// Whether they still hold in `workspace`, whose types in `holding` may hold models.
    func hold(in workspace: Workspace, holding: Set<String>, openDocuments: DocumentStore) -> Bool {
        if let unparsedNames, !unparsedNames.isDisjoint(with: holding) { return false }
        return otherFiles.isEmpty || otherFiles.hold(in: workspace, openDocuments: openDocuments)
    }
}

/// A read of a selected field in a Swift file: where it is, with the file's lines.
public struct FieldRead: Sendable {
    public var file: FileID
    /// The bytes of the property's name; empty where a model that holds the field is used whole.
    public var range: Range<Int>
    public var lines: LineTable
}

extension AnalysisSnapshot {
    /// The reads of every Swift file of `workspace` that belongs to a project with a schema. The app's files first:
    /// when none of them is followed into a model (a checkout of the tests alone, an app mockls cannot follow), no
    /// field can be said unused or read only by tests, and the test files are not read for it.
    /// `readingTests: false`: the app's files only.
    func fieldUsage(of workspace: Workspace, readingTests: Bool = true) -> FieldUsage {
        var usage = FieldUsage()
        guard workspace.nameMentions.isComplete else {
            usage.isComplete = false
            return usage
        }
        let memo = memo
        let header = Array(PlaceholderFileRenderer.header.utf8)
        let holding = FieldUsage.typesHoldingModels(in: workspace)
        let openDocuments = documents
        // The app's files are searched for the names, the tests' only when they are read.
        let testFiles = testCode(in: workspace)
        let names = FieldUsage.names(of: workspace.projects)
        let texts = swiftTexts(of: workspace, naming: names) { readingTests || testFiles.known($0) != true }.filter { !$0.text.starts(with: header) }
        let isTest = texts.map { testFiles.isTest($0.path, text: $0.text) }
        func reads(of texts: [SwiftText], isTest: Bool) -> [String: [FieldUsage.File]] {
            swiftTextsByProject(workspace: workspace, texts: texts) { project, file, text -> [FieldUsage.File] in
                let compute = { FieldUsage.reads(
                    of: text, at: file, project: project, workspace: workspace, holding: holding, openDocuments: openDocuments, memo: memo) }
                let inputs = FileMemo.Inputs(text: text, revision: project.index.revision, helpers: workspace.helpersFingerprint)
                let reads = memo?.value(
                    .fieldReads, of: file, inputs: inputs,
                    holds: { $0.hold(in: workspace, holding: holding, openDocuments: openDocuments) }
                ) { let found = compute(); return (found.reads, found.dependencies) } ?? compute().reads
                return [FieldUsage.File(path: file.key, isTest: isTest, reads: reads, text: text)]
            }
        }
        usage.files = reads(of: zip(texts, isTest).filter { !$1 }.map(\.0), isTest: false)
        if readingTests, usage.files.values.contains(where: { $0.contains { !$0.reads.fields.isEmpty } }) {
            usage.files.merge(reads(of: zip(texts, isTest).filter { $1 }.map(\.0), isTest: true)) { ($0 + $1).sorted { $0.path < $1.path } }
        }
        if isCancelled() { usage.isComplete = false }
        return usage
    }

    /// The names of the fields of `workspace`'s projects that its app files do not read, where a hint may be said:
    /// what the test files read matters only for them. Nil when no app file is followed into a model (no hint then,
    /// and the test files are not read at all).
    func namesUnreadByApp(in workspace: Workspace) -> Set<String>? {
        let usage = fieldUsage(of: workspace, readingTests: false)
        guard usage.files.values.contains(where: { $0.contains { !$0.reads.fields.isEmpty } }) else { return nil }
        return workspace.projects.filter(\.hasSchema).reduce(into: Set<String>()) { names, project in
            names.formUnion(UnusedFields.unreadByApp(of: project.index, app: (usage.files[project.configuration.name] ?? []).map(\.reads)))
        }
    }

    /// Keeps what the test file of `context` reads of the fields named `names`, and every field of a model it uses
    /// whole, from its parsed file, for the next `fieldUsage` of this snapshot: `mockls check` parses each test file
    /// for its diagnostics, and the workspace's hints would parse it again; they need to know of a test's reads only
    /// for the fields no app file reads (`namesUnreadByApp`).
    func noteFieldReads(of context: TestFileContext, names: Set<String>) {
        guard let memo else { return }
        let (text, id) = (context.document.lines.bytes, context.document.id)
        let (workspace, openDocuments) = (context.workspace, documents)
        let holding = FieldUsage.typesHoldingModels(in: workspace)
        let inputs = FileMemo.Inputs(text: text, revision: context.index.revision, helpers: workspace.helpersFingerprint)
        _ = memo.value(.fieldReads, of: id, inputs: inputs, holds: { $0.hold(in: workspace, holding: holding, openDocuments: openDocuments) }) {
            let found = FieldUsage.reads(
                of: text, file: context.file, at: id, project: context.project, workspace: workspace, names: names, holding: holding,
                openDocuments: openDocuments)
            return (found.reads, found.dependencies)
        }
    }

    /// `unused-field` and `read-only-by-tests` in the documents of `workspace`'s projects, by document path.
    func unusedFields(of workspace: Workspace) -> [String: [Diagnostic]] {
        let usage = fieldUsage(of: workspace)
        guard usage.isComplete else { return [:] }
        var found: [String: [Diagnostic]] = [:]
        let projects = workspace.projects.filter(\.hasSchema)
        for project in projects {
            var files = usage.files[project.configuration.name] ?? []
            // A file of another project may read this one's models (`PetAPI.DogQuery.Data.Dog` where both are
            // imported), resolved there against its own project's: what it reads counts here by name.
            for other in projects where other.configuration.name != project.configuration.name {
                files += (usage.files[other.configuration.name] ?? []).map { file in
                    var byName = file
                    byName.reads = file.reads.byName(index: other.index)
                    return byName
                }
            }
            let diagnostics = UnusedFields.diagnostics(
                of: project.index, app: files.filter { !$0.isTest }.map(\.reads), tests: files.filter(\.isTest).map(\.reads))
            found.merge(diagnostics) { $0 + $1 }
        }
        return found
    }
}

extension FileMemo.Query where Value == FieldReads, Reads == ReadDependencies {
    /// What a Swift file reads of the fields of its project, for the workspace's hints and the coverage's app reads.
    static var fieldReads: Self { Self(name: "field reads") }
}

extension DerivedKind {
    static let fieldReadNames = DerivedKind("field read names")
    static let generatedTypeNames = DerivedKind("generated type names")
}
