import OrderedCollections

/// The selections of one entity at every type scope it is selected in, as a tree (Apollo's
/// `EntitySelectionTree`). A selection set's merged selections are those of every node its scope matches:
/// a node's own selections first, then its conditional scopes, then the fragments merged at it.
final class EntitySelectionTree {
    let rootTypePath: [String]
    let rootNode: EntityNode

    init(rootTypePath: [String]) {
        self.rootTypePath = rootTypePath
        rootNode = EntityNode(rootTypePath: rootTypePath, depth: 0)
    }

    /// Selections made directly in a selection set of this entity.
    func mergeIn(_ selections: DirectSelections, typeInfo: TypeInfo) {
        guard !selections.fields.isEmpty || !selections.namedFragments.isEmpty else { return }
        let source = MergedSource(typeInfo: typeInfo, fragment: nil)
        let node = findOrCreateNode(entityScopeIndex: 0, conditionIndex: 0, node: rootNode, typeDepth: 0, typeInfo: typeInfo)
        node.mergeIn(ScopeSelections(selections), from: source)
    }

    /// Walks the selection set's scope path down the tree: entity by entity, type case by type case.
    private func findOrCreateNode(
        entityScopeIndex: Int, conditionIndex: Int, node: EntityNode, typeDepth: Int, typeInfo: TypeInfo
    ) -> EntityNode {
        let entityScope = typeInfo.scopePath[entityScopeIndex]
        guard typeDepth + 1 < rootTypePath.count else {
            // In the last entity: follow the type cases of the selection set's own scope. A conditionally
            // included entity field (`friends @include(if: $x) { ... on Droid { … } }`) keeps its condition as
            // the first scope, so its type cases stay inside it.
            let head = entityScope.scopePath[0]
            let start = head.conditions != nil && head != node.scope && entityScope.scopePath.count > 1
                ? node.scopeConditionNode(for: head) : node
            return findOrCreateNode(conditions: entityScope.scopePath, index: 0, from: start)
        }
        guard conditionIndex + 1 < entityScope.scopePath.count else {
            // On to the next entity.
            return findOrCreateNode(
                entityScopeIndex: entityScopeIndex + 1, conditionIndex: 0, node: node.childAsEntityNode(),
                typeDepth: typeDepth + 1, typeInfo: typeInfo)
        }
        let next = entityScope.scopePath[conditionIndex + 1]
        let nextNode = node.scope != next ? node.scopeConditionNode(for: next) : node
        return findOrCreateNode(
            entityScopeIndex: entityScopeIndex, conditionIndex: conditionIndex + 1, node: nextNode, typeDepth: typeDepth,
            typeInfo: typeInfo)
    }

    private func findOrCreateNode(conditions: [ScopeCondition], index: Int, from node: EntityNode) -> EntityNode {
        guard index + 1 < conditions.count else {
            let condition = conditions[index]
            return condition == node.scope ? node : node.scopeConditionNode(for: condition)
        }
        return findOrCreateNode(conditions: conditions, index: index + 1, from: node.scopeConditionNode(for: conditions[index + 1]))
    }

    /// Adds to `builder` everything selected on this entity in scopes that `builder`'s selection set matches.
    func addMergedSelections(into builder: ComputedSelectionSetBuilder) {
        rootNode.mergeSelections(
            scopeIndex: 0, conditionIndex: 0, typeInfo: builder.typeInfo, into: builder, transform: nil)
    }

    /// A fragment's tree for the same entity, merged where the fragment was spread.
    func mergeIn(_ fragmentTree: EntitySelectionTree, from spread: NamedFragmentSpread) {
        let depthDifference = rootTypePath.count - fragmentTree.rootTypePath.count
        var start = rootNode
        for _ in 0..<max(depthDifference, 0) { start = start.childAsEntityNode() }
        start.mergeIn(fragmentTree, from: spread)
    }
}

/// Selections from one source at one node.
final class ScopeSelections {
    var fields: OrderedDictionary<String, Field> = [:]
    var namedFragments: OrderedDictionary<String, NamedFragmentSpread> = [:]

    init() {}

    init(_ selections: DirectSelections) {
        mergeIn(fields: selections.fields.values, fragments: selections.namedFragments.values)
    }

    func mergeIn(fields: some Sequence<Field>, fragments: some Sequence<NamedFragmentSpread>) {
        for field in fields { self.fields[field.responseKey] = field }
        for fragment in fragments { namedFragments[fragment.fragment.name] = fragment }
    }
}

final class EntityNode {
    typealias Selections = OrderedDictionary<MergedSource, ScopeSelections>

    enum Child {
        case entity(EntityNode)
        case selections(Selections)
    }

    let rootTypePath: [String]
    let depth: Int
    let type: String
    let scope: ScopeCondition
    private(set) var child: Child?
    var scopeConditions: OrderedDictionary<ScopeCondition, EntityNode> = [:]
    var mergedFragmentTrees: [(spread: NamedFragmentSpread, tree: EntitySelectionTree)] = []

    init(rootTypePath: [String], depth: Int) {
        self.rootTypePath = rootTypePath
        self.depth = depth
        type = rootTypePath[depth]
        scope = ScopeCondition(type: type, conditions: nil)
        child = depth + 1 < rootTypePath.count ? .entity(EntityNode(rootTypePath: rootTypePath, depth: depth + 1)) : .selections([:])
    }

    private init(scope: ScopeCondition, type: String, rootTypePath: [String], depth: Int) {
        self.scope = scope
        self.type = type
        self.rootTypePath = rootTypePath
        self.depth = depth
    }

    func mergeIn(_ selections: ScopeSelections, from source: MergedSource) {
        var current: Selections
        switch child {
        case .selections(let existing): current = existing
        case .none: current = [:]
        case .entity: return  // cannot happen: selections land in the last entity
        }
        if let existing = current[source] {
            existing.mergeIn(fields: selections.fields.values, fragments: selections.namedFragments.values)
        } else {
            let copy = ScopeSelections()
            copy.mergeIn(fields: selections.fields.values, fragments: selections.namedFragments.values)
            current[source] = copy
        }
        child = .selections(current)
    }

    func childAsEntityNode() -> EntityNode {
        switch child {
        case .entity(let node): return node
        default:
            let node = EntityNode(rootTypePath: rootTypePath, depth: depth + 1)
            child = .entity(node)
            return node
        }
    }

    func scopeConditionNode(for condition: ScopeCondition) -> EntityNode {
        let nodeCondition = ScopeCondition(type: condition.type == type ? nil : condition.type, conditions: condition.conditions)
        if let node = scopeConditions[condition] { return node }
        let node = EntityNode(scope: nodeCondition, type: nodeCondition.type ?? type, rootTypePath: rootTypePath, depth: depth)
        scopeConditions[nodeCondition] = node
        return node
    }

    func mergeIn(_ fragmentTree: EntitySelectionTree, from spread: NamedFragmentSpread) {
        // The spread's own scope inside its entity, past the entity's root.
        var node = self
        for condition in spread.typeInfo.scope.scopePath.dropFirst() { node = node.scopeConditionNode(for: condition) }
        let fragmentType = spread.typeInfo.parentType
        let typesMatch = node.type == fragmentType
        if let groups = spread.inclusionConditions {
            for group in groups.elements {
                let target = node.scopeConditionNode(for: ScopeCondition(type: typesMatch ? nil : fragmentType, conditions: group))
                target.addFragmentTree(fragmentTree, from: spread)
            }
        } else {
            let target = typesMatch ? node : node.scopeConditionNode(for: ScopeCondition(type: fragmentType, conditions: nil))
            target.addFragmentTree(fragmentTree, from: spread)
        }
    }

    private func addFragmentTree(_ tree: EntitySelectionTree, from spread: NamedFragmentSpread) {
        if let index = mergedFragmentTrees.firstIndex(where: { $0.spread === spread }) {
            mergedFragmentTrees[index].tree = tree
        } else {
            mergedFragmentTrees.append((spread, tree))
        }
    }

    func mergeSelections(
        scopeIndex: Int, conditionIndex: Int, typeInfo: TypeInfo, into builder: ComputedSelectionSetBuilder,
        transform: ((Selections) -> Selections)?
    ) {
        let entityScope = typeInfo.scopePath[scopeIndex]
        switch child {
        case .entity(let node):
            // A deeper entity than the target's: nothing here or below applies to it.
            guard scopeIndex + 1 < typeInfo.scopePath.count else { return }
            node.mergeSelections(scopeIndex: scopeIndex + 1, conditionIndex: 0, typeInfo: typeInfo, into: builder, transform: transform)
        case .selections(let selections):
            for (source, scopeSelections) in transform?(selections) ?? selections {
                builder.mergeIn(scopeSelections, from: source)
            }
        case .none:
            break
        }
        for (condition, node) in scopeConditions {
            if conditionIndex + 1 < entityScope.scopePath.count, entityScope.scopePath[conditionIndex + 1] == condition {
                // An ancestor of the target.
                node.mergeSelections(
                    scopeIndex: scopeIndex, conditionIndex: conditionIndex + 1, typeInfo: typeInfo, into: builder, transform: transform)
            } else if entityScope.matches(condition) {
                // A sibling whose scope the target matches.
                node.mergeSelections(
                    scopeIndex: scopeIndex, conditionIndex: conditionIndex, typeInfo: typeInfo, into: builder, transform: transform)
            } else if case .selections = child, case .selections(let conditionSelections) = node.child {
                builder.addMergedInlineFragment(condition: condition, from: OrderedSet(conditionSelections.keys))
            }
        }
        for (spread, tree) in mergedFragmentTrees {
            tree.rootNode.mergeSelections(
                scopeIndex: scopeIndex, conditionIndex: conditionIndex, typeInfo: typeInfo, into: builder,
                transform: { selections in
                    var result = Selections()
                    for (source, value) in selections {
                        result[source.fragment != nil ? source : MergedSource(typeInfo: source.typeInfo, fragment: spread.fragment)] = value
                    }
                    return result
                })
        }
    }
}
