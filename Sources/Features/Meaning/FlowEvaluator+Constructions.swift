import GraphQLIndex
import SwiftAnalysis

/// How the mocks a flow builds come to hold what they hold: a construction's defaults and arguments, and the
/// assignments that set a field later, each value checked against its field the same way.
extension FlowEvaluator {
    // MARK: Constructions

    /// `expecting`: the mock type the context gives a `.init(…)` or `Mock(…)`.
    mutating func construct(_ construction: MockConstruction, expecting expected: MockObject?) -> Value {
        let object: MockObject
        if let written = construction.type {
            guard !ownMockObjects.contains(written.name), project.format.generatesMocks, let found = resolver.object(swiftName: written.name) else {
                checkMockType(written, at: construction.typeRange ?? construction.range)
                return .unknown
            }
            object = found
        } else if let expected {
            object = expected
        } else {
            return .unknown
        }
        let origin: MockOrigin
        switch construction.kind {
        case .placeholder: origin = .placeholder
        case .initializer where construction.arguments.isEmpty: origin = .emptyInitializer
        case .initializer: origin = model.format.parametersHaveDefaults ? .initializer : .legacyInitializer
        }
        let instance = MockInstance(object: object, origin: origin, builtAt: construction.range.lowerBound)
        instance.madeBy = helpersRunning.last
        instance.construction = construction
        if construction.kind == .initializer, !construction.arguments.isEmpty, model.format.parametersHaveDefaults {
            for field in object.fields where field.isNonNull {
                let slot = defaultSlot(field, of: object, at: construction)
                if case .mock(let child) = slot { child.defaultOf = (construction, object, field) }
                instance.slots[field.key] = slot
            }
        }
        for argument in construction.arguments {
            guard let field = field(argument.label, of: object, at: argument.labelRange) else {
                _ = evaluate(argument.value, expecting: nil)
                continue
            }
            instance.slots[field.key] = slot(
                argument.value, for: field, at: argument.labelRange, written: writtenValue(after: UInt8(ascii: ":"), in: argument.labelRange.upperBound..<argument.range.upperBound))
            instance.namedFields.append(field)
        }
        return .mock(instance)
    }

    /// Apollo ≥ 1.23's default for a non-null field: shallow, so an object is an empty mock.
    private func defaultSlot(_ field: MockField, of parent: MockObject, at construction: MockConstruction) -> Slot {
        switch field.setter {
        case .scalar: return .scalar(.apolloDefault)
        case .list, .scalarList: return .list([])
        case .entity:
            let named = field.graphqlType.namedType.value
            guard let object = schema.possibleTypes(of: named).first.flatMap({ resolver.object(named: $0) }) else { return .unknown }
            let child = MockInstance(
                object: object, origin: .shallowDefault(parent: parent.swiftName, field: field.property),
                builtAt: construction.range.lowerBound)
            child.madeBy = helpersRunning.last
            return .mock(child)
        }
    }

    /// The mock field `label` names, or an `unknown-mock-field` diagnostic.
    private mutating func field(_ label: String, of object: MockObject, at range: Range<Int>) -> MockField? {
        if let field = resolver.field(label, of: object) { return field }
        let bare = label.hasPrefix("`") ? String(label.dropFirst().dropLast()) : label
        var message = "`Mock<\(object.swiftName)>` has no field `\(bare)`"
        var rename: [Diagnostic.Fix] = []
        if let field = object.field(bare) {
            // The response key, which capitalization rules (`additionalCapitalizationRules`) name otherwise.
            message += ": the project's capitalization rules name the field `\(field.property)`"
            rename = [Diagnostic.Fix(title: "Change to `\(field.property)`", range: range, text: field.property, isPreferred: true)]
        } else if schema[object.name]?.field(bare) != nil {
            message += ": `\(object.name).\(bare)` is in the schema, but no operation or fragment selects it, so Apollo generates no mock field for it"
        } else if let closest = closestName(to: bare, among: object.fields.map { ValueResolver.unquoted($0.property) }),
            let field = resolver.field(closest, of: object)
        {
            message += "; did you mean `\(closest)`?"
            rename = [Diagnostic.Fix(title: "Change to `\(field.property)`", range: range, text: field.property, isPreferred: true)]
        }
        report(.error, .unknownMockField, message, at: range, fixes: rename)
        return nil
    }

    /// What a field holds once `value` is passed or assigned to it, checking the mock types against the field.
    /// `written`: the bytes of the value's expression, for a scalar field.
    private mutating func slot(_ value: FlowValue, for field: MockField, at range: Range<Int>, written: Range<Int>? = nil) -> Slot? {
        let expected = expectedObject(of: field)
        let evaluated = evaluate(value, expecting: expected)
        checkFits(evaluated, field: field, at: value.range ?? range)
        if case .null = value { return nil }
        // `nil` reached through a name (a factory's `rating: Double? = nil`): unset, as a written `nil` is.
        if case .none = evaluated { return nil }
        // A literal reached through a name (a factory's default value, a constant): its text.
        if field.setter == .scalar, case .literal(let text) = evaluated {
            if case .literal = value, helpersRunning.isEmpty, let written { return .scalar(.written(written)) }
            return .scalar(.literal(text))
        }
        // A value written in a helper is in the helper's file: not read.
        if field.setter == .scalar || field.setter == .scalarList, helpersRunning.isEmpty, let written {
            if field.setter == .scalar { return .scalar(.written(written)) }
            if case .list = value { return writtenSlot(written) }
        }
        return slot(evaluated, isEntity: field.setter == .entity || field.setter == .list)
    }

    private func slot(_ value: Value, isEntity: Bool) -> Slot {
        switch value {
        case .mock(let instance): return .mock(instance)
        case .list(let values): return .list(values.map { slot($0, isEntity: isEntity) })
        case .none: return .null
        case .literal(let text): return isEntity ? .unknown : .scalar(.literal(text))
        case .unknown, .model, .fragments, .opaque, .oneOf, .wrapper, .instance: return isEntity ? .unknown : .scalar(.unknown)
        }
    }

    /// The bytes of the expression after the first `separator` (`:` of an argument, `=` of an assignment) in `range`,
    /// without surrounding whitespace.
    private func writtenValue(after separator: UInt8, in range: Range<Int>) -> Range<Int>? {
        let bytes = file.lines.bytes
        guard range.lowerBound >= 0, range.upperBound <= bytes.count, range.lowerBound < range.upperBound,
            let at = bytes[range].firstIndex(of: separator)
        else { return nil }
        // `=` alone, not `+=` or `==`.
        if separator == UInt8(ascii: "="), at > range.lowerBound, Array("+-*/%&|^<>!=".utf8).contains(bytes[at - 1])
            || (at + 1 < bytes.count && bytes[at + 1] == separator)
        {
            return nil
        }
        var start = at + 1
        var end = range.upperBound
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 || bytes[start] == 0x0A { start += 1 }
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 || bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
        return start < end ? start..<end : nil
    }

    /// A scalar list's value as written: an array literal's elements (lists of lists too), each by its bytes.
    private func writtenSlot(_ range: Range<Int>) -> Slot {
        guard let elements = ScalarLiteral.elements(of: file.lines.bytes, in: range) else { return .scalar(.written(range)) }
        return .list(elements.map(writtenSlot))
    }

    /// The object a `.init(…)` passed to `field` builds: its type when it is an object.
    private func expectedObject(of field: MockField) -> MockObject? {
        // A scalar's type is no object: not looked up (every argument of every mock comes here).
        guard field.setter == .entity || field.setter == .list else { return nil }
        return resolver.object(named: field.graphqlType.namedType.value)  // nil unless it names an object with a mock
    }

    // MARK: Assignments

    mutating func assign(_ value: FlowValue, to target: FlowValue, statement assignedValue: Range<Int>? = nil) {
        switch target {
        case .variable(let name, _):
            let evaluated = evaluate(value, expecting: nil)
            for index in scopes.indices.dropFirst().reversed() where scopes[index][name] != nil {
                // Rebinding a variable of an enclosing block from inside a branch or loop: which value it holds
                // afterwards depends on the run, so it holds nothing mockls judges.
                scopes[index][name] = index == scopes.count - 1 ? evaluated : .unknown
                return
            }
            // A stored property: `setUp` fills it for the tests; a test that stores a mock hands it over.
            if !inPreamble { escape(evaluated) }
            scopes[0][name] = evaluated
        case .member(let base, let name, let range):
            let evaluatedBase = evaluate(base, expecting: nil)
            guard case .mock(let instance) = evaluatedBase else {
                // Stored somewhere mockls does not follow; `viewModel.character = .from(mock)` builds a model of the
                // property's declared type first.
                var value = value
                if case .instance(let type) = evaluatedBase, case .from(let path, let mock, let range, let variables) = value, path.isEmpty,
                    case .selectionSet(let declared)? = resolver.helpers.declaredProperty(name, ofType: type, in: file)
                {
                    value = .from(path: declared, mock: mock, range: range, variables: variables)
                }
                escape(evaluate(value, expecting: nil))
                return
            }
            guard let field = field(name, of: instance.object, at: range) else {
                _ = evaluate(value, expecting: nil)
                return
            }
            instance.slots[field.key] = slot(value, for: field, at: range, written: assignedValue.flatMap { writtenValue(after: UInt8(ascii: "="), in: range.upperBound..<$0.upperBound) })
            instance.namedFields.append(field)
        default:
            _ = evaluate(value, expecting: nil)
        }
    }
}
