import OrderedCollections

/// A selection set with everything it can read: its direct selections, and those merged from its parents,
/// matching siblings and spread fragments (Apollo's `ComputedSelectionSet` with field merging `.all`).
struct ComputedSelectionSet {
    let typeInfo: TypeInfo
    let direct: DirectSelections?
    let mergedSources: OrderedSet<MergedSource>
    let mergedFields: OrderedDictionary<String, Field>
    let mergedInlineFragments: OrderedDictionary<ScopeCondition, InlineFragmentSpread>
    let mergedNamedFragments: OrderedDictionary<String, NamedFragmentSpread>

    /// Direct fields first, then merged ones: the order of accessors and initializer parameters.
    var allFields: [(field: Field, isDirect: Bool)] {
        (direct?.fields.values.map { ($0, true) } ?? []) + mergedFields.values.map { ($0, false) }
    }

    var allInlineFragments: [InlineFragmentSpread] {
        (direct.map { Array($0.inlineFragments.values) } ?? []) + mergedInlineFragments.values
    }

    var allNamedFragments: [NamedFragmentSpread] {
        (direct.map { Array($0.namedFragments.values) } ?? []) + mergedNamedFragments.values
    }

    static func compute(_ selectionSet: IRSelectionSet, entities: EntityStorage) -> ComputedSelectionSet {
        let builder = ComputedSelectionSetBuilder(selectionSet: selectionSet, entities: entities)
        selectionSet.typeInfo.entity.selectionTree.addMergedSelections(into: builder)
        return builder.finish()
    }
}

final class ComputedSelectionSetBuilder {
    let typeInfo: TypeInfo
    private let direct: DirectSelections?
    private let entities: EntityStorage
    private var mergedSources: OrderedSet<MergedSource> = []
    private var fields: OrderedDictionary<String, Field> = [:]
    private var inlineFragments: OrderedDictionary<ScopeCondition, InlineFragmentSpread> = [:]
    private var namedFragments: OrderedDictionary<String, NamedFragmentSpread> = [:]

    init(selectionSet: IRSelectionSet, entities: EntityStorage) {
        typeInfo = selectionSet.typeInfo
        direct = selectionSet.selections
        self.entities = entities
    }

    func mergeIn(_ selections: ScopeSelections, from source: MergedSource) {
        var merged = false
        for field in selections.fields.values where mergeIn(field, from: source) { merged = true }
        for fragment in selections.namedFragments.values where mergeIn(fragment) { merged = true }
        if merged { mergedSources.append(source) }
    }

    private func mergeIn(_ field: Field, from source: MergedSource) -> Bool {
        let key = field.responseKey
        if direct?.fields[key] != nil { return false }
        guard let fieldSet = field.selectionSet else {
            fields[key] = field
            return true
        }
        // A merged entity field gets a selection set of its own here, made of what its sources select.
        let merged: Field
        if let existing = fields[key], existing.isEntity {
            merged = existing
        } else {
            let typeInfo = TypeInfo(
                entity: entities.entity(for: field, on: self.typeInfo.entity),
                scopePath: self.typeInfo.scopePath + [fieldSet.typeInfo.scope])
            merged = Field(
                selection: field.selection, type: field.type, definition: field.definition,
                inclusionConditions: field.inclusionConditions, selectionSet: IRSelectionSet(typeInfo: typeInfo, selections: nil))
        }
        // Remembered as the selection set it came from, so that an unchanged one can be referred to by name.
        merged.selectionSet!.typeInfo.derivedFromMergedSources.insert(MergedSource(typeInfo: fieldSet.typeInfo, fragment: source.fragment))
        fields[key] = merged
        return true
    }

    private func mergeIn(_ fragment: NamedFragmentSpread) -> Bool {
        if direct?.namedFragments[fragment.fragment.name] != nil { return false }
        namedFragments[fragment.fragment.name] = fragment
        return true
    }

    /// A type case selected on the entity elsewhere that this selection set does not match: it gets an
    /// accessor here too (a composite inline fragment), at the entity's root only.
    func addMergedInlineFragment(condition: ScopeCondition, from sources: OrderedSet<MergedSource>) {
        guard typeInfo.isEntityRoot, direct?.inlineFragments[condition] == nil else { return }
        let fragment: InlineFragmentSpread
        if let existing = inlineFragments[condition] {
            fragment = existing
        } else {
            let schema = entities.schema
            fragment = InlineFragmentSpread(selectionSet: IRSelectionSet(
                typeInfo: TypeInfo(entity: typeInfo.entity, scopePath: typeInfo.appending(condition, schema: schema)),
                selections: nil))
        }
        fragment.selectionSet.typeInfo.derivedFromMergedSources.formUnion(sources)
        inlineFragments[condition] = fragment
    }

    func finish() -> ComputedSelectionSet {
        ComputedSelectionSet(
            typeInfo: typeInfo, direct: direct, mergedSources: mergedSources, mergedFields: fields,
            mergedInlineFragments: inlineFragments, mergedNamedFragments: namedFragments)
    }
}
