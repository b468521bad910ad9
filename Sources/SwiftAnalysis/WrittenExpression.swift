import SwiftSyntax

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

    /// The expression a Swift expression stands for; nil when it is nothing mockls knows about.
    /// `contextual` is the type a leading-dot or bare `Mock(…)` expression takes from its surroundings.
    static func read(_ expression: ExprSyntax, contextual: WrittenExpression? = nil) -> WrittenExpression? {
        if let call = expression.as(FunctionCallExprSyntax.self) {
            return called(call.calledExpression, contextual: contextual)
        }
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            return .variable(reference.baseName.text)
        }
        if let access = expression.as(MemberAccessExprSyntax.self), let base = access.base {
            let name = access.declName.baseName.text
            guard let read = read(base) else { return nil }
            return name == "first" || name == "last" ? .element(read) : .member(read, name)
        }
        if let subscriptCall = expression.as(SubscriptCallExprSyntax.self) {
            return read(subscriptCall.calledExpression).map { .element($0) }
        }
        if let array = expression.as(ArrayExprSyntax.self), !array.elements.isEmpty {
            // Elements of one kind only: a list mixing mocks of several types has no element type to complete.
            let elements = array.elements.map { read($0.expression) }
            guard let kind = elements[0], elements.allSatisfy({ $0 == kind }) else { return nil }
            return .list(kind)
        }
        if let chained = expression.as(OptionalChainingExprSyntax.self) { return read(chained.expression, contextual: contextual) }
        if let unwrapped = expression.as(ForceUnwrapExprSyntax.self) { return read(unwrapped.expression, contextual: contextual) }
        if let tried = expression.as(TryExprSyntax.self) { return read(tried.expression, contextual: contextual) }
        if let awaited = expression.as(AwaitExprSyntax.self) { return read(awaited.expression, contextual: contextual) }
        if let parenthesized = expression.as(TupleExprSyntax.self), parenthesized.elements.count == 1,
            let only = parenthesized.elements.first, only.label == nil
        {
            return read(only.expression, contextual: contextual)
        }
        return nil
    }

    /// What calling `callee` builds: a mock, or a selection-set model.
    private static func called(_ callee: ExprSyntax, contextual: WrittenExpression?) -> WrittenExpression? {
        if let mock = mockType(callee) { return .mock(mock) }
        if let reference = callee.as(DeclReferenceExprSyntax.self), reference.baseName.text == "Mock" { return contextual }
        guard let access = callee.as(MemberAccessExprSyntax.self) else { return nil }
        let name = access.declName.baseName.text
        guard let base = access.base else {
            return name == "init" || name == "placeholder" ? contextual : nil
        }
        if let mock = mockType(base), name == "init" || name == "placeholder" { return .mock(mock) }
        if name == "map", let call = callee.parent?.as(FunctionCallExprSyntax.self), let mapped = mappedModels(call) {
            return .list(mapped)
        }
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
    static func mockType(_ expression: ExprSyntax) -> WrittenTypeName? {
        guard let specialized = expression.as(GenericSpecializationExprSyntax.self),
            specialized.expression.as(DeclReferenceExprSyntax.self)?.baseName.text == "Mock",
            let argument = specialized.genericArgumentClause.arguments.first, specialized.genericArgumentClause.arguments.count == 1
        else { return nil }
        return writtenName(argument.argument.as(TypeSyntax.self))
    }

    /// `Mock<Dog>`, `Mock<Q.Dog>?`, `ApolloTestSupport.Mock<Dog>` written as a type.
    static func mockType(_ type: TypeSyntax) -> WrittenTypeName? {
        if let optional = type.as(OptionalTypeSyntax.self) { return mockType(optional.wrappedType) }
        if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) { return mockType(unwrapped.wrappedType) }
        let clause: GenericArgumentClauseSyntax?
        if let identifier = type.as(IdentifierTypeSyntax.self), identifier.name.text == "Mock" {
            clause = identifier.genericArgumentClause
        } else if let member = type.as(MemberTypeSyntax.self), member.name.text == "Mock" {
            clause = member.genericArgumentClause
        } else {
            return nil
        }
        guard let arguments = clause?.arguments, arguments.count == 1 else { return nil }
        return writtenName(arguments.first!.argument.as(TypeSyntax.self))
    }

    private static func writtenName(_ type: TypeSyntax?) -> WrittenTypeName? {
        if let identifier = type?.as(IdentifierTypeSyntax.self) { return WrittenTypeName(name: identifier.name.text) }
        if let member = type?.as(MemberTypeSyntax.self), let base = member.baseType.as(IdentifierTypeSyntax.self) {
            return WrittenTypeName(qualifier: base.name.text, name: member.name.text)
        }
        return nil
    }

    /// `A.B.C` written as an expression of capitalised names: a selection set's path, a type.
    static func typePath(_ expression: ExprSyntax) -> [String]? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            return name.first?.isUppercase == true ? [name] : nil
        }
        if let access = expression.as(MemberAccessExprSyntax.self), let base = access.base, let path = typePath(base) {
            let name = access.declName.baseName.text
            return name.first?.isUppercase == true ? path + [name] : nil
        }
        return nil
    }

    /// `[Mock<Dog>]`, `[Mock<Dog>?]`, `[Mock<Dog>]?`: the mock type of the elements.
    static func elementMockType(_ type: TypeSyntax) -> WrittenTypeName? {
        var type = type
        if let optional = type.as(OptionalTypeSyntax.self) { type = optional.wrappedType }
        guard let array = type.as(ArrayTypeSyntax.self) else { return nil }
        return mockType(array.element)
    }
}
