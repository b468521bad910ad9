import GraphQLIndex
import SwiftAnalysis

/// What the flow's values evaluate to, and what reading a model gives: a non-null field its mock never set crashes
/// where it is read, so it is reported there.
extension FlowEvaluator {
    mutating func evaluate(_ value: FlowValue, expecting expected: MockObject?) -> Value {
        switch value {
        case .construction(let construction):
            return construct(construction, expecting: expected)
        case .decoded(let path, _):
            // `X.Data(data: json)`: a model of a response mockls does not read.
            guard let selectionSet = resolver.selectionSet(path) else { return .unknown }
            if recordsCoverage { coverage.unfollowed.append(selectionSet.definitionName) }
            return .opaque(selectionSet, isFragments: false)
        case .from(let path, let mock, let range, let variables):
            let argument = evaluate(mock, expecting: nil)
            let call = range.lowerBound..<max(range.upperBound, mock.range?.upperBound ?? 0)
            guard let selectionSet = resolver.selectionSet(path) else {
                noteUnbuilt(call, path.isEmpty
                    ? "`.from(_:)` takes its model's type from a declaration mockls does not read here"
                    : "`\(path.joined(separator: "."))` is no selection set Apollo generates for the project \(project.namespace)")
                return .unknown
            }
            guard case .mock(let instance) = argument else {
                noteUnbuilt(call, "its mock is " + described(mock, evaluated: argument))
                if recordsCoverage { coverage.unfollowed.append(selectionSet.definitionName) }
                return .opaque(selectionSet, isFragments: false)
            }
            let possible = schema.possibleTypes(of: selectionSet.parentType)
            guard possible.contains(instance.object.name) else {
                noteUnbuilt(call, "its mock is a `Mock<\(instance.object.swiftName)>`, of no possible type of `\(selectionSet.parentType)`")
                reportMismatch(of: instance, written: mock.range ?? range, in: selectionSet, possible: possible)
                return .unknown
            }
            var copies: [ObjectIdentifier: MockInstance] = [:]
            let model = Model(selectionSet: selectionSet, data: instance.snapshot(&copies), variables: variables)
            if helpersRunning.isEmpty { models.append((call, model)) }
            if recordsCoverage { coverage.reached.append(model) }
            return .model(model)
        case .response(let path, let mock, let range, let variables):
            // The model a test transport parses from the mock: what its response lacks, Apollo's parser rejects.
            registeredOperation = path.first
            let built = evaluate(.from(path: path, mock: mock, range: range, variables: variables), expecting: nil)
            registeredOperation = nil
            if case .model(let model) = built { reportMissingFields(of: model, registeredAt: range, variables: variables) }
            return built
        case .variable(let name, let range):
            // A name no scope declares may be a helper property of the workspace (`var cat: Mock<Cat> { … }`).
            return declared(name) ?? runHelper(HelperUse(name: name, isCall: false, range: range), expecting: expected)
        case .storedProperty(let name, let range):
            return scopes[0][name] ?? runHelper(HelperUse(name: name, isCall: false, range: range), expecting: expected)
        case .helper(let use):
            return runHelper(use, expecting: expected)
        case .member(let base, let name, let range):
            return member(name, of: evaluate(base, expecting: nil), at: range)
        case .element(let base, let position, _):
            return element(position, of: evaluate(base, expecting: nil))
        case .elements(let base, let method, _):
            return elements(method, of: evaluate(base, expecting: nil))
        case .list(let values):
            return .list(values.map { evaluate($0, expecting: expected) })
        case .closureCall(let call):
            return run(call)
        case .immediateClosure(let body, let result):
            scopes.append([:])
            run(body)
            let value = evaluate(result, expecting: expected)
            scopes.removeLast()
            return value
        case .coalesced(let value, let fallback):
            // The fallback runs only when the value is nil.
            let evaluated = evaluate(value, expecting: expected)
            if case .none = evaluated { return evaluate(fallback, expecting: expected) }
            return evaluated
        case .wrapped(let value, let member):
            return .wrapper(evaluate(value, expecting: nil), member: member)
        case .instance(let type, _):
            return .instance(type)
        case .null:
            return .none
        case .literal(let text):
            return .literal(text)
        case .other:
            return .unknown
        }
    }

    private mutating func noteUnbuilt(_ call: Range<Int>, _ reason: String) {
        if helpersRunning.isEmpty { unbuiltModels.append((call, reason)) }
    }

    /// What a mock argument that gave no mock is, for a message: where it comes from and why mockls does not follow it.
    private func described(_ value: FlowValue, evaluated: Value) -> String {
        let line = value.range.map { " (line \(file.lines.line(containing: $0.lowerBound) + 1))" } ?? ""
        switch value {
        case .variable(let name, _):
            if declared(name) == nil {
                return "`\(name)`\(line), which neither the function declares nor one helper of the workspace answers"
            }
            if scopes.count > 1, scopes[1...].allSatisfy({ $0[name] == nil }) {
                return "the stored property `\(name)`\(line), set where mockls does not follow it (not in its declaration, `setUp` or `init()`)"
            }
            return "`\(name)`\(line), a value mockls does not follow"
        case .storedProperty(let name, _):
            return "the stored property `\(name)`\(line), set where mockls does not follow it (not in its declaration, `setUp` or `init()`)"
        case .helper(let use):
            let shown = (use.owner.map { $0 + "." } ?? "") + use.name + (use.isCall ? "()" : "")
            return "`\(shown)`\(line), which no one helper of the workspace answers as mockls can follow (none or several of that name, a fixture some code changes, or a body that returns more than one value)"
        case .construction:
            return "a mock of a type Apollo generates no mock for\(line)"
        case .null:
            return "`nil`"
        default:
            if case .mock = evaluated { return "a mock" }
            return "a value mockls does not follow\(line)"
        }
    }

    /// `base.name` on what `base` evaluated to.
    private mutating func member(_ name: String, of base: Value, at range: Range<Int>) -> Value {
        switch base {
        case .model(let model): return read(name, of: model, at: range)
        case .fragments(let model): return fragment(name, of: model)
        case .opaque(let selectionSet, let isFragments): return opaqueRead(name, of: selectionSet, isFragments: isFragments)
        case .mock(let instance): return mockRead(name, of: instance)
        case .instance(let type): return declaredValue(of: name, ofType: type)
        case .wrapper(let value, let member): return name == member ? value : .unknown
        case .oneOf(let values): return anyOf(values) { evaluator, value in evaluator.member(name, of: value, at: range) }
        case .list, .literal, .none, .unknown: return .unknown
        }
    }

    private func element(_ position: ElementPosition, of base: Value) -> Value {
        switch base {
        case .list(let values):
            switch position {
            case .first: return values.first ?? .none
            case .last: return values.last ?? .none
            case .index(let index): return values.indices.contains(index) ? values[index] : .unknown
            case .unknown: return .either(values)
            }
        case .oneOf(let values):
            return .either(values.map { element(position, of: $0) })
        default:
            return .unknown
        }
    }

    /// `xs.randomElement()`, `xs.reversed()`, `xs.prefix(2)`…: an element, or some elements, of a list.
    private func elements(_ method: String, of base: Value) -> Value {
        guard case .list(let values) = base else { return .unknown }
        switch method {
        case "randomElement": return values.isEmpty ? .none : .either(values)
        case "reversed": return .list(values.reversed())
        case "shuffled": return .list(Array(repeating: .either(values), count: values.count))
        default: return .unknown  // how many are kept depends on arguments mockls does not read
        }
    }

    /// `mock.field`: never crashes (dynamic members are optional); gives the mock or list the field holds.
    private func mockRead(_ name: String, of instance: MockInstance) -> Value {
        guard !instance.escaped, let field = resolver.field(name, of: instance.object) else { return .unknown }
        guard let slot = slotValue(field, of: instance) else { return .none }
        return value(of: slot, selectionSet: nil, variables: .none)
    }

    /// What a mock holds for a field, with a placeholder factory's deep defaults filled in when first read.
    private func slotValue(_ field: MockField, of instance: MockInstance) -> Slot? {
        if let slot = instance.slots[field.key] { return slot }
        guard case .placeholder = instance.origin, field.isNonNull else { return nil }
        let filled: Slot
        switch field.setter {
        case .scalar: filled = .scalar(.unknown)
        case .list, .scalarList: filled = .list([])
        case .entity:
            guard let object = schema.possibleTypes(of: field.graphqlType.namedType.value).first.flatMap({ resolver.object(named: $0) }) else {
                return .unknown
            }
            let child = MockInstance(object: object, origin: .placeholder, builtAt: instance.builtAt)
            child.madeBy = instance.madeBy
            filled = .mock(child)
        }
        instance.slots[field.key] = filled
        return filled
    }

    private func value(of slot: Slot, selectionSet path: String?, variables: GivenVariables) -> Value {
        switch slot {
        case .unknown:
            // Set to something mockls does not follow: a model of its type all the same.
            return path.flatMap { resolver.selectionSet(at: $0) }.map { .opaque($0, isFragments: false) } ?? .unknown
        // A scalar set to a literal reads as it (what a search's predicate compares).
        case .scalar(.literal(let text)): return .literal(text)
        case .scalar(.written(let range)):
            // Written as a literal in this file: its bytes are its text.
            guard range.upperBound <= file.lines.bytes.count else { return .unknown }
            return .literal(String(decoding: file.lines.bytes[range], as: UTF8.self))
        case .scalar, .null: return .unknown
        case .mock(let instance):
            guard let path else { return .mock(instance) }
            guard let nested = resolver.selectionSet(at: path) else { return .unknown }
            return .model(Model(selectionSet: nested, data: instance, variables: variables))
        case .list(let slots): return .list(slots.map { value(of: $0, selectionSet: path, variables: variables) })
        }
    }

    /// `model.name`: a field, a type case or `fragments`; reports a non-null field the mock never set.
    private mutating func read(_ name: String, of model: Model, at range: Range<Int>) -> Value {
        let selectionSet = model.selectionSet
        if name == "fragments", !selectionSet.fragmentAccessors.isEmpty { return .fragments(model) }
        if let inline = selectionSet.inlineFragments.first(where: { $0.accessor == name }) {
            guard let typeCase = resolver.selectionSet(at: inline.path) else { return .unknown }
            if typeCase.inlineFragmentKind != .typeCase {
                // `asCatIfGetCat`, `ifNotSkipHeightInMeters`: there when the variables include it (and the type matches).
                switch typeCase.inclusion?.evaluate(model.variables.condition) {
                case false?: return .none
                case true?: break
                case nil: return .unknown
                }
            }
            let object = model.data.object.name
            let matches = schema.possibleTypes(of: typeCase.parentType).contains(object)
            return matches ? .model(Model(selectionSet: typeCase, data: model.data, variables: model.variables)) : .none
        }
        guard let field = resolver.field(name, of: selectionSet) else { return .unknown }
        if recordsCoverage { coverage.reads.append((.init(selectionSet), field.key, model.data.object.name)) }
        // Under `@include`/`@skip`: the variables `from` was given decide it, as Apollo's executor does. Left out, it
        // reads nil; included, its accessor is optional all the same, so unset it reads nil too (no crash), and what
        // it holds is read on. A condition on a value not known leaves it known by its type.
        var included = false
        if field.isConditional {
            switch field.inclusion?.evaluate(model.variables.condition) {
            case false?: return .none
            case true?: included = true
            case nil: return opaqueValue(of: field)
            }
        }
        // From a mock handed away: what it holds is not known, its type is.
        guard !model.data.escaped, !model.data.mayBeNil else { return opaqueValue(of: field) }
        guard let mockField = model.data.object.field(field.key) else { return .unknown }
        guard let slot = slotValue(mockField, of: model.data) else {
            if field.graphqlType.isNonNull, !included { reportUnset(field, mockField, in: model, at: range) }
            return .none
        }
        return value(of: slot, selectionSet: field.selectionSet, variables: model.variables)
    }

    /// `model.name` on a model whose data is not known (`Value.opaque`): the read is recorded, and what it gives is
    /// known by its type only.
    private mutating func opaqueRead(_ name: String, of selectionSet: GeneratedSelectionSet, isFragments: Bool) -> Value {
        if isFragments {
            guard let spread = selectionSet.fragmentAccessors.first(where: { $0.accessor == name }),
                let fragment = resolver.selectionSet(at: spread.fragment)
            else { return .unknown }
            return .opaque(fragment, isFragments: false)
        }
        if name == "fragments", !selectionSet.fragmentAccessors.isEmpty { return .opaque(selectionSet, isFragments: true) }
        if let inline = selectionSet.inlineFragments.first(where: { $0.accessor == name }) {
            return resolver.selectionSet(at: inline.path).map { .opaque($0, isFragments: false) } ?? .unknown
        }
        guard let field = resolver.field(name, of: selectionSet) else { return .unknown }
        if recordsCoverage { coverage.reads.append((.init(selectionSet), field.key, nil)) }
        return opaqueValue(of: field)
    }

    /// `viewModel.character` on an instance of a type the workspace declares: a model of the property's declared
    /// type, whose data is not known (the type's own code sets it), or an instance of another such type.
    private func declaredValue(of name: String, ofType type: String) -> Value {
        guard let declared = resolver.helpers.declaredProperty(name, ofType: type, in: file), declared.isContextFree else { return .unknown }
        return value(declaredAs: declared)
    }

    private func value(declaredAs declared: WrittenExpression) -> Value {
        switch declared {
        case .selectionSet(let path):
            // A type of the workspace's own (`var state: State`): an instance of it.
            guard let selectionSet = resolver.selectionSet(path) else { return path.last.map { .instance($0) } ?? .unknown }
            return .opaque(selectionSet, isFragments: false)
        case .list(let element):
            return .list([value(declaredAs: element)])
        default:
            return .unknown
        }
    }

    /// A field's value when only its type is known: a model of its selection set (a list of one for a list), else unknown.
    private func opaqueValue(of field: GeneratedSelectionSet.Field) -> Value {
        guard let nested = field.selectionSet.flatMap({ resolver.selectionSet(at: $0) }) else { return .unknown }
        let model = Value.opaque(nested, isFragments: false)
        return field.graphqlType.isList ? .list([model]) : model
    }

    private func fragment(_ accessor: String, of model: Model) -> Value {
        guard let spread = model.selectionSet.fragmentAccessors.first(where: { $0.accessor == accessor }),
            let fragment = resolver.selectionSet(at: spread.fragment)
        else { return .unknown }
        if spread.isOptional {
            // `...HeightInMeters @skip(if: $skipHeightInMeters)`: there when the variables include it.
            switch spread.inclusion?.evaluate(model.variables.condition) {
            case false?: return .none
            case true?: break
            case nil: return .unknown
            }
        }
        return .model(Model(selectionSet: fragment, data: model.data, variables: model.variables))
    }

    /// The empty initializer as the test writes it: `Mock<Book>()`, or `.init()` / `Mock()` where the type comes from
    /// the context.
    private func writtenEmptyInitializer(_ data: MockInstance) -> String {
        let standard = "Mock<\(data.object.swiftName)>()"
        guard let construction = data.construction, construction.type == nil, data.madeBy == nil,
            construction.range.upperBound <= file.lines.bytes.count, construction.range.count <= 40
        else { return standard }
        let written = String(decoding: file.lines.bytes[construction.range], as: UTF8.self)
        return written.contains("\n") ? standard : written
    }

    /// The non-null fields the response a test transport makes of `model` lacks (`MockResponse.missingFields`), in
    /// one warning at the registration with a fix for each: the fetch fails with Apollo's `missingValue`, as it
    /// would for a server's response without them.
    /// `incomplete-response` at a registration whose mock (at `range`) leaves out fields the operation selects under
    /// its `variables`: fixes that set each, and one that replaces the mock with the whole response (`OperationFill`).
    private mutating func reportMissingFields(of model: Model, registeredAt range: Range<Int>, variables: GivenVariables) {
        let missing = MockResponse.missingFields(of: model, file: file, project: project)
        guard let first = missing.first else { return }
        let operation = model.selectionSet.path.split(separator: ".").first.map(String.init) ?? model.selectionSet.path
        let shown = missing.prefix(4).map { "`\($0.path)` (`\($0.type)`)" }
        let fields = shown.count == 1 ? shown[0]
            : shown.dropLast().joined(separator: ", ") + (missing.count > 4 ? ", " + shown.last! + " and \(missing.count - 4) more" : " and " + shown.last!)
        var settings = missing.compactMap { missing in
            resolver.field(missing.name, of: missing.mock.object).flatMap { fixes.setField($0, on: missing.mock) }
        }
        if let fill = RegistrationActions.wholeResponse(
            of: operation, replacing: range, in: file.lines, variables: variables.literals, project: project)
        {
            settings.append(fill)
        }
        report(.warning, .incompleteResponse,
            "the response to `\(operation)` lacks \(fields): Apollo rejects it (missingValue) and the fetch fails — \(unsetReason(first.mock))",
            at: range, lineOf: first.mock.builtAt, fixes: settings)
    }

    /// Why a mock leaves fields unset, with `{line}` for the line it was built on.
    private func unsetReason(_ data: MockInstance) -> String {
        switch data.origin {
        case .emptyInitializer:
            "`\(writtenEmptyInitializer(data))` (line {line}) calls the designated initializer, which sets no fields"
        case .shallowDefault(let parent, let parentField):
            "the `Mock<\(parent)>` built at line {line} defaults `\(parentField)` to an empty `Mock<\(data.object.swiftName)>()`"
        case .legacyInitializer:
            "the mock built at line {line} was generated before Apollo iOS 1.23, so only the fields the test passes or assigns are set"
        case .initializer, .placeholder:
            "the mock built at line {line} leaves it unset"
        }
    }

    private mutating func reportUnset(
        _ field: GeneratedSelectionSet.Field, _ mockField: MockField, in model: Model, at range: Range<Int>
    ) {
        let data = model.data
        let why = unsetReason(data)
        let kind = field.selectionSet == nil ? "" : field.graphqlType.isList ? " (a list of entities)" : " (an entity)"
        if let helper = data.madeBy {
            // Built by a helper, perhaps in another file: named, with no line and no fix here.
            let how: String
            switch data.origin {
            case .emptyInitializer: how = "builds it with `Mock<\(data.object.swiftName)>()`, which sets no fields"
            case .shallowDefault(let parent, let parentField):
                how = "builds a `Mock<\(parent)>` whose `\(parentField)` defaults to an empty `Mock<\(data.object.swiftName)>()`"
            case .legacyInitializer: how = "builds it with a mock generated before Apollo iOS 1.23, which sets only what it is given"
            case .initializer, .placeholder: how = "leaves it unset"
            }
            report(.warning, .unsetFieldRead,
                "reading `\(field.key)`\(kind) crashes: it is non-null in `\(model.selectionSet.path)`, but the `\(data.object.swiftName)` mock never sets it — `\(helper)` \(how)",
                at: range)
            return
        }
        report(.warning, .unsetFieldRead,
            "reading `\(field.key)`\(kind) crashes: it is non-null in `\(model.selectionSet.path)`, but the `\(data.object.swiftName)` mock never sets it — \(why)",
            at: range, lineOf: data.builtAt, fixes: fixes.setField(mockField, on: data).map { [$0] } ?? [])
    }
}
