/// Turns the IR of a definition into the selection sets Apollo renders (`SelectionSetTemplate`), with Apollo's
/// names (reference/selection-set-naming.md).
struct SelectionSetRenderer {
    let schema: Schema
    let namespace: String
    /// The project's capitalization rules, for accessors and initializer parameters.
    var capitalizer = Capitalizer()
    /// Those for the names of operations and fragments (Apollo iOS 2.4+).
    var typeNames = Capitalizer()

    // MARK: Records

    func render(_ selectionSet: IRSelectionSet, entities: EntityStorage, document: String, into records: inout [GeneratedSelectionSet]) {
        let computed = ComputedSelectionSet.compute(selectionSet, entities: entities)
        let definition: Range<Int> = switch selectionSet.typeInfo.entity.location.source {
        case .operation(let operation, _): operation.range
        case .fragment(let fragment, _): fragment.range
        }
        render(
            computed, path: fullyQualifiedName(selectionSet.typeInfo), entities: entities,
            selection: SourceLocation(document: document, range: definition), into: &records)
    }

    /// `path` is where the struct is nested in the generated Swift; `selection` is where its selections are written
    /// (for a selection set made only of merged selections, or a type case, the nearest written one around it).
    private func render(
        _ computed: ComputedSelectionSet, path: String, entities: EntityStorage, selection: SourceLocation,
        into records: inout [GeneratedSelectionSet]
    ) {
        let document = selection.document
        let typeInfo = computed.typeInfo
        let scope = typeInfo.scope
        var fields: [GeneratedSelectionSet.Field] = []
        var typealiases: [GeneratedSelectionSet.TypeAlias] = []
        var children: [(ComputedSelectionSet, String, SourceLocation)] = []
        for (field, isDirect) in computed.allFields {
            var nestedPath: String?
            if let nested = field.selectionSet {
                let child = ComputedSelectionSet.compute(nested, entities: entities)
                let structName = selectionSetName(nested.typeInfo)
                if child.direct == nil, child.typeInfo.derivedFromMergedSources.count == 1,
                    let source = child.typeInfo.derivedFromMergedSources.first
                {
                    // The same selections as one rendered elsewhere: referred to, not rendered again.
                    let target = referencedName(source, from: child.typeInfo)
                    nestedPath = fullyQualifiedName(source.typeInfo)
                    if target != structName {
                        typealiases.append(.init(name: structName, target: target, resolved: nestedPath!))
                    }
                } else {
                    nestedPath = path + "." + structName
                    let written = isDirect ? SourceLocation(document: document, range: field.selection.range) : selection
                    children.append((child, nestedPath!, written))
                }
            }
            let property = propertyName(field.responseKey)
            fields.append(GeneratedSelectionSet.Field(
                key: field.responseKey, property: property,
                type: accessorType(field, forceOptional: field.isConditionallyIncluded(in: scope)),
                graphqlType: field.type, selectionSet: nestedPath, isDirect: isDirect,
                condition: isDirect && field.isConditionallyIncluded(in: scope) ? field.inclusionConditions?.expression : nil,
                isConditional: field.isConditionallyIncluded(in: scope),
                inclusion: field.isConditionallyIncluded(in: scope) ? field.inclusionConditions.map(\.inclusion) : nil,
                deprecationReason: field.definition?.deprecationReason,
                definition: field.definition?.location))
        }
        let inlineFragments = computed.allInlineFragments.map { ComputedSelectionSet.compute($0.selectionSet, entities: entities) }
        let parent = schema[typeInfo.parentType]
        var initializer: [GeneratedSelectionSet.InitializerParameter] = []
        if parent?.kind != .object { initializer.append(.init(label: "__typename", type: "String", defaultValue: nil)) }
        for (field, _) in computed.allFields {
            let optional = !field.type.isNonNull || field.isConditionallyIncluded(in: scope)
            initializer.append(.init(
                label: propertyName(field.responseKey), type: accessorType(field, forceOptional: optional),
                defaultValue: optional ? "nil" : nil))
        }
        records.append(GeneratedSelectionSet(
            path: path, name: String(path.split(separator: ".").last ?? ""), kind: kind(of: typeInfo),
            inlineFragmentKind: typeInfo.isEntityRoot ? nil : inlineFragmentKind(scope.scopePath.last!),
            inclusion: typeInfo.isEntityRoot ? nil : scope.scopePath.last!.conditions.map { AnyOfConditions($0).inclusion },
            parentType: typeInfo.parentType, parentKind: parent?.kind ?? .object, isRoot: typeInfo.isEntityRoot,
            rootEntityType: typeInfo.isEntityRoot ? nil : fullyQualifiedName(typeInfo, stoppingAtLastEntityRoot: true),
            fields: fields,
            fragmentAccessors: computed.allNamedFragments.map { spread in
                let isOptional = spread.inclusionConditions.map { !scope.matches($0) } ?? false
                return .init(fragment: spread.fragment.name, accessor: Self.firstLowercased(spread.fragment.name),
                             type: fragmentName(spread.fragment.name), isOptional: isOptional,
                             inclusion: isOptional ? spread.inclusionConditions?.inclusion : nil)
            },
            inlineFragments: inlineFragments.map { child in
                let name = child.typeInfo.scope.scopePath.last!.nameComponent(in: schema)
                return .init(accessor: Self.firstLowercased(name), type: name, path: path + "." + name)
            },
            typealiases: typealiases, initializer: initializer, document: document,
            definitionName: definitionName(typeInfo.entity.location.source),
            responsePath: typeInfo.entity.location.fieldPath.map(\.responseKey), isFragment: isFragment(typeInfo.entity.location.source),
            isLocalCacheMutation: isLocalCacheMutation(typeInfo.entity.location.source), selection: selection))
        for (child, childPath, written) in children {
            render(child, path: childPath, entities: entities, selection: written, into: &records)
        }
        for child in inlineFragments {
            let name = child.typeInfo.scope.scopePath.last!.nameComponent(in: schema)
            render(child, path: path + "." + name, entities: entities, selection: selection, into: &records)
        }
    }

    private func definitionName(_ source: DefinitionSource) -> String {
        switch source {
        case .operation(let operation, _): operation.name?.value ?? ""
        case .fragment(let fragment, _): fragment.name.value
        }
    }

    private func isFragment(_ source: DefinitionSource) -> Bool {
        if case .fragment = source { return true }
        return false
    }

    private func isLocalCacheMutation(_ source: DefinitionSource) -> Bool {
        switch source {
        case .operation(_, let localCacheMutation), .fragment(_, let localCacheMutation): localCacheMutation
        }
    }

    private func kind(of typeInfo: TypeInfo) -> GeneratedSelectionSet.Kind {
        guard typeInfo.isEntityRoot else { return .inlineFragment }
        guard typeInfo.scopePath.count == 1 else { return .entity }
        switch typeInfo.entity.location.source {
        case .operation(_, let localCacheMutation): return localCacheMutation ? .localCacheMutationData : .operationData
        case .fragment(_, let localCacheMutation): return localCacheMutation ? .localCacheMutationFragment : .fragment
        }
    }

    private func inlineFragmentKind(_ condition: ScopeCondition) -> GeneratedSelectionSet.InlineFragmentKind {
        switch (condition.type != nil, condition.conditions != nil) {
        case (true, true): return .typeCaseWithCondition
        case (true, false): return .typeCase
        default: return .condition
        }
    }

    // MARK: Types

    /// The accessor type: the GraphQL type with entity fields named after their selection set.
    private func accessorType(_ field: Field, forceOptional: Bool) -> String {
        let named = field.selectionSet.map { selectionSetName($0.typeInfo) }
        let rendered = render(field.type, replacingNamedTypeWith: named)
        return forceOptional && field.type.isNonNull ? rendered + "?" : rendered
    }

    private func render(_ type: TypeReference, replacingNamedTypeWith replacement: String?, nonNull: Bool = false) -> String {
        switch type {
        case .nonNull(let inner): return render(inner, replacingNamedTypeWith: replacement, nonNull: true)
        case .list(let inner): return "[\(render(inner, replacingNamedTypeWith: replacement))]" + (nonNull ? "" : "?")
        case .named(let name):
            let base: String
            if let replacement {
                base = replacement
            } else if let named = schema[name.value] {
                switch named.kind {
                case .scalar where SwiftNames.builtInSwiftScalars[named.name] != nil: base = SwiftNames.typeName(named)
                case .enumeration: base = "GraphQLEnum<\(namespace).\(SwiftNames.typeName(named))>"
                default: base = "\(namespace).\(SwiftNames.typeName(named))"
                }
            } else {
                base = name.value
            }
            return base + (nonNull ? "" : "?")
        }
    }

    // MARK: Names

    /// `AllAnimalsQuery.Data` for an operation, the fragment's name for a fragment.
    private func rootName(_ source: DefinitionSource) -> String {
        switch source {
        case .operation(let operation, let localCacheMutation):
            return Self.rootName(operation: operation, localCacheMutation: localCacheMutation, typeNames: typeNames) + ".Data"
        case .fragment(let fragment, _):
            return Self.fragmentName(fragment.name.value, typeNames: typeNames)
        }
    }

    /// `AllAnimalsQuery`: the operation's type, the first component of its selection sets' paths; `typeNames`: the
    /// capitalization rules (Apollo iOS 2.4+), applied to the name with its suffix (`UserById` → `UserByIDQuery`).
    static func rootName(operation: OperationDefinition, localCacheMutation: Bool, typeNames: Capitalizer) -> String {
        let suffix = localCacheMutation ? "LocalCacheMutation" : SwiftNames.firstUppercased(operation.kind.rawValue)
        let name = operation.name?.value ?? ""
        return SwiftNames.firstUppercased(typeNames.apply(to: SwiftNames.firstUppercased(name.hasSuffix(suffix) ? name : name + suffix)))
    }

    private func fragmentName(_ name: String) -> String { Self.fragmentName(name, typeNames: typeNames) }

    /// `asFragmentName(capitalizer:)`: upper-cased before and after the rules, then suffixed where it is reserved.
    static func fragmentName(_ name: String, typeNames: Capitalizer) -> String {
        let uppercased = Self.firstUppercased(typeNames.apply(to: Self.firstUppercased(name)))
        return SwiftNames.typeNamesToSuffix.contains(uppercased) ? uppercased + "_Fragment" : uppercased
    }

    /// The struct name of an entity's selection set: its field's response key, capitalised, singular for lists.
    private func selectionSetName(_ typeInfo: TypeInfo) -> String {
        typeInfo.entity.location.fieldPath.last.map(fieldComponentName) ?? rootName(typeInfo.entity.location.source)
    }

    private func fieldComponentName(_ component: FieldComponent) -> String {
        var name = Self.firstUppercased(component.responseKey)
        if component.type.isList { name = Singularizer.singularize(name) }
        return SwiftNames.typeNamesToSuffix.contains(name) ? name + "_SelectionSet" : name
    }

    /// The fully qualified name of a selection set (optionally only up to the root of its last entity).
    func fullyQualifiedName(_ typeInfo: TypeInfo, stoppingAtLastEntityRoot: Bool = false) -> String {
        var components = [rootName(typeInfo.entity.location.source)]
        let path = name(entityScopes: typeInfo.scopePath[...], fieldPath: typeInfo.entity.location.fieldPath[...],
                        startsAtRoot: true, stoppingAtLastEntityRoot: stoppingAtLastEntityRoot)
        if !path.isEmpty { components.append(path) }
        return components.joined(separator: ".")
    }

    /// The names of entities (from their fields) and of the type cases inside each.
    private func name(
        entityScopes: ArraySlice<ScopeDescriptor>, fieldPath: ArraySlice<FieldComponent>, startsAtRoot: Bool,
        stoppingAtLastEntityRoot: Bool = false, removingFirst: Bool = false
    ) -> String {
        var components: [String] = []
        var fieldIndex: Int? = startsAtRoot ? nil : fieldPath.startIndex
        for (offset, scope) in entityScopes.enumerated() {
            if let index = fieldIndex, index < fieldPath.endIndex { components.append(fieldComponentName(fieldPath[index])) }
            if stoppingAtLastEntityRoot, offset == entityScopes.count - 1 { break }
            for condition in scope.scopePath.dropFirst() { components.append(condition.nameComponent(in: schema)) }
            fieldIndex = fieldIndex.map { $0 + 1 } ?? fieldPath.startIndex
        }
        if removingFirst, !components.isEmpty { components.removeFirst() }
        return components.joined(separator: ".")
    }

    /// How Apollo refers to a selection set rendered elsewhere (`nameForReferencedSelectionSet`).
    private func referencedName(_ source: MergedSource, from target: TypeInfo) -> String {
        if let fragment = source.fragment {
            var components = [fragmentName(fragment.name)]
            let rootScope = source.typeInfo.scopePath[0]
            if rootScope.scopePath.count > 1 {
                components.append(rootScope.scopePath.dropFirst().map { $0.nameComponent(in: schema) }.joined(separator: "."))
            }
            if source.typeInfo.scopePath.count > 1 {
                components.append(name(
                    entityScopes: source.typeInfo.scopePath.dropFirst(), fieldPath: source.typeInfo.entity.location.fieldPath[...],
                    startsAtRoot: false))
            }
            return components.joined(separator: ".")
        }
        var targetIndex = target.scopePath.count - 1
        var sourceIndex = source.typeInfo.scopePath.count - 1
        var nodesToSharedRoot = 0
        while representsSameScope(target: target.scopePath[targetIndex], source: source.typeInfo.scopePath[sourceIndex]),
            targetIndex > 0, sourceIndex > 0
        {
            targetIndex -= 1
            sourceIndex -= 1
            nodesToSharedRoot += 1
        }
        if sourceIndex == 0 { return fullyQualifiedName(source.typeInfo) }
        let fieldPath = source.typeInfo.entity.location.fieldPath
        let sharedRootIndex = max(0, fieldPath.count - (nodesToSharedRoot + 1))
        return name(
            entityScopes: source.typeInfo.scopePath[sourceIndex...], fieldPath: fieldPath[sharedRootIndex...],
            startsAtRoot: false, removingFirst: nodesToSharedRoot <= 1)
    }

    private func representsSameScope(target: ScopeDescriptor, source: ScopeDescriptor) -> Bool {
        if target == source { return true }
        guard target.scopePath[0].type == source.scopePath[0].type, let sourceConditions = source.scopePath[0].conditions,
            target.scopePath.count > 1, target.scopePath[1].type == nil, let targetConditions = target.scopePath[1].conditions
        else { return false }
        return sourceConditions == targetConditions
    }

    // MARK: Casing

    /// Upper-cases everything up to and including the first cased character (`_oneUnderscore` → `_OneUnderscore`).
    static func firstUppercased(_ string: String) -> String {
        guard let index = string.firstIndex(where: { $0.isCased }) else { return string }
        return string[...index].uppercased() + string[string.index(after: index)...]
    }

    static func firstLowercased(_ string: String) -> String {
        guard let index = string.firstIndex(where: { $0.isCased }) else { return string }
        return string[...index].lowercased() + string[string.index(after: index)...]
    }

    /// `renderAsFieldPropertyName`: the capitalization rules applied, then all-caps keys lower-cased, others
    /// first-lowercased, keywords escaped.
    func propertyName(_ key: String) -> String { Self.propertyName(key, capitalizer: capitalizer) }

    static func propertyName(_ key: String, capitalizer: Capitalizer) -> String {
        let key = capitalizer.apply(to: key)
        let isAllUppercased = key.contains(where: \.isCased) && key == key.uppercased()
        let name = isAllUppercased ? key.lowercased() : firstLowercased(key)
        return SwiftNames.escaped(name, in: SwiftNames.fieldAccessorNamesToEscape)
    }
}

extension TypeReference {
    /// A list at any depth (through `!`).
    public var isList: Bool {
        switch self {
        case .list: return true
        case .nonNull(let inner): return inner.isList
        case .named: return false
        }
    }
}

extension OperationDefinition {
    /// The Swift class Apollo generates for the operation (`AllAnimalsQuery`, `PetSearchLocalCacheMutation`), with
    /// the capitalization rules of type names (`MockFormat.typeNameCapitalizer`).
    public func apolloClassName(_ typeNames: Capitalizer) -> String {
        SelectionSetRenderer.rootName(
            operation: self, localCacheMutation: SelectionSetBuilder.isLocalCacheMutation(directives), typeNames: typeNames)
    }
}

extension FragmentDefinition {
    /// The Swift struct Apollo generates for the fragment.
    public func apolloStructName(_ typeNames: Capitalizer) -> String { SelectionSetRenderer.fragmentName(name.value, typeNames: typeNames) }
}
