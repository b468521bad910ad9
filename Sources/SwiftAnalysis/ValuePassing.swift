@_spi(RawSyntax) import SwiftSyntax

/// How Swift code hands a value on: unchanged (`!`, `XCTUnwrap`, `#require`, `??`'s left side…), as one element of a
/// list, through a closure that runs in place, or inside one of Apollo's wrappers. The one table that both readings
/// of a test use: `FlowReader` (what a test does: diagnostics, coverage, `mockls response`) and `WrittenExpression`
/// with the completion context (what the cursor is on: completion, hover). Whatever is not here is not followed.
public enum ValuePassing {
    /// What a method of a sequence (or an optional) called with a closure does with it, and what the call gives.
    public enum ClosureMethod: Sendable, Equatable {
        /// `map`, `compactMap`, `flatMap`: runs once per element (once on an optional that holds a value); the
        /// list of its results (an optional's: the result).
        case transform(dropsNil: Bool, flattens: Bool)
        /// `forEach`, `filter`: runs once per element; `filter` gives some of the elements.
        case each(keepsElements: Bool)
        /// `reduce(initial) { partial, element in … }`: runs once per element, the element its second parameter.
        case accumulate
        /// `first(where:)`, `last(where:)`, `contains(where:)`, `allSatisfy`: runs from one end until it decides, so
        /// only on the element at that end for certain; `first(where:)` and `last(where:)` give one of the elements.
        case search(fromEnd: Bool, givesElement: Bool)
        /// `sorted(by:)`, `min(by:)`, `max(by:)`: compares elements two by two (every one when there are two or
        /// more); `sorted` gives the elements in an order mockls does not know, `min`/`max` one of them.
        case compare(givesElement: Bool)
    }

    /// Methods whose closure runs where it is written, by name; and the `async` twins `mockls migrate --to 2` writes
    /// for some of them (`AsyncSites.asyncTwins`: `asyncMap`), which run theirs as the originals do.
    public static let closureMethods: [String: ClosureMethod] = {
        let own = ownClosureMethods
        let twins = AsyncSites.closureMethods.compactMap { method in own[method].map { (AsyncSites.twinName(of: method), $0) } }
        return own.merging(twins) { original, _ in original }
    }()

    private static let ownClosureMethods: [String: ClosureMethod] = [
        "map": .transform(dropsNil: false, flattens: false),
        "compactMap": .transform(dropsNil: true, flattens: false),
        "flatMap": .transform(dropsNil: false, flattens: true),
        "forEach": .each(keepsElements: false),
        "filter": .each(keepsElements: true),
        "reduce": .accumulate,
        "first": .search(fromEnd: false, givesElement: true),
        "last": .search(fromEnd: true, givesElement: true),
        "contains": .search(fromEnd: false, givesElement: false),
        "allSatisfy": .search(fromEnd: false, givesElement: false),
        "sorted": .compare(givesElement: false),
        "min": .compare(givesElement: true),
        "max": .compare(givesElement: true),
    ]

    /// Methods without arguments that give one element of a list (`first` and `last` are properties: `.element`).
    public static let elementMethods: Set<String> = ["randomElement", "popFirst", "popLast"]
    /// Methods without a closure that give some of a list's elements, in an order or number mockls does not know.
    public static let sublistMethods: Set<String> = ["reversed", "shuffled", "prefix", "suffix", "dropFirst", "dropLast"]

    /// Free functions and macros that give back their first argument unwrapped: `try XCTUnwrap(x, "message")`,
    /// `try #require(x)`; and the wrappers of a value that give it back unchanged (`.some(x)`, `Optional(x)`,
    /// `.success(x)`, `Result.success(x)`).
    public static let passingFunctions: Set<String> = ["XCTUnwrap", "require", "some", "Optional", "success"]
    /// Methods without arguments that give back the value they are called on: `result.get()`.
    public static let passingMethods: Set<String> = ["get"]
    /// Apollo's wrappers around a model, by the name of their initializer: the argument that holds the model, and the
    /// member that gives it back (`GraphQLResult(data: d, …).data`; Apollo iOS 2.4's
    /// `GraphQLResponse<Q>(data: d, …).data`, what `mockls migrate --to 2` writes for the former; a 2.0 beta's
    /// `GraphQLResponse(result: r, cacheRecords: nil).result`).
    public static let wrappers: [String: [(label: String, member: String)]] = [
        "GraphQLResult": [("data", "data")],
        "GraphQLResponse": [("data", "data"), ("result", "result")],
    ]

    // MARK: Syntax

    /// The expression whose value `expression` is, unchanged: `x!`, `x?`, `try x`, `await x`, `(x)`,
    /// `XCTUnwrap(x)`, `#require(x)`, `.some(x)`, `.success(x)`, `x.get()`; nil when it is none of those.
    public static func passedThrough(_ expression: ExprSyntax) -> ExprSyntax? {
        passedThrough(RawNode(expression)).flatMap { TypedNodes.find($0, in: Syntax(expression))?.as(ExprSyntax.self) }
    }

    static func passedThrough(_ expression: RawNode) -> RawNode? {
        // One switch on the kind: every expression a test computes is asked.
        switch expression.kind {
        case .optionalChainingExpr: return expression[WrapperParts.optionalChaining]
        case .forceUnwrapExpr: return expression[WrapperParts.forceUnwrap]
        case .tryExpr: return expression[WrapperParts.tryExpression]
        case .awaitExpr: return expression[WrapperParts.awaitExpression]
        case .tupleExpr:
            guard let elements = expression[WrapperParts.tupleElements], elements.count == 1, let only = elements.first,
                only[ArgumentParts.label] == nil
            else { return nil }
            return only[ArgumentParts.expression]
        case .macroExpansionExpr:
            guard let name = expression[WrapperParts.macroName], names(passingFunctionBytes, contain: name.text),
                expression[WrapperParts.macroTrailingClosure] == nil, let first = expression[WrapperParts.macroArguments]?.first,
                first[ArgumentParts.label] == nil
            else { return nil }
            return first[ArgumentParts.expression]
        case .functionCallExpr:
            break
        default:
            return nil
        }
        guard expression[CallParts.trailingClosure] == nil, let callee = expression[CallParts.calledExpression],
            let last = lastNameToken(callee)?.text
        else { return nil }
        let arguments = expression[CallParts.arguments]
        // The name first, by its bytes: most calls are none of these, and reading it costs less than checking the
        // callee's shape (or making a string of it).
        if names(passingMethodBytes, contain: last), arguments?.count ?? 0 == 0, callee.kind == .memberAccessExpr, let base = callee[MemberAccessParts.base] {
            return base
        }
        guard names(passingFunctionBytes, contain: last), let name = calleeName(callee), name == String(syntaxText: last),
            let first = arguments?.first, first[ArgumentParts.label] == nil, name == "XCTUnwrap" || arguments?.count == 1
        else { return nil }
        return first[ArgumentParts.expression]
    }

    /// Whether `text` is one of `names`, compared by their bytes.
    private static func names(_ names: [[UInt8]], contain text: SyntaxText) -> Bool {
        for name in names where name.count == text.count && name.elementsEqual(text) { return true }
        return false
    }

    // The names above by their bytes: every call of a test is asked whether it passes a value through.
    private static let passingFunctionBytes = passingFunctions.map { Array($0.utf8) }
    private static let passingMethodBytes = passingMethods.map { Array($0.utf8) }
    private static let wrapperNameBytes = wrappers.keys.map { Array($0.utf8) }

    /// `x ?? fallback`: the value, and what stands in for it when it is nil.
    public static func coalescing(_ expression: ExprSyntax) -> (value: ExprSyntax, fallback: ExprSyntax)? {
        guard let (value, fallback) = coalescing(RawNode(expression)),
            let typedValue = TypedNodes.find(value, in: Syntax(expression))?.as(ExprSyntax.self),
            let typedFallback = TypedNodes.find(fallback, in: Syntax(expression))?.as(ExprSyntax.self)
        else { return nil }
        return (typedValue, typedFallback)
    }

    static func coalescing(_ expression: RawNode) -> (value: RawNode, fallback: RawNode)? {
        guard expression.kind == .sequenceExpr, let elements = expression[OperatorParts.elements]?.elements, elements.count == 3,
            elements[1].kind == .binaryOperatorExpr, elements[1][OperatorParts.binaryOperator]?.text == "??"
        else { return nil }
        return (elements[0], elements[2])
    }

    /// `GraphQLResult(data: d, …)`: the model it holds and the member that gives it back.
    public static func wrapped(_ call: FunctionCallExprSyntax) -> (value: ExprSyntax, member: String)? {
        guard let (value, member) = wrapped(RawNode(call)), let typed = TypedNodes.find(value, in: Syntax(call))?.as(ExprSyntax.self)
        else { return nil }
        return (typed, member)
    }

    static func wrapped(_ call: RawNode) -> (value: RawNode, member: String)? {
        guard let callee = call[CallParts.calledExpression], let last = lastNameToken(callee), names(wrapperNameBytes, contain: last.text),
            let name = calleeName(callee), let forms = wrappers[name], let arguments = call[CallParts.arguments]?.elements
        else { return nil }
        for wrapper in forms {
            if let argument = arguments.first(where: { $0[ArgumentParts.label]?.string == wrapper.label }), let value = argument[ArgumentParts.expression] {
                return (value, wrapper.member)
            }
        }
        return nil
    }

    /// The last name of a callee, whatever comes before it (`a.b.c` → `c`, `X<T>` → `X`).
    private static func lastNameToken(_ callee: RawNode) -> RawNode? {
        switch callee.kind {
        case .declReferenceExpr: callee[ReferenceParts.baseName]
        case .memberAccessExpr: callee[MemberAccessParts.declName]?[ReferenceParts.baseName]
        case .genericSpecializationExpr: callee[GenericParts.expression].flatMap { lastNameToken($0) }
        default: nil
        }
    }

    /// The name a call's callee ends with: `XCTUnwrap`, `Result.success` → `success`, `.some` → `some`,
    /// `GraphQLResult<Q.Data>` → `GraphQLResult`.
    static func calleeName(_ callee: RawNode) -> String? {
        switch callee.kind {
        case .declReferenceExpr:
            return callee[ReferenceParts.baseName]?.string
        case .memberAccessExpr:
            // `Result.success`, `.success`, `Optional.some`: a case of a type, not a member of a value.
            if let base = callee[MemberAccessParts.base], WrittenExpression.typePath(base) == nil, base.kind != .genericSpecializationExpr {
                return nil
            }
            return callee[MemberAccessParts.declName]?[ReferenceParts.baseName]?.string
        case .genericSpecializationExpr:
            return callee[GenericParts.expression].flatMap { calleeName($0) }
        default:
            return nil
        }
    }

    /// A closure passed to a method: a closure literal (trailing or the last argument), or a key path `\.a.b`, which
    /// reads what `{ $0.a.b }` reads (its components' names and bytes). Other arguments before it come back as such.
    public enum PassedClosure {
        case closure(ClosureExprSyntax)
        case keyPath([(name: String, range: Range<Int>)])
    }

    /// The closure a call passes, and its other arguments; nil without one, or with more than one.
    public static func passedClosure(of call: FunctionCallExprSyntax) -> (PassedClosure, [ExprSyntax])? {
        guard call.additionalTrailingClosures.isEmpty else { return nil }
        var others = call.arguments.map(\.expression)
        let isClosure = { (expression: ExprSyntax) in expression.is(ClosureExprSyntax.self) || expression.is(KeyPathExprSyntax.self) }
        if let trailing = call.trailingClosure {
            guard !others.contains(where: isClosure) else { return nil }
            return (.closure(trailing), others)
        }
        guard let last = others.last, isClosure(last) else { return nil }
        others.removeLast()
        guard !others.contains(where: isClosure) else { return nil }
        if let closure = last.as(ClosureExprSyntax.self) { return (.closure(closure), others) }
        guard let components = keyPath(last.as(KeyPathExprSyntax.self)!) else { return nil }
        return (.keyPath(components), others)
    }

    /// `\.a.b`, `\.a?.b`: the names of its components; nil for a key path with a root type, a subscript or other parts.
    static func keyPath(_ keyPath: KeyPathExprSyntax) -> [(name: String, range: Range<Int>)]? {
        guard keyPath.root == nil else { return nil }
        var names: [(name: String, range: Range<Int>)] = []
        for component in keyPath.components {
            if component.component.is(KeyPathOptionalComponentSyntax.self) { continue }
            guard let property = component.component.as(KeyPathPropertyComponentSyntax.self),
                case .identifier(let name) = property.declName.baseName.tokenKind
            else { return nil }
            names.append((name, FlowReader.range(property.declName.baseName)))
        }
        return names.isEmpty ? nil : names
    }

    /// A pattern's tokens without `case`, `let` and `var`: the same whichever way the parser nests the binding.
    static func patternTokens(_ pattern: some SyntaxProtocol) -> [TokenSyntax] {
        var tokens = Array(pattern.tokens(viewMode: .sourceAccurate)).filter {
            $0.tokenKind != .keyword(.let) && $0.tokenKind != .keyword(.var)
        }
        if tokens.first?.tokenKind == .keyword(.case) { tokens.removeFirst() }
        return tokens
    }

    /// The name a `case` pattern binds to the value it matches when that value is not nil: `let x?`, `.some(let x)`,
    /// `let .some(x)`, `Optional.some(let x)`, and a `Result`'s `.success(let x)`; nil for any other pattern. Read from the pattern's tokens, which say
    /// the same whichever way the parser nests them.
    public static func unwrappedBinding(_ pattern: some SyntaxProtocol) -> TokenSyntax? {
        var tokens = patternTokens(pattern)
        if tokens.count == 2, case .identifier = tokens[0].tokenKind, tokens[1].tokenKind == .postfixQuestionMark {
            return tokens[0]
        }
        if tokens.first?.text == "Optional", tokens.count > 1, tokens[1].tokenKind == .period { tokens.removeFirst() }
        // `.success(let x)` of a `Result`: the value it holds, as `result.get()` gives it.
        guard tokens.count == 5, tokens[0].tokenKind == .period, ["some", "success"].contains(tokens[1].text), tokens[2].tokenKind == .leftParen,
            case .identifier = tokens[3].tokenKind, tokens[4].tokenKind == .rightParen
        else { return nil }
        return tokens[3]
    }
}
