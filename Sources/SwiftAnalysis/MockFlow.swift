import Foundation
import Synchronization
import SwiftSyntax

/// A `Mock<T>(…)`, `Mock<T>.placeholder(…)`, or a contextual `.init(…)` / `Mock(…)` / `.placeholder(…)` call.
public struct MockConstruction: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// Apollo's initializers: the designated `init()` without arguments, the convenience one with.
        case initializer
        /// A generated `placeholder(…)` factory: every non-null field set, deeply.
        case placeholder
    }

    public struct Argument: Sendable, Equatable {
        public var label: String
        public var labelRange: Range<Int>
        public var value: FlowValue
        /// From the label to the end of the value.
        public var range: Range<Int>
    }

    public var kind: Kind
    /// `T` as written; nil when the type comes from the context (annotation, parameter, assignment).
    public var type: WrittenTypeName?
    /// Bytes of `T`, when written.
    public var typeRange: Range<Int>?
    public var arguments: [Argument]
    /// The whole call.
    public var range: Range<Int>
    /// Between the parentheses (empty for `Mock<Dog>()`: where a first argument goes).
    public var argumentsRange: Range<Int>
}

/// A value as a test builds and passes it, followed from its construction.
public indirect enum FlowValue: Sendable, Equatable {
    case construction(MockConstruction)
    /// `AllAnimalsQuery.Data.AllAnimal.from(mock)`; `range` covers the path.
    case from(path: [String], mock: FlowValue, range: Range<Int>)
    case variable(String, range: Range<Int>)
    /// `base.name`, through `?` and `!`; `range` covers the name.
    case member(FlowValue, name: String, range: Range<Int>)
    /// `base[i]`, `base.first`, `base.last`.
    case element(FlowValue, ElementPosition, range: Range<Int>)
    case list([FlowValue])
    /// `sequence.map { name in body; result }`: the closure runs once per element, where it is written, and the
    /// value is the list of its results (`map(X.from)` too, `name` then `$0`).
    case mapped(sequence: FlowValue, name: String?, body: [FlowStatement], result: FlowValue)
    /// `makeCharacter()`, `Fixtures.makeCharacter()`, `Mock<Dog>.mock(id: "1")`, `.mock()`, or `Fixtures.cat`,
    /// `Dog.mock` (a member of a type): what a helper of the workspace returns, when there is one of that name
    /// (`ModelHelper`). A bare name that no scope declares (`cat`) may be a helper property too.
    case helper(HelperUse)
    /// `nil`.
    case null
    /// A literal, or anything mockls does not follow.
    case other
}

/// A call of a helper, or a read of a helper property (`FlowValue.helper`).
public struct HelperUse: Sendable, Equatable {
    public struct Argument: Sendable, Equatable {
        public var label: String?
        public var value: FlowValue
    }

    public var name: String
    public var isCall: Bool
    /// The type written before the name: `Dog` in `Dog.mock` and `Mock<Dog>.mock(…)`, `Fixtures` in `Fixtures.cat`;
    /// nil for a bare name or `self.`.
    public var owner: String?
    /// `.mock(…)`: the owner is the mock type the context expects.
    public var isImplicitMember: Bool
    public var arguments: [Argument]
    /// The name's bytes.
    public var range: Range<Int>

    public init(name: String, isCall: Bool, owner: String? = nil, isImplicitMember: Bool = false, arguments: [Argument] = [], range: Range<Int>) {
        self.name = name
        self.isCall = isCall
        self.owner = owner
        self.isImplicitMember = isImplicitMember
        self.arguments = arguments
        self.range = range
    }
}

/// Which element of a list is read.
public enum ElementPosition: Sendable, Equatable {
    case first, last
    /// `[n]` with a literal `n`.
    case index(Int)
    /// `[i]` with anything else.
    case unknown
}

/// What a test does with mocks and models, statement by statement, in source order.
public indirect enum FlowStatement: Sendable, Equatable {
    /// `let name[: Mock<T>] = value`, `if let`, `guard let`.
    case bind(name: String, annotation: WrittenTypeName?, value: FlowValue, range: Range<Int>)
    /// `target = value`, where target is a variable or a member chain (`dog.height?.feet = 2`).
    case assign(target: FlowValue, value: FlowValue, range: Range<Int>)
    /// A value computed for its own sake or as an argument: `XCTAssertEqual(animal.height.feet, 2)` reads it.
    case read(FlowValue)
    /// A variable handed to code mockls cannot see (a function, a closure, a return, storage): what happens to it is
    /// unknown from here on.
    case escape(name: String, range: Range<Int>)
    /// A call of the test class's own method: it may change the class's stored mocks.
    case opaqueCall(range: Range<Int>)
    /// A nested block: the names it declares end with it.
    case scope([FlowStatement])
    /// `for name in sequence { body }`.
    case loop(name: String?, sequence: FlowValue, body: [FlowStatement])
    /// `Mock<T>` written as a type (`let d: Mock<Dog>`, a parameter).
    case typeMention(WrittenTypeName, range: Range<Int>)
}

/// One function of a test file with what it does to mocks: the statements of the class's stored properties and
/// `setUp` first (XCTest runs them before each test), then its own.
public struct MockFlow: Sendable, Equatable {
    public var function: String
    public var range: Range<Int>
    /// Statements that run before the function body: stored-property initializers and `setUp`.
    public var preamble: [FlowStatement]
    public var body: [FlowStatement]

    public init(function: String, range: Range<Int>, preamble: [FlowStatement], body: [FlowStatement]) {
        self.function = function
        self.range = range
        self.preamble = preamble
        self.body = body
    }
}

/// A function of a test file before its statements are read: what a cache needs to recognise it (the bytes of the
/// function and of what runs before it) without the cost of reading it.
public struct MockFlowUnit: Sendable {
    public let function: String
    /// The function's bytes.
    public let range: Range<Int>
    /// The bytes of the stored properties and `setUp` that run before it.
    public let preambleRanges: [Range<Int>]
    private let read: @Sendable () -> MockFlow
    private let readPreamble: @Sendable () -> [FlowStatement]

    init(
        function: String, range: Range<Int>, preambleRanges: [Range<Int>],
        preamble: @escaping @Sendable () -> [FlowStatement] = { [] }, read: @escaping @Sendable () -> MockFlow
    ) {
        self.function = function
        self.range = range
        self.preambleRanges = preambleRanges
        self.readPreamble = preamble
        self.read = read
    }

    /// Reads the statements.
    public func flow() -> MockFlow { read() }

    /// Reads only what runs before the function (shared by the functions of one type).
    public func preamble() -> [FlowStatement] { readPreamble() }
}

extension SwiftTestFile {

    /// The same, each read only when asked for.
    public func mockFlowUnits() -> [MockFlowUnit] {
        var units: [MockFlowUnit] = []
        var topLevel: [CodeBlockItemSyntax] = []
        for item in tree.statements {
            if let function = item.item.as(FunctionDeclSyntax.self) {
                guard function.body != nil else { continue }
                units.append(MockFlowUnit(function: function.name.text, range: FlowReader.range(function), preambleRanges: []) {
                    FlowReader().flow(of: function, preamble: [])!
                })
            } else if let declaration = item.item.as(DeclSyntax.self), let members = FlowReader.memberBlock(of: declaration) {
                units += FlowReader.units(inType: members)
            } else {
                topLevel.append(item)
            }
        }
        if !topLevel.isEmpty {
            let range = 0..<utf8Count
            let items = topLevel
            units.append(MockFlowUnit(function: "top-level code", range: range, preambleRanges: []) {
                MockFlow(
                    function: "top-level code", range: range, preamble: [],
                    body: items.flatMap { FlowReader().statements(of: Syntax($0.item)) })
            })
        }
        return units
    }
}

/// Reads statements and expressions into flows. Conservative by construction: whatever it does not understand
/// becomes `.other` or an escape, never a guess.
struct FlowReader {
    /// The methods of the type being read: calling one may change the type's stored mocks.
    var ownMethods: Set<String> = []
    /// The values of the expressions read so far: statements ask for the value of an expression and then of its
    /// parts, which would otherwise compute each nested expression's value once per level above it.
    private let memo = ValueMemo()

    init(ownMethods: Set<String> = []) {
        self.ownMethods = ownMethods
    }

    final class ValueMemo: Sendable {
        let values = Mutex<[SyntaxIdentifier: FlowValue]>([:])
    }

    static func memberBlock(of declaration: DeclSyntax) -> MemberBlockSyntax? {
        declaration.as(ClassDeclSyntax.self)?.memberBlock ?? declaration.as(StructDeclSyntax.self)?.memberBlock
            ?? declaration.as(ExtensionDeclSyntax.self)?.memberBlock ?? declaration.as(ActorDeclSyntax.self)?.memberBlock
    }

    /// The functions of a type; its stored properties and `setUp` are read once, by the first flow that needs them.
    static func units(inType members: MemberBlockSyntax) -> [MockFlowUnit] {
        let methods = Set(members.members.compactMap { $0.decl.as(FunctionDeclSyntax.self)?.name.text })
        let reader = FlowReader(ownMethods: methods)
        let variables = members.members.compactMap { $0.decl.as(VariableDeclSyntax.self) }
        let setUp = members.members.lazy.compactMap { $0.decl.as(FunctionDeclSyntax.self) }
            .first { ["setUp", "setUpWithError"].contains($0.name.text) && $0.signature.parameterClause.parameters.isEmpty }
        let preambleRanges = variables.map { range($0) } + (setUp.map { [range($0)] } ?? [])
        let preamble = Preamble {
            variables.flatMap { reader.statements(ofVariable: $0) } + (setUp?.body.map { reader.statements(ofBlock: $0.statements) } ?? [])
        }
        var units: [MockFlowUnit] = []
        for member in members.members {
            if let function = member.decl.as(FunctionDeclSyntax.self), function != setUp, function.body != nil {
                units.append(MockFlowUnit(
                    function: function.name.text, range: range(function), preambleRanges: preambleRanges,
                    preamble: { preamble.statements }
                ) {
                    reader.flow(of: function, preamble: preamble.statements)!
                })
            } else if let nested = memberBlock(of: member.decl) {
                units += Self.units(inType: nested)
            }
        }
        return units
    }

    /// A type's stored properties and `setUp`, read once.
    final class Preamble: @unchecked Sendable {
        // @unchecked: `read` is a closure over immutable syntax, called at most once under the lock.
        private let cached = Mutex<[FlowStatement]?>(nil)
        private let read: () -> [FlowStatement]

        init(_ read: @escaping () -> [FlowStatement]) { self.read = read }

        var statements: [FlowStatement] {
            cached.withLock { cached in
                if let cached { return cached }
                let made = read()
                cached = made
                return made
            }
        }
    }

    func flow(of function: FunctionDeclSyntax, preamble: [FlowStatement]) -> MockFlow? {
        guard let body = function.body else { return nil }
        var parameters: [FlowStatement] = []
        for parameter in function.signature.parameterClause.parameters {
            if let mock = WrittenExpression.mockType(parameter.type) {
                parameters.append(.typeMention(mock, range: Self.range(parameter.type)))
            }
        }
        return MockFlow(
            function: function.name.text, range: Self.range(function), preamble: preamble,
            body: parameters + statements(ofBlock: body.statements))
    }

    // MARK: Statements

    func statements(ofBlock block: CodeBlockItemListSyntax) -> [FlowStatement] {
        block.flatMap { statements(of: Syntax($0.item)) }
    }

    func statements(of node: Syntax) -> [FlowStatement] {
        if let variable = node.as(VariableDeclSyntax.self) { return statements(ofVariable: variable) }
        if let expression = node.as(ExprSyntax.self) { return statements(ofExpression: expression) }
        if let loop = node.as(ForStmtSyntax.self) {
            let sequence = value(loop.sequence)
            return reads(in: Syntax(loop.sequence)) + [.loop(
                name: loop.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                sequence: sequence, body: statements(ofBlock: loop.body.statements))]
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
        for binding in variable.bindings {
            let annotation = binding.typeAnnotation.flatMap { WrittenExpression.mockType($0.type) }
            if let annotation, let type = binding.typeAnnotation?.type { result.append(.typeMention(annotation, range: Self.range(type))) }
            // `let dogs: [Mock<Dog>] = [Mock(…), .mock()]`: the elements take the type of the list's.
            let elementAnnotation = binding.typeAnnotation.flatMap { WrittenExpression.elementMockType($0.type) }
            guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else {
                if let initializer = binding.initializer { result += statements(ofExpression: initializer.value) }
                continue
            }
            guard let initializer = binding.initializer else {
                result.append(.bind(name: pattern.identifier.text, annotation: annotation, value: .other, range: Self.range(binding)))
                continue
            }
            result += inner(initializer.value)
            result.append(.bind(
                name: pattern.identifier.text, annotation: annotation ?? elementAnnotation, value: value(initializer.value),
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
            } else if let expression = condition.condition.as(ExprSyntax.self) {
                result += statements(ofExpression: expression)
            }
        }
        return result
    }

    func statements(ofExpression expression: ExprSyntax) -> [FlowStatement] {
        if let sequence = expression.as(SequenceExprSyntax.self), sequence.elements.count == 3,
            let assignment = Array(sequence.elements)[1].as(AssignmentExprSyntax.self)
        {
            let elements = Array(sequence.elements)
            let target = value(elements[0])
            let source = elements[2]
            // Reading the target's base happens before the assignment (`dog.height?.feet = 2` reads `height`).
            var result = inner(elements[0], keepingChain: false) + inner(source)
            switch target {
            case .variable, .member:
                result.append(.assign(target: target, value: value(source), range: Self.range(assignment).lowerBound..<Self.range(source).upperBound))
            default:
                // `_ = …`, `dog._data["id"] = …`: what is assigned is handed over; a subscripted mock is changed unseen.
                result += reads(in: Syntax(source))
                if let root = Self.rootVariable(of: target) { result.append(.escape(name: root.name, range: root.range)) }
            }
            return result
        }
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
            var result = reads(in: Syntax(switchExpression.subject))
            for switchCase in switchExpression.cases {
                if let caseItem = switchCase.as(SwitchCaseSyntax.self) { result.append(.scope(statements(ofBlock: caseItem.statements))) }
            }
            return result
        }
        return reads(in: Syntax(expression))
    }

    // MARK: Expressions

    /// The reads and escapes inside an expression whose own value is bound or assigned elsewhere: everything but
    /// the value itself.
    func inner(_ expression: ExprSyntax, keepingChain: Bool = true) -> [FlowStatement] {
        switch value(expression) {
        case .other:
            return reads(in: Syntax(expression))
        default:
            return parts(of: expression, readingBase: !keepingChain)
        }
    }

    /// Every value the expression computes, in order: maximal member chains are reads; variables handed to
    /// functions, closures or storage escape.
    func reads(in node: Syntax) -> [FlowStatement] {
        if let closure = node.as(ClosureExprSyntax.self) { return captures(closure) }
        if let expression = node.as(ExprSyntax.self) {
            switch value(expression) {
            case .other:
                break
            case .variable(let name, let range):
                return isOwnMethodCallee(expression) ? [] : [.escape(name: name, range: range)]
            case let followed:
                return parts(of: expression, readingBase: false) + [.read(followed)]
            }
            if let call = expression.as(FunctionCallExprSyntax.self) {
                if let statements = ClosureRun.statements(of: call, reader: self) { return statements }
                if isOwnMethodCall(call) {
                    return call.arguments.flatMap { reads(in: Syntax($0.expression)) } + [.opaqueCall(range: Self.range(call))]
                }
                // `dog._setScalar(…)`, `mock.reset()`: a method of a mock may change it in ways mockls does not follow.
                if let access = call.calledExpression.as(MemberAccessExprSyntax.self), let base = access.base,
                    let root = Self.rootVariable(of: value(base))
                {
                    return node.children(viewMode: .sourceAccurate).flatMap { reads(in: $0) } + [.escape(name: root.name, range: root.range)]
                }
            }
            if let mock = WrittenExpression.mockType(expression), let specialized = expression.as(GenericSpecializationExprSyntax.self),
                let argument = specialized.genericArgumentClause.arguments.first
            {
                return [.typeMention(mock, range: Self.range(argument))]
            }
        }
        if let type = node.as(TypeSyntax.self), let mock = WrittenExpression.mockType(type) {
            return [.typeMention(mock, range: Self.range(type))]
        }
        return node.children(viewMode: .sourceAccurate).flatMap { reads(in: $0) }
    }

    /// What is computed inside a followed value, apart from the value itself: arguments of constructions that are
    /// not mocks, subscript indices, the arguments of method calls in a chain.
    func parts(of expression: ExprSyntax, readingBase: Bool) -> [FlowStatement] {
        if let call = expression.as(FunctionCallExprSyntax.self) {
            if case .construction = value(expression) {
                return call.arguments.flatMap { inner($0.expression) } + (call.trailingClosure.map { captures($0) } ?? [])
            }
            if case .from = value(expression), let argument = call.arguments.first {
                return inner(argument.expression)
            }
            // A helper runs when its value is computed (what its arguments compute first); a method of the test's
            // own type may change its stored mocks.
            if case .helper = value(expression) {
                return call.arguments.flatMap { inner($0.expression) } + (isOwnMethodCall(call) ? [.opaqueCall(range: Self.range(call))] : [])
            }
            // The closure of a `map` runs when its value is computed; what is left is the sequence.
            if case .mapped = value(expression), let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base {
                return inner(base)
            }
            return reads(in: Syntax(expression))
        }
        if let access = expression.as(MemberAccessExprSyntax.self), let base = access.base {
            guard readingBase else { return parts(of: base, readingBase: false) }
            // The base of an assignment target is read, not handed over: `dog.id = "1"` keeps `dog` in sight.
            if case .variable = value(base) { return [] }
            return reads(in: Syntax(base))
        }
        if let subscriptCall = expression.as(SubscriptCallExprSyntax.self) {
            return parts(of: subscriptCall.calledExpression, readingBase: readingBase)
                + subscriptCall.arguments.flatMap { reads(in: Syntax($0.expression)) }
        }
        if let chained = expression.as(OptionalChainingExprSyntax.self) { return parts(of: chained.expression, readingBase: readingBase) }
        if let unwrapped = expression.as(ForceUnwrapExprSyntax.self) { return parts(of: unwrapped.expression, readingBase: readingBase) }
        if let tried = expression.as(TryExprSyntax.self) { return parts(of: tried.expression, readingBase: readingBase) }
        if let awaited = expression.as(AwaitExprSyntax.self) { return parts(of: awaited.expression, readingBase: readingBase) }
        if let array = expression.as(ArrayExprSyntax.self) { return array.elements.flatMap { inner($0.expression) } }
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            return parts(of: only.expression, readingBase: readingBase)
        }
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
        if let known = memo.values.withLock({ $0[expression.id] }) { return known }
        let computed = computeValue(expression)
        memo.values.withLock { $0[expression.id] = computed }
        return computed
    }

    private func computeValue(_ expression: ExprSyntax) -> FlowValue {
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            switch reference.baseName.tokenKind {
            case .identifier(let name), .dollarIdentifier(let name): return .variable(name, range: Self.range(reference))
            default: return .other
            }
        }
        if let count = ClosureRun.integerRangeCount(expression) { return .list(Array(repeating: .other, count: count)) }
        if let access = expression.as(MemberAccessExprSyntax.self) {
            if let base = access.base, let owner = WrittenExpression.typePath(base)?.last, access.declName.argumentNames == nil,
                access.declName.baseName.text.first?.isLowercase == true, !isCallee(expression)
            {
                return .helper(HelperUse(name: access.declName.baseName.text, isCall: false, owner: owner, range: Self.range(access.declName)))
            }
            guard let base = access.base, WrittenExpression.typePath(base) == nil else { return .other }
            let name = access.declName.baseName
            let baseValue = value(base)
            if case .other = baseValue { return .other }
            if name.text == "first" { return .element(baseValue, .first, range: Self.range(name)) }
            if name.text == "last" { return .element(baseValue, .last, range: Self.range(name)) }
            return .member(baseValue, name: name.text, range: Self.range(name))
        }
        if let subscriptCall = expression.as(SubscriptCallExprSyntax.self) {
            let base = value(subscriptCall.calledExpression)
            if case .other = base { return .other }
            let index = subscriptCall.arguments.count == 1
                ? subscriptCall.arguments.first?.expression.as(IntegerLiteralExprSyntax.self).flatMap { Int($0.literal.text) } : nil
            return .element(
                base, index.map { .index($0) } ?? .unknown,
                range: Self.range(subscriptCall.leftSquare).lowerBound..<Self.range(subscriptCall.rightSquare).upperBound)
        }
        if let call = expression.as(FunctionCallExprSyntax.self) { return value(call) }
        if let array = expression.as(ArrayExprSyntax.self) { return .list(array.elements.map { value($0.expression) }) }
        if expression.is(NilLiteralExprSyntax.self) { return .null }
        if let chained = expression.as(OptionalChainingExprSyntax.self) { return value(chained.expression) }
        if let unwrapped = expression.as(ForceUnwrapExprSyntax.self) { return value(unwrapped.expression) }
        if let tried = expression.as(TryExprSyntax.self) { return value(tried.expression) }
        if let awaited = expression.as(AwaitExprSyntax.self) { return value(awaited.expression) }
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first, only.label == nil {
            return value(only.expression)
        }
        return .other
    }

    private func value(_ call: FunctionCallExprSyntax) -> FlowValue {
        let callee = call.calledExpression
        func construction(_ kind: MockConstruction.Kind, _ type: WrittenTypeName?, _ typeRange: Range<Int>?) -> FlowValue {
            .construction(MockConstruction(
                kind: kind, type: type, typeRange: typeRange,
                arguments: call.arguments.compactMap { argument in
                    guard let label = argument.label else { return nil }
                    return .init(
                        label: label.text, labelRange: Self.range(label), value: value(argument.expression),
                        range: Self.range(label).lowerBound..<Self.range(argument.expression).upperBound)
                },
                range: Self.range(call),
                argumentsRange: call.leftParen.map { open in
                    let start = open.endPositionBeforeTrailingTrivia.utf8Offset
                    let end = call.rightParen.map { $0.positionAfterSkippingLeadingTrivia.utf8Offset } ?? Self.range(call.arguments).upperBound
                    return start..<max(start, end)
                } ?? Self.range(call).upperBound..<Self.range(call).upperBound))
        }
        if let mock = WrittenExpression.mockType(callee) { return construction(.initializer, mock, mockArgumentRange(callee)) }
        if let reference = callee.as(DeclReferenceExprSyntax.self), reference.baseName.text == "Mock" {
            return construction(.initializer, nil, nil)
        }
        if let helper = helperCall(call) { return helper }
        guard let access = callee.as(MemberAccessExprSyntax.self) else { return .other }
        if let mapped = ClosureRun.mapped(call, reader: self) { return mapped }
        let name = access.declName.baseName.text
        let kind: MockConstruction.Kind? = name == "init" ? .initializer : name == "placeholder" ? .placeholder : nil
        guard let base = access.base else {
            if let kind { return construction(kind, nil, nil) }
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
            return .from(path: path, mock: value(argument.expression), range: Self.range(base))
        }
        return .other
    }

    /// `makeX()`, `self.makeX()`, `Self.makeX()`, `Type.makeX(…)`: a call without closures of a name that starts
    /// lower-case, which a helper of the workspace may answer.
    private func helperCall(_ call: FunctionCallExprSyntax) -> FlowValue? {
        if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
            return helperUse(call, name: reference.baseName, owner: nil, implicit: false)
        }
        guard let access = call.calledExpression.as(MemberAccessExprSyntax.self), let base = access.base else { return nil }
        if let reference = base.as(DeclReferenceExprSyntax.self), [.keyword(.self), .keyword(.Self)].contains(reference.baseName.tokenKind) {
            return helperUse(call, name: access.declName.baseName, owner: nil, implicit: false)
        }
        guard let owner = WrittenExpression.typePath(base)?.last else { return nil }
        return helperUse(call, name: access.declName.baseName, owner: owner, implicit: false)
    }

    private func helperUse(_ call: FunctionCallExprSyntax, name: TokenSyntax, owner: String?, implicit: Bool) -> FlowValue? {
        guard call.trailingClosure == nil, call.additionalTrailingClosures.isEmpty,
            case .identifier(let text) = name.tokenKind, text.first?.isLowercase == true, text != "from", text != "placeholder",
            !call.arguments.contains(where: { $0.expression.is(ClosureExprSyntax.self) })
        else { return nil }
        return .helper(HelperUse(
            name: text, isCall: true, owner: owner, isImplicitMember: implicit,
            arguments: call.arguments.map { HelperUse.Argument(label: $0.label?.text, value: value($0.expression)) },
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

    static func range(_ node: some SyntaxProtocol) -> Range<Int> {
        node.positionAfterSkippingLeadingTrivia.utf8Offset..<node.endPositionBeforeTrailingTrivia.utf8Offset
    }
}

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
