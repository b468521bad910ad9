import Foundation
import Synchronization

/// The role of a GraphQL document in a project: part of the schema, or operations and fragments.
public enum DocumentRole: String, Sendable, Hashable {
    case schema
    case executable
}

/// One GraphQL document of a project as the index holds it.
public struct IndexedDocument: Sendable {
    public let path: String
    public let role: DocumentRole
    public let text: [UInt8]
    /// The tree of `text`, with its syntax errors.
    public let parsed: Document
    /// The last version that parsed without errors; what the models are built from while `text` is broken.
    public let lastGood: Document?
    /// Validation and field collection of `effective`, against the schema it was last analysed with.
    var analysis: DocumentAnalysis?

    /// The tree the models use: the current one when it is clean, else the last good one, else what parsed.
    public var effective: Document { parsed.errors.isEmpty ? parsed : (lastGood ?? parsed) }
}

/// Everything mockls knows about one Apollo project: its documents, schema, mock model and diagnostics.
///
/// A value: readers keep a snapshot while the indexer builds the next one. Changing one document re-parses that
/// document only; the schema is rebuilt from the parsed trees only when a schema document changed.
public struct ProjectIndex: Sendable {
    public let namespace: String
    public let format: MockFormat
    public private(set) var documents: [String: IndexedDocument] = [:]
    public private(set) var schema = Schema(documents: [])
    public private(set) var mockModel: MockModel
    /// Diagnostics by document path, syntax and validation together.
    public private(set) var diagnostics: [String: [Diagnostic]] = [:]
    /// The whole selection-set model (for commands that print or generate from all of it): replaced at every
    /// rebuild, so a model computed for an older version is never returned.
    private var selectionSets = Lazy<SelectionSetModel>()
    /// What requests read: selection sets per definition, built on demand, kept across edits that leave them valid.
    private(set) var selectionSetSources = SelectionSetSources(documents: [], typeNames: Capitalizer())
    private var selectionSetStore = SelectionSetStore()
    /// Documents and fragment names changed since the last rebuild: which stored selection sets it invalidates.
    private var changedDocuments: Set<String> = []
    private var changedFragments: Set<String> = []
    /// For each object or interface and response key, the operations documents that select it, in path order.
    private var selectors: [String: [String: [String]]] = [:]
    /// Different for every index built, in any project: what caches of results computed from it are keyed by.
    public private(set) var revision = ProjectIndex.nextRevision()
    /// Answers computed from this revision since the last rebuild (see `RevisionMemo`).
    private var memo = RevisionMemo()

    public init(namespace: String, format: MockFormat = .newest, sources: [(path: String, role: DocumentRole, text: [UInt8])]) {
        self.namespace = namespace
        self.format = format
        mockModel = MockModel(schema: schema, documents: [], namespace: namespace, format: format)
        for source in sources { store(source.path, role: source.role, text: source.text) }
        rebuild(schemaChanged: true)
    }

    /// Adds or replaces one document and recomputes what depends on it.
    public mutating func update(_ path: String, role: DocumentRole, text: [UInt8]) {
        if let existing = documents[path], existing.text == text, existing.role == role { return }
        let schemaChanged = role == .schema || documents[path]?.role == .schema
        store(path, role: role, text: text)
        rebuild(schemaChanged: schemaChanged)
    }

    public mutating func remove(_ path: String) {
        guard let removed = documents.removeValue(forKey: path) else { return }
        noteChanged(removed)
        rebuild(schemaChanged: removed.role == .schema)
    }

    /// Records what a document defined and selected before it changes or goes.
    private mutating func noteChanged(_ document: IndexedDocument) {
        changedDocuments.insert(document.path)
        changedFragments.formUnion(document.effective.fragments.map(\.name.value))
        if let analysis = document.analysis { select(analysis, of: document.path, adding: false) }
    }

    private mutating func select(_ analysis: DocumentAnalysis, of path: String, adding: Bool) {
        for (type, fields) in analysis.fields.collected {
            for key in fields.keys {
                var paths = selectors[type]?[key] ?? []
                let position = Self.insertionPoint(of: path, in: paths)
                let present = position < paths.count && paths[position] == path
                if adding, !present { paths.insert(path, at: position) }
                if !adding, present { paths.remove(at: position) }
                selectors[type, default: [:]][key] = paths
            }
        }
    }

    private static func precedes(_ a: String, _ b: String) -> Bool { a.utf8.lexicographicallyPrecedes(b.utf8) }

    private static func insertionPoint(of path: String, in paths: [String]) -> Int {
        var low = 0, high = paths.count
        while low < high {
            let middle = (low + high) / 2
            if precedes(paths[middle], path) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    private mutating func store(_ path: String, role: DocumentRole, text: [UInt8]) {
        let parsed = role == .schema && path.hasSuffix(".json") ? Self.parseIntrospection(text) : GraphQLParser.parse(text)
        let previous = documents[path]
        if let previous { noteChanged(previous) }
        let lastGood = parsed.errors.isEmpty ? parsed : previous?.lastGood
        // Analysed by the next rebuild, against the schema it builds.
        documents[path] = IndexedDocument(path: path, role: role, text: text, parsed: parsed, lastGood: lastGood)
    }

    /// An introspection result read as SDL. Its definitions' ranges point into that SDL, not into the JSON, so
    /// diagnostics about it are placed at the start of the file.
    private static func parseIntrospection(_ text: [UInt8]) -> Document {
        switch IntrospectionSchema.sdl(from: text) {
        case .success(let sdl): return GraphQLParser.parse(sdl)
        case .failure(let failure): return Document(definitions: [], errors: [SyntaxError(failure.description, 0..<0)])
        }
    }

    /// Documents in path order: Apollo reads its search paths in a stable order, and "first wins" depends on it.
    private func sorted(_ role: DocumentRole) -> [IndexedDocument] {
        documents.values.filter { $0.role == role }.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
    }

    private mutating func rebuild(schemaChanged: Bool) {
        selectionSets = Lazy()
        revision = Self.nextRevision()
        memo = RevisionMemo()
        let schemaDocuments = sorted(.schema)
        if schemaChanged {
            schema = Schema(documents: schemaDocuments.map { ($0.path, $0.effective) }).customized(format.customTypeNames)
        }
        // New and changed documents are analysed; after a schema change, every one is.
        if schemaChanged { selectors = [:] }
        for document in documents.values where document.role == .executable && (schemaChanged || document.analysis == nil) {
            if !schemaChanged, let old = document.analysis { select(old, of: document.path, adding: false) }
            let analysis = DocumentAnalysis(path: document.path, document: document.effective, schema: schema)
            documents[document.path]?.analysis = analysis
            select(analysis, of: document.path, adding: true)
            changedDocuments.insert(document.path)
            changedFragments.formUnion(document.effective.fragments.map(\.name.value))
        }
        let sortedExecutables = sorted(.executable)
        let executables = sortedExecutables.map { ($0.path, $0.analysis!) }
        selectionSetSources = SelectionSetSources(documents: sortedExecutables.map { ($0.path, $0.effective) }, typeNames: format.typeNameCapitalizer)
        selectionSetStore = schemaChanged
            ? SelectionSetStore()
            : selectionSetStore.surviving(changedDocuments: changedDocuments, changedFragments: changedFragments)
        changedDocuments = []
        changedFragments = []
        let previous = schemaChanged ? nil : mockModel
        let fields = ProjectFields(documents: executables.map(\.1.fields), schema: schema, reusing: previous?.projectFields)
        mockModel = MockModel(schema: schema, fields: fields, namespace: namespace, format: format, reusing: previous)
        var diagnostics: [String: [Diagnostic]] = [:]
        for document in documents.values {
            diagnostics[document.path] = document.parsed.errors.map {
                Diagnostic(severity: .error, code: .syntax, message: $0.message, range: $0.range)
            } + (document.analysis?.diagnostics ?? []).map(\.diagnostic)
        }
        for located in schema.diagnostics + DocumentValidator.projectDiagnostics(executables) {
            diagnostics[located.document, default: []].append(located.diagnostic)
        }
        if schemaDocuments.isEmpty, let first = executables.first?.0 {
            // One finding says the schema is missing; every operation checked against no schema would be noise.
            diagnostics = diagnostics.mapValues { $0.filter { !$0.code.needsSchema } }
            diagnostics[first, default: []].append(Diagnostic(
                severity: .error, code: .noSchema, message: "the project has no schema documents, so operations cannot be checked",
                range: 0..<0))
        }
        for path in diagnostics.keys where path.hasSuffix(".json") && documents[path]?.role == .schema {
            diagnostics[path] = diagnostics[path]!.map { diagnostic in
                var diagnostic = diagnostic
                diagnostic.range = 0..<0
                return diagnostic
            }
        }
        self.diagnostics = diagnostics.mapValues { $0.sorted { $0.range.lowerBound < $1.range.lowerBound } }
    }

    /// The operations and fragments whose documents select `key` on `object` (or on one of its interfaces): why a
    /// mock has that field. Read from lists kept in path order at indexing time: the cost is the answer's (at most
    /// `limit` names), not the project's. `more`: other definitions select it too.
    public func definitions(selecting key: String, on object: String, limit: Int = .max) -> (names: [String], more: Bool) {
        memo.answer(RevisionMemo.Key(kind: .definitionsSelecting, first: key, second: object, limit: limit)) {
            findDefinitions(selecting: key, on: object, limit: limit)
        }
    }

    /// A value derived from this revision of the index by a feature (`kind` says which, `subject` what it is about: an
    /// object's name), computed once until the index next changes: completion asks for a field's documentation for
    /// every item of every reply.
    public func derived<Value: Sendable>(_ kind: DerivedKind, about subject: String = "", _ compute: () -> Value) -> Value {
        memo.answer(RevisionMemo.Key(kind: kind, first: subject, second: ""), compute)
    }

    private func findDefinitions(selecting key: String, on object: String, limit: Int) -> (names: [String], more: Bool) {
        let lists = ([object] + (schema[object]?.interfaces ?? [])).compactMap { selectors[$0]?[key] }.filter { !$0.isEmpty }
        var positions = [Int](repeating: 0, count: lists.count)
        var names: [String] = []
        var previous: String?
        while true {
            // The next path in order across the lists (a document may select the key on the object and an interface).
            var next: Int?
            for (index, list) in lists.enumerated() where positions[index] < list.count {
                if next == nil || Self.precedes(list[positions[index]], lists[next!][positions[next!]]) { next = index }
            }
            guard let index = next else { return (names, false) }
            let path = lists[index][positions[index]]
            positions[index] += 1
            guard path != previous else { continue }
            previous = path
            guard let analysis = documents[path]?.analysis else { continue }
            // A document may hold thousands of definitions: read only as many as are wanted.
            for name in [analysis.operationNames, analysis.fragmentNames].joined() {
                if names.count == limit { return (names, true) }
                names.append(name.value)
            }
        }
    }

    /// The selection set Apollo generates at `path` (`AllAnimalsQuery.Data.AllAnimal`, `PetDetails.Owner`): the
    /// definition it belongs to is built the first time one of its paths is asked for.
    public func selectionSet(_ path: String) -> GeneratedSelectionSet? {
        if let known = selectionSetStore.byPath.withLock({ $0[path] }) { return known }
        let found = buildSelectionSet(path)
        selectionSetStore.byPath.withLock { $0[path] = .some(found) }
        return found
    }

    private func buildSelectionSet(_ path: String) -> GeneratedSelectionSet? {
        // Duplicate names give one root several definitions: the first that renders `path` has it, as in the whole model.
        for definition in selectionSetSources.definitions(containing: path) {
            let entry = selectionSetStore.entry(definition.key) {
                var selectionSets: [GeneratedSelectionSet] = []
                let builder = SelectionSetBuilder(schema: schema, fragments: selectionSetSources.fragments)
                let renderer = SelectionSetRenderer(
                    schema: schema, namespace: SwiftNames.firstUppercased(namespace), capitalizer: format.capitalizer,
                    typeNames: format.typeNameCapitalizer)
                renderer.render(definition.definition, document: definition.document, builder: builder, into: &selectionSets)
                var byPath: [String: Int] = [:]
                for (position, selectionSet) in selectionSets.enumerated() where byPath[selectionSet.path] == nil {
                    byPath[selectionSet.path] = position
                }
                return .init(
                    selectionSets: selectionSets, byPath: byPath,
                    fragments: selectionSetSources.spreadFragments(of: definition.definition))
            }
            if let position = entry.byPath[path] { return entry.selectionSets[position] }
        }
        return nil
    }

    /// The selection sets Apollo generates for the project's operations and fragments, all of them (what
    /// `mockls selection-sets` prints and placeholder files are generated from): built when first asked for, then
    /// shared by the copies of this index until the next change. Requests read `selectionSet(_:)`.
    public func selectionSetModel() -> SelectionSetModel {
        selectionSets.value {
            SelectionSetModel(
                schema: schema, sources: selectionSetSources, namespace: namespace, capitalizer: format.capitalizer,
                typeNames: format.typeNameCapitalizer)
        }
    }
}

extension ProjectIndex {
    private static let revisions = Mutex<Int>(0)

    static func nextRevision() -> Int {
        revisions.withLock { revision in
            revision += 1
            return revision
        }
    }
}

/// A value computed once, on first use, and shared by copies of the struct that holds it.
final class Lazy<Value: Sendable>: Sendable {
    private let value = Mutex<Value?>(nil)

    func value(_ make: () -> Value) -> Value {
        value.withLock { value in
            if let value { return value }
            let made = make()
            value = made
            return made
        }
    }
}

/// Answers derived from one revision of an index, each computed once: `definitions(selecting:on:limit:)` and what
/// the features above ask for every item of every reply (a field's documentation). Copies of one revision share it;
/// a rebuild starts a new one, so nothing outlives the documents it was computed from. It holds at most one answer
/// per question a schema can be asked (a field of a type), so it stays the schema's size.
/// A kind of value features derive from a revision of the index (`ProjectIndex.derived(_:about:_:)`): each feature
/// declares its own (`extension DerivedKind { static let … }`), so two cannot share a key by spelling it alike.
public struct DerivedKind: Hashable, Sendable {
    let name: String
    public init(_ name: String) { self.name = name }
    /// The definitions that select a field of an object (`definitions(selecting:on:limit:)`).
    static let definitionsSelecting = DerivedKind("definitions selecting")
}

final class RevisionMemo: Sendable {
    struct Key: Hashable, Sendable {
        var kind: DerivedKind
        var first: String
        var second: String
        var limit = 0
    }

    /// An answer, with the type it was stored as: read back by comparing that type, not by a dynamic cast from an
    /// existential (which cost half of a lookup, and a completion makes two).
    private struct Answer: Sendable {
        let type: ObjectIdentifier
        let box: AnyObject & Sendable
    }

    private final class Box<Value: Sendable>: Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    private let answers = Mutex<[Key: Answer]>([:])

    func answer<Value: Sendable>(_ key: Key, _ compute: () -> Value) -> Value {
        if let known = answers.withLock({ $0[key] }), known.type == ObjectIdentifier(Value.self) {
            return unsafeDowncast(known.box, to: Box<Value>.self).value
        }
        let computed = compute()
        answers.withLock { $0[key] = Answer(type: ObjectIdentifier(Value.self), box: Box(computed)) }
        return computed
    }
}
