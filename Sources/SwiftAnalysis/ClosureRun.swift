import SwiftSyntax

/// Closures that run where they are written, once or once per element, read as if their statements were written
/// in place: the blocks of Quick specs (`describe`, `context`, `it`), `XCTContext.runActivity`, `measure`, a task
/// awaited at once (`await Task { … }.value`), and the closures of `forEach`, `map`, `filter`… on a sequence. Any other closure may run later or never: what it mentions
/// escapes (`FlowReader.captures`), so `beforeEach { dog = … }` leaves `dog` unknown, and silent.
enum ClosureRun {
    /// Calls whose trailing closure runs once, at the call. (`xit`, `xdescribe`, `xcontext` never run theirs.)
    static let blocks: Set<String> = [
        "describe", "context", "it", "fdescribe", "fcontext", "fit", "runActivity", "measure", "autoreleasepool",
    ]
    /// Methods of a sequence whose closure runs once per element, at the call.
    static let perElement: Set<String> = ["forEach", "filter", "first", "contains", "allSatisfy", "compactMap", "flatMap", "sorted", "min", "max"]

    /// The statements of a call that runs its closure in place; nil for any other call.
    static func statements(of call: FunctionCallExprSyntax, reader: FlowReader) -> [FlowStatement]? {
        guard let (closure, others) = onlyClosure(of: call) else { return nil }
        let arguments = others.flatMap { reader.reads(in: Syntax($0)) }
        if let name = calleeName(call), blocks.contains(name) || (name == "Task" && isAwaitedAtOnce(call)) {
            // `runActivity(named:) { activity in … }`: a parameter mockls knows nothing about hides an outer name.
            let parameters = parameterNames(of: closure).compactMap { $0 }.map { name in
                FlowStatement.bind(name: name, annotation: nil, value: .other, range: FlowReader.range(closure))
            }
            return arguments + [.scope(parameters + reader.statements(ofBlock: closure.statements))]
        }
        guard let access = call.calledExpression.as(MemberAccessExprSyntax.self), let base = access.base,
            perElement.contains(access.declName.baseName.text)
        else { return nil }
        return reader.inner(base) + arguments + [.loop(
            name: elementName(of: closure), sequence: reader.value(base), body: reader.statements(ofBlock: closure.statements))]
    }

    /// `sequence.map { … }` or `sequence.map(X.from)`: the list of what the closure returns for each element.
    static func mapped(_ call: FunctionCallExprSyntax, reader: FlowReader) -> FlowValue? {
        guard let access = call.calledExpression.as(MemberAccessExprSyntax.self), access.declName.baseName.text == "map",
            let base = access.base
        else { return nil }
        let sequence = reader.value(base)
        if call.trailingClosure == nil, call.arguments.count == 1, let argument = call.arguments.first, argument.label == nil,
            let reference = argument.expression.as(MemberAccessExprSyntax.self), reference.declName.baseName.text == "from",
            let typeBase = reference.base, let path = WrittenExpression.typePath(typeBase)
        {
            let range = FlowReader.range(typeBase)
            return .mapped(sequence: sequence, name: "$0", body: [], result: .from(path: path, mock: .variable("$0", range: range), range: range))
        }
        guard let (closure, others) = onlyClosure(of: call), others.isEmpty else { return nil }
        var items = Array(closure.statements)
        var result = FlowValue.other
        var last: [FlowStatement] = []
        if let final = items.last {
            let expression = final.item.as(ReturnStmtSyntax.self)?.expression ?? final.item.as(ExprSyntax.self)
            // A lone expression is what a one-line closure returns; an assignment returns nothing.
            if let expression, final.item.is(ReturnStmtSyntax.self) || (items.count == 1 && !isAssignment(expression)) {
                items.removeLast()
                result = reader.value(expression)
                last = reader.inner(expression)
            }
        }
        let body = items.flatMap { reader.statements(of: Syntax($0.item)) } + last
        return .mapped(sequence: sequence, name: elementName(of: closure), body: body, result: result)
    }

    /// A call's one closure (trailing, or its last argument) and its other argument expressions; nil without one, or
    /// with more than one.
    private static func onlyClosure(of call: FunctionCallExprSyntax) -> (ClosureExprSyntax, [ExprSyntax])? {
        guard call.additionalTrailingClosures.isEmpty else { return nil }
        var others = call.arguments.map(\.expression)
        if let trailing = call.trailingClosure {
            guard !others.contains(where: { $0.is(ClosureExprSyntax.self) }) else { return nil }
            return (trailing, others)
        }
        guard let last = others.last?.as(ClosureExprSyntax.self) else { return nil }
        others.removeLast()
        guard !others.contains(where: { $0.is(ClosureExprSyntax.self) }) else { return nil }
        return (last, others)
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

    private static func calleeName(_ call: FunctionCallExprSyntax) -> String? {
        if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        return call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
    }

    /// The closure's parameters by name (nil for `_`).
    static func parameterNames(of closure: ClosureExprSyntax) -> [String?] {
        guard let clause = closure.signature?.parameterClause else { return [] }
        if let shorthand = clause.as(ClosureShorthandParameterListSyntax.self) {
            return shorthand.map { $0.name.tokenKind == .wildcard ? nil : $0.name.text }
        }
        if let parameters = clause.as(ClosureParameterClauseSyntax.self) {
            return parameters.parameters.map { parameter in
                let name = parameter.secondName ?? parameter.firstName
                return name.tokenKind == .wildcard ? nil : name.text
            }
        }
        return []
    }

    /// What the element is called inside the closure: its parameter, else `$0`; nil when it is ignored (`_`) or the
    /// closure takes it apart (`{ a, b in … }`).
    static func elementName(of closure: ClosureExprSyntax) -> String? {
        let names = parameterNames(of: closure)
        if names.isEmpty { return closure.signature == nil ? "$0" : nil }
        return names.count == 1 ? names[0] : nil
    }

    private static func isAssignment(_ expression: ExprSyntax) -> Bool {
        expression.as(SequenceExprSyntax.self)?.elements.contains { $0.is(AssignmentExprSyntax.self) } ?? false
    }

    /// `0..<3`, `1...3` (in parentheses or not) with integer literals: how many elements, up to 64.
    static func integerRangeCount(_ expression: ExprSyntax) -> Int? {
        var expression = expression
        while let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first, only.label == nil {
            expression = only.expression
        }
        guard let sequence = expression.as(SequenceExprSyntax.self), sequence.elements.count == 3 else { return nil }
        let elements = Array(sequence.elements)
        guard let low = elements[0].as(IntegerLiteralExprSyntax.self).flatMap({ Int($0.literal.text) }),
            let high = elements[2].as(IntegerLiteralExprSyntax.self).flatMap({ Int($0.literal.text) }),
            let operation = elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text
        else { return nil }
        let count: Int
        switch operation {
        case "..<": count = high - low
        case "...": count = high - low + 1
        default: return nil
        }
        return (0...64).contains(count) ? count : nil
    }
}
