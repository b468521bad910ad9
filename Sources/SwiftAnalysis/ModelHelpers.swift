import SwiftSyntax

/// A function or computed property that builds a mock and returns it, or a model of it: the helpers test suites
/// keep beside their tests (`func makeCharacter() -> CharacterQuery.Data.Character { …; return .from(mock) }`,
/// `var cat: Mock<Cat> { Mock<Cat>(…) }`). A caller's reads of what it returns are checked against what its mock
/// sets. Only helpers mockls can follow whole are read: no parameters, a declared return type that is a mock or a
/// selection-set model, and one value returned, at the end of the body (or the body is that value).
public struct ModelHelper: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// Called: `makeCharacter()`, `self.makeCharacter()`, `Fixtures.makeCharacter()`.
        case function
        /// Read: `cat`, `self.cat`, `Fixtures.cat`.
        case property
    }

    public var name: String
    public var kind: Kind
    /// The statements before the value returned, read as a test function's are.
    public var body: [FlowStatement]
    /// What it returns (`.from(mock)` with the declared model type filled in).
    public var result: FlowValue
    /// Its bytes in its file.
    public var range: Range<Int>
}

/// The helpers of the workspace's other Swift files that return mocks or models (`ModelHelper`), with a fingerprint
/// of their sources: cached diagnostics are kept only while it stays the same.
public struct WorkspaceHelpers: Sendable {
    public var helpers: [ModelHelper]
    public var fingerprint: Int

    public init(helpers: [ModelHelper], fingerprint: Int) {
        self.helpers = helpers
        self.fingerprint = fingerprint
    }

    public static let none = WorkspaceHelpers(helpers: [], fingerprint: 0)
}

extension SwiftTestFile {
    /// The helpers declared in this file, at the top level or in any type.
    public func modelHelpers() -> [ModelHelper] {
        var found: [ModelHelper] = []
        var pending: [Syntax] = [Syntax(tree)]
        while let node = pending.popLast() {
            if let function = node.as(FunctionDeclSyntax.self) {
                if let helper = ModelHelperReader.helper(function) { found.append(helper) }
                continue  // nested functions are not helpers callers can reach
            }
            if let variable = node.as(VariableDeclSyntax.self) {
                found += ModelHelperReader.helpers(variable)
                continue
            }
            if node.is(CodeBlockSyntax.self) || node.is(ClosureExprSyntax.self) { continue }
            pending += node.children(viewMode: .sourceAccurate).reversed()
        }
        return found
    }
}

enum ModelHelperReader {
    static func helper(_ function: FunctionDeclSyntax) -> ModelHelper? {
        guard function.signature.parameterClause.parameters.isEmpty, function.genericParameterClause == nil,
            let returned = function.signature.returnClause?.type, let body = function.body,
            let (statements, result) = read(body.statements, returning: returned)
        else { return nil }
        return ModelHelper(name: function.name.text, kind: .function, body: statements, result: result, range: FlowReader.range(function))
    }

    /// `var cat: Mock<Cat> { … }` and `static var cat: Mock<Cat> { … }` (a getter only).
    static func helpers(_ variable: VariableDeclSyntax) -> [ModelHelper] {
        variable.bindings.compactMap { binding in
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                let type = binding.typeAnnotation?.type, let accessors = binding.accessorBlock?.accessors
            else { return nil }
            let statements: CodeBlockItemListSyntax
            switch accessors {
            case .getter(let items): statements = items
            case .accessors(let list):
                guard list.count == 1, let getter = list.first, getter.accessorSpecifier.tokenKind == .keyword(.get),
                    let body = getter.body
                else { return nil }
                statements = body.statements
            }
            guard let (body, result) = read(statements, returning: type) else { return nil }
            return ModelHelper(name: name, kind: .property, body: body, result: result, range: FlowReader.range(variable))
        }
    }

    /// The statements before the one value a body returns, and that value; nil when the body returns elsewhere too,
    /// or the declared type is no mock or model.
    private static func read(_ items: CodeBlockItemListSyntax, returning type: TypeSyntax) -> ([FlowStatement], FlowValue)? {
        let declared = SwiftTestFile.annotated(type)
        guard declared != nil, let last = items.last else { return nil }
        // Only the last statement may return: a `return` inside a branch makes the value depend on the run.
        for item in items.dropLast() where item.tokens(viewMode: .sourceAccurate).contains(where: { $0.tokenKind == .keyword(.return) }) {
            return nil
        }
        let expression: ExprSyntax?
        if let returned = last.item.as(ReturnStmtSyntax.self) {
            expression = returned.expression
        } else if items.count == 1 {
            expression = last.item.as(ExprSyntax.self)
        } else {
            expression = nil
        }
        guard let expression else { return nil }
        let reader = FlowReader()
        var result = reader.value(expression)
        var finalReads = reader.inner(expression)
        // `.from(mock)` takes its type from the declaration: `-> CharacterQuery.Data.Character`.
        if case .other = result, case .selectionSet(let path)? = declared, let call = expression.as(FunctionCallExprSyntax.self),
            let access = call.calledExpression.as(MemberAccessExprSyntax.self), access.base == nil,
            access.declName.baseName.text == "from", let argument = call.arguments.first, argument.label == nil
        {
            result = .from(path: path, mock: reader.value(argument.expression), range: FlowReader.range(access))
            finalReads = reader.inner(argument.expression)
        }
        if case .other = result { return nil }
        return (items.dropLast().flatMap { reader.statements(of: Syntax($0.item)) } + finalReads, result)
    }
}
