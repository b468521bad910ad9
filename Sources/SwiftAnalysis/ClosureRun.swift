@_spi(RawSyntax) import SwiftSyntax

/// Closures that run where they are written, once or once per element, read as if their statements were written
/// in place: the blocks of Quick specs (`describe`, `context`, `it`), `XCTContext.runActivity`, `measure`, a task
/// awaited at once (`await Task { … }.value`), a closure called where it is written (`{ … }()`), and the closures
/// of the sequence and optional methods `ValuePassing.closureMethods` lists (`forEach`, `map`, `first(where:)`…).
/// Any other closure may run later or never: what it mentions escapes (`FlowReader.captures`), so
/// `beforeEach { dog = … }` leaves `dog` unknown, and silent.
enum ClosureRun {
    /// Calls whose trailing closure runs once, at the call. (`xit`, `xdescribe`, `xcontext` never run theirs.)
    static let blocks: Set<String> = [
        "describe", "context", "it", "fdescribe", "fcontext", "fit", "runActivity", "measure", "autoreleasepool",
    ]

    /// The statements of a call that runs its closure once, in place; nil for any other call.
    static func statements(of call: FunctionCallExprSyntax, reader: FlowReader) -> [FlowStatement]? {
        guard let (closure, others) = onlyClosure(of: call) else { return nil }
        guard let name = calleeName(call), blocks.contains(name) || (name == "Task" && isAwaitedAtOnce(call)) else { return nil }
        let arguments = others.flatMap { reader.reads(in: Syntax($0)) }
        // `runActivity(named:) { activity in … }`: a parameter mockls knows nothing about hides an outer name.
        let parameters = parameterNames(of: closure).compactMap { $0 }.map { name in
            FlowStatement.bind(name: name, annotation: nil, value: .other, range: FlowReader.range(closure))
        }
        return arguments + [.scope(parameters + reader.statements(ofBlock: closure.statements))]
    }

    /// `sequence.map { … }`, `optional.map(\.name)`, `xs.first(where: …)`, `xs.map(X.from)`: a method of
    /// `ValuePassing.closureMethods` with its closure; nil for any other call.
    static func closureCall(_ call: FunctionCallExprSyntax, reader: FlowReader) -> FlowValue? {
        guard let access = call.calledExpression.as(MemberAccessExprSyntax.self),
            let method = ValuePassing.closureMethods[access.declName.baseName.text], let base = access.base,
            WrittenExpression.typePath(base) == nil
        else { return nil }
        let sequence = reader.value(base)
        if case .other = sequence { return nil }
        // `xs.map(X.from)`: a function passed by name.
        if call.trailingClosure == nil, call.arguments.count == 1, let argument = call.arguments.first, argument.label == nil,
            let reference = argument.expression.as(MemberAccessExprSyntax.self), reference.declName.baseName.text == "from",
            let typeBase = reference.base, let path = WrittenExpression.typePath(typeBase)
        {
            let range = FlowReader.range(typeBase)
            return .closureCall(ClosureCall(
                method: method, sequence: sequence, parameters: ["$0"], body: [],
                result: .from(path: path, mock: .variable("$0", range: range), range: range, variables: .none)))
        }
        guard let (passed, _) = ValuePassing.passedClosure(of: call) else { return nil }
        switch passed {
        case .keyPath(let components):
            // `\.a.b` reads what `{ $0.a.b }` reads.
            var result = FlowValue.variable("$0", range: components[0].range)
            for component in components { result = .member(result, name: component.name, range: component.range) }
            return .closureCall(ClosureCall(method: method, sequence: sequence, parameters: ["$0"], body: [], result: result))
        case .closure(let closure):
            let (body, result) = bodyAndResult(of: closure, reader: reader)
            var parameters = parameterNames(of: closure)
            if closure.signature == nil {
                // `$0`, and `$1` when the closure uses it (`reduce`, `sorted(by:)`).
                let usesSecond = closure.tokens(viewMode: .sourceAccurate).contains { $0.tokenKind == .dollarIdentifier("$1") }
                parameters = usesSecond ? ["$0", "$1"] : ["$0"]
            }
            var run = ClosureCall(
                method: method, sequence: sequence, parameters: parameters, body: body, result: result,
                predicate: predicate(of: closure, reader: reader))
            run.stopsWhenPredicateFails = access.declName.baseName.text == "allSatisfy"
            return .closureCall(run)
        }
    }

    /// `{ $0.id == "b" }`, `{ animal in animal.species != nil }`: a closure of one expression comparing a value with a
    /// literal.
    static func predicate(of closure: ClosureExprSyntax, reader: FlowReader) -> ClosureCall.Predicate? {
        guard closure.statements.count == 1, let only = closure.statements.first else { return nil }
        guard let expression = only.item.as(ReturnStmtSyntax.self)?.expression ?? only.item.as(ExprSyntax.self),
            let sequence = expression.as(SequenceExprSyntax.self), sequence.elements.count == 3
        else { return nil }
        let elements = Array(sequence.elements)
        guard let operation = elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text, operation == "==" || operation == "!=" else {
            return nil
        }
        func literal(_ expression: ExprSyntax) -> String? {
            expression.is(NilLiteralExprSyntax.self) ? "nil" : FlowReader.literal(RawNode(expression))
        }
        for (value, other) in [(elements[0], elements[2]), (elements[2], elements[0])] {
            guard let text = literal(other), literal(value) == nil else { continue }
            let read = reader.value(value)
            if case .other = read { return nil }
            return ClosureCall.Predicate(value: read, literal: text, isEqual: operation == "==")
        }
        return nil
    }

    /// A closure's statements before the value it returns, and that value: its last statement when it is a `return`,
    /// or its only one when it is an expression (what a one-line closure returns; an assignment returns nothing).
    static func bodyAndResult(of closure: ClosureExprSyntax, reader: FlowReader) -> (body: [FlowStatement], result: FlowValue) {
        var items = Array(closure.statements)
        var result = FlowValue.other
        var last: [FlowStatement] = []
        if let final = items.last {
            let expression = final.item.as(ReturnStmtSyntax.self)?.expression ?? final.item.as(ExprSyntax.self)
            if let expression, final.item.is(ReturnStmtSyntax.self) || (items.count == 1 && !isAssignment(expression)) {
                // Only the last statement may return: a `return` in a branch makes the value depend on the run.
                let returnsEarlier = items.dropLast().contains { item in
                    item.tokens(viewMode: .sourceAccurate).contains { $0.tokenKind == .keyword(.return) }
                }
                if !returnsEarlier {
                    items.removeLast()
                    result = reader.value(expression)
                    last = reader.inner(expression)
                }
            }
        }
        return (items.flatMap { reader.statements(of: Syntax($0.item)) } + last, result)
    }

    /// A call's one closure (trailing, or its last argument) and its other argument expressions; nil without one, or
    /// with more than one.
    private static func onlyClosure(of call: FunctionCallExprSyntax) -> (ClosureExprSyntax, [ExprSyntax])? {
        guard let (passed, others) = ValuePassing.passedClosure(of: call), case .closure(let closure) = passed else { return nil }
        return (closure, others)
    }

    /// `await Task { … }.value`: the task's closure runs before the test goes on.
    private static func isAwaitedAtOnce(_ call: FunctionCallExprSyntax) -> Bool {
        guard let access = call.parent?.as(MemberAccessExprSyntax.self), access.declName.baseName.text == "value" else { return false }
        var node = access.parent
        while let current = node, current.is(TryExprSyntax.self) || current.is(AwaitExprSyntax.self) || current.is(MemberAccessExprSyntax.self) {
            if current.is(AwaitExprSyntax.self) { return true }
            node = current.parent
        }
        return false
    }

    /// The name a call's callee ends with (`it`, `XCTContext.runActivity` → `runActivity`).
    private static func calleeName(_ call: FunctionCallExprSyntax) -> String? { calleeName(RawNode(call)) }

    private static func calleeName(_ call: RawNode) -> String? {
        guard let callee = call[CallParts.calledExpression] else { return nil }
        switch callee.kind {
        case .declReferenceExpr: return callee[ReferenceParts.baseName]?.string
        case .memberAccessExpr: return callee[MemberAccessParts.declName]?[ReferenceParts.baseName]?.string
        default: return nil
        }
    }

    /// The closure's parameters by name (nil for `_`).
    static func parameterNames(of closure: ClosureExprSyntax) -> [String?] {
        (parameterTokens(of: closure) ?? []).map { $0.tokenKind == .wildcard ? nil : $0.text }
    }

    /// The names a closure gives its parameters (`x` of `{ x in`, of `{ (x: T) in`), `_` included; nil when it
    /// declares none (`{ … $0 … }`, `{ [weak self] in`).
    static func parameterTokens(of closure: ClosureExprSyntax) -> [TokenSyntax]? {
        guard let clause = closure.signature?.parameterClause else { return nil }
        if let shorthand = clause.as(ClosureShorthandParameterListSyntax.self) { return shorthand.map(\.name) }
        return clause.as(ClosureParameterClauseSyntax.self)?.parameters.map { $0.secondName ?? $0.firstName }
    }

    /// The call a closure is passed to, as its trailing closure or as one of its arguments.
    static func call(receiving closure: ClosureExprSyntax) -> FunctionCallExprSyntax? {
        closure.parent?.as(FunctionCallExprSyntax.self)
            ?? closure.parent?.as(LabeledExprSyntax.self)?.parent?.as(LabeledExprListSyntax.self)?.parent?.as(FunctionCallExprSyntax.self)
    }

    private static func isAssignment(_ expression: ExprSyntax) -> Bool {
        expression.as(SequenceExprSyntax.self)?.elements.contains { $0.is(AssignmentExprSyntax.self) } ?? false
    }

    /// `0..<3`, `1...3` (in parentheses or not) with integer literals: how many elements, up to 64.
    static func integerRangeCount(_ expression: RawNode) -> Int? {
        var expression = expression
        while expression.kind == .tupleExpr, let elements = expression[WrapperParts.tupleElements], elements.count == 1, let only = elements.first,
            only[ArgumentParts.label] == nil, let inner = only[ArgumentParts.expression]
        {
            expression = inner
        }
        guard expression.kind == .sequenceExpr, let elements = expression[OperatorParts.elements]?.elements, elements.count == 3 else { return nil }
        func integer(_ node: RawNode) -> Int? { node.kind == .integerLiteralExpr ? node[LiteralParts.integer].flatMap { Int($0.string) } : nil }
        guard let low = integer(elements[0]), let high = integer(elements[2]), elements[1].kind == .binaryOperatorExpr,
            let operation = elements[1][OperatorParts.binaryOperator]?.string
        else { return nil }
        let count: Int
        switch operation {
        case "..<": count = high - low
        case "...": count = high - low + 1
        default: return nil
        }
        return (0...64).contains(count) ? count : nil
    }

    /// Whether `statements(of:reader:)` may find a closure `call` runs in place: one is passed (trailing, or as the
    /// last argument) to a call of one of `blocks` or to `Task`. Asked of every call a test makes, raw.
    static func mayRunInPlace(_ call: RawNode) -> Bool {
        if call[CallParts.trailingClosure] == nil {
            guard let last = FlowReader.argumentExpressions(of: call).last, last.kind == .closureExpr else { return false }
        }
        guard let name = calleeName(call) else { return false }
        return blocks.contains(name) || name == "Task"
    }
}
