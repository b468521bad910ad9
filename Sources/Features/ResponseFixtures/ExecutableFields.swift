import GraphQLIndex

/// The fields GraphQL's execution collects for an object: type conditions decided by the object's type, fragments
/// spread once, `@include`/`@skip` decided by the variables given (a condition whose variable is not given is
/// undecided). What checking a response fixture and writing the response of a mock both walk.
struct ExecutableFields {
    let schema: Schema
    let fragments: [String: FragmentDefinition]
    /// A Boolean variable's value, nil when it is not given.
    let variable: (String) -> Bool?

    struct Collected {
        /// The fields by response key, in selection order.
        var ordered: [(String, [FieldSelection])]
        var fields: [String: [FieldSelection]]
        /// The keys selected only under a condition that cannot be decided, with their fields.
        var undecidedFields: [(String, [FieldSelection])]

        var undecided: Set<String> { Set(undecidedFields.map(\.0)) }
    }

    /// The fields of `selections` for an object of `runtimeType` (nil: an interface or union whose object type is not
    /// known) whose static type is `staticType`.
    func collect(_ selections: [SelectionSet], runtimeType: String?, staticType: String) -> Collected {
        var ordered: [String] = []
        var fields: [String: [FieldSelection]] = [:]
        var undecidedOrder: [String] = []
        var undecided: [String: [FieldSelection]] = [:]
        var visited: [String: Bool] = [:]  // fragment name → walked for certain
        func walk(_ set: SelectionSet, certain: Bool) {
            for selection in set.selections {
                let included = included(selection.directives)
                if included == false { continue }
                let certain = certain && included != nil
                switch selection {
                case .field(let field):
                    let key = field.responseKey
                    if certain {
                        if fields[key] == nil { ordered.append(key) }
                        fields[key, default: []].append(field)
                    } else {
                        if undecided[key] == nil { undecidedOrder.append(key) }
                        undecided[key, default: []].append(field)
                    }
                case .inlineFragment(let fragment):
                    let decided = applies(fragment.typeCondition, runtimeType, staticType)
                    if decided == false { continue }
                    walk(fragment.selectionSet, certain: certain && decided == true)
                case .fragmentSpread(let spread):
                    guard let fragment = fragments[spread.name.value] else { continue }
                    let decided = applies(fragment.typeCondition, runtimeType, staticType)
                    if decided == false { continue }
                    // A fragment is walked once, or once more when it is met for certain after an uncertain
                    // spread (`...F @skip(if: $x)`, then `...G` that spreads `F`): its fields are then certain.
                    let certainHere = certain && decided == true
                    if let wasCertain = visited[spread.name.value], wasCertain || !certainHere { continue }
                    visited[spread.name.value] = certainHere
                    walk(fragment.selectionSet, certain: certainHere)
                }
            }
        }
        for set in selections { walk(set, certain: true) }
        let decided = Set(ordered)
        undecidedOrder.removeAll { decided.contains($0) }
        return Collected(ordered: ordered.map { ($0, fields[$0]!) }, fields: fields, undecidedFields: undecidedOrder.map { ($0, undecided[$0]!) })
    }

    /// Whether a type condition holds: nil when the object's type is not known.
    private func applies(_ condition: Name?, _ runtimeType: String?, _ staticType: String) -> Bool? {
        guard let condition = condition?.value, condition != staticType else { return true }
        guard let runtimeType else { return nil }
        return condition == runtimeType || schema.possibleTypes(of: condition).contains(runtimeType)
    }

    /// Whether `@include`/`@skip` keep a selection: nil when a variable they read is not given.
    private func included(_ directives: [Directive]) -> Bool? {
        var result = true
        for directive in directives where directive.name.value == "include" || directive.name.value == "skip" {
            guard let condition = directive.argument("if") else { return nil }
            let value: Bool?
            switch condition {
            case .boolean(let flag): value = flag
            case .variable(let name): value = variable(name.value)
            default: value = nil
            }
            guard let value else { return nil }
            if directive.name.value == "include" ? !value : value { result = false }
        }
        return result
    }
}
