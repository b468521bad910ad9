@_spi(RawSyntax) import SwiftSyntax

/// A type as written in a test: `Dog` or `AnimalKingdomAPITestMocks.Dog`.
public struct WrittenTypeName: Sendable, Hashable, CustomStringConvertible {
    public var qualifier: String?
    public var name: String

    public init(qualifier: String? = nil, name: String) {
        self.qualifier = qualifier
        self.name = name
    }

    public var description: String { qualifier.map { "\($0).\(name)" } ?? name }
}

/// What a test expression stands for, as far as mocks are concerned: read from the syntax alone. `Features`
/// resolves it against the mock model (`x.height` is a `Mock<Height>` when `x` is a `Mock<Dog>`).
public indirect enum WrittenExpression: Sendable, Hashable {
    /// `Mock<Dog>(…)`, `Mock<Dog>()`, `Mock<Dog>.placeholder(…)`, or a value annotated `Mock<Dog>`.
    case mock(WrittenTypeName)
    /// `AllAnimalsQuery.Data.AllAnimal.from(mock)` or `….placeholder(…)`: a model of that selection set.
    case selectionSet(path: [String])
    /// A variable, resolved where it is used.
    case variable(String)
    /// `base.name`, `base?.name`, `base!.name`.
    case member(WrittenExpression, String)
    /// `base[0]`, `base?.first`, `base.last`: one element of a list.
    case element(WrittenExpression)
    /// The value passed for `label` in a mock call (`Mock<Dog>(height: .init(|`): its type comes from the field.
    case argument(of: WrittenExpression, label: String)
    /// `[Mock<Dog>(…), Mock<Dog>(…)]`: a list whose elements are all this; `dogs.map(X.from)` and
    /// `dogs.map { X.from($0) }`: a list of those models.
    case list(WrittenExpression)
    /// What a closure passed to a method of the value receives (`$0` in `xs.map { $0.name }`): an element of a list,
    /// or what an optional holds.
    case closureArgument(WrittenExpression)
    /// `xs.map { … }`, `optional.map(\.name)`: the list of the closure's results for a list (flattened by
    /// `flatMap`), its result for an optional. `result` names the argument as `.closureArgument(base)`.
    case transformed(WrittenExpression, result: WrittenExpression, flattens: Bool)
    /// `GraphQLResult(data: d, …)`: a wrapper that gives the value back as `member`.
    case wrapped(WrittenExpression, member: String)
    /// `makeDog()`, `Fixtures.cat`, `Fixtures.animal(species:)`: what a helper of the workspace gives (`ModelHelper`).
    case helper(owner: String?, name: String, isCall: Bool)

    /// Whether it means the same wherever it is read: no variable, nothing a helper's own code names.
    public var isContextFree: Bool {
        switch self {
        case .mock, .selectionSet: true
        case .list(let element): element.isContextFree
        default: false
        }
    }

    /// The expression a Swift expression stands for; nil when it is nothing mockls knows about.
    /// `contextual` is the type a leading-dot or bare `Mock(…)` expression takes from its surroundings.
    static func read(
        _ expression: ExprSyntax, contextual: WrittenExpression? = nil, arguments: [String: WrittenExpression] = [:]
    ) -> WrittenExpression? {
        // `x!`, `try XCTUnwrap(x)`, `#require(x)`, `x ?? y`…: the value of `x` (`ValuePassing`).
        if let passed = ValuePassing.passedThrough(expression) { return read(passed, contextual: contextual, arguments: arguments) }
        if let (passed, _) = ValuePassing.coalescing(expression) { return read(passed, contextual: contextual, arguments: arguments) }
        if let call = expression.as(FunctionCallExprSyntax.self) {
            if let (wrapped, member) = ValuePassing.wrapped(call) {
                return read(wrapped, arguments: arguments).map { .wrapped($0, member: member) }
            }
            // `try await client.fetch(query: BookQuery(…))` (Apollo iOS 2.x): the operation's response.
            if let result = OperationResults.result(of: call), call.trailingClosure == nil { return result }
            if let access = call.calledExpression.as(MemberAccessExprSyntax.self), let base = access.base, typePath(base) == nil,
                let method = methodCall(call, name: access.declName.baseName.text, base: base, arguments: arguments)
            {
                return method
            }
            return called(call.calledExpression, contextual: contextual) ?? helperCall(call)
        }
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            if let argument = arguments[reference.baseName.text] { return argument }
            return .variable(reference.baseName.text)
        }
        if let access = expression.as(MemberAccessExprSyntax.self), let base = access.base {
            let name = access.declName.baseName.text
            if let reference = base.as(DeclReferenceExprSyntax.self), reference.baseName.tokenKind == .keyword(.self) { return .variable(name) }
            if let owner = typePath(base)?.last, name.first?.isLowercase == true { return .helper(owner: owner, name: name, isCall: false) }
            guard let read = read(base, arguments: arguments) else { return nil }
            return name == "first" || name == "last" ? .element(read) : .member(read, name)
        }
        if let subscriptCall = expression.as(SubscriptCallExprSyntax.self) {
            return read(subscriptCall.calledExpression, arguments: arguments).map { .element($0) }
        }
        if let array = expression.as(ArrayExprSyntax.self), !array.elements.isEmpty {
            // Elements of one kind only: a list mixing mocks of several types has no element type to complete.
            let elements = array.elements.map { read($0.expression, arguments: arguments) }
            guard let kind = elements[0], elements.allSatisfy({ $0 == kind }) else { return nil }
            return .list(kind)
        }
        return nil
    }

    /// `makeDog()`, `self.makeDog()`, `Fixtures.animal(species:)`, `Mock<Dog>.mock()`, `.mock()`: a call of a name
    /// that starts lower-case, which a helper of the workspace may answer.
    private static func helperCall(_ call: FunctionCallExprSyntax) -> WrittenExpression? {
        let callee = call.calledExpression
        if let reference = callee.as(DeclReferenceExprSyntax.self), reference.baseName.text.first?.isLowercase == true {
            return .helper(owner: nil, name: reference.baseName.text, isCall: true)
        }
        guard let access = callee.as(MemberAccessExprSyntax.self), access.declName.baseName.text.first?.isLowercase == true else { return nil }
        let name = access.declName.baseName.text
        guard let base = access.base else { return nil }
        if let reference = base.as(DeclReferenceExprSyntax.self), [.keyword(.self), .keyword(.Self)].contains(reference.baseName.tokenKind) {
            return .helper(owner: nil, name: name, isCall: true)
        }
        if let mock = mockType(base) { return .helper(owner: mock.name, name: name, isCall: true) }
        return typePath(base).map { .helper(owner: $0.last, name: name, isCall: true) }
    }

    /// `xs.map { $0.a }`, `xs.first(where: …)`, `xs.sorted(by: …)`, `optional.map(\.a)`, `xs.reversed()`,
    /// `result.get()`: what the methods of `ValuePassing` give, in terms of `base`.
    private static func methodCall(
        _ call: FunctionCallExprSyntax, name: String, base: ExprSyntax, arguments: [String: WrittenExpression]
    ) -> WrittenExpression? {
        if ValuePassing.elementMethods.contains(name) { return read(base, arguments: arguments).map { .element($0) } }
        if ValuePassing.sublistMethods.contains(name) { return read(base, arguments: arguments) }
        guard let method = ValuePassing.closureMethods[name], let sequence = read(base, arguments: arguments) else { return nil }
        switch method {
        case .search(_, let givesElement), .compare(let givesElement):
            guard ValuePassing.passedClosure(of: call) != nil else { return nil }
            if case .compare = method, !givesElement { return sequence }
            return givesElement ? .element(sequence) : nil
        case .each(let keepsElements):
            return keepsElements && ValuePassing.passedClosure(of: call) != nil ? sequence : nil
        case .accumulate:
            return nil
        case .transform(_, let flattens):
            if let mapped = mappedModels(call) { return .list(mapped) }
            guard let (passed, _) = ValuePassing.passedClosure(of: call) else { return nil }
            let argument = WrittenExpression.closureArgument(sequence)
            let result: WrittenExpression?
            switch passed {
            case .keyPath(let components):
                result = components.reduce(argument) { .member($0, $1.name) }
            case .closure(let closure):
                guard closure.statements.count == 1, let only = closure.statements.first,
                    let expression = only.item.as(ExprSyntax.self) ?? only.item.as(ReturnStmtSyntax.self)?.expression
                else { return nil }
                let names = ClosureRun.parameterNames(of: closure)
                let parameter = closure.signature == nil ? "$0" : names.count == 1 ? names[0] : nil
                var bound = arguments
                if let parameter { bound[parameter] = argument }
                result = read(expression, arguments: bound)
            }
            return result.map { .transformed(sequence, result: $0, flattens: flattens) }
        }
    }

    /// What calling `callee` builds: a mock, or a selection-set model.
    private static func called(_ callee: ExprSyntax, contextual: WrittenExpression?) -> WrittenExpression? {
        if let mock = mockType(callee) { return .mock(mock) }
        if let reference = callee.as(DeclReferenceExprSyntax.self), reference.baseName.text == "Mock" { return contextual }
        // `DogViewModel()`, `Feature.State(…)`: a value of the type it builds, as an annotation of that type reads.
        if let path = typePath(callee), path.last?.first?.isUppercase == true { return .selectionSet(path: path) }
        guard let access = callee.as(MemberAccessExprSyntax.self) else { return nil }
        let name = access.declName.baseName.text
        guard let base = access.base else {
            return name == "init" || name == "placeholder" ? contextual : nil
        }
        if let mock = mockType(base), name == "init" || name == "placeholder" { return .mock(mock) }
        if name == "from" || name == "placeholder", let path = typePath(base) { return .selectionSet(path: path) }
        return nil
    }

    /// `xs.map(X.from)`, `xs.map { X.from($0) }`: models of `X`.
    private static func mappedModels(_ call: FunctionCallExprSyntax) -> WrittenExpression? {
        if call.trailingClosure == nil, call.arguments.count == 1, let reference = call.arguments.first?.expression.as(MemberAccessExprSyntax.self),
            reference.declName.baseName.text == "from", let base = reference.base, let path = typePath(base)
        {
            return .selectionSet(path: path)
        }
        let closure = call.trailingClosure ?? call.arguments.last?.expression.as(ClosureExprSyntax.self)
        guard let closure, closure.statements.count == 1, let only = closure.statements.first else { return nil }
        let expression = only.item.as(ExprSyntax.self) ?? only.item.as(ReturnStmtSyntax.self)?.expression
        guard let expression, case .selectionSet(let path)? = read(expression) else { return nil }
        return .selectionSet(path: path)
    }

    /// `Mock<Dog>` or `Mock<Q.Dog>` written as an expression.
    static func mockType(_ expression: ExprSyntax) -> WrittenTypeName? { mockType(RawNode(expression)) }

    static func mockType(_ expression: RawNode) -> WrittenTypeName? {
        guard expression.kind == .genericSpecializationExpr, let name = expression[GenericParts.expression], name.kind == .declReferenceExpr,
            name[ReferenceParts.baseName]?.text == "Mock",
            let arguments = expression[GenericParts.genericArgumentClause]?[GenericParts.arguments], arguments.count == 1
        else { return nil }
        return writtenName(arguments.first?[GenericParts.argument])
    }

    /// `Mock<Dog>`, `Mock<Q.Dog>?`, `ApolloTestSupport.Mock<Dog>` written as a type.
    static func mockType(_ type: TypeSyntax) -> WrittenTypeName? { mockType(type: RawNode(type)) }

    static func mockType(type: RawNode) -> WrittenTypeName? { writtenName(mockTypeArgument(type: type)) }

    /// The type argument of `Mock<…>` written as a type (through optionals): what a fix of the mock's type replaces,
    /// so that `Mock<Node>?` becomes `Mock<Book>?`, not `Book`.
    static func mockTypeArgument(type: RawNode) -> RawNode? {
        let clause: RawNode?
        switch type.kind {
        case .optionalType: return type[TypeParts.optionalWrapped].flatMap { mockTypeArgument(type: $0) }
        case .implicitlyUnwrappedOptionalType: return type[TypeParts.unwrappedWrapped].flatMap { mockTypeArgument(type: $0) }
        case .identifierType where type[TypeParts.identifierName]?.text == "Mock": clause = type[TypeParts.identifierArguments]
        case .memberType where type[TypeParts.memberName]?.text == "Mock": clause = type[TypeParts.memberArguments]
        default: return nil
        }
        guard let arguments = clause?[GenericParts.arguments], arguments.count == 1 else { return nil }
        return arguments.first?[GenericParts.argument]
    }

    private static func writtenName(_ type: RawNode?) -> WrittenTypeName? {
        guard let type else { return nil }
        if type.kind == .identifierType, let name = type[TypeParts.identifierName] { return WrittenTypeName(name: name.string) }
        if type.kind == .memberType, let base = type[TypeParts.memberBase], base.kind == .identifierType, let qualifier = base[TypeParts.identifierName],
            let name = type[TypeParts.memberName]
        {
            return WrittenTypeName(qualifier: qualifier.string, name: name.string)
        }
        return nil
    }

    /// `A.B.C` written as an expression of capitalised names: a selection set's path, a type.
    static func typePath(_ expression: ExprSyntax) -> [String]? { typePath(RawNode(expression)) }

    static func typePath(_ expression: RawNode) -> [String]? {
        switch expression.kind {
        case .declReferenceExpr:
            guard let name = expression[ReferenceParts.baseName]?.string, name.startsUppercase else { return nil }
            return [name]
        case .memberAccessExpr:
            guard let base = expression[MemberAccessParts.base], let name = expression[MemberAccessParts.declName]?[ReferenceParts.baseName],
                let path = typePath(base)
            else { return nil }
            let text = name.string
            return text.startsUppercase ? path + [text] : nil
        default:
            return nil
        }
    }

    /// `[Mock<Dog>]`, `[Mock<Dog>?]`, `[Mock<Dog>]?`: the mock type of the elements.
    static func elementMockType(_ type: TypeSyntax) -> WrittenTypeName? { elementMockType(RawNode(type)) }

    static func elementMockType(_ type: RawNode) -> WrittenTypeName? {
        var type = type
        if type.kind == .optionalType, let wrapped = type[TypeParts.optionalWrapped] { type = wrapped }
        guard type.kind == .arrayType, let element = type[TypeParts.arrayElement] else { return nil }
        return mockType(type: element)
    }
}
