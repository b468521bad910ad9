import Synchronization
import SwiftSyntax

extension SwiftTestFile {

    /// The same, each read only when asked for.
    public func mockFlowUnits() -> [MockFlowUnit] {
        var units: [MockFlowUnit] = []
        var topLevel: [CodeBlockItemSyntax] = []
        for item in tree.statements {
            if let function = item.item.as(FunctionDeclSyntax.self) {
                guard function.body != nil else { continue }
                units.append(MockFlowUnit(
                    function: function.name.text, isTest: FlowReader.isTest(function), range: FlowReader.range(function), preambleRanges: []
                ) {
                    FlowReader().flow(of: function, preamble: [])!
                })
            } else if let declaration = item.item.as(DeclSyntax.self), let members = FlowReader.memberBlock(of: declaration) {
                units += FlowReader.units(inType: members, named: FlowReader.typeName(of: declaration))
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
    /// The selection-set models the type's stored properties are declared as, by name: what `.from(mock)` assigned
    /// to one builds (`catData = .from(mock)` in `init()`).
    var storedModels: [String: [String]] = [:]
    /// The values of the expressions read so far: statements ask for the value of an expression and then of its
    /// parts, which would otherwise compute each nested expression's value once per level above it.
    private let memo = ValueMemo()

    init(ownMethods: Set<String> = [], storedModels: [String: [String]] = [:]) {
        self.ownMethods = ownMethods
        self.storedModels = storedModels
    }

    /// `.from(mock)` where the context says which model it builds (`path`, from a declaration): that model's.
    static func contextual(_ value: FlowValue, path: [String]?) -> FlowValue {
        guard let path, case .from(let written, let mock, let range, let variables) = value, written.isEmpty else { return value }
        return .from(path: path, mock: mock, range: range, variables: variables)
    }

    /// The literals of `from(mock, withVariables: ["name": literal, …])`, by name.
    static func withVariables(_ call: FunctionCallExprSyntax) -> [String: String] {
        guard let argument = call.arguments.first(where: { $0.label?.text == "withVariables" }),
            let dictionary = argument.expression.as(DictionaryExprSyntax.self),
            case .elements(let elements) = dictionary.content
        else { return [:] }
        var variables: [String: String] = [:]
        for element in elements {
            guard let key = element.key.as(StringLiteralExprSyntax.self), key.segments.count == 1,
                let name = key.segments.first?.as(StringSegmentSyntax.self)?.content.text, let value = literal(element.value)
            else { continue }
            variables[name] = value
        }
        return variables
    }

    /// The text of a literal scalar: a string without interpolation, a number, a boolean, an enum case written
    /// `.fur` or `.case(.fur)` (`GraphQLEnum`), negative numbers too; nil for anything else.
    /// Read from the tokens (a literal is a few), not `trimmedDescription`: every expression of a test is asked.
    static func literal(_ expression: ExprSyntax) -> String? {
        switch expression.kind {
        case .stringLiteralExpr, .integerLiteralExpr, .floatLiteralExpr, .booleanLiteralExpr, .prefixOperatorExpr, .memberAccessExpr,
            .functionCallExpr:
            break
        default:
            return nil
        }
        if let string = expression.as(StringLiteralExprSyntax.self) {
            guard string.openingPounds == nil, string.segments.count <= 1 else { return nil }
            let content = string.segments.first.map { $0.as(StringSegmentSyntax.self)?.content.text } ?? ""
            return content.map { string.openingQuote.text + $0 + string.closingQuote.text }
        }
        if let integer = expression.as(IntegerLiteralExprSyntax.self) { return integer.literal.text }
        if let float = expression.as(FloatLiteralExprSyntax.self) { return float.literal.text }
        if let boolean = expression.as(BooleanLiteralExprSyntax.self) { return boolean.literal.text }
        if let prefixed = expression.as(PrefixOperatorExprSyntax.self), prefixed.operator.text == "-",
            let number = prefixed.expression.as(IntegerLiteralExprSyntax.self)?.literal ?? prefixed.expression.as(FloatLiteralExprSyntax.self)?.literal
        {
            return "-" + number.text
        }
        if let access = expression.as(MemberAccessExprSyntax.self), access.base == nil, access.declName.argumentNames == nil,
            case .identifier(let name) = access.declName.baseName.tokenKind
        {
            return "." + name
        }
        if let call = expression.as(FunctionCallExprSyntax.self), let access = call.calledExpression.as(MemberAccessExprSyntax.self),
            access.base == nil, access.declName.baseName.text == "case", call.arguments.count == 1, let only = call.arguments.first,
            only.label == nil, literal(only.expression) != nil
        {
            return expression.trimmedDescription
        }
        return nil
    }

    /// The selection-set model a declared type names (`AllAnimalsQuery.Data`, `PetDetails?`).
    static func modelPath(_ type: TypeSyntax?) -> [String]? {
        guard let type, case .selectionSet(let path)? = SwiftTestFile.annotated(type) else { return nil }
        return path
    }

    final class ValueMemo: Sendable {
        let values = Mutex<[SyntaxIdentifier: FlowValue]>([:])
    }

    static func memberBlock(of declaration: DeclSyntax) -> MemberBlockSyntax? {
        declaration.as(ClassDeclSyntax.self)?.memberBlock ?? declaration.as(StructDeclSyntax.self)?.memberBlock
            ?? declaration.as(ExtensionDeclSyntax.self)?.memberBlock ?? declaration.as(ActorDeclSyntax.self)?.memberBlock
    }

    /// The functions of a type; its stored properties and `setUp` are read once, by the first flow that needs them.
    static func units(inType members: MemberBlockSyntax, named owner: String?) -> [MockFlowUnit] {
        let methods = Set(members.members.compactMap { $0.decl.as(FunctionDeclSyntax.self)?.name.text })
        let variables = members.members.compactMap { $0.decl.as(VariableDeclSyntax.self) }
        var storedModels: [String: [String]] = [:]
        for binding in variables.flatMap(\.bindings) {
            if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let path = modelPath(binding.typeAnnotation?.type) {
                storedModels[name] = path
            }
        }
        let reader = FlowReader(ownMethods: methods, storedModels: storedModels)
        let setUp = members.members.lazy.compactMap { $0.decl.as(FunctionDeclSyntax.self) }
            .first { ["setUp", "setUpWithError"].contains($0.name.text) && $0.signature.parameterClause.parameters.isEmpty }
        // Swift Testing makes a suite's instance for each test with `init()`: its set-up.
        let initializer = members.members.lazy.compactMap { $0.decl.as(InitializerDeclSyntax.self) }
            .first { $0.signature.parameterClause.parameters.isEmpty && $0.optionalMark == nil }
        let preambleRanges = variables.map { range($0) } + (setUp.map { [range($0)] } ?? []) + (initializer.map { [range($0)] } ?? [])
        let preamble = Preamble {
            variables.flatMap { reader.statements(ofVariable: $0) }
                + (initializer?.body.map { reader.statements(ofBlock: $0.statements) } ?? [])
                + (setUp?.body.map { reader.statements(ofBlock: $0.statements) } ?? [])
        }
        var units: [MockFlowUnit] = []
        for member in members.members {
            if let function = member.decl.as(FunctionDeclSyntax.self), function != setUp, function.body != nil {
                units.append(MockFlowUnit(
                    function: function.name.text, owner: owner, isTest: isTest(function), range: range(function),
                    preambleRanges: preambleRanges,
                    preamble: { preamble.statements }
                ) {
                    reader.flow(of: function, preamble: preamble.statements)!
                })
            } else if let nested = memberBlock(of: member.decl) {
                units += Self.units(inType: nested, named: typeName(of: member.decl))
            }
        }
        return units
    }

    /// The name a type or extension declares (`AnimalTests`, `Foo.Bar` for an extension of a nested type).
    static func typeName(of declaration: DeclSyntax) -> String? {
        if let type = declaration.as(ClassDeclSyntax.self) { return type.name.text }
        if let type = declaration.as(StructDeclSyntax.self) { return type.name.text }
        if let type = declaration.as(ActorDeclSyntax.self) { return type.name.text }
        return declaration.as(ExtensionDeclSyntax.self)?.extendedType.trimmedDescription
    }

    /// A function a test runner runs: Swift Testing's `@Test`, XCTest's `test…()` without parameters, Quick's `spec()`.
    static func isTest(_ function: FunctionDeclSyntax) -> Bool {
        let attributes = function.attributes.compactMap { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription }
        if attributes.contains("Test") || attributes.contains("Testing.Test") { return true }
        let name = function.name.text
        let parameters = function.signature.parameterClause.parameters
        return parameters.isEmpty && (name.hasPrefix("test") || name == "spec")
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
        var statements = statements(ofBlock: body.statements)
        // `@Test(arguments: [a, b]) func f(x: T)`: the test runs once for each argument.
        if let arguments = Self.testArguments(of: function), let parameter = function.signature.parameterClause.parameters.first,
            function.signature.parameterClause.parameters.count == 1
        {
            let name = parameter.secondName ?? parameter.firstName
            statements = reads(in: Syntax(arguments)) + [.loop(name: name.text, sequence: value(arguments), body: statements)]
        }
        return MockFlow(function: function.name.text, range: Self.range(function), preamble: preamble, body: parameters + statements)
    }

    /// The arguments of a parameterized Swift Testing test, `@Test(arguments: […])`, when written as a list.
    static func testArguments(of function: FunctionDeclSyntax) -> ExprSyntax? {
        for attribute in function.attributes {
            guard let attribute = attribute.as(AttributeSyntax.self), ["Test", "Testing.Test"].contains(attribute.attributeName.trimmedDescription),
                case .argumentList(let arguments)? = attribute.arguments,
                let list = arguments.first(where: { $0.label?.text == "arguments" })?.expression
            else { continue }
            return list.is(ArrayExprSyntax.self) ? list : nil
        }
        return nil
    }

    // MARK: Statements

    func statements(ofBlock block: CodeBlockItemListSyntax) -> [FlowStatement] {
        block.flatMap { statements(of: Syntax($0.item)) }
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
                name: pattern.identifier.text, annotation: annotation ?? elementAnnotation,
                value: Self.contextual(value(initializer.value), path: Self.modelPath(binding.typeAnnotation?.type)),
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
        if let sequence = expression.as(SequenceExprSyntax.self), sequence.elements.count == 3,
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
            case .literal:
                return []
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
        if let passed = ValuePassing.passedThrough(expression) {
            // `XCTUnwrap(x, "message")`: what `x` computes, then the other arguments.
            let others = expression.as(FunctionCallExprSyntax.self)?.arguments.dropFirst().flatMap { reads(in: Syntax($0.expression)) } ?? []
            return parts(of: passed, readingBase: readingBase) + others
        }
        if let (passed, _) = ValuePassing.coalescing(expression) {
            return parts(of: passed, readingBase: readingBase)  // the fallback runs only when the value is nil
        }
        if let call = expression.as(FunctionCallExprSyntax.self) {
            switch value(expression) {
            case .construction:
                return call.arguments.flatMap { inner($0.expression) } + (call.trailingClosure.map { captures($0) } ?? [])
            case .from:
                return call.arguments.first.map { inner($0.expression) } ?? []
            case .decoded:
                // What the response is read from (`json("hotel.json")`) is computed first.
                return call.arguments.flatMap { inner($0.expression) }
            case .helper:
                // A helper runs when its value is computed (what its arguments compute first); a method of the test's
                // own type may change its stored mocks.
                return call.arguments.flatMap { inner($0.expression) } + (isOwnMethodCall(call) ? [.opaqueCall(range: Self.range(call))] : [])
            case .closureCall, .elements:
                // The closure runs when the value is computed; before it, the sequence and the other arguments.
                let base = call.calledExpression.as(MemberAccessExprSyntax.self)?.base.map { inner($0) } ?? []
                let others = ValuePassing.passedClosure(of: call)?.1 ?? call.arguments.map(\.expression)
                return base + others.flatMap { reads(in: Syntax($0)) }
            case .wrapped:
                return call.arguments.flatMap { inner($0.expression) }
            case .immediateClosure:
                return []
            default:
                return reads(in: Syntax(expression))
            }
        }
        if let access = expression.as(MemberAccessExprSyntax.self), let base = access.base {
            guard readingBase else { return parts(of: base, readingBase: false) }
            // The base of an assignment target is read, not handed over: `dog.id = "1"` keeps `dog` in sight.
            if case .variable = value(base) { return [] }
            if case .storedProperty = value(base) { return [] }
            return reads(in: Syntax(base))
        }
        if let subscriptCall = expression.as(SubscriptCallExprSyntax.self) {
            return parts(of: subscriptCall.calledExpression, readingBase: readingBase)
                + subscriptCall.arguments.flatMap { reads(in: Syntax($0.expression)) }
        }
        if let array = expression.as(ArrayExprSyntax.self) { return array.elements.flatMap { inner($0.expression) } }
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
        if let passed = ValuePassing.passedThrough(expression) { return value(passed) }
        if let literal = Self.literal(expression) { return .literal(literal) }
        if let (passed, fallback) = ValuePassing.coalescing(expression) {
            let followed = value(passed)
            if case .other = followed { return .other }
            return .coalesced(followed, fallback: value(fallback))
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
            // `self.dog`: the stored property, even where a local `dog` hides it.
            if let reference = base.as(DeclReferenceExprSyntax.self), reference.baseName.tokenKind == .keyword(.self),
                case .identifier(let text) = name.tokenKind, !isCallee(expression)
            {
                return .storedProperty(text, range: Self.range(name))
            }
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
        // `{ …; return dog }()`: the closure runs here, once.
        if let closure = callee.as(ClosureExprSyntax.self), call.arguments.isEmpty, call.trailingClosure == nil {
            let (body, result) = ClosureRun.bodyAndResult(of: closure, reader: self)
            return .immediateClosure(body: body, result: result)
        }
        if let (wrapped, member) = ValuePassing.wrapped(call) {
            let followed = value(wrapped)
            if case .other = followed { return .other }
            return .wrapped(followed, member: member)
        }
        if let helper = helperCall(call) { return helper }
        guard let access = callee.as(MemberAccessExprSyntax.self) else { return .other }
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
