@_spi(RawSyntax) import SwiftSyntax

/// Expressions into flow values, and into the reads and escapes that computing them implies. Read from the raw
/// layout (`RawNode`): every node of a test's statements comes here, most of them more than once.
extension FlowReader {
    // MARK: Typed entry points (helpers, closures, conditions, and the reading's start)

    func inner(_ expression: ExprSyntax, keepingChain: Bool = true) -> [FlowStatement] {
        inner(typedNodes.enter(expression), keepingChain: keepingChain)
    }

    func reads(in node: Syntax) -> [FlowStatement] { reads(in: typedNodes.enter(node)) }

    func value(_ expression: ExprSyntax) -> FlowValue { value(typedNodes.enter(expression)) }

    func escapes(in expression: ExprSyntax) -> [FlowStatement] { escapes(in: typedNodes.enter(expression)) }

    // MARK: Reads

    /// The reads and escapes inside an expression whose own value is bound or assigned elsewhere: everything but
    /// the value itself.
    func inner(_ expression: RawNode, keepingChain: Bool = true) -> [FlowStatement] {
        // A name or a literal computes nothing inside it (most arguments of a test's calls), a string only what it
        // interpolates: known from the kind, without the value (a literal's text is made again at every ask).
        switch expression.kind {
        case .declReferenceExpr, .integerLiteralExpr, .floatLiteralExpr, .booleanLiteralExpr, .nilLiteralExpr:
            return []
        case .stringLiteralExpr:
            return Self.interpolates(expression) ? reads(in: expression) : []
        default:
            break
        }
        if case .other = value(expression) { return reads(in: expression) }
        return parts(of: expression, readingBase: !keepingChain)
    }

    /// Every value the expression computes, in order: maximal member chains are reads; variables handed to
    /// functions, closures or storage escape.
    func reads(in node: RawNode) -> [FlowStatement] {
        var found: [FlowStatement] = []
        reads(in: node, into: &found)
        return found
    }

    /// `reads(in:)`, appended to `found`: one list for the whole walk (every node of a test's statements is visited).
    private func reads(in node: RawNode, into found: inout [FlowStatement]) {
        // A token computes nothing; a closure may run later. The kind once: every node of a test's statements comes here.
        let kind = node.kind
        switch kind {
        case .token: return
        case .closureExpr: return found += captures(node)
        case .stringLiteralExpr where !Self.interpolates(node): return  // a literal: nothing to read, no text to make
        default: break
        }
        if node.isExpression {
            switch value(node) {
            case .other:
                break
            case .literal:
                return
            case .variable(let name, let range):
                // A function called by its name is not handed anything.
                if !node.isCallee { found.append(.escape(name: name, range: range)) }
                return
            case let followed:
                found += parts(of: node, readingBase: false)
                found.append(.read(followed))
                return
            }
            if kind == .functionCallExpr {
                if ClosureRun.mayRunInPlace(node), let call = typedNodes.typed(node)?.as(FunctionCallExprSyntax.self),
                    let statements = ClosureRun.statements(of: call, reader: self)
                {
                    return found += statements
                }
                if isOwnMethodCall(node) {
                    for argument in Self.argumentExpressions(of: node) { reads(in: argument, into: &found) }
                    return found.append(.opaqueCall(range: node.range))
                }
                // `dog._setScalar(…)`, `mock.reset()`: a method of a mock may change it in ways mockls does not follow.
                if let access = node[CallParts.calledExpression], access.kind == .memberAccessExpr, let base = access[MemberAccessParts.base],
                    let root = Self.rootVariable(of: value(base))
                {
                    node.forEachChild { reads(in: $0, into: &found) }
                    return found.append(.escape(name: root.name, range: root.range))
                }
                // Any other call: its parts in order (its labels, commas and parentheses compute nothing).
            } else if kind == .genericSpecializationExpr, let mock = WrittenExpression.mockType(node), let argument = Self.firstGenericArgument(node) {
                return found.append(.typeMention(mock, range: argument.range))
            }
        } else if node.isType, let mock = WrittenExpression.mockType(type: node) {
            return found.append(.typeMention(mock, range: (WrittenExpression.mockTypeArgument(type: node) ?? node).range))
        }
        node.forEachChild { reads(in: $0, into: &found) }
    }

    /// What is computed inside a followed value, apart from the value itself: arguments of constructions that are
    /// not mocks, subscript indices, the arguments of method calls in a chain.
    func parts(of expression: RawNode, readingBase: Bool) -> [FlowStatement] {
        let kind = expression.kind
        if let passed = ValuePassing.passedThrough(expression) {
            // `XCTUnwrap(x, "message")`: what `x` computes, then the other arguments.
            let others = kind == .functionCallExpr ? Self.argumentExpressions(of: expression).dropFirst().flatMap { reads(in: $0) } : []
            return parts(of: passed, readingBase: readingBase) + others
        }
        if kind == .sequenceExpr, let (passed, _) = ValuePassing.coalescing(expression) {
            return parts(of: passed, readingBase: readingBase)  // the fallback runs only when the value is nil
        }
        if kind == .functionCallExpr {
            let arguments = Self.argumentExpressions(of: expression)
            switch value(expression) {
            case .construction:
                return arguments.flatMap { inner($0) } + (expression[CallParts.trailingClosure].map { captures($0) } ?? [])
            case .from:
                return arguments.first.map { inner($0) } ?? []
            case .decoded:
                // What the response is read from (`json("hotel.json")`) is computed first.
                return arguments.flatMap { inner($0) }
            case .helper:
                // A helper runs when its value is computed (what its arguments compute first); a method of the test's
                // own type may change its stored mocks.
                return arguments.flatMap { inner($0) } + (isOwnMethodCall(expression) ? [.opaqueCall(range: expression.range)] : [])
            case .closureCall, .elements:
                // The closure runs when the value is computed; before it, the sequence and the other arguments.
                let callee = expression[CallParts.calledExpression]
                let base = callee?.kind == .memberAccessExpr ? callee?[MemberAccessParts.base].map { inner($0) } ?? [] : []
                let passed = typedNodes.typed(expression)?.as(FunctionCallExprSyntax.self).flatMap { ValuePassing.passedClosure(of: $0) }
                let others = passed.map { $0.1.map { typedNodes.enter($0) } } ?? arguments
                return base + others.flatMap { reads(in: $0) }
            case .wrapped:
                return arguments.flatMap { inner($0) }
            case .immediateClosure:
                return []
            case .instance:
                // What it is made of is handed to it.
                return arguments.flatMap { reads(in: $0) }
            case .response:
                // The mock is the value's; the operation's type and the variables compute nothing.
                return []
            default:
                return reads(in: expression)
            }
        }
        if kind == .memberAccessExpr, let base = expression[MemberAccessParts.base] {
            guard readingBase else { return parts(of: base, readingBase: false) }
            // The base of an assignment target is read, not handed over: `dog.id = "1"` keeps `dog` in sight.
            if case .variable = value(base) { return [] }
            if case .storedProperty = value(base) { return [] }
            return reads(in: base)
        }
        if kind == .subscriptCallExpr, let callee = expression[OperatorParts.subscriptCallee] {
            return parts(of: callee, readingBase: readingBase)
                + Self.argumentExpressions(in: expression[OperatorParts.subscriptArguments]).flatMap { reads(in: $0) }
        }
        if kind == .arrayExpr, let elements = expression[OperatorParts.arrayElements] {
            return elements.elements.compactMap { $0[OperatorParts.arrayElement] }.flatMap { inner($0) }
        }
        return []
    }

    /// A closure may run later or never: the variables it mentions escape, its reads are not followed. A variable
    /// is a name of a reference (`dog`, not the `name` of `.name` nor a label).
    func captures(_ closure: RawNode) -> [FlowStatement] {
        var found: [FlowStatement] = []
        var afterPeriod = false
        Self.captures(in: closure, parent: closure.kind, afterPeriod: &afterPeriod, into: &found)
        return found
    }

    private static func captures(in node: RawNode, parent: SyntaxKind, afterPeriod: inout Bool, into found: inout [FlowStatement]) {
        guard node.raw.isToken else {
            node.forEachChild { captures(in: $0, parent: node.kind, afterPeriod: &afterPeriod, into: &found) }
            return
        }
        if parent == .declReferenceExpr, !afterPeriod, let name = node.identifier {
            found.append(.escape(name: name, range: node.range))
        }
        afterPeriod = node.isToken(.period)
    }

    /// The variables an expression returned or stored hands over.
    func escapes(in expression: RawNode) -> [FlowStatement] {
        if case .variable(let name, let range) = value(expression) { return [.escape(name: name, range: range)] }
        return []
    }

    /// `helper()` or `self.helper()`: a method of the test class, which may change its stored mocks.
    func isOwnMethodCall(_ call: RawNode) -> Bool {
        guard let callee = call[CallParts.calledExpression] else { return false }
        if callee.kind == .declReferenceExpr {
            return !ownMethods.isEmpty && callee[ReferenceParts.baseName].map { ownMethods.contains($0.string) } == true
        }
        if callee.kind == .memberAccessExpr, let base = callee[MemberAccessParts.base], base.kind == .declReferenceExpr {
            return base[ReferenceParts.baseName]?.isKeyword(.self) == true
        }
        return false
    }

    // MARK: Values

    /// The value an expression stands for.
    func value(_ expression: RawNode) -> FlowValue {
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

    private func computeValue(_ expression: RawNode) -> FlowValue {
        // The kind once, each shape asked only of the kind it has: every expression of a test comes here.
        let kind = expression.kind
        if kind == .declReferenceExpr {
            guard let name = expression[ReferenceParts.baseName], name.isToken(.identifier) || name.isToken(.dollarIdentifier) else { return .other }
            return .variable(name.string, range: expression.range)
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
            guard let base = expression[MemberAccessParts.base], let declName = expression[MemberAccessParts.declName],
                let name = declName[ReferenceParts.baseName]
            else { return .other }
            let text = name.string
            // `Fixtures.cat`: a helper property of a type; any other member of a type is none of a value. `Self.cat`:
            // the enclosing type's, looked up by its name alone (as `Self.makeCat()` is).
            if let owner = WrittenExpression.typePath(base)?.last {
                guard declName[ReferenceParts.argumentNames] == nil, text.startsLowercase, !expression.isCallee else { return .other }
                let isSelf = base.kind == .declReferenceExpr && base[ReferenceParts.baseName]?.isKeyword(.Self) == true
                return .helper(HelperUse(name: text, isCall: false, owner: isSelf ? nil : owner, range: declName.range))
            }
            // `self.dog`: the stored property, even where a local `dog` hides it.
            if base.kind == .declReferenceExpr, base[ReferenceParts.baseName]?.isKeyword(.self) == true, name.isToken(.identifier),
                !expression.isCallee
            {
                return .storedProperty(text, range: name.range)
            }
            let baseValue = value(base)
            if case .other = baseValue { return .other }
            switch text {
            case "first": return .element(baseValue, .first, range: name.range)
            case "last": return .element(baseValue, .last, range: name.range)
            default: return .member(baseValue, name: text, range: name.range)
            }
        case .subscriptCallExpr:
            guard let callee = expression[OperatorParts.subscriptCallee] else { return .other }
            let base = value(callee)
            if case .other = base { return .other }
            let arguments = Self.argumentExpressions(in: expression[OperatorParts.subscriptArguments])
            let index = arguments.count == 1 && arguments[0].kind == .integerLiteralExpr
                ? arguments[0][LiteralParts.integer].flatMap { Int($0.string) } : nil
            let start = expression[OperatorParts.leftSquare]?.range.lowerBound ?? expression.range.lowerBound
            let end = expression[OperatorParts.rightSquare]?.range.upperBound ?? expression.range.upperBound
            return .element(base, index.map { .index($0) } ?? .unknown, range: start..<end)
        case .functionCallExpr:
            return value(ofCall: expression)
        case .arrayExpr:
            let elements = expression[OperatorParts.arrayElements]?.elements ?? []
            return .list(elements.map { $0[OperatorParts.arrayElement].map { value($0) } ?? .other })
        case .nilLiteralExpr:
            return .null
        default:
            return .other
        }
    }

    private func value(ofCall call: RawNode) -> FlowValue {
        guard let callee = call[CallParts.calledExpression] else { return .other }
        let arguments = call[CallParts.arguments]?.elements ?? []
        func construction(_ kind: MockConstruction.Kind, _ type: WrittenTypeName?, _ typeRange: Range<Int>?) -> FlowValue {
            let range = call.range
            return .construction(MockConstruction(
                kind: kind, type: type, typeRange: typeRange,
                arguments: arguments.compactMap { argument in
                    guard let label = argument[ArgumentParts.label], let expression = argument[ArgumentParts.expression] else { return nil }
                    let labelRange = label.range
                    return .init(
                        label: label.string, labelRange: labelRange, value: value(expression),
                        range: labelRange.lowerBound..<expression.range.upperBound)
                },
                range: range,
                argumentsRange: call[CallParts.leftParen].map { open in
                    let start = open.range.upperBound
                    let end = call[CallParts.rightParen]?.range.lowerBound ?? call[CallParts.arguments]?.range.upperBound ?? start
                    return start..<max(start, end)
                } ?? range.upperBound..<range.upperBound))
        }
        // The callee's kind once: each shape below is asked only of the kind it has.
        let calleeKind = callee.kind
        if calleeKind == .genericSpecializationExpr, let mock = WrittenExpression.mockType(callee) {
            return construction(.initializer, mock, Self.firstGenericArgument(callee)?.range)
        }
        if calleeKind == .declReferenceExpr, callee[ReferenceParts.baseName]?.text == "Mock" {
            return construction(.initializer, nil, nil)
        }
        // `{ …; return dog }()`: the closure runs here, once.
        if calleeKind == .closureExpr, arguments.isEmpty, call[CallParts.trailingClosure] == nil,
            let closure = typedNodes.typed(callee)?.as(ClosureExprSyntax.self)
        {
            let (body, result) = ClosureRun.bodyAndResult(of: closure, reader: self)
            return .immediateClosure(body: body, result: result)
        }
        if let (wrapped, member) = ValuePassing.wrapped(call) {
            let followed = value(wrapped)
            if case .other = followed { return .other }
            return .wrapped(followed, member: member)
        }
        if let helper = helperCall(call, callee: callee) { return helper }
        if let response = registeredResponse(call) { return response }
        // `CharacterDetailViewModel(service: svc)`: an instance of a type, its properties read from its declaration
        // (`Task { … }` and other calls with a trailing closure run it, or not, as `ClosureRun` reads them).
        if calleeKind == .declReferenceExpr, call[CallParts.trailingClosure] == nil,
            let type = callee[ReferenceParts.baseName]?.identifier, type.first?.isUppercase == true
        {
            return .instance(type: type, range: call.range)
        }
        guard calleeKind == .memberAccessExpr, let declName = callee[MemberAccessParts.declName], let nameToken = declName[ReferenceParts.baseName]
        else { return .other }
        let name = nameToken.string
        let base = callee[MemberAccessParts.base]
        if ValuePassing.closureMethods[name] != nil, let base, WrittenExpression.typePath(base) == nil,
            let typed = typedNodes.typed(call)?.as(FunctionCallExprSyntax.self), let closureCall = ClosureRun.closureCall(typed, reader: self)
        {
            return closureCall
        }
        if ValuePassing.elementMethods.contains(name) && arguments.isEmpty || ValuePassing.sublistMethods.contains(name),
            let base, call[CallParts.trailingClosure] == nil, WrittenExpression.typePath(base) == nil
        {
            let followed = value(base)
            if case .other = followed { return .other }
            return .elements(of: followed, method: name, range: declName.range)
        }
        let kind: MockConstruction.Kind? = name == "init" ? .initializer : name == "placeholder" ? .placeholder : nil
        let first = arguments.first.flatMap { argument in argument[ArgumentParts.expression].map { (argument, $0) } }
        guard let base else {
            if let kind { return construction(kind, nil, nil) }
            // `.from(mock)`: a model of the type the context expects (`Self.contextual`).
            if name == "from", let (argument, expression) = first, argument[ArgumentParts.label] == nil, arguments.count <= 2 {
                return .from(path: [], mock: value(expression), range: callee.range, variables: Self.withVariables(call))
            }
            // `.mock(…)`: a factory of the mock type the context expects.
            return helperUse(call, name: nameToken, owner: nil, implicit: true) ?? .other
        }
        if let kind, let mock = WrittenExpression.mockType(base) { return construction(kind, mock, Self.firstGenericArgument(base)?.range) }
        // `Mock<Dog>.mock(…)`: a factory declared in `extension Mock where O == Dog`.
        if kind == nil, let mock = WrittenExpression.mockType(base), let helper = helperUse(call, name: nameToken, owner: mock.name, implicit: false) {
            return helper
        }
        if name == "from", let path = WrittenExpression.typePath(base), let (argument, expression) = first, argument[ArgumentParts.label] == nil {
            return .from(path: path, mock: value(expression), range: base.range, variables: Self.withVariables(call))
        }
        // `HotelDetailQuery.Data(data: json)`, `X.Data.Hotel(_dataDict: …)`: a model read from a response.
        if let label = first?.0[ArgumentParts.label]?.string, label == "data" || label == "_dataDict",
            let path = WrittenExpression.typePath(callee), path.count >= 2
        {
            return .decoded(path: path, range: callee.range)
        }
        return .other
    }

    /// `transport.register(HotelQuery.self, data: mock)`, `enqueue(…)`, with `variables:` or not: the mock of a test
    /// transport's response (`FlowValue.response`).
    private func registeredResponse(_ call: RawNode) -> FlowValue? {
        guard let (path, arguments) = TransportRegistration.read(call), let data = TransportRegistration.argument("data", in: arguments)
        else { return nil }
        var variables = Self.withVariables(call, label: "variables")
        // The operation may have variables the registration does not name: those are not known.
        variables.isComplete = false
        return .response(path: path + ["Data"], mock: value(data), range: data.range, variables: variables)
    }

    /// `makeX()`, `self.makeX()`, `Self.makeX()`, `Type.makeX(…)`: a call without closures of a name that starts
    /// lower-case, which a helper of the workspace may answer.
    private func helperCall(_ call: RawNode, callee: RawNode) -> FlowValue? {
        if callee.kind == .declReferenceExpr, let name = callee[ReferenceParts.baseName] {
            return helperUse(call, name: name, owner: nil, implicit: false)
        }
        // The name first: `X.Data.from(…)` and most other calls on a type name no helper.
        guard callee.kind == .memberAccessExpr, let base = callee[MemberAccessParts.base], let name = callee[MemberAccessParts.declName]?[ReferenceParts.baseName],
            Self.helperName(name) != nil
        else { return nil }
        if base.kind == .declReferenceExpr, let reference = base[ReferenceParts.baseName], reference.isKeyword(.self) || reference.isKeyword(.Self) {
            return helperUse(call, name: name, owner: nil, implicit: false)
        }
        guard let owner = WrittenExpression.typePath(base)?.last else { return nil }
        return helperUse(call, name: name, owner: owner, implicit: false)
    }

    /// The name a call's callee spells when a helper may answer it: starting lower-case, and neither `from` nor
    /// `placeholder` (Apollo's).
    private static func helperName(_ name: RawNode) -> String? {
        guard let text = name.identifier, text.startsLowercase, text != "from", text != "placeholder" else { return nil }
        return text
    }

    private func helperUse(_ call: RawNode, name: RawNode, owner: String?, implicit: Bool) -> FlowValue? {
        let arguments = Self.argumentExpressions(of: call)
        guard call[CallParts.trailingClosure] == nil, call[CallParts.additionalTrailingClosures]?.count ?? 0 == 0, let text = Self.helperName(name),
            !arguments.contains(where: { $0.kind == .closureExpr })
        else { return nil }
        let labels = call[CallParts.arguments]?.elements.map { $0[ArgumentParts.label]?.string } ?? []
        return .helper(HelperUse(
            name: text, isCall: true, owner: owner, isImplicitMember: implicit,
            arguments: zip(labels, arguments).map { HelperUse.Argument(label: $0, value: value($1)) },
            range: name.range))
    }

    // MARK: Shapes

    /// A call's argument expressions, in order.
    static func argumentExpressions(of call: RawNode) -> [RawNode] { argumentExpressions(in: call[CallParts.arguments]) }

    /// The expressions of a list of arguments (a call's, a subscript's, a macro's), in order.
    static func argumentExpressions(in list: RawNode?) -> [RawNode] {
        guard let list else { return [] }
        var found: [RawNode] = []
        found.reserveCapacity(list.count)
        list.forEachChild { argument in
            if let expression = argument[ArgumentParts.expression] { found.append(expression) }
        }
        return found
    }

    /// Whether a string literal interpolates an expression (`"\(name)"`).
    static func interpolates(_ string: RawNode) -> Bool {
        var interpolates = false
        string[LiteralParts.segments]?.forEachChild { if $0.kind == .expressionSegment { interpolates = true } }
        return interpolates
    }

    /// The first generic argument of `Mock<Dog>` written as an expression.
    static func firstGenericArgument(_ expression: RawNode) -> RawNode? {
        guard expression.kind == .genericSpecializationExpr else { return nil }
        return expression[GenericParts.genericArgumentClause]?[GenericParts.arguments]?.first
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
