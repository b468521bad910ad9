import Dispatch
import GraphQLIndex
import SourceText
import SwiftAnalysis
import Synchronization

/// Which capitalized names (`DogQuery`, `PetDetails`) the workspace's Swift files spell, in app code and in tests:
/// what `unused-operation` and `unused-fragment` are decided from. Kept per file, so that a file event changes only
/// that file's part. Apollo's generated files (`*.graphql.swift`, which `WorkspaceFiles` leaves out) and the
/// placeholder files `mockls placeholders` writes are not the app's code and count for nothing.
public struct SwiftNameMentions: Sendable {
    private struct Entry: Sendable {
        var names: Set<String>
        var isTest: Bool
        /// The types it declares or extends, with the capitalized names their declarations spell
        /// (`DeclaredTypeNames.mentions`).
        var declarationMentions: [String: Set<String>] = [:]
    }

    private var files: [String: Entry] = [:]
    /// How many app files and how many test files spell each name.
    private var appFiles: [String: Int] = [:]
    private var testFiles: [String: Int] = [:]
    /// The files that declare or extend each type.
    private var declaringFiles: [String: Set<String>] = [:]
    /// Swift files whose text the workspace does not keep (past its bound): what they name is not known.
    private var unread: Set<String> = []
    /// The last `typesHoldingModels`, for the files as they are (a change of them makes a new one).
    private var holdingMemo = HoldingMemo()

    private final class HoldingMemo: Sendable {
        let found = Mutex<(names: Set<String>, holding: Set<String>)?>(nil)
    }

    /// The mentions of every Swift file of `sources`, from the texts it keeps (each file on its own, on every core).
    init(_ sources: WorkspaceFiles) {
        let paths = sources.paths
        let read = Mutex<[(path: String, entry: Entry?)]>([])
        DispatchQueue.concurrentPerform(iterations: paths.count) { index in
            let path = paths[index]
            let entry = sources.loaded(path)?.text.map { Self.entry(path: path, text: $0) }
            read.withLock { $0.append((path, entry)) }
        }
        for (path, entry) in read.withLock({ $0 }) {
            guard let entry else {
                unread.insert(path)
                continue
            }
            files[path] = entry
            count(entry, by: 1)
            declare(entry, in: path, adding: true)
        }
    }

    /// The files that declare or extend the type `name` (its last component), in path order.
    public func files(declaring name: String) -> [String] {
        (declaringFiles[name] ?? []).sorted()
    }

    /// The types whose declarations may hold models: a declaration or extension of them spells one of `modelNames`
    /// (the generated types', `DogQuery`) or one of these types (`var state: DogState`, where `DogState` holds a
    /// model). A file that spells none of them and no generated type's name reads no model mockls could type.
    /// Computed once for the same names while the files stay the same.
    public func typesHoldingModels(named modelNames: Set<String>) -> Set<String> {
        if let known = holdingMemo.found.withLock({ $0 }), known.names == modelNames { return known.holding }
        let holding = computeTypesHoldingModels(named: modelNames)
        holdingMemo.found.withLock { $0 = (modelNames, holding) }
        return holding
    }

    private func computeTypesHoldingModels(named modelNames: Set<String>) -> Set<String> {
        var holding: Set<String> = []
        var pending = files.values.flatMap { $0.declarationMentions.map { (type: $0.key, names: $0.value) } }
        while true {
            let added = Set(pending.filter { !$0.names.isDisjoint(with: modelNames) || !$0.names.isDisjoint(with: holding) }.map(\.type))
                .subtracting(holding)
            guard !added.isEmpty else { return holding }
            holding.formUnion(added)
            pending.removeAll { holding.contains($0.type) }
        }
    }

    private mutating func declare(_ entry: Entry, in path: String, adding: Bool) {
        for name in entry.declarationMentions.keys {
            if adding {
                declaringFiles[name, default: []].insert(path)
            } else {
                declaringFiles[name]?.remove(path)
                if declaringFiles[name]?.isEmpty == true { declaringFiles[name] = nil }
            }
        }
    }

    /// Whether every Swift file of the workspace was read: else a name no file spells may be in one not read.
    public var isComplete: Bool { unread.isEmpty }

    /// Whether some Swift file (app or test) spells `name`.
    public func isNamed(_ name: String) -> Bool { appFiles[name] != nil || testFiles[name] != nil }

    /// Whether some app file (not a test) spells `name`.
    public func isNamedInApp(_ name: String) -> Bool { appFiles[name] != nil }

    /// Whether the file at `path`, as the workspace last read it, is test code (`TestFiles.isTestCode`; the placeholder files
    /// `mockls placeholders` writes count as tests); nil when it was not read.
    public func isTest(_ path: String) -> Bool? { files[path]?.isTest }

    /// The file at `path` now has `text` (nil: not read), or was `removed`.
    mutating func set(_ path: String, text: [UInt8]?, removed: Bool = false) {
        holdingMemo = HoldingMemo()
        if let old = files.removeValue(forKey: path) {
            count(old, by: -1)
            declare(old, in: path, adding: false)
        }
        unread.remove(path)
        guard !removed else { return }
        guard let text else {
            unread.insert(path)
            return
        }
        let new = Self.entry(path: path, text: text)
        files[path] = new
        count(new, by: 1)
        declare(new, in: path, adding: true)
    }

    private static func entry(path: String, text: [UInt8]) -> Entry {
        text.starts(with: Array(PlaceholderFileRenderer.header.utf8))
            ? Entry(names: [], isTest: true)
            : Entry(
                names: CapitalizedNames.names(in: text), isTest: TestFiles.isTestCode(path: path, text: text),
                declarationMentions: DeclaredTypeNames.mentions(in: text))
    }

    private mutating func count(_ entry: Entry, by change: Int) {
        for name in entry.names {
            if entry.isTest {
                testFiles[name, default: 0] += change
                if testFiles[name] == 0 { testFiles[name] = nil }
            } else {
                appFiles[name, default: 0] += change
                if appFiles[name] == 0 { appFiles[name] = nil }
            }
        }
    }
}
