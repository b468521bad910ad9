import SwiftSyntax

/// Statements into flow statements, in the order they run: bindings, assignments, loops, conditions and the
/// scopes of their blocks.
extension FlowReader {
    func statements(ofBlock block: CodeBlockItemListSyntax) -> [FlowStatement] {
        block.nodes.flatMap { statements(of: Syntax($0.item)) }
    }

    func statements(of node: Syntax) -> [FlowStatement] {
        if let variable = node.as(VariableDeclSyntax.self) { return statements(ofVariable: variable) }
        if let expression = node.as(ExprSyntax.self) { return statements(ofExpression: expression) }
        if let loop = node.as(ForStmtSyntax.self) {
            var sequence = loop.sequence
            var name = loop.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
            // `for (index, element) in xs.enumerated()`: the elements of `xs`.
            if let tuple = loop.pattern.as(TuplePatternSyntax.self), tuple.elements.count == 2, loop.caseKeyword == nil,
                let call = sequence.as(FunctionCallExprSyntax.self), call.arguments.isEmpty, call.trailingClosure == nil,
                let access = call.calledExpression.as(MemberAccessExprSyntax.self), access.declName.baseName.text == "enumerated",
                let base = access.base
            {
                sequence = base
                name = Array(tuple.elements)[1].pattern.as(IdentifierPatternSyntax.self)?.identifier.text
            } else if loop.caseKeyword != nil {
                // `for case let x? in xs`: the elements that are not nil.
                name = ValuePassing.unwrappedBinding(loop.pattern)?.text
            }
            var body = statements(ofBlock: loop.body.statements)
            if loop.whereClause != nil || name == nil {
                // Some elements only, or taken apart: the names the pattern declares hold nothing known.
                let hidden = loop.pattern.tokens(viewMode: .sourceAccurate).filter { if case .identifier = $0.tokenKind { true } else { false } }
                body = hidden.map { .bind(name: $0.text, annotation: nil, value: .other, range: Self.range($0)) } + body
                name = nil
            }
            return inner(sequence) + [.loop(name: name, sequence: value(sequence), body: body)]
        }
        if let guardStatement = node.as(GuardStmtSyntax.self) {
            return conditions(guardStatement.conditions) + [.scope(statements(ofBlock: guardStatement.body.statements))]
        }
        if let expressionStatement = node.as(ExpressionStmtSyntax.self) {
            return statements(ofExpression: expressionStatement.expression)
        }
        if let returned = node.as(ReturnStmtSyntax.self) {
            guard let expression = returned.expression else { return [] }
            return reads(in: Syntax(expression)) + escapes(in: expression)
        }
        if let declaration = node.as(DeclSyntax.self), !declaration.is(VariableDeclSyntax.self) {
            return []  // nested functions and types run elsewhere
        }
        // Any other statement (while, repeat, do, switch, defer, throw…): its expressions in order, its blocks as scopes.
        var result: [FlowStatement] = []
        for child in node.children(viewMode: .sourceAccurate) {
            if let block = child.as(CodeBlockSyntax.self) {
                result.append(.scope(statements(ofBlock: block.statements)))
            } else if let list = child.as(CodeBlockItemListSyntax.self) {
                result.append(.scope(statements(ofBlock: list)))
            } else {
                result += statements(of: child)
            }
        }
        return result
    }

    func statements(ofVariable variable: VariableDeclSyntax) -> [FlowStatement] {
        var result: [FlowStatement] = []
        for binding in variable.bindings.nodes {
            // Each part asked for once: every `let` of a test is read.
            let type = binding.typeAnnotation?.type
            let annotation = type.flatMap { WrittenExpression.mockType($0) }
            if let annotation, let type { result.append(.typeMention(annotation, range: Self.range(type))) }
            // `let dogs: [Mock<Dog>] = [Mock(…), .mock()]`: the elements take the type of the list's.
            let elementAnnotation = type.flatMap { WrittenExpression.elementMockType($0) }
            let initializer = binding.initializer?.value
            guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else {
                if let initializer { result += statements(ofExpression: initializer) }
                continue
            }
            guard let initializer else {
                result.append(.bind(name: pattern.identifier.text, annotation: annotation, value: .other, range: Self.range(binding)))
                continue
            }
            result += inner(initializer)
            result.append(.bind(
                name: pattern.identifier.text, annotation: annotation ?? elementAnnotation,
                value: Self.contextual(value(initializer), path: Self.modelPath(type)),
                range: Self.range(binding)))
        }
        return result
    }

    /// `if let x = …`, `guard let x = …`, and boolean conditions.
    func conditions(_ conditions: ConditionElementListSyntax) -> [FlowStatement] {
        var result: [FlowStatement] = []
        for condition in conditions {
            if let binding = condition.condition.as(OptionalBindingConditionSyntax.self) {
                let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier
                let annotation = binding.typeAnnotation.flatMap { WrittenExpression.mockType($0.type) }
                if let initializer = binding.initializer {
                    result += inner(initializer.value)
                    if let name {
                        result.append(.bind(name: name.text, annotation: annotation, value: value(initializer.value), range: Self.range(binding)))
                    }
                } else if let name {
                    // `if let dog {`: the same value under the same name.
                    result.append(.bind(
                        name: name.text, annotation: annotation, value: .variable(name.text, range: Self.range(name)), range: Self.range(binding)))
                }
            } else if let matching = condition.condition.as(MatchingPatternConditionSyntax.self) {
                // `if case let x? = e`, `guard case .some(let x) = e`: `x` is the value of `e`, unwrapped.
                result += inner(matching.initializer.value)
                if let name = ValuePassing.unwrappedBinding(matching.pattern) {
                    result.append(.bind(name: name.text, annotation: nil, value: value(matching.initializer.value), range: Self.range(matching)))
                } else {
                    result.append(.read(value(matching.initializer.value)))
                }
            } else if let expression = condition.condition.as(ExprSyntax.self) {
                result += statements(ofExpression: expression)
            }
        }
        return result
    }

    func statements(ofExpression expression: ExprSyntax) -> [FlowStatement] {
        // The kind once: most statements of a test are calls, none of the shapes below.
        let kind = expression.kind
        if kind == .sequenceExpr, let sequence = expression.as(SequenceExprSyntax.self), sequence.elements.count == 3,
            let assignment = Array(sequence.elements)[1].as(AssignmentExprSyntax.self)
        {
            let elements = Array(sequence.elements)
            let target = value(elements[0])
            let source = elements[2]
            // Reading the target's base happens before the assignment (`dog.height?.feet = 2` reads `height`).
            var result = inner(elements[0], keepingChain: false) + inner(source)
            switch target {
            case .variable, .member, .storedProperty:
                var assigned = value(source)
                if case .variable(let name, _) = target { assigned = Self.contextual(assigned, path: storedModels[name]) }
                if case .storedProperty(let name, _) = target { assigned = Self.contextual(assigned, path: storedModels[name]) }
                result.append(.assign(target: target, value: assigned, range: Self.range(assignment).lowerBound..<Self.range(source).upperBound))
            default:
                // `_ = …`, `dog._data["id"] = …`: what is assigned is handed over; a subscripted mock is changed unseen.
                result += reads(in: Syntax(source))
                if let root = Self.rootVariable(of: target) { result.append(.escape(name: root.name, range: root.range)) }
            }
            return result
        }
        if kind == .ifExpr, let ifExpression = expression.as(IfExprSyntax.self) {
            var result = conditions(ifExpression.conditions) + [.scope(statements(ofBlock: ifExpression.body.statements))]
            if let elseBody = ifExpression.elseBody {
                if let block = elseBody.as(CodeBlockSyntax.self) {
                    result.append(.scope(statements(ofBlock: block.statements)))
                } else if let chained = elseBody.as(IfExprSyntax.self) {
                    result.append(.scope(statements(ofExpression: ExprSyntax(chained))))
                }
            }
            return [.scope(result)]
        }
        if kind == .switchExpr, let switchExpression = expression.as(SwitchExprSyntax.self) {
            let subject = value(switchExpression.subject)
            var result = reads(in: Syntax(switchExpression.subject))
            for switchCase in switchExpression.cases {
                guard let caseItem = switchCase.as(SwitchCaseSyntax.self) else { continue }
                // `case let x?:`, `case .some(let x):`: the subject, unwrapped.
                var bound: [FlowStatement] = []
                if let label = caseItem.label.as(SwitchCaseLabelSyntax.self), label.caseItems.count == 1, let item = label.caseItems.first,
                    item.whereClause == nil, let name = ValuePassing.unwrappedBinding(item.pattern)
                {
                    bound = [.bind(name: name.text, annotation: nil, value: subject, range: Self.range(item))]
                }
                result.append(.scope(bound + statements(ofBlock: caseItem.statements)))
            }
            return result
        }
        return reads(in: Syntax(expression))
    }
}
