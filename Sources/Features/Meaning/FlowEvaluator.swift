import GraphQLIndex
import SwiftAnalysis
import Synchronization

/// Runs one function's flow (`SwiftAnalysis.MockFlow`) against the project: mock instances are built, set and
/// passed as the test does, snapshots taken by `from(_:)`, and every read of a model checked against what its mock
/// set. Reports into `diagnostics`; `MockDiagnostics` caches what it found per function.
struct FlowEvaluator {
    let file: SwiftTestFile
    let project: ProjectIndex
    var options = FixOptions()
    private(set) var diagnostics: [PendingDiagnostic] = []
    /// The function being followed: offsets inside it move with it.
    private var functionRange: Range<Int> = 0..<0
    /// Names in scope, innermost last; the first scope holds the class's stored properties and `setUp`.
    private var scopes: [[String: Value]] = [[:]]
    private var resolver: ValueResolver
    private var model: MockModel { project.mockModel }
    private var schema: Schema { project.schema }
    private var fixes: FixWriter { FixWriter(file: file, project: project, options: options, function: functionRange) }

    /// The helpers of the workspace that return mocks or models, by name (`ModelHelper`).
    private let helpers: [String: [ModelHelper]]
    /// The helpers being run, innermost last: what they report is theirs, not the test's.
    private var helpersRunning: [String] = []

    /// Stored fixtures some code changes: unknown (`WorkspaceHelpers.mutatedFixtures`).
    private let mutatedFixtures: Set<String>
    /// The `MockObject` classes the file declares itself: their mocks are not Apollo's (`SwiftTestFile.ownMockObjects`).
    private let ownMockObjects: Set<String>
    /// Every helper name looked up, found or not: what the result depends on besides the function's text.
    private(set) var helperNamesLookedUp: Set<String> = []
    /// The models `from(_:)` built in the function itself, by the bytes of the call, with the literals of its
    /// `withVariables:` (`MockResponse` reads them).
    private(set) var models: [(range: Range<Int>, model: Model, variables: [String: String])] = []
    /// The `from(_:)` calls of the function itself that built no model mockls knows, by the bytes of the call, with
    /// what it met instead (`MockResponse` says it).
    private(set) var unbuiltModels: [(range: Range<Int>, reason: String)] = []
    /// Whether to record what the function does with the selections of operations and fragments (`SelectionCoverage`).
    var recordsCoverage = false
    private(set) var coverage = CoverageEvents()

    init(
        file: SwiftTestFile, project: ProjectIndex, options: FixOptions = FixOptions(), helpers: [ModelHelper] = [],
        mutatedFixtures: Set<String> = [], ownMockObjects: Set<String> = []
    ) {
        self.file = file
        self.project = project
        self.options = options
        self.helpers = Dictionary(grouping: helpers, by: \.name)
        self.mutatedFixtures = mutatedFixtures
        self.ownMockObjects = ownMockObjects
        resolver = ValueResolver(file: file, project: project)
    }

    /// Running the class's stored properties and `setUp`.
    private var inPreamble = false
    /// How many times the innermost loop being run has its body run in all, counting the loops around it.
    private var loopRuns = 1
    /// A loop over a known list runs its body for at most this many elements…
    private static let elementsPerLoop = 16
    /// …and loops nested in it follow their elements only while all of them together run a body at most this often.
    private static let loopRunBudget = 256
    /// False inside a loop that follows only some elements of its list: what it reports there gets no fixes.
    private var fixesAreWhole = true

    mutating func run(_ flow: MockFlow) {
        functionRange = flow.range
        inPreamble = true
        run(flow.preamble)
        inPreamble = false
        scopes.append([:])
        run(flow.body)
    }

    private mutating func run(_ statements: [FlowStatement]) {
        for statement in statements { run(statement) }
    }

    private mutating func run(_ statement: FlowStatement) {
        switch statement {
        case .bind(let name, let annotation, let value, let range):
            let expected = annotation.flatMap { model.object(swiftName: $0.name) }
            let evaluated = evaluate(value, expecting: expected)
            if case .mock(let instance) = evaluated, instance.binding == nil { instance.binding = (name, range) }
            scopes[scopes.count - 1][name] = evaluated
        case .assign(let target, let value, let range):
            assign(value, to: target, statement: range)
            // `dog.id = "1"`: a fix that sets another field of `dog` goes after this line.
            if case .member(.variable(let name, _), _, _) = target, case .mock(let instance) = lookup(name),
                let binding = instance.binding, binding.name == name, range.upperBound > binding.lastStatement.upperBound
            {
                instance.binding = (name, range)
            }
        case .read(let value):
            let evaluated = evaluate(value, expecting: nil)
            // `render(X.from(mock))`: the model goes where mockls does not follow.
            if recordsCoverage, case .from = value, case .model(let model) = evaluated { coverage.unfollowed.append(model.selectionSet) }
        case .escape(let name, _):
            escape(lookup(name))
        case .opaqueCall:
            for value in scopes[0].values { escape(value) }
        case .scope(let statements):
            scopes.append([:])
            run(statements)
            scopes.removeLast()
        case .loop(let name, let sequence, let body):
            _ = runPerElement(of: evaluate(sequence, expecting: nil), parameters: [name], body: body, result: nil)
        case .typeMention(let type, let range):
            checkMockType(type, at: range)
        }
    }

    /// Runs `body` once per element of `sequence` with the element as each of `parameters` (a `for` loop, a
    /// parameterized test, `forEach`, `map`), and gives what `result` is after each run, and whether those are all the
    /// runs: the elements of a known list (`onlyElement`: the one a search certainly reaches), else one run with an
    /// element nothing is known about (not known then). A body runs
    /// once per element of a known list, so nested loops multiply: past the budget the body runs once with an unknown
    /// element (silent), keeping evaluation linear in the function.
    private mutating func runPerElement(
        of evaluated: Value, parameters: [String?], body: [FlowStatement], result: FlowValue?, onlyElement: Int? = nil
    ) -> (results: [Value], known: Bool) {
        let elements: [Value]
        var truncated = false
        var known = false
        var empty = false
        if case .list(let values) = evaluated, values.isEmpty {
            // Never runs; read once all the same, for what is wrong whatever the elements (a misspelled mock type).
            (elements, known, empty) = ([.unknown], true, true)
        } else if case .list(let values) = evaluated, let only = onlyElement {
            // A search runs on the element at its end for certain, on the others perhaps.
            elements = [values[only < 0 ? values.count - 1 : only]]
        } else if case .list(let values) = evaluated, loopRuns * min(values.count, Self.elementsPerLoop) <= Self.loopRunBudget {
            elements = Array(values.prefix(Self.elementsPerLoop))
            truncated = values.count > elements.count
            known = !truncated
        } else {
            elements = [.unknown]
        }
        let enclosing = (loopRuns, fixesAreWhole)
        loopRuns *= max(1, elements.count)
        // A fix that sets a field on the elements followed would leave the others unset.
        if truncated { fixesAreWhole = false }
        var results: [Value] = []
        for element in elements {
            var scope: [String: Value] = [:]
            for case let name? in parameters { scope[name] = element }
            scopes.append(scope)
            run(body)
            if let result { results.append(evaluate(result, expecting: nil)) }
            scopes.removeLast()
        }
        (loopRuns, fixesAreWhole) = enclosing
        return (empty ? [] : results, known)
    }

    /// `xs.map { … }`, `optional.map(\.name)`, `xs.first(where: …)`…: runs the closure as its method does
    /// (`ValuePassing.ClosureMethod`), and gives what the call gives.
    private mutating func run(_ call: ClosureCall) -> Value {
        let sequence = evaluate(call.sequence, expecting: nil)
        guard case .list(let values) = sequence else {
            // An optional (or a value mockls does not know to be a list): `map`/`flatMap` run once on what it holds.
            switch sequence {
            case .none:
                return .none
            case .unknown:
                let ran = runPerElement(of: .unknown, parameters: call.parameters, body: call.body, result: call.result)
                // `name.map { Mock<Human>(firstName: $0) }`: the mock is there when `name` is, which mockls does not
                // know; its fields count as set, what is read from it is not judged.
                guard case .transform(dropsNil: false, flattens: false) = call.method, case .mock(let instance)? = ran.results.first else {
                    return .unknown
                }
                var visited: Set<ObjectIdentifier> = []
                instance.markMayBeNil(&visited)
                return .mock(instance)
            default:
                guard case .transform = call.method else {
                    _ = runPerElement(of: .unknown, parameters: call.parameters, body: call.body, result: nil)
                    return .unknown
                }
                scopes.append(Dictionary(call.parameters.compactMap { $0 }.map { ($0, sequence) }, uniquingKeysWith: { a, _ in a }))
                run(call.body)
                let result = evaluate(call.result, expecting: nil)
                scopes.removeLast()
                return result
            }
        }
        switch call.method {
        case .transform(let dropsNil, let flattens):
            let (results, known) = runPerElement(of: sequence, parameters: [call.elementParameter], body: call.body, result: call.result)
            guard known else { return .unknown }
            if flattens {
                var flat: [Value] = []
                for result in results {
                    guard case .list(let elements) = result else { return .unknown }
                    flat += elements
                }
                return .list(flat)
            }
            if dropsNil {
                if results.contains(where: { if case .unknown = $0 { true } else { false } }) { return .unknown }
                return .list(results.filter { if case .none = $0 { false } else { true } })
            }
            return .list(results)
        case .each:
            // `filter` keeps some of the elements: which ones depends on the run, so they are not followed.
            _ = runPerElement(of: sequence, parameters: [call.elementParameter], body: call.body, result: nil)
            return .unknown
        case .accumulate:
            var parameters = call.parameters
            if parameters.count == 2 { parameters[0] = nil }
            _ = runPerElement(of: sequence, parameters: parameters, body: call.body, result: nil)
            return .unknown
        case .search(let fromEnd, let givesElement):
            if !values.isEmpty {
                _ = runPerElement(of: sequence, parameters: [call.elementParameter], body: call.body, result: nil, onlyElement: fromEnd ? -1 : 0)
            }
            return givesElement ? .either(values) : .unknown
        case .compare(let givesElement):
            // Two elements or more are all compared, each in one of the parameters: one of the elements in each.
            if values.count >= 2 {
                scopes.append(Dictionary(call.parameters.compactMap { $0 }.map { ($0, Value.either(values)) }, uniquingKeysWith: { a, _ in a }))
                run(call.body)
                scopes.removeLast()
            }
            return givesElement ? .either(values) : .list(Array(repeating: .either(values), count: values.count))
        }
    }

    private func lookup(_ name: String) -> Value {
        declared(name) ?? .unknown
    }

    private func declared(_ name: String) -> Value? {
        for scope in scopes.reversed() { if let value = scope[name] { return value } }
        return nil
    }

    /// What the one helper `use` names returns, run in a scope of its own that holds only its parameters (it sees
    /// nothing else of the test): its arguments are evaluated here first, then its defaults for those left out.
    /// Unknown when no helper or several fit (by name, owner and arguments), a stored fixture is changed somewhere,
    /// or helpers call each other too deep or in a circle; then the values passed to it escape.
    private mutating func runHelper(_ use: HelperUse, expecting expected: MockObject?) -> Value {
        helperNamesLookedUp.insert(use.name)
        let arguments = use.arguments.map { evaluate($0.value, expecting: nil) }
        let owner = use.owner ?? (use.isImplicitMember ? expected?.swiftName : nil)
        let candidates = (helpers[use.name] ?? []).compactMap { helper -> (ModelHelper, [HelperUse.Argument?])? in
            guard (helper.kind == .function) == use.isCall, owner == nil || helper.owner == owner,
                !use.isImplicitMember || owner != nil, let bound = helper.bind(use.arguments)
            else { return nil }
            return (helper, bound)
        }
        let shown = use.isCall ? use.name + "()" : use.name
        guard candidates.count == 1, let (helper, bound) = candidates.first, helpersRunning.count < 4, !helpersRunning.contains(shown),
            !(helper.isStored && mutatedFixtures.contains(helper.name))
        else {
            for argument in arguments { escape(argument) }
            return .unknown
        }
        helpersRunning.append(shown)
        let saved = (scopes, loopRuns, fixesAreWhole)
        scopes = [[:], [:]]
        for (index, parameter) in helper.parameters.enumerated() {
            let expected = parameter.mockType.flatMap { model.object(swiftName: $0.name) }
            if bound[index] != nil, let position = use.arguments.indices.first(where: { use.arguments[$0] == bound[index] }) {
                scopes[1][parameter.name] = arguments[position]
            } else if let defaultValue = parameter.defaultValue {
                scopes[1][parameter.name] = evaluate(defaultValue, expecting: expected)
            }
        }
        run(helper.body)
        let value = evaluate(helper.result, expecting: helper.returnedMock.flatMap { model.object(swiftName: $0.name) })
        (scopes, loopRuns, fixesAreWhole) = saved
        helpersRunning.removeLast()
        return value
    }

    private mutating func escape(_ value: Value) {
        var visited: Set<ObjectIdentifier> = []
        switch value {
        case .mock(let instance): instance.markEscaped(&visited)
        case .list(let values), .oneOf(let values): for value in values { escape(value) }
        case .wrapper(let value, _): escape(value)
        case .model(let model), .fragments(let model): if recordsCoverage { coverage.unfollowed.append(model.selectionSet) }
        case .opaque(let selectionSet, _): if recordsCoverage { coverage.unfollowed.append(selectionSet) }
        case .none, .literal, .unknown: break
        }
    }

    // MARK: Constructions

    /// `expecting`: the mock type the context gives a `.init(…)` or `Mock(…)`.
    private mutating func construct(_ construction: MockConstruction, expecting expected: MockObject?) -> Value {
        let object: MockObject
        if let written = construction.type {
            guard !ownMockObjects.contains(written.name), let found = model.object(swiftName: written.name) else {
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
            guard let object = schema.possibleTypes(of: named).first.flatMap({ model.object($0) }) else { return .unknown }
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
        case .unknown, .model, .fragments, .opaque, .oneOf, .wrapper: return isEntity ? .unknown : .scalar(.unknown)
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
        guard let type = schema[field.graphqlType.namedType.value], type.kind == .object else { return nil }
        return model.object(type.name)
    }

    /// `mock-type-mismatch` for a mock given to a field of another type.
    private mutating func checkFits(_ value: Value, field: MockField, at range: Range<Int>) {
        let named = field.graphqlType.namedType.value
        let possible = schema.possibleTypes(of: named)
        func check(_ value: Value) {
            switch value {
            case .mock(let instance) where !possible.isEmpty && !possible.contains(instance.object.name):
                let kind = schema[named]?.kind == .object ? "a `\(named)`" : "one of `\(named)`'s possible types (\(possible.joined(separator: ", ")))"
                report(.warning, .mockTypeMismatch,
                    "`\(field.property)` takes \(kind), not a `Mock<\(instance.object.swiftName)>`: reading it from a model fails at run time",
                    at: range,
                    fixes: instance.madeBy != nil ? []
                        : instance.construction?.typeRange.map {
                            fixes.typeReplacements($0, with: types(among: possible, fitting: instance), preferFirst: true)
                        } ?? [])
            case .list(let values):
                for value in values { check(value) }
            default:
                break
            }
        }
        check(value)
    }

    /// `mock-type-mismatch` for `X.from(m)` where m is not a mock of a possible type of X's parent type. `from(_:)`
    /// leaves out what the mock lacks, so the model's fields the mock's type does not have are nil, or crash when read.
    /// The fixes: wrap the mock in one of the parent type when a field of it holds the mock's type
    /// (`Mock<Query>(characters: m)`), or use another mock type when everything the mock sets compiles there.
    private mutating func reportMismatch(
        of instance: MockInstance, written: Range<Int>, in selectionSet: GeneratedSelectionSet, possible: [String]
    ) {
        let needed = possible.count == 1
            ? "a `Mock<\(model.object(possible[0])?.swiftName ?? possible[0])>`"
            : "a mock of one of `\(selectionSet.parentType)`'s possible types (\(possible.joined(separator: ", ")))"
        let missing = selectionSet.fields.filter { field in
            field.key != "__typename" && !instance.object.fields.contains { $0.key == field.key }
        }
        let crashing = missing.filter { $0.graphqlType.isNonNull && !$0.isConditional }
        var consequence = "the fields it selects on the mock's type only are there"
        if let first = crashing.first {
            consequence = "the mock has no `\(first.key)`, so reading the model's `\(first.property)` crashes"
        } else if !missing.isEmpty {
            let names = missing.prefix(3).map { "`\($0.property)`" }.joined(separator: ", ") + (missing.count > 3 ? ", …" : "")
            consequence = "the model's \(names) \(missing.count == 1 ? "is" : "are") nil, so the test checks nothing it reads there"
        }
        var fixes: [Diagnostic.Fix] = []
        if instance.madeBy == nil {
            // The mock's type is what a field of the parent type holds: the mock belongs one level down.
            // A field the selection set reads, else any of the parent's.
            let schema = schema
            let holds = { (type: TypeReference) in schema.possibleTypes(of: type.namedType.value).contains(instance.object.name) }
            if possible.count == 1, let parent = model.object(possible[0]),
                let holder = selectionSet.fields.filter({ holds($0.graphqlType) }).compactMap({ parent.field($0.key) }).first
                    ?? parent.fields.first(where: { holds($0.graphqlType) })
            {
                fixes.append(self.fixes.wrap(written, in: parent, field: holder))
            }
            if let typeRange = instance.construction?.typeRange {
                fixes += self.fixes.typeReplacements(typeRange, with: types(among: possible, fitting: instance), preferFirst: fixes.isEmpty)
            }
        }
        report(.warning, .mockTypeMismatch,
            "`\(selectionSet.path).from(_:)` needs \(needed), not a `Mock<\(instance.object.swiftName)>`: \(consequence)",
            at: written, fixes: fixes)
    }

    /// The types among `names` whose mock has every field `instance`'s code names: renaming its `Mock<T>` to one
    /// of them compiles.
    private func types(among names: [String], fitting instance: MockInstance) -> [String] {
        names.filter { name in model.object(name).map { instance.fitsAsMock(of: $0) } ?? false }
    }

    /// `unknown-mock-type` or `abstract-mock-type` for a `Mock<T>` with no mock class.
    private mutating func checkMockType(_ type: WrittenTypeName, at range: Range<Int>) {
        guard model.object(swiftName: type.name) == nil, !ownMockObjects.contains(type.name) else { return }
        if let named = schema[type.name], named.isAbstract {
            let mocks = schema.possibleTypes(of: named.name).compactMap { model.object($0) }.map { "`Mock<\($0.swiftName)>`" }
            let kind = named.kind == .union ? "a union" : "an interface"
            report(.error, .abstractMockType,
                "`\(type.name)` is \(kind): Apollo generates mocks only for object types; use one of its possible types"
                    + (mocks.isEmpty ? "" : ": " + mocks.joined(separator: ", ")),
                at: range, fixes: fixes.typeReplacements(range, with: schema.possibleTypes(of: named.name)))
        } else if let named = schema[type.name], named.kind == .object {
            report(.error, .unknownMockType,
                "no operation or fragment selects `\(type.name)`, so Apollo generates no `Mock<\(type.name)>`", at: range)
        } else {
            var message = "`\(type.name)` has no mock in \(project.namespace)TestMocks"
            let closest = closestName(to: type.name, among: model.objects.map(\.swiftName))
            if let closest { message += "; did you mean `\(closest)`?" }
            let mock = closest.flatMap { name in model.objects.first { $0.swiftName == name } }
            report(.error, .unknownMockType, message, at: range, fixes: fixes.typeReplacements(range, with: mock.map { [$0.name] } ?? [], preferFirst: true))
        }
    }

    // MARK: Assignments

    private mutating func assign(_ value: FlowValue, to target: FlowValue, statement assignedValue: Range<Int>? = nil) {
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
            guard case .mock(let instance) = evaluate(base, expecting: nil) else {
                escape(evaluate(value, expecting: nil))  // stored somewhere mockls does not follow
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

    // MARK: Reads

    private mutating func evaluate(_ value: FlowValue, expecting expected: MockObject?) -> Value {
        switch value {
        case .construction(let construction):
            return construct(construction, expecting: expected)
        case .decoded(let path, _):
            // `X.Data(data: json)`: a model of a response mockls does not read.
            guard let selectionSet = resolver.selectionSet(path) else { return .unknown }
            if recordsCoverage { coverage.unfollowed.append(selectionSet) }
            return .opaque(selectionSet, isFragments: false)
        case .from(let path, let mock, let range, let variables):
            let argument = evaluate(mock, expecting: nil)
            let call = range.lowerBound..<max(range.upperBound, mock.range?.upperBound ?? 0)
            guard let selectionSet = resolver.selectionSet(path) else {
                noteUnbuilt(call, path.isEmpty
                    ? "`.from(_:)` takes its model's type from a declaration mockls does not read here"
                    : "`\(path.joined(separator: "."))` is no selection set Apollo generates for this project")
                return .unknown
            }
            guard case .mock(let instance) = argument else {
                noteUnbuilt(call, "its mock is " + described(mock, evaluated: argument))
                if recordsCoverage { coverage.unfollowed.append(selectionSet) }
                return .opaque(selectionSet, isFragments: false)
            }
            let possible = schema.possibleTypes(of: selectionSet.parentType)
            guard possible.contains(instance.object.name) else {
                noteUnbuilt(call, "its mock is a `Mock<\(instance.object.swiftName)>`, of no possible type of `\(selectionSet.parentType)`")
                reportMismatch(of: instance, written: mock.range ?? range, in: selectionSet, possible: possible)
                return .unknown
            }
            var copies: [ObjectIdentifier: MockInstance] = [:]
            let model = Model(selectionSet: selectionSet, data: instance.snapshot(&copies))
            if helpersRunning.isEmpty { models.append((call, model, variables)) }
            if recordsCoverage { coverage.reached.append(model) }
            return .model(model)
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

    /// Runs a helper on its own, as `mockls response` does at a factory or a fixture: its parameters hold their
    /// default values (nothing known for the others), and what its `from(_:)` calls build is recorded.
    mutating func run(_ helper: ModelHelper) {
        functionRange = helper.range
        scopes = [[:], [:]]
        for parameter in helper.parameters {
            let expected = parameter.mockType.flatMap { model.object(swiftName: $0.name) }
            scopes[1][parameter.name] = parameter.defaultValue.map { evaluate($0, expecting: expected) } ?? .unknown
        }
        run(helper.body)
        _ = evaluate(helper.result, expecting: helper.returnedMock.flatMap { model.object(swiftName: $0.name) })
    }

    /// `base.name` on what `base` evaluated to.
    private mutating func member(_ name: String, of base: Value, at range: Range<Int>) -> Value {
        switch base {
        case .model(let model): return read(name, of: model, at: range)
        case .fragments(let model): return fragment(name, of: model)
        case .opaque(let selectionSet, let isFragments): return opaqueRead(name, of: selectionSet, isFragments: isFragments)
        case .mock(let instance): return mockRead(name, of: instance)
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

    /// What reading `read` from one of `values` gives: judged only where it would crash on every one of them (the
    /// first one's diagnostic, without fixes: a fix on one mock would not do for the others).
    private mutating func anyOf(_ values: [Value], _ read: (inout FlowEvaluator, Value) -> Value) -> Value {
        let before = diagnostics.count
        var reported: [PendingDiagnostic]? = nil
        var results: [Value] = []
        for value in values {
            results.append(read(&self, value))
            let new = Array(diagnostics[before...])
            diagnostics.removeSubrange(before...)
            reported = reported == nil ? new : (new.isEmpty ? [] : reported)
        }
        if let reported, !reported.isEmpty {
            diagnostics += reported.map { diagnostic in
                var diagnostic = diagnostic
                diagnostic.fixes = []
                return diagnostic
            }
        }
        return .either(results)
    }

    /// `mock.field`: never crashes (dynamic members are optional); gives the mock or list the field holds.
    private func mockRead(_ name: String, of instance: MockInstance) -> Value {
        guard !instance.escaped, let field = resolver.field(name, of: instance.object) else { return .unknown }
        guard let slot = slotValue(field, of: instance) else { return .none }
        return value(of: slot, selectionSet: nil)
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
            guard let object = schema.possibleTypes(of: field.graphqlType.namedType.value).first.flatMap({ model.object($0) }) else {
                return .unknown
            }
            let child = MockInstance(object: object, origin: .placeholder, builtAt: instance.builtAt)
            child.madeBy = instance.madeBy
            filled = .mock(child)
        }
        instance.slots[field.key] = filled
        return filled
    }

    private func value(of slot: Slot, selectionSet path: String?) -> Value {
        switch slot {
        case .unknown:
            // Set to something mockls does not follow: a model of its type all the same.
            return path.flatMap { project.selectionSet($0) }.map { .opaque($0, isFragments: false) } ?? .unknown
        case .scalar, .null: return .unknown
        case .mock(let instance):
            guard let path else { return .mock(instance) }
            guard let nested = project.selectionSet(path) else { return .unknown }
            return .model(Model(selectionSet: nested, data: instance))
        case .list(let slots): return .list(slots.map { value(of: $0, selectionSet: path) })
        }
    }

    /// `model.name`: a field, a type case or `fragments`; reports a non-null field the mock never set.
    private mutating func read(_ name: String, of model: Model, at range: Range<Int>) -> Value {
        let selectionSet = model.selectionSet
        if name == "fragments", !selectionSet.fragmentAccessors.isEmpty { return .fragments(model) }
        if let inline = selectionSet.inlineFragments.first(where: { $0.accessor == name }) {
            guard let typeCase = project.selectionSet(inline.path) else { return .unknown }
            guard typeCase.inlineFragmentKind == .typeCase else { return .unknown }  // depends on variables
            let object = model.data.object.name
            let matches = schema.possibleTypes(of: typeCase.parentType).contains(object)
            return matches ? .model(Model(selectionSet: typeCase, data: model.data)) : .none
        }
        guard let field = resolver.field(name, of: selectionSet) else { return .unknown }
        if recordsCoverage { coverage.reads.append((selectionSet, field.key, model.data.object.name)) }
        // Under a condition, or from a mock handed away: what it holds is not known, its type is.
        guard !field.isConditional, !model.data.escaped, !model.data.mayBeNil else { return opaqueValue(of: field) }
        guard let mockField = model.data.object.field(field.key) else { return .unknown }
        guard let slot = slotValue(mockField, of: model.data) else {
            if field.graphqlType.isNonNull { reportUnset(field, mockField, in: model, at: range) }
            return .none
        }
        return value(of: slot, selectionSet: field.selectionSet)
    }

    /// `model.name` on a model whose data is not known (`Value.opaque`): the read is recorded, and what it gives is
    /// known by its type only.
    private mutating func opaqueRead(_ name: String, of selectionSet: GeneratedSelectionSet, isFragments: Bool) -> Value {
        if isFragments {
            guard let spread = selectionSet.fragmentAccessors.first(where: { $0.accessor == name }),
                let fragment = project.selectionSet(spread.fragment)
            else { return .unknown }
            return .opaque(fragment, isFragments: false)
        }
        if name == "fragments", !selectionSet.fragmentAccessors.isEmpty { return .opaque(selectionSet, isFragments: true) }
        if let inline = selectionSet.inlineFragments.first(where: { $0.accessor == name }) {
            return project.selectionSet(inline.path).map { .opaque($0, isFragments: false) } ?? .unknown
        }
        guard let field = resolver.field(name, of: selectionSet) else { return .unknown }
        if recordsCoverage { coverage.reads.append((selectionSet, field.key, nil)) }
        return opaqueValue(of: field)
    }

    /// A field's value when only its type is known: a model of its selection set (a list of one for a list), else unknown.
    private func opaqueValue(of field: GeneratedSelectionSet.Field) -> Value {
        guard let nested = field.selectionSet.flatMap({ project.selectionSet($0) }) else { return .unknown }
        let model = Value.opaque(nested, isFragments: false)
        return field.graphqlType.isList ? .list([model]) : model
    }

    private func fragment(_ accessor: String, of model: Model) -> Value {
        guard let spread = model.selectionSet.fragmentAccessors.first(where: { $0.accessor == accessor }), !spread.isOptional,
            let fragment = project.selectionSet(spread.fragment)
        else { return .unknown }
        return .model(Model(selectionSet: fragment, data: model.data))
    }

    private mutating func reportUnset(
        _ field: GeneratedSelectionSet.Field, _ mockField: MockField, in model: Model, at range: Range<Int>
    ) {
        let data = model.data
        let line = "{line}"
        let why: String
        switch data.origin {
        case .emptyInitializer:
            why = "`Mock<\(data.object.swiftName)>()` (line \(line)) calls the designated initializer, which sets no fields"
        case .shallowDefault(let parent, let parentField):
            why = "the `Mock<\(parent)>` built at line \(line) defaults `\(parentField)` to an empty `Mock<\(data.object.swiftName)>()`"
        case .legacyInitializer:
            why = "the mock built at line \(line) was generated before Apollo iOS 1.23, so only the fields the test passes or assigns are set"
        case .initializer, .placeholder:
            why = "the mock built at line \(line) leaves it unset"
        }
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

    private mutating func report(
        _ severity: Diagnostic.Severity, _ code: DiagnosticCode, _ message: String, at range: Range<Int>, lineOf offset: Int? = nil,
        fixes: [Diagnostic.Fix] = []
    ) {
        // A helper's own reads are reported in its own file, as a function of its own; what it builds may live in
        // another file, where no offset of this one points.
        guard helpersRunning.isEmpty else { return }
        diagnostics.append(PendingDiagnostic(
            severity: severity, code: code, message: message, range: range,
            lineOf: offset.map { ($0, functionRange.contains($0)) },
            fixes: fixesAreWhole ? fixes.map { ($0, functionRange.contains($0.range.lowerBound)) } : []))
    }
}

extension FlowValue {
    /// The bytes that name the value, where it has some.
    var range: Range<Int>? {
        switch self {
        case .construction(let construction): construction.range
        case .from(_, _, let range, _), .decoded(_, let range), .variable(_, let range), .member(_, _, let range), .element(_, _, let range): range
        case .helper(let use): use.range
        case .list, .closureCall, .immediateClosure, .coalesced, .null, .literal, .other: nil
        case .elements(_, _, let range), .storedProperty(_, let range): range
        case .wrapped(let value, _): value.range
        }
    }
}
