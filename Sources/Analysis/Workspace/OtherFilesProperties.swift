import Features
import Foundation
import SourceText
import SwiftAnalysis
import Synchronization

/// The properties of the types other Swift files of a workspace declare, for a file that reads them: a view's
/// `viewModel.dog?.name` where `final class DogViewModel { @Published var dog: DogQuery.Data.Dog? }` is declared in
/// another file. The files that declare or extend the type (`SwiftNameMentions.files(declaring:)`) are parsed when a
/// value first asks, at most `maximumFiles` of them, as the editor has them open, else as the workspace last read them;
/// all that declare the property must declare it alike (`SwiftFile.declaredProperty`), else it is not known.
/// What was asked is kept (`dependencies`): a result read through it holds while those files stay the same.
final class OtherFilesProperties: Sendable {
    static let maximumFiles = 8
    private let workspace: Workspace
    /// The file asking, whose own declarations it reads from its own text.
    private let path: String?
    private let openDocuments: DocumentStore
    private let parsed = Mutex<[String: SwiftFile]>([:])
    private let asked: Mutex<OtherFilesDependencies>

    /// `openDocuments`: the editor's texts of its open files, by path.
    /// Parses through `memo` when there is one (a tree parsed for another query is not parsed again).
    private let memo: FileMemo?

    init(_ workspace: Workspace, besides file: FileID?, openDocuments: DocumentStore = DocumentStore(), memo: FileMemo? = nil) {
        self.memo = memo
        self.workspace = workspace
        path = file?.key
        self.openDocuments = openDocuments
        asked = Mutex(OtherFilesDependencies(besides: path))
    }

    /// The types a file's values are read with: its own helpers and `others` (the workspace's other files'), read on
    /// the first lookup, and the properties of the types other files declare, through this.
    func helperTypes(of file: SwiftFile, besides others: @escaping @Sendable () -> [ModelHelper]) -> HelperTypes {
        HelperTypes({ file.modelHelpers() + others() }, declaredProperty: { self.property($0, ofType: $1) })
    }

    /// The types asked about so far, with their declaring files as they were read.
    var dependencies: OtherFilesDependencies { asked.withLock { $0 } }

    func property(_ name: String, ofType type: String) -> WrittenExpression? {
        let paths = workspace.nameMentions.files(declaring: type).filter { $0 != path }
        let isRead = !paths.isEmpty && paths.count <= Self.maximumFiles
        let files = isRead ? paths.map { file(at: $0) } : []
        asked.withLock { asked in
            if asked.types[type] == nil {
                asked.types[type] = .init(paths: paths, texts: isRead ? files.map { $0?.text } : nil)
            }
        }
        guard isRead else { return nil }
        var found: WrittenExpression?
        for case let (_, file)? in files {
            guard let declared = file.declaredProperty(name, ofType: type) else { continue }
            if let found, found != declared { return nil }
            found = declared
        }
        return found
    }

    private func file(at path: String) -> (text: [UInt8], file: SwiftFile)? {
        guard let text = OtherFilesDependencies.text(of: path, in: workspace, openDocuments: openDocuments) else { return nil }
        if let known = parsed.withLock({ $0[path] }) { return (text, known) }
        let id = FileID(standardizedPath: path)
        let file = openDocuments[id]?.swiftFile ?? memo?.parse(id, text: text) ?? SwiftFile(text)
        parsed.withLock { $0[path] = file }
        return (text, file)
    }
}

/// What reading one file took from the files that declare the types whose properties it read (`OtherFilesProperties`):
/// for each type, the files that declared it and, when they were read, their texts. A result read so holds while the
/// workspace's files declare the same types with the same texts.
struct OtherFilesDependencies: Sendable {
    struct Declarations: Sendable {
        var paths: [String]
        /// Each one's text (nil: not readable); nil when they were not read (too many).
        var texts: [[UInt8]?]?
    }

    /// The file that read them (its own declarations are not among them).
    let besides: String?
    fileprivate(set) var types: [String: Declarations] = [:]

    init(besides path: String?) { besides = path }

    var isEmpty: Bool { types.isEmpty }

    mutating func merge(_ other: OtherFilesDependencies) {
        types.merge(other.types) { kept, _ in kept }
    }

    /// Whether `workspace` (and the editor's `openDocuments`) still give what was read.
    func hold(in workspace: Workspace, openDocuments: DocumentStore) -> Bool {
        types.allSatisfy { type, declarations in
            guard workspace.nameMentions.files(declaring: type).filter({ $0 != besides }) == declarations.paths else { return false }
            guard let texts = declarations.texts else { return true }
            return zip(declarations.paths, texts).allSatisfy { path, text in
                let now = Self.text(of: path, in: workspace, openDocuments: openDocuments)
                guard let now, let text else { return now == nil && text == nil }
                return now.hasSameBytes(as: text)
            }
        }
    }

    /// What a store keeps of one type's declarations: the files, and their texts' `StableHash` in hex (nil: not
    /// readable); no texts when they were not read.
    struct Stored: Codable, Sendable, Equatable {
        var paths: [String]
        var texts: [String?]?
    }

    /// These as a store keeps them, by type.
    var stored: [String: Stored] {
        types.mapValues { declarations in
            Stored(paths: declarations.paths, texts: declarations.texts.map { $0.map { $0.map { String(StableHash.of($0), radix: 16) } } })
        }
    }

    /// What a store kept for a file at `path`, when `workspace` (and the editor's `openDocuments`) still give it: the
    /// dependencies with today's texts; nil when a file or a text changed.
    static func holding(
        _ stored: [String: Stored], besides path: String, in workspace: Workspace, openDocuments: DocumentStore
    ) -> OtherFilesDependencies? {
        var found = OtherFilesDependencies(besides: path)
        for (type, kept) in stored {
            guard workspace.nameMentions.files(declaring: type).filter({ $0 != path }) == kept.paths else { return nil }
            guard let hashes = kept.texts else {
                found.types[type] = Declarations(paths: kept.paths, texts: nil)
                continue
            }
            let texts = kept.paths.map { text(of: $0, in: workspace, openDocuments: openDocuments) }
            guard texts.map({ $0.map { String(StableHash.of($0), radix: 16) } }) == hashes else { return nil }
            found.types[type] = Declarations(paths: kept.paths, texts: texts)
        }
        return found
    }

    /// The text of another file: the editor's when it is open, else the one the workspace keeps.
    static func text(of path: String, in workspace: Workspace, openDocuments: DocumentStore) -> [UInt8]? {
        openDocuments.text(ofPath: path) ?? workspace.swiftSources.loaded(path)?.text
    }
}
