import Synchronization
import SwiftSyntax

/// Expressions into flow values, and into the reads and escapes that computing them implies.
extension FlowReader {
    /// The reads and escapes inside an expression whose own value is bound or assigned elsewhere: everything but
    /// the value itself.
    func inner(_ expression: ExprSyntax, keepingChain: Bool = true) -> [FlowStatement] {
        // A name or a literal computes nothing inside it (most arguments of a test's calls), a string only what it
        // interpolates: known from the kind, without the value (a literal's text is made again at every ask).
        switch expression.kind {
        case .declReferenceExpr, .integerLiteralExpr, .floatLiteralExpr, .booleanLiteralExpr, .nilLiteralExpr:
            return []
        case .stringLiteralExpr:
            let segments = expression.cast(StringLiteralExprSyntax.self).segments
            return segments.nodes.contains { $0.is(ExpressionSegmentSyntax.self) } ? reads(in: Syntax(expression)) : []
        default:
            break
        }
        if case .other = value(expression) { return reads(in: Syntax(expression)) }
        return parts(of: expression, readingBase: !keepingChain)
    }

    /// Every value the expression computes, in order: maximal member chains are reads; variables handed to
    /// functions, closures or storage escape.
    func reads(in node: Syntax) -> [FlowStatement] {
        var found: [FlowStatement] = []
        reads(in: node, into: &found)
        return found
    }

    /// `reads(in:)`, appended to `found`: one list for the whole walk (every node of a test's statements is visited).
    private func reads(in node: Syntax, into found: inout [FlowStatement]) {
        // A token computes nothing; a closure may run later. The kind once: every node of a test's statements comes here.
        switch node.kind {
        case .token: return
        case .closureExpr: return found += captures(node.cast(ClosureExprSyntax.self))
        default: break
        }
        if let expression = node.as(ExprSyntax.self) {
            switch value(expression) {
            case .other:
                break
            case .literal:
                return
            case .variable(let name, let range):
                if !isOwnMethodCallee(expression) { found.append(.escape(name: name, range: range)) }
                return
            case let followed:
                found += parts(of: expression, readingBase: false)
                found.append(.read(followed))
                return
            }
            if let call = expression.as(FunctionCallExprSyntax.self) {
                if let statements = ClosureRun.statements(of: call, reader: self) { return found += statements }
                if isOwnMethodCall(call) {
                    for argument in call.arguments.nodes { reads(in: Syntax(argument.expression), into: &found) }
                    return found.append(.opaqueCall(range: Self.range(call)))
                }
                // `dog._setScalar(…)`, `mock.reset()`: a method of a mock may change it in ways mockls does not follow.
                if let access = call.calledExpression.as(MemberAccessExprSyntax.self), let base = access.base,
                    let root = Self.rootVariable(of: value(base))
                {
                    for child in node.children(viewMode: .sourceAccurate) { reads(in: child, into: &found) }
                    return found.append(.escape(name: root.name, range: root.range))
                }
                // Its parts in order, past the argument list and its elements, which compute nothing themselves (every
                // call of a test is walked); a call with a part missing or unexpected is walked whole.
                if !call.hasError {
                    reads(in: Syntax(call.calledExpression), into: &found)
                    for argument in call.arguments.nodes { reads(in: Syntax(argument.expression), into: &found) }
                    if let closure = call.trailingClosure { reads(in: Syntax(closure), into: &found) }
                    for element in call.additionalTrailingClosures { reads(in: Syntax(element.closure), into: &found) }
                    return
                }
            }
            if let mock = WrittenExpression.mockType(expression), let specialized = expression.as(GenericSpecializationExprSyntax.self),
                let argument = specialized.genericArgumentClause.arguments.first
            {
                return found.append(.typeMention(mock, range: Self.range(argument)))
            }
        }
        if let type = node.as(TypeSyntax.self), let mock = WrittenExpression.mockType(type) {
            return found.append(.typeMention(mock, range: Self.range(type)))
        }
        for child in node.children(viewMode: .sourceAccurate) { reads(in: child, into: &found) }
    }

    /// What is computed inside a followed value, apart from the value itself: arguments of constructions that are
    /// not mocks, subscript indices, the arguments of method calls in a chain.
    func parts(of expression: ExprSyntax, readingBase: Bool) -> [FlowStatement] {
        if let passed = ValuePassing.passedThrough(expression) {
            // `XCTUnwrap(x, "message")`: what `x` computes, then the other arguments.
            let others = expression.as(FunctionCallExprSyntax.self)?.arguments.nodes.dropFirst().flatMap { reads(in: Syntax($0.expression)) } ?? []
            return parts(of: passed, readingBase: readingBase) + others
        }
        let kind = expression.kind
        if kind == .sequenceExpr, let (passed, _) = ValuePassing.coalescing(expression) {
            return parts(of: passed, readingBase: readingBase)  // the fallback runs only when the value is nil
        }
        if kind == .functionCallExpr, let call = expression.as(FunctionCallExprSyntax.self) {
            switch value(expression) {
            case .construction:
                return call.arguments.nodes.flatMap { inner($0.expression) } + (call.trailingClosure.map { captures($0) } ?? [])
            case .from:
                return call.arguments.first.map { inner($0.expression) } ?? []
            case .decoded:
                // What the response is read from (`json("hotel.json")`) is computed first.
                return call.arguments.nodes.flatMap { inner($0.expression) }
            case .helper:
                // A helper runs when its value is computed (what its arguments compute first); a method of the test's
                // own type may change its stored mocks.
                return call.arguments.nodes.flatMap { inner($0.expression) } + (isOwnMethodCall(call) ? [.opaqueCall(range: Self.range(call))] : [])
            case .closureCall, .elements:
                // The closure runs when the value is computed; before it, the sequence and the other arguments.
                let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base.map { inner($0) } ?? []
                let others = ValuePassing.passedClosure(of: call)?.1 ?? call.arguments.nodes.map(\.expression)
                return base + others.flatMap { reads(in: Syntax($0)) }
            case .wrapped:
                return call.arguments.nodes.flatMap { inner($0.expression) }
            case .immediateClosure:
                return []
            default:
                return reads(in: Syntax(expression))
            }
        }
        if kind == .memberAccessExpr, let access = expression.as(MemberAccessExprSyntax.self), let base = access.base {
            guard readingBase else { return parts(of: base, readingBase: false) }
            // The base of an assignment target is read, not handed over: `dog.id = "1"` keeps `dog` in sight.
            if case .variable = value(base) { return [] }
            if case .storedProperty = value(base) { return [] }
            return reads(in: Syntax(base))
        }
        if kind == .subscriptCallExpr, let subscriptCall = expression.as(SubscriptCallExprSyntax.self) {
            return parts(of: subscriptCall.calledExpression, readingBase: readingBase)
                + subscriptCall.arguments.flatMap { reads(in: Syntax($0.expression)) }
        }
        if kind == .arrayExpr, let array = expression.as(ArrayExprSyntax.self) { return array.elements.flatMap { inner($0.expression) } }
        return []
    }

    /// A closure may run later or never: the variables it mentions escape, its reads are not followed.
    func captures(_ closure: ClosureExprSyntax) -> [FlowStatement] {
        closure.tokens(viewMode: .sourceAccurate).compactMap { token in
            guard case .identifier(let name) = token.tokenKind, token.parent?.is(DeclReferenceExprSyntax.self) == true,
                token.previousToken(viewMode: .sourceAccurate)?.tokenKind != .period
            else { return nil }
            return .escape(name: name, range: Self.range(token))
        }
    }

    /// The variables an expression returned or stored hands over.
    func escapes(in expression: ExprSyntax) -> [FlowStatement] {
        if case .variable(let name, let range) = value(expression) { return [.escape(name: name, range: range)] }
        return []
    }

    /// `helper()` or `self.helper()`: a method of the test class, which may change its stored mocks.
    func isOwnMethodCall(_ call: FunctionCallExprSyntax) -> Bool {
        if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
            return ownMethods.contains(reference.baseName.text)
        }
        if let access = call.calledExpression.as(MemberAccessExprSyntax.self), let base = access.base?.as(DeclReferenceExprSyntax.self) {
            return base.baseName.tokenKind == .keyword(.self)
        }
        return false
    }

    func isOwnMethodCallee(_ expression: ExprSyntax) -> Bool {
        guard let call = expression.parent?.as(FunctionCallExprSyntax.self) else { return false }
        return call.calledExpression.id == expression.id
    }

    /// The value an expression stands for.
    func value(_ expression: ExprSyntax) -> FlowValue {
        // A name or a literal costs less to read again than to look up.
        switch expression.kind {
        case .stringLiteralExpr, .integerLiteralExpr, .floatLiteralExpr, .booleanLiteralExpr:
            return Self.literal(expression).map { .literal($0) } ?? computeValue(expression)
        case .declReferenceExpr, .nilLiteralExpr:
            return computeValue(expression)
        default:
            break
        }
        if let known = memo.values.withLock({ $0[expression.id] }) { return known }
        let computed = computeValue(expression)
        memo.values.withLock { $0[expression.id] = computed }
        return computed
    }

    private func computeValue(_ expression: ExprSyntax) -> FlowValue {
        // The kind once, each shape asked only of the kind it has: a cast that fails is a generic call and a retain,
        // and every expression of a test comes here.
        let kind = expression.kind
        if kind == .declReferenceExpr {
            let reference = expression.cast(DeclReferenceExprSyntax.self)
            switch reference.baseName.tokenKind {
            case .identifier(let name), .dollarIdentifier(let name): return .variable(name, range: Self.range(reference))
            default: return .other
            }
        }
        if let passed = ValuePassing.passedThrough(expression) { return value(passed) }
        if let literal = Self.literal(expression) { return .literal(literal) }
        switch kind {
        case .sequenceExpr:
            // (A one-element tuple around a range passed through above, to its sequence.)
            if let (passed, fallback) = ValuePassing.coalescing(expression) {
                let followed = value(passed)
                if case .other = followed { return .other }
                return .coalesced(followed, fallback: value(fallback))
            }
            if let count = ClosureRun.integerRangeCount(expression) { return .list(Array(repeating: .other, count: count)) }
            return .other
        case .memberAccessExpr:
            let access = expression.cast(MemberAccessExprSyntax.self)
            guard let base = access.base else { return .other }
            let name = access.declName.baseName
            let text = name.text
            // `Fixtures.cat`: a helper property of a type; any other member of a type is none of a value.
            if let owner = WrittenExpression.typePath(base)?.last {
                guard access.declName.argumentNames == nil, text.startsLowercase, !isCallee(expression) else { return .other }
                return .helper(HelperUse(name: text, isCall: false, owner: owner, range: Self.range(access.declName)))
            }
            // `self.dog`: the stored property, even where a local `dog` hides it.
            if let reference = base.as(DeclReferenceExprSyntax.self), reference.baseName.tokenKind == .keyword(.self),
                case .identifier(let identifier) = name.tokenKind, !isCallee(expression)
            {
                return .storedProperty(identifier, range: Self.range(name))
            }
            let baseValue = value(base)
            if case .other = baseValue { return .other }
            switch text {
            case "first": return .element(baseValue, .first, range: Self.range(name))
            case "last": return .element(baseValue, .last, range: Self.range(name))
            default: return .member(baseValue, name: text, range: Self.range(name))
            }
        case .subscriptCallExpr:
            let subscriptCall = expression.cast(SubscriptCallExprSyntax.self)
            let base = value(subscriptCall.calledExpression)
            if case .other = base { return .other }
            let index = subscriptCall.arguments.count == 1
                ? subscriptCall.arguments.first?.expression.as(IntegerLiteralExprSyntax.self).flatMap { Int($0.literal.text) } : nil
            return .element(
                base, index.map { .index($0) } ?? .unknown,
                range: Self.range(subscriptCall.leftSquare).lowerBound..<Self.range(subscriptCall.rightSquare).upperBound)
        case .functionCallExpr:
            return value(expression.cast(FunctionCallExprSyntax.self))
        case .arrayExpr:
            return .list(expression.cast(ArrayExprSyntax.self).elements.map { value($0.expression) })
        case .nilLiteralExpr:
            return .null
        default:
            return .other
        }
    }

    private func value(_ call: FunctionCallExprSyntax) -> FlowValue {
        let callee = call.calledExpression
        func construction(_ kind: MockConstruction.Kind, _ type: WrittenTypeName?, _ typeRange: Range<Int>?) -> FlowValue {
            .construction(MockConstruction(
                kind: kind, type: type, typeRange: typeRange,
                arguments: call.arguments.nodes.compactMap { argument in
                    guard let label = argument.label else { return nil }
                    let labelRange = Self.range(label)
                    let expression = argument.expression
                    return .init(
                        label: label.text, labelRange: labelRange, value: value(expression),
                        range: labelRange.lowerBound..<expression.endPositionBeforeTrailingTrivia.utf8Offset)
                },
                range: Self.range(call),
                argumentsRange: call.leftParen.map { open in
                    let start = open.endPositionBeforeTrailingTrivia.utf8Offset
                    let end = call.rightParen.map { $0.positionAfterSkippingLeadingTrivia.utf8Offset } ?? Self.range(call.arguments).upperBound
                    return start..<max(start, end)
                } ?? Self.range(call).upperBound..<Self.range(call).upperBound))
        }
        // The callee's kind once: each shape below is asked only of the kind it has.
        let calleeKind = callee.kind
        if calleeKind == .genericSpecializationExpr, let mock = WrittenExpression.mockType(callee) {
            return construction(.initializer, mock, mockArgumentRange(callee))
        }
        if calleeKind == .declReferenceExpr, let reference = callee.as(DeclReferenceExprSyntax.self), reference.baseName.text == "Mock" {
            return construction(.initializer, nil, nil)
        }
        // `{ …; return dog }()`: the closure runs here, once.
        if calleeKind == .closureExpr, let closure = callee.as(ClosureExprSyntax.self), call.arguments.isEmpty, call.trailingClosure == nil {
            let (body, result) = ClosureRun.bodyAndResult(of: closure, reader: self)
            return .immediateClosure(body: body, result: result)
        }
        if let (wrapped, member) = ValuePassing.wrapped(call) {
            let followed = value(wrapped)
            if case .other = followed { return .other }
            return .wrapped(followed, member: member)
        }
        if let helper = helperCall(call) { return helper }
        guard calleeKind == .memberAccessExpr, let access = callee.as(MemberAccessExprSyntax.self) else { return .other }
        if let closureCall = ClosureRun.closureCall(call, reader: self) { return closureCall }
        let name = access.declName.baseName.text
        if ValuePassing.elementMethods.contains(name) && call.arguments.isEmpty || ValuePassing.sublistMethods.contains(name),
            let base = access.base, call.trailingClosure == nil, WrittenExpression.typePath(base) == nil
        {
            let followed = value(base)
            if case .other = followed { return .other }
            return .elements(of: followed, method: name, range: Self.range(access.declName))
        }
        let kind: MockConstruction.Kind? = name == "init" ? .initializer : name == "placeholder" ? .placeholder : nil
        guard let base = access.base else {
            if let kind { return construction(kind, nil, nil) }
            // `.from(mock)`: a model of the type the context expects (`Self.contextual`).
            if name == "from", let argument = call.arguments.first, argument.label == nil, call.arguments.count <= 2 {
                return .from(path: [], mock: value(argument.expression), range: Self.range(access), variables: Self.withVariables(call))
            }
            // `.mock(…)`: a factory of the mock type the context expects.
            return helperUse(call, name: access.declName.baseName, owner: nil, implicit: true) ?? .other
        }
        if let kind, let mock = WrittenExpression.mockType(base) { return construction(kind, mock, mockArgumentRange(base)) }
        // `Mock<Dog>.mock(…)`: a factory declared in `extension Mock where O == Dog`.
        if kind == nil, let mock = WrittenExpression.mockType(base),
            let helper = helperUse(call, name: access.declName.baseName, owner: mock.name, implicit: false)
        {
            return helper
        }
        if name == "from", let path = WrittenExpression.typePath(base), let argument = call.arguments.first, argument.label == nil {
            return .from(path: path, mock: value(argument.expression), range: Self.range(base), variables: Self.withVariables(call))
        }
        // `HotelDetailQuery.Data(data: json)`, `X.Data.Hotel(_dataDict: …)`: a model read from a response.
        if let label = call.arguments.first?.label?.text, label == "data" || label == "_dataDict",
            let path = WrittenExpression.typePath(callee), path.count >= 2
        {
            return .decoded(path: path, range: Self.range(callee))
        }
        return .other
    }

    /// `makeX()`, `self.makeX()`, `Self.makeX()`, `Type.makeX(…)`: a call without closures of a name that starts
    /// lower-case, which a helper of the workspace may answer.
    private func helperCall(_ call: FunctionCallExprSyntax) -> FlowValue? {
        if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
            return helperUse(call, name: reference.baseName, owner: nil, implicit: false)
        }
        // The name first: `X.Data.from(…)` and most other calls on a type name no helper.
        guard let access = call.calledExpression.as(MemberAccessExprSyntax.self), let base = access.base,
            Self.helperName(access.declName.baseName) != nil
        else { return nil }
        if let reference = base.as(DeclReferenceExprSyntax.self), [.keyword(.self), .keyword(.Self)].contains(reference.baseName.tokenKind) {
            return helperUse(call, name: access.declName.baseName, owner: nil, implicit: false)
        }
        guard let owner = WrittenExpression.typePath(base)?.last else { return nil }
        return helperUse(call, name: access.declName.baseName, owner: owner, implicit: false)
    }

    /// The name a call's callee spells when a helper may answer it: starting lower-case, and neither `from` nor
    /// `placeholder` (Apollo's).
    private static func helperName(_ name: TokenSyntax) -> String? {
        guard case .identifier(let text) = name.tokenKind, text.startsLowercase, text != "from", text != "placeholder" else { return nil }
        return text
    }

    private func helperUse(_ call: FunctionCallExprSyntax, name: TokenSyntax, owner: String?, implicit: Bool) -> FlowValue? {
        guard call.trailingClosure == nil, call.additionalTrailingClosures.isEmpty, let text = Self.helperName(name),
            !call.arguments.contains(where: { $0.expression.is(ClosureExprSyntax.self) })
        else { return nil }
        return .helper(HelperUse(
            name: text, isCall: true, owner: owner, isImplicitMember: implicit,
            arguments: call.arguments.nodes.map { HelperUse.Argument(label: $0.label?.text, value: value($0.expression)) },
            range: Self.range(name)))
    }

    private func isCallee(_ expression: ExprSyntax) -> Bool {
        expression.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id == expression.id
    }

    private func mockArgumentRange(_ expression: ExprSyntax) -> Range<Int>? {
        expression.as(GenericSpecializationExprSyntax.self)?.genericArgumentClause.arguments.first.map { Self.range($0) }
    }

    /// The variable a chain starts from (`dog` in `dog.height?.feet`).
    static func rootVariable(of value: FlowValue) -> (name: String, range: Range<Int>)? {
        switch value {
        case .variable(let name, let range): return (name, range)
        case .member(let base, _, _), .element(let base, _, _): return rootVariable(of: base)
        default: return nil
        }
    }
}
