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
    /// Types the documents name directly (operation roots, variables, fields, type conditions).
    private(set) var roots: Set<String> = []
    /// Fields selected on each object or interface, by response key; the first selection of a key wins.
    private(set) var collected: [String: [String: CollectedField]] = [:]

    init(schema: Schema) {
        self.schema = schema
    }

    mutating func collect(_ document: Document) {
        for definition in document.definitions {
            switch definition {
            case .operation(let operation):
                for variable in operation.variables { addRoot(variable.type.namedType.value) }
                guard let root = schema.rootType(operation.kind) else { continue }
                addRoot(root.name)
                walk(operation.selectionSet, parent: root)
            case .fragment(let fragment):
                guard let type = schema[fragment.typeCondition.value] else { continue }
                addRoot(type.name)
                walk(fragment.selectionSet, parent: type)
            default:
                continue
            }
        }
    }

    /// The types `roots` bring in: an interface brings its implementations, a union its members, an input
    /// object its fields' types, an object its interfaces. Computed once per project, not once per document: an
    /// interface such as GitHub's `Node` brings in hundreds of types.
    static func referencedTypes(from roots: Set<String>, in schema: Schema) -> Set<String> {
        var referenced: Set<String> = []
        var pending = Array(roots)
        while let name = pending.popLast() {
            guard !referenced.contains(name), let type = schema[name] else { continue }
            referenced.insert(name)
            switch type.kind {
            case .interface, .union: pending += schema.possibleTypes(of: name)
            case .inputObject: pending += type.inputFields.map(\.type.namedType.value)
            case .object: pending += type.interfaces
            default: break
            }
        }
        return referenced
    }

    private mutating func addRoot(_ name: String) { roots.insert(name) }

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
                addRoot(definition.type.namedType.value)
                fieldsHere.append((field.responseKey, definition))
                if let nested = field.selectionSet, !Self.isExcludedByLiteral(field.directives),
                    let nestedType = schema[definition.type.namedType.value]
                {
                    walk(nested, parent: nestedType)
                }
            case .inlineFragment(let fragment):
                let condition = fragment.typeCondition.flatMap { schema[$0.value] } ?? parent
                if fragment.typeCondition != nil, schema[fragment.typeCondition!.value] == nil { continue }
                addRoot(condition.name)
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
}

/// The fields a whole project selects: each document's collection, in document order, merged when an object is
/// asked for (so that editing one document does not merge them all again).
struct ProjectFields: Sendable {
    let documents: [FieldCollector]
    /// Every type Apollo generates a file for.
    let referenced: Set<String>

    init(documents: [FieldCollector], schema: Schema, reusing previous: ProjectFields? = nil) {
        self.documents = documents
        let roots = documents.reduce(into: Set<String>()) { $0.formUnion($1.roots) }
        if let previous, previous.roots == roots {
            referenced = previous.referenced
        } else {
            referenced = FieldCollector.referencedTypes(from: roots, in: schema)
        }
        self.roots = roots
    }

    private let roots: Set<String>

    /// The mock fields of an object: its own, then each interface's in declaration order (the first selection of a
    /// key wins, documents in order), sorted by key in code-point order as Apollo sorts them.
    func collectedFields(of object: NamedType) -> [FieldCollector.Collected] {
        var fields: [String: FieldCollector.CollectedField] = [:]
        for type in [object.name] + object.interfaces {
            for document in documents {
                for (key, field) in document.collected[type] ?? [:] where fields[key] == nil { fields[key] = field }
            }
        }
        return fields.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }.map { .init(key: $0.key, field: $0.value) }
    }
}
