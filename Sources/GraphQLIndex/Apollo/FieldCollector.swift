/// Which types Apollo generates and which fields their mocks have: `IR+FieldCollector.swift` and the compiler's
/// `addReferencedType` (`GraphQLCompiler/JavaScript/src/compiler/index.ts`), tag 1.25.7.
struct FieldCollector: Sendable {
    struct CollectedField: Sendable {
        var type: TypeReference
        var deprecationReason: String?
        var description: GraphQLString?
        var definition: SourceLocation
    }

    let schema: Schema
    /// Every type Apollo generates a file for.
    private(set) var referenced: Set<String> = []
    /// Fields selected on each object or interface, by response key; the first selection of a key wins.
    private(set) var collected: [String: [String: CollectedField]] = [:]

    init(schema: Schema) {
        self.schema = schema
    }

    mutating func collect(_ document: Document) {
        for definition in document.definitions {
            switch definition {
            case .operation(let operation):
                for variable in operation.variables { addReferenced(variable.type.namedType.value) }
                guard let root = schema.rootType(operation.kind) else { continue }
                addReferenced(root.name)
                walk(operation.selectionSet, parent: root)
            case .fragment(let fragment):
                guard let type = schema[fragment.typeCondition.value] else { continue }
                addReferenced(type.name)
                walk(fragment.selectionSet, parent: type)
            default:
                continue
            }
        }
    }

    /// Adds what another document collected, after this one's: the first selection of a key still wins.
    mutating func absorb(_ other: FieldCollector) {
        referenced.formUnion(other.referenced)
        for (type, fields) in other.collected {
            collected[type, default: [:]].merge(fields) { mine, _ in mine }
        }
    }

    private mutating func addReferenced(_ name: String) {
        guard let type = schema[name], !referenced.contains(name) else { return }
        referenced.insert(name)
        switch type.kind {
        case .interface, .union:
            for possible in schema.possibleTypes(of: name) { addReferenced(possible) }
        case .inputObject:
            for field in type.inputFields { addReferenced(field.type.namedType.value) }
        case .object:
            for interface in type.interfaces { addReferenced(interface) }
        default:
            break
        }
    }

    /// `@skip(if: true)` or `@include(if: false)`: the selection is never walked.
    static func isExcludedByLiteral(_ directives: [Directive]) -> Bool {
        if case .boolean(true)? = directives.named("skip")?.argument("if") { return true }
        if case .boolean(false)? = directives.named("include")?.argument("if") { return true }
        return false
    }

    private mutating func walk(_ selectionSet: SelectionSet, parent: NamedType) {
        var fieldsHere: [(key: String, field: SchemaField)] = []
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                if field.name.value == "__typename" { continue }
                guard let definition = parent.field(field.name.value) else { continue }
                addReferenced(definition.type.namedType.value)
                fieldsHere.append((field.responseKey, definition))
                if let nested = field.selectionSet, !Self.isExcludedByLiteral(field.directives),
                    let nestedType = schema[definition.type.namedType.value]
                {
                    walk(nested, parent: nestedType)
                }
            case .inlineFragment(let fragment):
                let condition = fragment.typeCondition.flatMap { schema[$0.value] } ?? parent
                if fragment.typeCondition != nil, schema[fragment.typeCondition!.value] == nil { continue }
                addReferenced(condition.name)
                if !Self.isExcludedByLiteral(fragment.directives) { walk(fragment.selectionSet, parent: condition) }
            case .fragmentSpread:
                continue  // named fragments are walked on their own
            }
        }
        guard parent.kind == .object || parent.kind == .interface else { return }
        for (key, field) in fieldsHere where collected[parent.name]?[key] == nil {
            collected[parent.name, default: [:]][key] = CollectedField(
                type: field.type, deprecationReason: field.deprecationReason, description: field.description,
                definition: field.location)
        }
    }

    struct Collected: Sendable {
        var key: String
        var field: CollectedField
    }

    /// The mock fields of an object: its own, then each interface's in declaration order, sorted by key.
    func collectedFields(of object: NamedType) -> [Collected] {
        var fields = collected[object.name] ?? [:]
        for interface in object.interfaces {
            for (key, field) in collected[interface] ?? [:] where fields[key] == nil { fields[key] = field }
        }
        // Swift's String `<` on these ASCII names is code-point order, as Apollo sorts.
        return fields.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }.map { Collected(key: $0.key, field: $0.value) }
    }
}
