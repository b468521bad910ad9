import OrderedCollections

/// `@include(if: $x)` (not inverted) or `@skip(if: $x)` (inverted).
struct InclusionCondition: Hashable, Sendable {
    var variable: String
    var isInverted: Bool

    var inverted: InclusionCondition { InclusionCondition(variable: variable, isInverted: !isInverted) }
}

/// All of these conditions must hold, in the order they were written.
struct InclusionConditions: Hashable, Sendable {
    private(set) var conditions: OrderedSet<InclusionCondition>

    init(_ conditions: OrderedSet<InclusionCondition>) { self.conditions = conditions }

    func appending(_ other: InclusionConditions) -> InclusionConditions {
        var conditions = self.conditions
        conditions.append(contentsOf: other.conditions)
        return InclusionConditions(conditions)
    }

    func isSubset(of other: InclusionConditions?) -> Bool { conditions.isSubset(of: other?.conditions ?? []) }

    enum Result: Hashable {
        case included, skipped
        case conditional(InclusionConditions)

        var conditions: InclusionConditions? {
            if case .conditional(let conditions) = self { return conditions }
            return nil
        }
    }

    /// The conditions of a selection's directives: literal `true`/`false` resolve at once; an include and a skip
    /// of the same variable never hold together.
    static func of(_ directives: [Directive]) -> Result {
        var result = Result.included
        for directive in directives {
            let isInverted: Bool
            switch directive.name.value {
            case "include": isInverted = false
            case "skip": isInverted = true
            default: continue
            }
            switch directive.argument("if") {
            case .boolean(let value)?:
                if value == isInverted { return .skipped }
            case .variable(let name)?:
                let condition = InclusionCondition(variable: name.value, isInverted: isInverted)
                switch result {
                case .skipped: return .skipped
                case .included: result = .conditional(InclusionConditions([condition]))
                case .conditional(var conditions):
                    if conditions.conditions.contains(condition.inverted) { return .skipped }
                    conditions.conditions.append(condition)
                    result = .conditional(conditions)
                }
            default:
                continue
            }
        }
        return result
    }

    /// `"a" && !"b"`, as Apollo writes conditions in generated code.
    var expression: String {
        conditions.map { ($0.isInverted ? "!" : "") + "\"\($0.variable)\"" }.joined(separator: " && ")
    }

    /// `AAndNotB`, as Apollo names conditional selection sets.
    var typeNameComponent: String {
        conditions.map { ($0.isInverted ? "Not" : "") + SwiftNames.firstUppercased($0.variable) }.joined(separator: "And")
    }
}

/// Any one of these groups of conditions (a field selected in several conditional places).
struct AnyOfConditions: Hashable, Sendable {
    private(set) var elements: OrderedSet<InclusionConditions>

    init(_ element: InclusionConditions) { elements = [element] }

    init?(_ element: InclusionConditions?) {
        guard let element else { return nil }
        elements = [element]
    }

    /// Either side unconditional makes the whole unconditional.
    static func either(_ lhs: AnyOfConditions?, _ rhs: AnyOfConditions?) -> AnyOfConditions? {
        guard var lhs, let rhs else { return nil }
        lhs.elements.append(contentsOf: rhs.elements)
        return lhs
    }

    /// As plain data, for readers of the generated model.
    var inclusion: GeneratedSelectionSet.Inclusion {
        .init(anyOf: elements.map { $0.conditions.map { .init(variable: $0.variable, isInverted: $0.isInverted) } })
    }

    var expression: String {
        elements.map { elements.count > 1 && $0.conditions.count > 1 ? "(\($0.expression))" : $0.expression }
            .joined(separator: " || ")
    }
}

/// A type condition and/or inclusion conditions on a selection set inside an entity.
struct ScopeCondition: Hashable, Sendable {
    var type: String?
    var conditions: InclusionConditions?

    var isEmpty: Bool { type == nil && (conditions?.conditions.isEmpty ?? true) }

    /// `AsDog`, `IfIncludeDetails`, `AsDogIfA`: the name of the selection set this condition opens.
    func nameComponent(in schema: Schema) -> String {
        var name = ""
        if let type, let named = schema[type] { name += "As" + SwiftNames.typeName(named) }
        if let conditions { name += "If" + conditions.typeNameComponent }
        return name
    }
}

/// Where a selection set sits in its entity: its type path, the types it therefore is, and the conditions it
/// therefore meets (`IR+ScopeDescriptor.swift`).
struct ScopeDescriptor: Hashable, Sendable {
    let type: String
    let scopePath: [ScopeCondition]
    let matchingTypes: OrderedSet<String>
    let matchingConditions: InclusionConditions?

    static func == (lhs: ScopeDescriptor, rhs: ScopeDescriptor) -> Bool {
        lhs.scopePath == rhs.scopePath && lhs.matchingTypes == rhs.matchingTypes
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(scopePath)
        hasher.combine(matchingTypes)
    }

    static func root(type: String, conditions: InclusionConditions?, schema: Schema) -> ScopeDescriptor {
        ScopeDescriptor(
            type: type, scopePath: [ScopeCondition(type: type, conditions: conditions)],
            matchingTypes: typeScope(adding: type, to: [], schema: schema), matchingConditions: conditions)
    }

    /// A type matches itself, its interfaces, and (for objects) the unions that contain it.
    private static func typeScope(adding type: String, to scope: OrderedSet<String>, schema: Schema) -> OrderedSet<String> {
        if scope.contains(type) { return scope }
        var scope = scope
        scope.append(type)
        if let named = schema[type] {
            scope.append(contentsOf: named.interfaces)
            if named.kind == .object { scope.append(contentsOf: schema.unions(containing: type)) }
        }
        return scope
    }

    func appending(_ condition: ScopeCondition, schema: Schema) -> ScopeDescriptor {
        var conditions = matchingConditions
        if let new = condition.conditions { conditions = conditions?.appending(new) ?? new }
        return ScopeDescriptor(
            type: condition.type ?? type, scopePath: scopePath + [condition],
            matchingTypes: condition.type.map { Self.typeScope(adding: $0, to: matchingTypes, schema: schema) } ?? matchingTypes,
            matchingConditions: conditions)
    }

    func matches(type: String) -> Bool { matchingTypes.contains(type) }
    func matches(_ conditions: InclusionConditions) -> Bool { conditions.isSubset(of: matchingConditions) }
    func matches(_ conditions: AnyOfConditions) -> Bool { conditions.elements.contains { $0.isSubset(of: matchingConditions) } }

    func matches(_ condition: ScopeCondition) -> Bool {
        if let type = condition.type, !matches(type: type) { return false }
        if let conditions = condition.conditions, !matches(conditions) { return false }
        return true
    }
}

