import Synchronization

/// The selection sets of one project, built per operation or fragment when a request first names one of their paths,
/// and kept across edits that do not touch what they were built from.
///
/// A request's cost then depends on the definitions it reads, never on how many the project has: an edit to one
/// document of two thousand rebuilds nothing until a request asks, and then only the definitions of that document
/// and those that spread its fragments. Each index revision has its own store (copies of one revision share it);
/// a rebuild starts the next store with the entries the change left valid.
final class SelectionSetStore: Sendable {
    /// One operation or fragment, by its document and root name (`HeroDetailsQuery` for the query HeroDetails,
    /// `HeroDetails` for the fragment: a document may hold both).
    struct DefinitionKey: Hashable, Sendable {
        var document: String
        var root: String
        /// Which of the document's definitions of that root name (a duplicated name gives more than one).
        var ordinal: Int
    }

    /// A definition's selection sets, and what they were built from.
    struct Entry: Sendable {
        var selectionSets: [GeneratedSelectionSet]
        var byPath: [String: Int]
        /// Every fragment it spreads, directly or through other fragments (defined or not).
        var fragments: Set<String>
    }

    private let entries: Mutex<[DefinitionKey: Entry]>
    /// The answers of `ProjectIndex.selectionSet(_:)` by path, found or not: a test's every `from(_:)` and read asks
    /// for the same few paths, and this store lives as long as its revision.
    let byPath = Mutex<[String: GeneratedSelectionSet?]>([:])

    init(keeping entries: [DefinitionKey: Entry] = [:]) {
        self.entries = Mutex(entries)
    }

    /// The entries still valid after `documents` changed (they defined or now define `fragments`).
    func surviving(changedDocuments documents: Set<String>, changedFragments fragments: Set<String>) -> SelectionSetStore {
        let kept = entries.withLock { entries in
            entries.filter { key, entry in !documents.contains(key.document) && entry.fragments.isDisjoint(with: fragments) }
        }
        return SelectionSetStore(keeping: kept)
    }

    func entry(_ key: DefinitionKey, build: () -> Entry) -> Entry {
        if let entry = entries.withLock({ $0[key] }) { return entry }
        // Built outside the lock: two requests may build the same definition; both get equal entries.
        let built = build()
        entries.withLock { $0[key] = built }
        return built
    }
}

/// What a project's selection sets are built from, gathered at index time: the root name of every operation and
/// fragment (the first component of its paths), the fragments in effect, in document order.
struct SelectionSetSources: Sendable {
    struct Definition: Sendable {
        var document: String
        var definition: GraphQLIndex.Definition
        var root: String
        var ordinal: Int

        var key: SelectionSetStore.DefinitionKey { .init(document: document, root: root, ordinal: ordinal) }
    }

    /// Definitions in document order.
    private(set) var definitions: [Definition] = []
    /// The definitions of each root name, in document order (more than one only when names are duplicated).
    private(set) var byRoot: [String: [Int]] = [:]
    /// The first definition of each fragment name: the one spreads use.
    private(set) var fragments: [String: FragmentDefinition] = [:]

    /// `typeNames`: the capitalization rules of operation and fragment names (Apollo iOS 2.4+).
    init(documents: [(path: String, document: Document)], typeNames: Capitalizer) {
        for (_, document) in documents {
            for fragment in document.fragments where fragments[fragment.name.value] == nil {
                fragments[fragment.name.value] = fragment
            }
        }
        var renderedFragments: Set<String> = []
        for (path, document) in documents {
            for definition in document.definitions {
                let root: String
                switch definition {
                case .operation(let operation):
                    guard operation.name != nil else { continue }
                    root = SelectionSetRenderer.rootName(
                        operation: operation, localCacheMutation: SelectionSetBuilder.isLocalCacheMutation(operation.directives),
                        typeNames: typeNames)
                case .fragment(let fragment):
                    // Only the first definition of a fragment name is rendered.
                    guard renderedFragments.insert(fragment.name.value).inserted else { continue }
                    root = SelectionSetRenderer.fragmentName(fragment.name.value, typeNames: typeNames)
                default:
                    continue
                }
                let ordinal = (byRoot[root] ?? []).filter { definitions[$0].document == path }.count
                byRoot[root, default: []].append(definitions.count)
                definitions.append(Definition(document: path, definition: definition, root: root, ordinal: ordinal))
            }
        }
    }

    /// The definitions whose selection sets may include `path`: those of its root name, first one first.
    func definitions(containing path: String) -> [Definition] {
        let root = path.firstIndex(of: ".").map { String(path[..<$0]) } ?? path
        return (byRoot[root] ?? []).map { definitions[$0] }
    }

    /// The fragments `definition` spreads, directly or through others, whether they are defined or not.
    func spreadFragments(of definition: GraphQLIndex.Definition) -> Set<String> {
        var found: Set<String> = []
        var pending: [SelectionSet] = []
        switch definition {
        case .operation(let operation): pending.append(operation.selectionSet)
        case .fragment(let fragment): pending.append(fragment.selectionSet)
        default: return []
        }
        while let selectionSet = pending.popLast() {
            for selection in selectionSet.selections {
                switch selection {
                case .field(let field):
                    if let nested = field.selectionSet { pending.append(nested) }
                case .inlineFragment(let inline):
                    pending.append(inline.selectionSet)
                case .fragmentSpread(let spread):
                    guard found.insert(spread.name.value).inserted else { continue }
                    if let fragment = fragments[spread.name.value] { pending.append(fragment.selectionSet) }
                }
            }
        }
        return found
    }
}
