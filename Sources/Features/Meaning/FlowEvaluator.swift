import GraphQLIndex
import SwiftAnalysis
import Synchronization

/// Runs one function's flow (`SwiftAnalysis.MockFlow`) against the project: mock instances are built, set and
/// passed as the test does, snapshots taken by `from(_:)`, and every read of a model checked against what its mock
/// set. Reports into `diagnostics`; `MockDiagnostics` caches what it found per function.
struct FlowEvaluator {
    /// What every function of a file is followed against, made once for the file: an evaluator is made for each
    /// function, and copying the project and the file into each cost more than following a short test.
    final class Setting: Sendable {
        let file: SwiftFile
        let project: ProjectIndex
        let options: TestConventions
        /// The helpers of the workspace that return mocks or models, by name (`ModelHelper`).
        let helpers: [String: [ModelHelper]]
        /// Stored fixtures some code changes: unknown (`WorkspaceHelpers.mutatedFixtures`).
        let mutatedFixtures: Set<String>
        /// The `MockObject` classes the file declares itself: their mocks are not Apollo's (`SwiftFile.ownMockObjects`).
        let ownMockObjects: Set<String>
        let resolver: ValueResolver

        /// `declaredProperty`: what the properties of types other files declare hold (`HelperTypes`), for reads of
        /// an instance of such a type (`viewModel.character`); the file's own types are read from it.
        init(
            file: SwiftFile, project: ProjectIndex, options: TestConventions = TestConventions(), helpers: WorkspaceHelpers = .none,
            ownMockObjects: Set<String> = [],
            declaredProperty: (@Sendable (_ name: String, _ type: String) -> WrittenExpression?)? = nil
        ) {
            self.file = file
            self.project = project
            self.options = options
            self.helpers = helpers.byName
            mutatedFixtures = helpers.mutatedFixtures
            self.ownMockObjects = ownMockObjects
            resolver = ValueResolver(file: file, project: project, helpers: HelperTypes({ [] }, declaredProperty: declaredProperty))
        }
    }

    private let setting: Setting
    var file: SwiftFile { setting.file }
    var project: ProjectIndex { setting.project }
    var options: TestConventions { setting.options }
    private(set) var diagnostics: [PendingDiagnostic] = []
    /// The function being followed: offsets inside it move with it.
    private var functionRange: Range<Int> = 0..<0
    /// Names in scope, innermost last; the first scope holds the class's stored properties and `setUp`.
    var scopes: [[String: Value]] = [[:]]
    var resolver: ValueResolver { setting.resolver }
    /// The project's, held here: a computed property would copy them at every question (several a field).
    let model: MockModel
    let schema: Schema
    var fixes: FixWriter { FixWriter(file: file, project: project, options: options, function: functionRange) }

    private var helpers: [String: [ModelHelper]] { setting.helpers }
    /// The helpers being run, innermost last: what they report is theirs, not the test's.
    var helpersRunning: [String] = []
    /// The operation whose test transport registration is being read (`FlowValue.response`): a mock of the wrong
    /// type there is a response Apollo rejects, not a model whose reads crash.
    var registeredOperation: String?

    private var mutatedFixtures: Set<String> { setting.mutatedFixtures }
    var ownMockObjects: Set<String> { setting.ownMockObjects }
    /// Every helper name looked up, found or not: what the result depends on besides the function's text.
    private(set) var helperNamesLookedUp: Set<String> = []
    /// The models `from(_:)` built in the function itself, by the bytes of the call, with the literals of its
    /// `withVariables:` (`MockResponse` reads them).
    var models: [(range: Range<Int>, model: Model)] = []
    /// The `from(_:)` calls of the function itself that built no model mockls knows, by the bytes of the call, with
    /// what it met instead (`MockResponse` says it).
    var unbuiltModels: [(range: Range<Int>, reason: String)] = []
    /// Whether to record what the function does with the selections of operations and fragments (`SelectionCoverage`).
    var recordsCoverage = false
    var coverage = CoverageEvents()

    init(
        file: SwiftFile, project: ProjectIndex, options: TestConventions = TestConventions(), helpers: WorkspaceHelpers = .none,
        ownMockObjects: Set<String> = []
    ) {
        self.init(setting: Setting(file: file, project: project, options: options, helpers: helpers, ownMockObjects: ownMockObjects))
    }

    /// An evaluator for one function of the setting's file.
    init(setting: Setting) {
        self.setting = setting
        model = setting.resolver.model
        schema = setting.resolver.schema
    }

    /// Running the class's stored properties and `setUp`.
    var inPreamble = false
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

    /// Runs a helper on its own, as `mockls response` does at a factory or a fixture: its parameters hold their
    /// default values (nothing known for the others), and what its `from(_:)` calls build is recorded.
    mutating func run(_ helper: ModelHelper) {
        functionRange = helper.range
        scopes = [[:], [:]]
        for parameter in helper.parameters {
            let expected = parameter.mockType.flatMap { resolver.object(swiftName: $0.name) }
            scopes[1][parameter.name] = parameter.defaultValue.map { evaluate($0, expecting: expected) } ?? .unknown
        }
        run(helper.body)
        _ = evaluate(helper.result, expecting: helper.returnedMock.flatMap { resolver.object(swiftName: $0.name) })
    }

    mutating func run(_ statements: [FlowStatement]) {
        for statement in statements { run(statement) }
    }

    private mutating func run(_ statement: FlowStatement) {
        switch statement {
        case .bind(let name, let annotation, let value, let range):
            let expected = annotation.flatMap { resolver.object(swiftName: $0.name) }
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
            // `render(X.from(mock))`, `transport.register(X.self, data: mock)`: the model goes where mockls does not follow.
            if recordsCoverage, case .model(let model) = evaluated {
                switch value {
                case .from, .response: coverage.unfollowed.append(model.selectionSet.definitionName)
                default: break
                }
            }
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
    mutating func run(_ call: ClosureCall) -> Value {
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
        case .each(let keepsElements):
            // `filter` keeps the elements its predicate holds for: followed where the mocks' values decide it
            // (`filter { $0.id == "b" }`), else not.
            let (_, known) = runPerElement(of: sequence, parameters: [call.elementParameter], body: call.body, result: nil)
            guard keepsElements, known, let predicate = call.predicate else { return .unknown }
            var kept: [Value] = []
            for value in values {
                guard let holds = decide(predicate, on: value, as: call.elementParameter) else { return .unknown }
                if holds { kept.append(value) }
            }
            return .list(kept)
        case .accumulate:
            var parameters = call.parameters
            if parameters.count == 2 { parameters[0] = nil }
            _ = runPerElement(of: sequence, parameters: parameters, body: call.body, result: nil)
            return .unknown
        case .search(let fromEnd, let givesElement):
            guard !values.isEmpty else { return givesElement ? .none : .unknown }
            // Where the mocks' values decide the predicate (`first(where: { $0.id == "b" })`), the search runs as Swift
            // runs it: element after element until it decides, each one read; else on the element at its end for
            // certain, and gives one of them.
            let order = fromEnd ? Array(values.indices.reversed()) : Array(values.indices)
            for (step, index) in order.enumerated() {
                if step > 0, call.predicate == nil { break }
                _ = runPerElement(of: sequence, parameters: [call.elementParameter], body: call.body, result: nil, onlyElement: index)
                guard let predicate = call.predicate, let holds = decide(predicate, on: values[index], as: call.elementParameter) else {
                    let rest = order[step...].map { values[$0] }
                    return givesElement ? .either(rest) : .unknown
                }
                // `allSatisfy` stops at the first that does not hold, the others at the first that does.
                let stops = call.stopsWhenPredicateFails ? !holds : holds
                if stops { return givesElement ? values[index] : .literal(holds ? "true" : "false") }
            }
            return givesElement ? (call.predicate == nil ? .either(values) : .none) : .unknown
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

    /// Whether `predicate` holds for `element`: nil when the values it compares are not known, or not literals
    /// whose texts tell equality (strings, integers, booleans). What it reads is judged by the closure's body run.
    private mutating func decide(_ predicate: ClosureCall.Predicate, on element: Value, as parameter: String?) -> Bool? {
        guard let parameter else { return nil }
        let before = diagnostics.count
        scopes.append([parameter: element])
        let value = evaluate(predicate.value, expecting: nil)
        scopes.removeLast()
        diagnostics.removeSubrange(before...)
        func plain(_ text: String) -> Bool {
            text == "true" || text == "false" || text == "nil" || (text.hasPrefix("\"") && !text.contains("\\"))
                || (!text.isEmpty && text.drop { $0 == "-" }.allSatisfy(\.isNumber))
        }
        guard plain(predicate.literal) else { return nil }
        switch value {
        case .literal(let text):
            guard plain(text), text != "nil" else { return nil }
            return (text == predicate.literal) == predicate.isEqual
        case .none:
            return (predicate.literal == "nil") == predicate.isEqual
        default:
            return nil
        }
    }

    private func lookup(_ name: String) -> Value {
        declared(name) ?? .unknown
    }

    func declared(_ name: String) -> Value? {
        for scope in scopes.reversed() { if let value = scope[name] { return value } }
        return nil
    }

    /// What the one helper `use` names returns, run in a scope of its own that holds only its parameters (it sees
    /// nothing else of the test): its arguments are evaluated here first, then its defaults for those left out.
    /// Unknown when no helper or several fit (by name, owner and arguments), a stored fixture is changed somewhere,
    /// or helpers call each other too deep or in a circle; then the values passed to it escape.
    mutating func runHelper(_ use: HelperUse, expecting expected: MockObject?) -> Value {
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
        // A stored model (`static let data = X.Data.from(mock)`) is a value: code it is handed to cannot change it
        // (SeekPlus hands its fixtures to Cuckoo stubs), only what its mock reads can, and that is looked up in turn.
        func storesAModel(_ helper: ModelHelper) -> Bool { if case .from = helper.result { true } else { false } }
        guard candidates.count == 1, let (helper, bound) = candidates.first, helpersRunning.count < 4, !helpersRunning.contains(shown),
            !(helper.isStored && !storesAModel(helper) && mutatedFixtures.contains(helper.name))
        else {
            for argument in arguments { escape(argument) }
            return .unknown
        }
        helpersRunning.append(shown)
        let saved = (scopes, loopRuns, fixesAreWhole)
        scopes = [[:], [:]]
        for (index, parameter) in helper.parameters.enumerated() {
            let expected = parameter.mockType.flatMap { resolver.object(swiftName: $0.name) }
            if bound[index] != nil, let position = use.arguments.indices.first(where: { use.arguments[$0] == bound[index] }) {
                scopes[1][parameter.name] = arguments[position]
            } else if let defaultValue = parameter.defaultValue {
                scopes[1][parameter.name] = evaluate(defaultValue, expecting: expected)
            }
        }
        run(helper.body)
        let value = evaluate(helper.result, expecting: helper.returnedMock.flatMap { resolver.object(swiftName: $0.name) })
        (scopes, loopRuns, fixesAreWhole) = saved
        helpersRunning.removeLast()
        // `makeCharacter(id: "1", …)` in a test: the model it builds with the call's arguments is built there (what
        // `mockls response` is asked at its call site for).
        if helpersRunning.isEmpty, use.isCall, case .model(let model) = value { models.append((use.range, model)) }
        return value
    }

    mutating func escape(_ value: Value) {
        var visited: Set<ObjectIdentifier> = []
        switch value {
        case .mock(let instance): instance.markEscaped(&visited)
        case .list(let values), .oneOf(let values): for value in values { escape(value) }
        case .wrapper(let value, _): escape(value)
        case .model(let model), .fragments(let model): if recordsCoverage { coverage.unfollowed.append(model.selectionSet.definitionName) }
        case .opaque(let selectionSet, _): if recordsCoverage { coverage.unfollowed.append(selectionSet.definitionName) }
        case .instance, .none, .literal, .unknown: break
        }
    }

    /// What reading `read` from one of `values` gives: judged only where it would crash on every one of them (the
    /// first one's diagnostic, without fixes: a fix on one mock would not do for the others).
    mutating func anyOf(_ values: [Value], _ read: (inout FlowEvaluator, Value) -> Value) -> Value {
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

    mutating func report(
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
