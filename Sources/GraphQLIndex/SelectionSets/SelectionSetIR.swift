import OrderedCollections

// The intermediate representation Apollo's codegen builds from an operation or fragment before it renders
// selection sets (apollo-ios-codegen `IR`, 1.x). Reproducing it is what makes the generated names, merged fields
// and initializer parameters come out as Apollo's do. Classes, as in Apollo: selection sets are shared and
// filled in place while a definition is built.

/// An operation or a named fragment: the root of generated selection sets.
enum DefinitionSource: Hashable {
    case operation(OperationDefinition, localCacheMutation: Bool)
    case fragment(FragmentDefinition, localCacheMutation: Bool)

    var key: String {
        switch self {
        case .operation(let operation, _): return "operation " + (operation.name?.value ?? "")
        case .fragment(let fragment, _): return "fragment " + fragment.name.value
        }
    }

    static func == (lhs: DefinitionSource, rhs: DefinitionSource) -> Bool { lhs.key == rhs.key }
    func hash(into hasher: inout Hasher) { hasher.combine(key) }
}

/// One step of a field path: a response key and its type.
struct FieldComponent: Hashable {
    var responseKey: String
    var type: TypeReference

    static func == (lhs: FieldComponent, rhs: FieldComponent) -> Bool {
        lhs.responseKey == rhs.responseKey && lhs.type.description == rhs.type.description
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(responseKey)
        hasher.combine(type.description)
    }
}

/// An object in the response: the same field path, whichever type cases select it.
final class Entity {
    struct Location: Hashable {
        var source: DefinitionSource
        var fieldPath: [FieldComponent]
    }

    let location: Location
    /// The type of each entity from the definition's root down to this one.
    let rootTypePath: [String]
    let selectionTree: EntitySelectionTree

    init(location: Location, rootTypePath: [String]) {
        self.location = location
        self.rootTypePath = rootTypePath
        selectionTree = EntitySelectionTree(rootTypePath: rootTypePath)
    }
}

/// Which selection set: its entity and its scope path (the scopes of the enclosing entities, then its own).
final class TypeInfo: Hashable {
    unowned let entity: Entity
    let scopePath: [ScopeDescriptor]
    /// For selection sets created while merging: where their selections come from.
    var derivedFromMergedSources: Set<MergedSource> = []

    init(entity: Entity, scopePath: [ScopeDescriptor]) {
        self.entity = entity
        self.scopePath = scopePath
    }

    var scope: ScopeDescriptor { scopePath[scopePath.count - 1] }
    var parentType: String { scope.type }
    var isEntityRoot: Bool { scope.scopePath.count == 1 }
    var isUserDefined: Bool { derivedFromMergedSources.isEmpty }

    static func == (lhs: TypeInfo, rhs: TypeInfo) -> Bool { lhs.entity === rhs.entity && lhs.scopePath == rhs.scopePath }

    func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(entity))
        hasher.combine(scopePath)
    }

    /// The same selection set one scope deeper inside its entity.
    func appending(_ condition: ScopeCondition, schema: Schema) -> [ScopeDescriptor] {
        var path = scopePath
        path[path.count - 1] = scope.appending(condition, schema: schema)
        return path
    }
}

/// Where merged selections came from: a selection set of this definition, or of a fragment spread into it.
struct MergedSource: Hashable {
    let typeInfo: TypeInfo
    let fragment: NamedFragment?

    static func == (lhs: MergedSource, rhs: MergedSource) -> Bool {
        lhs.typeInfo == rhs.typeInfo && lhs.fragment === rhs.fragment
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(typeInfo)
        if let fragment { hasher.combine(ObjectIdentifier(fragment)) }
    }
}

final class IRSelectionSet {
    let typeInfo: TypeInfo
    /// Nil for selection sets made up only of merged selections.
    let selections: DirectSelections?

    init(typeInfo: TypeInfo, selections: DirectSelections?) {
        self.typeInfo = typeInfo
        self.selections = selections
    }
}

/// A selected field. Entity fields carry their own selection set.
final class Field {
    let selection: FieldSelection
    let type: TypeReference
    let definition: SchemaField?
    var inclusionConditions: AnyOfConditions?
    var selectionSet: IRSelectionSet?

    init(selection: FieldSelection, type: TypeReference, definition: SchemaField?, inclusionConditions: AnyOfConditions?,
         selectionSet: IRSelectionSet?) {
        self.selection = selection
        self.type = type
        self.definition = definition
        self.inclusionConditions = inclusionConditions
        self.selectionSet = selectionSet
    }

    var responseKey: String { selection.responseKey }
    var isEntity: Bool { selectionSet != nil }

    func isConditionallyIncluded(in scope: ScopeDescriptor) -> Bool {
        guard let inclusionConditions else { return false }
        return !scope.matches(inclusionConditions)
    }
}

final class InlineFragmentSpread {
    let selectionSet: IRSelectionSet
    init(selectionSet: IRSelectionSet) { self.selectionSet = selectionSet }
}

final class NamedFragmentSpread {
    let fragment: NamedFragment
    let typeInfo: TypeInfo
    var inclusionConditions: AnyOfConditions?

    init(fragment: NamedFragment, typeInfo: TypeInfo, inclusionConditions: AnyOfConditions?) {
        self.fragment = fragment
        self.typeInfo = typeInfo
        self.inclusionConditions = inclusionConditions
    }
}

/// A fragment built once and spread wherever it is used.
final class NamedFragment {
    let definition: FragmentDefinition
    var rootField: Field!
    var entities: [Entity.Location: Entity] = [:]
    var referencedFragments: OrderedSet<String> = []
    let isLocalCacheMutation: Bool

    init(definition: FragmentDefinition, isLocalCacheMutation: Bool) {
        self.definition = definition
        self.isLocalCacheMutation = isLocalCacheMutation
    }

    var name: String { definition.name.value }
}

/// The selections written in one selection set (after merging repeated fields and type cases).
final class DirectSelections {
    private(set) var fields: OrderedDictionary<String, Field> = [:]
    private(set) var inlineFragments: OrderedDictionary<ScopeCondition, InlineFragmentSpread> = [:]
    private(set) var namedFragments: OrderedDictionary<String, NamedFragmentSpread> = [:]
    let schema: Schema

    init(schema: Schema) { self.schema = schema }

    var isEmpty: Bool { fields.isEmpty && inlineFragments.isEmpty && namedFragments.isEmpty }

    func mergeIn(_ other: DirectSelections) {
        for field in other.fields.values { mergeIn(field) }
        for fragment in other.inlineFragments.values { mergeIn(fragment) }
        for fragment in other.namedFragments.values { mergeIn(fragment) }
    }

    func mergeIn(_ field: Field) {
        let key = field.responseKey
        guard let existing = fields[key] else {
            fields[key] = field
            return
        }
        if existing.isEntity, field.isEntity {
            fields[key] = merge(field, into: existing)
        } else {
            existing.inclusionConditions = .either(existing.inclusionConditions, field.inclusionConditions)
        }
    }

    /// The same entity field selected twice: one selection set, with conditional parts kept apart.
    private func merge(_ newField: Field, into existing: Field) -> Field {
        if existing.inclusionConditions == newField.inclusionConditions {
            existing.selectionSet!.selections!.mergeIn(newField.selectionSet!.selections!)
            return existing
        }
        if existing.inclusionConditions != nil {
            let existingSet = existing.selectionSet!
            var scopePath = existingSet.typeInfo.scopePath
            scopePath[scopePath.count - 1] = ScopeDescriptor.root(type: existingSet.typeInfo.parentType, conditions: nil, schema: schema)
            let wrapper = Field(
                selection: existing.selection, type: existing.type, definition: existing.definition,
                inclusionConditions: .either(existing.inclusionConditions, newField.inclusionConditions),
                selectionSet: IRSelectionSet(
                    typeInfo: TypeInfo(entity: existingSet.typeInfo.entity, scopePath: scopePath),
                    selections: DirectSelections(schema: schema)))
            merge(existing, intoWrapper: wrapper)
            merge(newField, intoWrapper: wrapper)
            return wrapper
        }
        merge(newField, intoWrapper: existing)
        return existing
    }

    private func merge(_ field: Field, intoWrapper wrapper: Field) {
        let fieldSet = field.selectionSet!
        let wrapperSet = wrapper.selectionSet!
        if let conditions = fieldSet.typeInfo.scope.scopePath.last?.conditions {
            let typeInfo = TypeInfo(
                entity: fieldSet.typeInfo.entity,
                scopePath: wrapperSet.typeInfo.appending(ScopeCondition(type: nil, conditions: conditions), schema: schema))
            wrapperSet.selections!.mergeIn(InlineFragmentSpread(selectionSet: IRSelectionSet(typeInfo: typeInfo, selections: fieldSet.selections!)))
        } else {
            wrapperSet.selections!.mergeIn(fieldSet.selections!)
        }
    }

    func mergeIn(_ fragment: InlineFragmentSpread) {
        let condition = fragment.selectionSet.typeInfo.scope.scopePath.last!
        if let existing = inlineFragments[condition]?.selectionSet {
            existing.selections!.mergeIn(fragment.selectionSet.selections!)
        } else {
            inlineFragments[condition] = fragment
        }
    }

    func mergeIn(_ fragment: NamedFragmentSpread) {
        if let existing = namedFragments[fragment.fragment.name] {
            existing.inclusionConditions = .either(existing.inclusionConditions, fragment.inclusionConditions)
            return
        }
        namedFragments[fragment.fragment.name] = fragment
    }
}
