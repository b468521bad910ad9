import Synchronization
@_spi(RawSyntax) import SwiftSyntax

extension SwiftFile {

    /// The same, each read only when asked for.
    public func mockFlowUnits() -> [MockFlowUnit] {
        var units: [MockFlowUnit] = []
        var topLevel: [CodeBlockItemSyntax] = []
        for item in tree.statements.nodes {
            if let function = item.item.as(FunctionDeclSyntax.self) {
                guard function.body != nil else { continue }
                units.append(MockFlowUnit(
                    function: function.name.text, isTest: FlowReader.isTest(function), range: FlowReader.range(function), preambleRanges: [],
                    parameters: FlowReader.parameterNames(of: function)
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
    let memo = ValueMemo()
    /// The typed nodes of the tree being read, for the shapes only a typed node answers (`TypedNodes`).
    let typedNodes = TypedNodes()

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
    static func withVariables(_ call: RawNode, label: SyntaxText = "withVariables") -> GivenVariables {
        guard let argument = call[CallParts.arguments]?.elements.first(where: { $0[ArgumentParts.label]?.text == label }) else {
            return .none
        }
        guard let dictionary = argument[ArgumentParts.expression], dictionary.kind == .dictionaryExpr else {
            return GivenVariables(isComplete: argument[ArgumentParts.expression]?.kind == .nilLiteralExpr)
        }
        // `[:]` has no element list.
        guard let elements = dictionary[LiteralParts.dictionaryContent], elements.kind == .dictionaryElementList else { return .none }
        var variables = GivenVariables()
        for element in elements.elements {
            guard let key = element[LiteralParts.dictionaryKey], key.kind == .stringLiteralExpr, let segments = key[LiteralParts.segments],
                segments.count == 1, let segment = segments.first, segment.kind == .stringSegment,
                let name = segment[LiteralParts.segmentContent]?.string, let value = element[LiteralParts.dictionaryValue].flatMap({ literal($0) })
            else {
                variables.isComplete = false
                continue
            }
            variables.literals[name] = value
        }
        return variables
    }

    /// The text of a literal scalar: a string without interpolation, a number, a boolean, an enum case written
    /// `.fur` or `.case(.fur)` (`GraphQLEnum`), negative numbers too; nil for anything else.
    /// Read from the tokens (a literal is a few), not `trimmedDescription`: every expression of a test is asked.
    static func literal(_ expression: RawNode) -> String? {
        // One shape, the one the node's kind says: every expression of a test is asked, most of them calls.
        switch expression.kind {
        case .stringLiteralExpr:
            guard expression[LiteralParts.openingPounds] == nil, let segments = expression[LiteralParts.segments], segments.count <= 1,
                let opening = expression[LiteralParts.openingQuote], let closing = expression[LiteralParts.closingQuote]
            else { return nil }
            var content = SyntaxText()
            if let first = segments.first {
                guard first.kind == .stringSegment, let text = first[LiteralParts.segmentContent]?.text else { return nil }
                content = text
            }
            return joined([opening.text, content, closing.text])
        case .integerLiteralExpr:
            return expression[LiteralParts.integer]?.string
        case .floatLiteralExpr:
            return expression[LiteralParts.float]?.string
        case .booleanLiteralExpr:
            return expression[LiteralParts.boolean]?.string
        case .prefixOperatorExpr:
            guard expression[LiteralParts.prefixOperator]?.text == "-", let prefixed = expression[LiteralParts.prefixed] else { return nil }
            let number = prefixed.kind == .integerLiteralExpr ? prefixed[LiteralParts.integer] : prefixed.kind == .floatLiteralExpr ? prefixed[LiteralParts.float] : nil
            return number.map { "-" + $0.string }
        case .memberAccessExpr:
            guard expression[MemberAccessParts.base] == nil, let declName = expression[MemberAccessParts.declName],
                declName[ReferenceParts.argumentNames] == nil, let name = declName[ReferenceParts.baseName]?.identifier
            else { return nil }
            return "." + name
        case .functionCallExpr:
            let arguments = expression[CallParts.arguments]
            guard arguments?.count == 1, let callee = expression[CallParts.calledExpression], callee.kind == .memberAccessExpr,
                callee[MemberAccessParts.base] == nil, callee[MemberAccessParts.declName]?[ReferenceParts.baseName]?.text == "case",
                let only = arguments?.first, only[ArgumentParts.label] == nil, let value = only[ArgumentParts.expression], literal(value) != nil
            else { return nil }
            let bytes = expression.raw.syntaxTextBytes
            return String(decoding: bytes[expression.raw.leadingTriviaByteLength..<(bytes.count - expression.raw.trailingTriviaByteLength)], as: UTF8.self)
        default:
            return nil
        }
    }

    /// The texts of tokens one after the other, made one `String` at once (every string literal of a test is read).
    private static func joined(_ texts: [SyntaxText]) -> String {
        String(unsafeUninitializedCapacity: texts.reduce(0) { $0 + $1.count }) { buffer in
            var written = 0
            for text in texts {
                guard let base = text.baseAddress, text.count > 0 else { continue }
                (buffer.baseAddress! + written).update(from: base, count: text.count)
                written += text.count
            }
            return written
        }
    }

    /// The selection-set model a declared type names (`AllAnimalsQuery.Data`, `PetDetails?`).
    static func modelPath(_ type: TypeSyntax?) -> [String]? {
        guard let type, case .selectionSet(let path)? = SwiftFile.annotated(type) else { return nil }
        return path
    }

    final class ValueMemo: Sendable {
        let values = Mutex<[RawSyntax.ID: FlowValue]>([:])
    }

    static func memberBlock(of declaration: DeclSyntax) -> MemberBlockSyntax? {
        declaration.as(ClassDeclSyntax.self)?.memberBlock ?? declaration.as(StructDeclSyntax.self)?.memberBlock
            ?? declaration.as(ExtensionDeclSyntax.self)?.memberBlock ?? declaration.as(ActorDeclSyntax.self)?.memberBlock
    }

    /// The functions of a type; its stored properties and `setUp` are read once, by the first flow that needs them.
    static func units(inType members: MemberBlockSyntax, named owner: String?) -> [MockFlowUnit] {
        // One walk over the members (a collection of syntax costs a node at every step): the methods, the stored
        // properties, `setUp` and `init()`, and the declarations that become units.
        var methods: Set<String> = []
        var variables: [VariableDeclSyntax] = []
        var setUp: FunctionDeclSyntax?
        // Swift Testing makes a suite's instance for each test with `init()`: its set-up.
        var initializer: InitializerDeclSyntax?
        var declarations: [DeclSyntax] = []
        for member in members.members.nodes {
            let declaration = member.decl
            declarations.append(declaration)
            switch declaration.kind {
            case .functionDecl:
                let function = declaration.cast(FunctionDeclSyntax.self)
                let name = function.name.text
                methods.insert(name)
                if setUp == nil, name == "setUp" || name == "setUpWithError", function.signature.parameterClause.parameters.isEmpty {
                    setUp = function
                }
            case .variableDecl:
                variables.append(declaration.cast(VariableDeclSyntax.self))
            case .initializerDecl:
                let candidate = declaration.cast(InitializerDeclSyntax.self)
                if initializer == nil, candidate.signature.parameterClause.parameters.isEmpty, candidate.optionalMark == nil {
                    initializer = candidate
                }
            default:
                break
            }
        }
        var storedModels: [String: [String]] = [:]
        for binding in variables.flatMap(\.bindings) {
            if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let path = modelPath(binding.typeAnnotation?.type) {
                storedModels[name] = path
            }
        }
        let reader = FlowReader(ownMethods: methods, storedModels: storedModels)
        // An instance's stored properties are set for each test (XCTest and Swift Testing make an instance per test); a
        // type's `static` ones once, where a test first reads them: helpers (`ModelHelper.isStored`), not set-up.
        let instanceVariables = variables.filter { variable in
            !variable.modifiers.contains { [.keyword(.static), .keyword(.class)].contains($0.name.tokenKind) }
        }
        let preambleRanges = instanceVariables.map { range($0) } + (setUp.map { [range($0)] } ?? []) + (initializer.map { [range($0)] } ?? [])
        let preamble = Preamble {
            instanceVariables.flatMap { reader.statements(ofVariable: $0) }
                + (initializer?.body.map { reader.statements(ofBlock: $0.statements) } ?? [])
                + (setUp?.body.map { reader.statements(ofBlock: $0.statements) } ?? [])
        }
        var units: [MockFlowUnit] = []
        for declaration in declarations {
            if let function = declaration.as(FunctionDeclSyntax.self), function != setUp, function.body != nil {
                units.append(MockFlowUnit(
                    function: function.name.text, owner: owner, isTest: isTest(function), range: range(function),
                    preambleRanges: preambleRanges, parameters: parameterNames(of: function),
                    preamble: { preamble.statements }
                ) {
                    reader.flow(of: function, preamble: preamble.statements)!
                })
            } else if let nested = memberBlock(of: declaration) {
                units += Self.units(inType: nested, named: typeName(of: declaration))
            }
        }
        return units
    }

    /// The names a function's parameters bind in its body (the second name where there are two).
    static func parameterNames(of function: FunctionDeclSyntax) -> [String] {
        function.signature.parameterClause.parameters.map { ($0.secondName ?? $0.firstName).text }
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
        let attributes = function.attributes
        if !attributes.isEmpty {
            let names = attributes.compactMap { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription }
            if names.contains("Test") || names.contains("Testing.Test") { return true }
        }
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
                let argument = WrittenExpression.mockTypeArgument(type: RawNode(parameter.type))
                parameters.append(.typeMention(mock, range: argument?.range ?? Self.range(parameter.type)))
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

    static func range(_ node: some SyntaxProtocol) -> Range<Int> {
        node.positionAfterSkippingLeadingTrivia.utf8Offset..<node.endPositionBeforeTrailingTrivia.utf8Offset
    }
}
