@_spi(RawSyntax) import SwiftSyntax

/// Statements into flow statements, in the order they run: bindings, assignments, loops, conditions and the
/// scopes of their blocks. The statements of a test (bindings, assignments, calls) are read raw (`RawNode`); the
/// rarer loops, `guard`s, `if`s and `switch`es typed.
extension FlowReader {
    func statements(ofBlock block: CodeBlockItemListSyntax) -> [FlowStatement] { statements(ofBlock: typedNodes.enter(block)) }

    func statements(of node: Syntax) -> [FlowStatement] { statements(of: typedNodes.enter(node)) }

    func statements(ofVariable variable: VariableDeclSyntax) -> [FlowStatement] { statements(ofVariable: typedNodes.enter(variable)) }

    func statements(ofExpression expression: ExprSyntax) -> [FlowStatement] { statements(ofExpression: typedNodes.enter(expression)) }

    func statements(ofBlock block: RawNode) -> [FlowStatement] {
        block.elements.flatMap { item in item[StatementParts.item].map { statements(of: $0) } ?? [] }
    }

    func statements(of node: RawNode) -> [FlowStatement] {
        switch node.kind {
        case .variableDecl:
            return statements(ofVariable: node)
        case .expressionStmt:
            return node[StatementParts.expression].map { statements(ofExpression: $0) } ?? []
        case .returnStmt:
            guard let expression = node[StatementParts.returned] else { return [] }
            return reads(in: expression) + escapes(in: expression)
        case .forStmt, .guardStmt:
            return typedNodes.typed(node).map { typedStatements(of: $0) } ?? []
        default:
            break
        }
        if node.isExpression { return statements(ofExpression: node) }
        if node.isDeclaration { return [] }  // nested functions and types run elsewhere
        // Any other statement (while, repeat, do, defer, throw…): its expressions in order, its blocks as scopes.
        var result: [FlowStatement] = []
        node.forEachChild { child in
            switch child.kind {
            case .codeBlock: result.append(.scope(child[StatementParts.blockStatements].map { statements(ofBlock: $0) } ?? []))
            case .codeBlockItemList: result.append(.scope(statements(ofBlock: child)))
            default: result += statements(of: child)
            }
        }
        return result
    }

    /// A `for` loop or a `guard`.
    private func typedStatements(of node: Syntax) -> [FlowStatement] {
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
            let hidden = loop.pattern.tokens(viewMode: .sourceAccurate).filter { if case .identifier = $0.tokenKind { true } else { false } }
                .map { FlowStatement.bind(name: $0.text, annotation: nil, value: .other, range: Self.range($0)) }
            if let clause = loop.whereClause, name != nil {
                // `for x in xs where x.id == "1"`: the clause reads every element (a crash there ends the loop, as
                // Apollo 1.25.7 shows); the body runs for some of them only, so in it the name holds nothing known.
                body = statements(ofExpression: clause.condition) + [.scope(hidden + body)]
            } else if loop.whereClause != nil || name == nil {
                // Taken apart: the names the pattern declares hold nothing known.
                body = hidden + body
                name = nil
            }
            return inner(sequence) + [.loop(name: name, sequence: value(sequence), body: body)]
        }
        if let guardStatement = node.as(GuardStmtSyntax.self) {
            return conditions(guardStatement.conditions) + [.scope(statements(ofBlock: guardStatement.body.statements))]
        }
        return []
    }

    func statements(ofVariable variable: RawNode) -> [FlowStatement] {
        var result: [FlowStatement] = []
        for binding in variable[StatementParts.bindings]?.elements ?? [] {
            // Each part asked for once: every `let` of a test is read.
            let type = binding[StatementParts.typeAnnotation]?[StatementParts.annotatedType]
            let annotation = type.flatMap { WrittenExpression.mockType(type: $0) }
            if let annotation, let type {
                result.append(.typeMention(annotation, range: (WrittenExpression.mockTypeArgument(type: type) ?? type).range))
            }
            // `let dogs: [Mock<Dog>] = [Mock(…), .mock()]`: the elements take the type of the list's.
            let elementAnnotation = type.flatMap { WrittenExpression.elementMockType($0) }
            let initializer = binding[StatementParts.initializer]?[StatementParts.initialValue]
            guard let pattern = binding[StatementParts.pattern], pattern.kind == .identifierPattern, let name = pattern[StatementParts.identifier]
            else {
                if let initializer { result += statements(ofExpression: initializer) }
                continue
            }
            guard let initializer else {
                result.append(.bind(name: name.string, annotation: annotation, value: .other, range: binding.range))
                continue
            }
            result += inner(initializer)
            // The model a declared type names (rare in a test: typed).
            let path = type.flatMap { typedNodes.typed($0)?.as(TypeSyntax.self) }.flatMap { Self.modelPath($0) }
            result.append(.bind(
                name: name.string, annotation: annotation ?? elementAnnotation, value: Self.contextual(value(initializer), path: path),
                range: binding.range))
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

    func statements(ofExpression expression: RawNode) -> [FlowStatement] {
        // The kind once: most statements of a test are calls, none of the shapes below.
        let kind = expression.kind
        if kind == .sequenceExpr, let elements = expression[OperatorParts.elements]?.elements, elements.count == 3,
            elements[1].kind == .assignmentExpr
        {
            let target = value(elements[0])
            let source = elements[2]
            // Reading the target's base happens before the assignment (`dog.height?.feet = 2` reads `height`).
            var result = inner(elements[0], keepingChain: false) + inner(source)
            switch target {
            case .variable, .member, .storedProperty:
                var assigned = value(source)
                if case .variable(let name, _) = target { assigned = Self.contextual(assigned, path: storedModels[name]) }
                if case .storedProperty(let name, _) = target { assigned = Self.contextual(assigned, path: storedModels[name]) }
                result.append(.assign(target: target, value: assigned, range: elements[1].range.lowerBound..<source.range.upperBound))
            default:
                // `_ = …`, `dog._data["id"] = …`: what is assigned is handed over; a subscripted mock is changed unseen.
                result += reads(in: source)
                if let root = Self.rootVariable(of: target) { result.append(.escape(name: root.name, range: root.range)) }
            }
            return result
        }
        if kind == .ifExpr || kind == .switchExpr, let typed = typedNodes.typed(expression)?.as(ExprSyntax.self) {
            return statements(ofBranching: typed)
        }
        return reads(in: expression)
    }

    /// An `if` or a `switch`: its conditions, and each branch as a scope.
    private func statements(ofBranching expression: ExprSyntax) -> [FlowStatement] {
        if let ifExpression = expression.as(IfExprSyntax.self) {
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
        if let switchExpression = expression.as(SwitchExprSyntax.self) {
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
        return []
    }
}
