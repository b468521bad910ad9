import OrderedCollections

/// The entities of one definition (operation or fragment), by location (Apollo's `RootFieldEntityStorage`).
final class EntityStorage {
    let schema: Schema
    private(set) var entities: [Entity.Location: Entity] = [:]

    init(schema: Schema, root: Entity) {
        self.schema = schema
        entities[root.location] = root
    }

    func entity(for field: Field, on enclosing: Entity) -> Entity {
        let location = Entity.Location(
            source: enclosing.location.source,
            fieldPath: enclosing.location.fieldPath + [FieldComponent(responseKey: field.responseKey, type: field.type)])
        if let existing = entities[location] { return existing }
        return create(location, rootTypePath: enclosing.rootTypePath + [field.type.namedType.value])
    }

    /// The entity of this definition that a fragment's entity becomes where the fragment is spread.
    func entity(for fragmentEntity: Entity, spreadAt typeInfo: TypeInfo) -> Entity {
        let location = Entity.Location(
            source: typeInfo.entity.location.source, fieldPath: typeInfo.entity.location.fieldPath + fragmentEntity.location.fieldPath)
        if let existing = entities[location] { return existing }
        return create(location, rootTypePath: typeInfo.entity.rootTypePath + fragmentEntity.rootTypePath.dropFirst())
    }

    /// Takes in an entity built elsewhere (a fragment's own), so that lookups find it.
    func adopt(_ entity: Entity) { entities[entity.location] = entity }

    private func create(_ location: Entity.Location, rootTypePath: [String]) -> Entity {
        let entity = Entity(location: location, rootTypePath: rootTypePath)
        entities[location] = entity
        return entity
    }

    func mergeSelectionTrees(from spread: NamedFragmentSpread) {
        for fragmentEntity in spread.fragment.entities.values {
            entity(for: fragmentEntity, spreadAt: spread.typeInfo).selectionTree.mergeIn(fragmentEntity.selectionTree, from: spread)
        }
    }
}

/// A built operation or fragment: its root selection set and its entities.
struct BuiltDefinition {
    let source: DefinitionSource
    let root: IRSelectionSet
    let entities: EntityStorage
}

/// Builds Apollo's IR for a project's operations and fragments (`IRBuilder`, `RootFieldBuilder`).
final class SelectionSetBuilder {
    let schema: Schema
    private let fragmentDefinitions: [String: FragmentDefinition]
    private var builtFragments: [String: NamedFragment] = [:]
    /// The fragments being built, each spreading the next.
    private var fragmentsInProgress: [String] = []
    /// Fragments that spread themselves, directly or through others: invalid GraphQL, which Apollo rejects. Each
    /// is built as nothing, so that what spreads one is the same whichever fragment a build starts from. (Built as
    /// far as the cycle, a fragment came out with or without the others of its cycle depending on which was asked
    /// for first: the per-definition selection sets then differed from the whole model's, a fuzz finding.)
    private var cyclicFragments: Set<String> = []

    init(schema: Schema, fragments: [String: FragmentDefinition]) {
        self.schema = schema
        fragmentDefinitions = fragments
    }

    static func isLocalCacheMutation(_ directives: [Directive]) -> Bool {
        directives.named("apollo_client_ios_localCacheMutation") != nil
    }

    func build(operation: OperationDefinition) -> BuiltDefinition? {
        guard let rootType = schema.rootType(operation.kind)?.name else { return nil }
        let source = DefinitionSource.operation(operation, localCacheMutation: Self.isLocalCacheMutation(operation.directives))
        return buildRoot(source: source, type: rootType, selectionSet: operation.selectionSet)
    }

    /// How many fragments may be built inside one another (each spreading the next): the builder recurses through
    /// them, so a chain of thousands would end the process. Deeper spreads are left out.
    static let maximumFragmentNesting = 100

    func build(fragment name: String) -> NamedFragment? {
        if let built = builtFragments[name] { return built }
        if let start = fragmentsInProgress.firstIndex(of: name) {
            // A cycle: every fragment from this one to the innermost spreads the next and is spread by this one.
            // Checked before whether the fragment is already known to be on a cycle: the ones above it on the way
            // are on that cycle too (a fragment spreading itself and a fragment that spreads it back, a fuzz find).
            cyclicFragments.formUnion(fragmentsInProgress[start...])
            return nil
        }
        guard !cyclicFragments.contains(name), fragmentsInProgress.count < Self.maximumFragmentNesting else { return nil }
        guard let definition = fragmentDefinitions[name], let type = schema[definition.typeCondition.value], type.isComposite
        else { return nil }
        fragmentsInProgress.append(name)
        defer { fragmentsInProgress.removeLast() }
        let fragment = NamedFragment(definition: definition, isLocalCacheMutation: Self.isLocalCacheMutation(definition.directives))
        let source = DefinitionSource.fragment(definition, localCacheMutation: fragment.isLocalCacheMutation)
        let built = buildRoot(source: source, type: type.name, selectionSet: definition.selectionSet, fragment: fragment)
        guard !cyclicFragments.contains(name) else { return nil }
        fragment.entities = built.entities.entities
        builtFragments[name] = fragment
        return fragment
    }

    private func buildRoot(
        source: DefinitionSource, type: String, selectionSet: GraphQLIndex.SelectionSet, fragment: NamedFragment? = nil
    ) -> BuiltDefinition {
        let rootEntity = Entity(location: .init(source: source, fieldPath: []), rootTypePath: [type])
        let entities = EntityStorage(schema: schema, root: rootEntity)
        let typeInfo = TypeInfo(entity: rootEntity, scopePath: [ScopeDescriptor.root(type: type, conditions: nil, schema: schema)])
        let root = IRSelectionSet(typeInfo: typeInfo, selections: DirectSelections(schema: schema))
        var context = Context(entities: entities, fragment: fragment)
        buildDirectSelections(into: root.selections!, typeInfo: typeInfo, from: selectionSet, context: &context)
        if let fragment {
            fragment.rootField = Field(
                selection: FieldSelection(alias: nil, name: Name(fragment.name, 0..<0), arguments: [], directives: [], selectionSet: nil, range: 0..<0),
                type: .nonNull(.named(Name(type, 0..<0))), definition: nil, inclusionConditions: nil, selectionSet: root)
            fragment.referencedFragments = context.referencedFragments
        }
        return BuiltDefinition(source: source, root: root, entities: entities)
    }

    private struct Context {
        let entities: EntityStorage
        let fragment: NamedFragment?
        var referencedFragments: OrderedSet<String> = []
    }

    private func buildDirectSelections(
        into target: DirectSelections, typeInfo: TypeInfo, from selectionSet: GraphQLIndex.SelectionSet, context: inout Context
    ) {
        addSelections(selectionSet.selections, of: typeInfo.parentType, to: target, typeInfo: typeInfo, context: &context)
        typeInfo.entity.selectionTree.mergeIn(target, typeInfo: typeInfo)
    }

    /// `type` is the type the selections were written on: fields are looked up there, whatever selection set
    /// they end up in (`... on Animal { height }` inside `... on Pet` lands in the Pet type case).
    private func addSelections(
        _ selections: [Selection], of type: String, to target: DirectSelections, typeInfo: TypeInfo, context: inout Context
    ) {
        for selection in selections { add(selection, of: type, to: target, typeInfo: typeInfo, context: &context) }
    }

    private func add(_ selection: Selection, of parentType: String, to target: DirectSelections, typeInfo: TypeInfo, context: inout Context) {
        switch selection {
        case .field(let field):
            if let built = buildField(field, on: parentType, typeInfo: typeInfo, context: &context) { target.mergeIn(built) }
        case .inlineFragment(let fragment):
            let type = fragment.typeCondition.map(\.value) ?? parentType
            guard schema[type]?.isComposite == true,
                let scope = scopeCondition(type: type, directives: fragment.directives, in: typeInfo)
            else { return }
            if typeInfo.scope.matches(scope) {
                addSelections(fragment.selectionSet.selections, of: type, to: target, typeInfo: typeInfo, context: &context)
            } else {
                target.mergeIn(buildInlineFragment(fragment.selectionSet.selections, of: type, scope: scope, in: typeInfo, context: &context))
            }
        case .fragmentSpread(let spread):
            guard let definition = fragmentDefinitions[spread.name.value], schema[definition.typeCondition.value]?.isComposite == true,
                let scope = scopeCondition(type: definition.typeCondition.value, directives: spread.directives, in: typeInfo)
            else { return }
            if typeInfo.scope.matches(scope) {
                if let built = buildNamedFragmentSpread(spread.name.value, scope: scope, in: typeInfo, context: &context) {
                    target.mergeIn(built)
                }
            } else {
                // A spread the scope does not match is wrapped in a type case or condition of its own.
                let wrapper = buildInlineFragment(
                    [selection], of: definition.typeCondition.value, scope: scope, in: typeInfo, context: &context)
                target.mergeIn(wrapper)
                if scope.type.map({ typeInfo.scope.matches(type: $0) }) ?? true {
                    typeInfo.entity.selectionTree.mergeIn(wrapper.selectionSet.selections!, typeInfo: typeInfo)
                }
            }
        }
    }

    /// Nil when the selection is never included (`@skip(if: true)`).
    private func scopeCondition(type: String, directives: [Directive], in typeInfo: TypeInfo) -> ScopeCondition? {
        let inclusion = InclusionConditions.of(directives)
        if inclusion == .skipped { return nil }
        return ScopeCondition(type: typeInfo.parentType == type ? nil : type, conditions: inclusion.conditions)
    }

    private func buildField(_ selection: FieldSelection, on parentType: String, typeInfo: TypeInfo, context: inout Context) -> Field? {
        guard selection.name.value != "__typename", let definition = schema[parentType]?.field(selection.name.value) else {
            return nil
        }
        let inclusion = InclusionConditions.of(selection.directives)
        if inclusion == .skipped { return nil }
        let field = Field(
            selection: selection, type: definition.type, definition: definition,
            inclusionConditions: AnyOfConditions(inclusion.conditions), selectionSet: nil)
        guard let named = schema[definition.type.namedType.value], named.isComposite else { return field }
        let entity = context.entities.entity(for: field, on: typeInfo.entity)
        let scope = ScopeDescriptor.root(type: named.name, conditions: inclusion.conditions, schema: schema)
        let nestedTypeInfo = TypeInfo(entity: entity, scopePath: typeInfo.scopePath + [scope])
        let nested = IRSelectionSet(typeInfo: nestedTypeInfo, selections: DirectSelections(schema: schema))
        if let selections = selection.selectionSet {
            buildDirectSelections(into: nested.selections!, typeInfo: nestedTypeInfo, from: selections, context: &context)
        }
        field.selectionSet = nested
        return field
    }

    private func buildInlineFragment(
        _ selections: [Selection], of type: String, scope: ScopeCondition, in typeInfo: TypeInfo, context: inout Context
    ) -> InlineFragmentSpread {
        let nestedTypeInfo = TypeInfo(entity: typeInfo.entity, scopePath: typeInfo.appending(scope, schema: schema))
        let selectionSet = IRSelectionSet(typeInfo: nestedTypeInfo, selections: DirectSelections(schema: schema))
        addSelections(selections, of: type, to: selectionSet.selections!, typeInfo: nestedTypeInfo, context: &context)
        typeInfo.entity.selectionTree.mergeIn(selectionSet.selections!, typeInfo: nestedTypeInfo)
        return InlineFragmentSpread(selectionSet: selectionSet)
    }

    private func buildNamedFragmentSpread(
        _ name: String, scope: ScopeCondition, in typeInfo: TypeInfo, context: inout Context
    ) -> NamedFragmentSpread? {
        guard let fragment = build(fragment: name) else { return nil }
        context.referencedFragments.append(fragment.name)
        context.referencedFragments.append(contentsOf: fragment.referencedFragments)
        let scopePath = scope.isEmpty ? typeInfo.scopePath : typeInfo.appending(scope, schema: schema)
        let spread = NamedFragmentSpread(
            fragment: fragment, typeInfo: TypeInfo(entity: typeInfo.entity, scopePath: scopePath),
            inclusionConditions: AnyOfConditions(scope.conditions))
        context.entities.mergeSelectionTrees(from: spread)
        return spread
    }
}
