import GraphQLIndex

/// Where a project's operations and fragments select each field, read from their GraphQL documents: what selection
/// coverage counts by. A field is named by the definition that writes it and its response path from that
/// definition's root (`hotel.rooms.capacity`, aliases as written); a fragment's fields are its own, wherever it is spread.
struct SelectionSites: Sendable {
    struct Definition: Sendable {
        let name: String
        /// `query`, `mutation`, `subscription` or `fragment`.
        let kind: String
        let document: String
        let selectionSet: SelectionSet
        /// The fragment's type condition; nil for an operation.
        let typeCondition: String?
    }

    /// A selection set as written in one definition, at a response path from its root.
    struct Scope: Sendable {
        var owner: String
        var path: [String]
        var selectionSet: SelectionSet
    }

    /// One written field of `Scope.owner`, at `path` (the field's own key last).
    struct Site: Sendable {
        var owner: String
        var path: [String]
        var field: FieldSelection

        var id: SelectionCoverage.FieldID { SelectionCoverage.FieldID(definition: owner, path: path.joined(separator: ".")) }
    }

    private(set) var definitions: [String: Definition] = [:]
    /// Each definition's names, in document and definition order.
    private(set) var order: [String] = []
    let schema: Schema

    /// The sites of `project`'s documents, read once per revision of its index.
    static func of(_ project: ProjectIndex) -> SelectionSites {
        project.derived(.selectionCoverageSites) { SelectionSites(project: project) }
    }

    init(project: ProjectIndex) {
        schema = project.schema
        for path in project.documents.keys.sorted() {
            guard let document = project.documents[path], document.role == .executable else { continue }
            for definition in document.effective.definitions {
                let found: Definition
                switch definition {
                case .operation(let operation):
                    guard let name = operation.name?.value else { continue }
                    found = Definition(name: name, kind: operation.kind.rawValue, document: path, selectionSet: operation.selectionSet, typeCondition: nil)
                case .fragment(let fragment):
                    found = Definition(
                        name: fragment.name.value, kind: "fragment", document: path, selectionSet: fragment.selectionSet,
                        typeCondition: fragment.typeCondition.value)
                default:
                    continue
                }
                // A name defined twice is Apollo's error: the first one counts.
                guard definitions[found.name] == nil else { continue }
                definitions[found.name] = found
                order.append(found.name)
            }
        }
    }

    /// The written selections of `definition` that apply at `path`: its own, and those of the fragments spread there
    /// (as the fragments' own, from their root), whatever the objects' types on the way.
    func scopes(of definition: String, at path: [String]) -> [Scope] {
        guard let root = definitions[definition] else { return [] }
        var scopes = [Scope(owner: definition, path: [], selectionSet: root.selectionSet)]
        for key in path {
            scopes = fields(in: scopes, runtimeType: nil).first { $0.key == key }?.sites.compactMap { site in
                site.field.selectionSet.map { Scope(owner: site.owner, path: site.path, selectionSet: $0) }
            } ?? []
        }
        return scopes
    }

    /// The fields `scopes` select for an object of `runtimeType` (nil: of any type), by response key in selection
    /// order: through inline fragments whose type condition the object meets, and fragment spreads (each once).
    /// `@include`/`@skip` are not decided: a field under a condition is selected all the same.
    func fields(in scopes: [Scope], runtimeType: String?) -> [(key: String, sites: [Site])] {
        var order: [String] = []
        var sites: [String: [Site]] = [:]
        var spread: Set<String> = []
        func walk(_ set: SelectionSet, owner: String, path: [String]) {
            for selection in set.selections {
                switch selection {
                case .field(let field):
                    let key = field.responseKey
                    if sites[key] == nil { order.append(key) }
                    sites[key, default: []].append(Site(owner: owner, path: path + [key], field: field))
                case .inlineFragment(let fragment):
                    if applies(fragment.typeCondition?.value, to: runtimeType) { walk(fragment.selectionSet, owner: owner, path: path) }
                case .fragmentSpread(let spreadName):
                    let name = spreadName.name.value
                    guard let fragment = definitions[name], fragment.kind == "fragment", spread.insert(name).inserted,
                        applies(fragment.typeCondition, to: runtimeType)
                    else { continue }
                    walk(fragment.selectionSet, owner: name, path: [])
                }
            }
        }
        for scope in scopes { walk(scope.selectionSet, owner: scope.owner, path: scope.path) }
        return order.map { ($0, sites[$0]!) }
    }

    /// The written selections of a selection set's property: the field's response key in the definition or the
    /// fragments spread into it, through the inline fragments whose type condition the selection set's type meets
    /// (several when Apollo merges them).
    func sites(of field: GeneratedSelectionSet.Field, in selectionSet: GeneratedSelectionSet) -> [Site] {
        let scopes = scopes(of: selectionSet.definitionName, at: selectionSet.responsePath)
        return fields(in: scopes, runtimeType: selectionSet.parentType).first { $0.key == field.key }?.sites ?? []
    }

    /// Every written field a model of `selectionSet` holds, nested ones too, whatever its runtime type: what code that
    /// reads a model whole (compares, prints, reflects it) reads.
    func subtree(of selectionSet: GeneratedSelectionSet) -> Set<SelectionCoverage.FieldID> {
        var found: Set<SelectionCoverage.FieldID> = []
        var pending = [scopes(of: selectionSet.definitionName, at: selectionSet.responsePath)]
        var seen: Set<SelectionCoverage.FieldID> = []
        while let scopes = pending.popLast() {
            for (_, sites) in fields(in: scopes, runtimeType: nil) {
                var nested: [Scope] = []
                for site in sites where seen.insert(site.id).inserted {
                    found.insert(site.id)
                    if let set = site.field.selectionSet { nested.append(Scope(owner: site.owner, path: site.path, selectionSet: set)) }
                }
                if !nested.isEmpty { pending.append(nested) }
            }
        }
        return found
    }

    /// The fragments `definition` spreads, directly or through others.
    func fragments(spreadIn definition: String) -> Set<String> {
        var found: Set<String> = []
        var pending = [definition]
        while let next = pending.popLast() {
            guard let selectionSet = definitions[next]?.selectionSet else { continue }
            for name in Self.spreads(in: selectionSet) where found.insert(name).inserted { pending.append(name) }
        }
        found.remove(definition)
        return found
    }

    private static func spreads(in set: SelectionSet) -> [String] {
        set.selections.flatMap { selection -> [String] in
            switch selection {
            case .field(let field): field.selectionSet.map(spreads) ?? []
            case .inlineFragment(let fragment): spreads(in: fragment.selectionSet)
            case .fragmentSpread(let spread): [spread.name.value]
            }
        }
    }

    private func applies(_ condition: String?, to runtimeType: String?) -> Bool {
        guard let condition, let runtimeType, condition != runtimeType else { return true }
        return schema.possibleTypes(of: condition).contains(runtimeType)
    }
}
