import SwiftSyntax

/// A variable a test declares whose value mockls can follow: `let dog = Mock<Dog>()`, `mock: Mock<Dog>` as a
/// parameter, `let animal = AllAnimalsQuery.Data.AllAnimal.from(dog)`.
public struct VariableDeclaration: Sendable, Hashable {
    public var name: String
    public var value: WrittenExpression
    /// Bytes of the name where it is declared.
    public var nameRange: Range<Int>
}

extension SwiftTestFile {
    /// The variables visible at `offset` that stand for mocks or models, nearest first: the last declaration before
    /// the cursor in the innermost block, then outer blocks, parameters, and the stored properties of the type.
    public func variables(visibleAt offset: Int) -> [VariableDeclaration] {
        guard let token = token(before: offset) else { return [] }
        var found: [VariableDeclaration] = []
        var node = Syntax(token)
        while let parent = node.parent {
            if let list = parent.as(CodeBlockItemListSyntax.self) {
                for item in list.reversed() where item.position < node.position {
                    found += Self.declarations(in: Syntax(item.item))
                }
            } else if let function = parent.as(FunctionDeclSyntax.self) {
                found += Self.parameters(function.signature.parameterClause.parameters)
            } else if let initializer = parent.as(InitializerDeclSyntax.self) {
                found += Self.parameters(initializer.signature.parameterClause.parameters)
            } else if let closure = parent.as(ClosureExprSyntax.self) {
                if let parameters = closure.signature?.parameterClause?.as(ClosureParameterClauseSyntax.self) {
                    found += parameters.parameters.compactMap { parameter in
                        guard let type = parameter.type, let value = Self.annotated(type) else { return nil }
                        let name = parameter.secondName ?? parameter.firstName
                        return VariableDeclaration(name: name.text, value: value, nameRange: Self.range(name))
                    }
                }
                // `dogs.forEach { dog in … }`, `dogs.map { dog in … }`: an element of the sequence, as in a `for` loop.
                if let element = Self.element(of: closure), !found.contains(where: { $0.name == element.name }) {
                    found.append(element)
                }
            } else if let loop = parent.as(ForStmtSyntax.self), node.position >= loop.body.position,
                let pattern = loop.pattern.as(IdentifierPatternSyntax.self), let sequence = WrittenExpression.read(loop.sequence)
            {
                found.append(VariableDeclaration(
                    name: pattern.identifier.text, value: .element(sequence), nameRange: Self.range(pattern.identifier)))
            } else if let members = parent.as(MemberBlockItemListSyntax.self) {
                for member in members { found += Self.declarations(in: Syntax(member.decl)) }
            }
            node = parent
        }
        return found
    }

    /// The declaration `name` refers to at `offset`.
    public func variable(_ name: String, visibleAt offset: Int) -> VariableDeclaration? {
        variables(visibleAt: offset).first { $0.name == name }
    }

    private static func declarations(in item: Syntax) -> [VariableDeclaration] {
        var found: [VariableDeclaration] = []
        if let guardStatement = item.as(GuardStmtSyntax.self) {
            for condition in guardStatement.conditions.reversed() {
                guard let binding = condition.condition.as(OptionalBindingConditionSyntax.self),
                    let pattern = binding.pattern.as(IdentifierPatternSyntax.self)
                else { continue }
                let name = pattern.identifier
                let declared = binding.typeAnnotation.flatMap { Self.annotated($0.type) }
                let value = declared ?? binding.initializer.flatMap { WrittenExpression.read($0.value) } ?? .variable(name.text)
                found.append(VariableDeclaration(name: name.text, value: value, nameRange: range(name)))
            }
        } else if let declaration = item.as(VariableDeclSyntax.self) {
            for binding in declaration.bindings.reversed() {
                guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else { continue }
                let declared = binding.typeAnnotation.flatMap { Self.annotated($0.type) }
                let initial = binding.initializer.flatMap { WrittenExpression.read($0.value, contextual: declared) }
                guard let value = declared ?? initial else { continue }
                found.append(VariableDeclaration(name: pattern.identifier.text, value: value, nameRange: range(pattern.identifier)))
            }
        }
        return found
    }

    /// The element parameter of a closure a sequence runs once per element (`forEach`, `map`, `filter`…), untyped.
    private static func element(of closure: ClosureExprSyntax) -> VariableDeclaration? {
        let call = closure.parent?.as(FunctionCallExprSyntax.self)
            ?? closure.parent?.as(LabeledExprSyntax.self)?.parent?.as(LabeledExprListSyntax.self)?.parent?.as(FunctionCallExprSyntax.self)
        guard let call, let access = call.calledExpression.as(MemberAccessExprSyntax.self), let base = access.base,
            ValuePassing.closureMethods[access.declName.baseName.text] != nil,
            let sequence = WrittenExpression.read(base), let name = ClosureRun.elementName(of: closure), name != "$0",
            let token = closure.signature?.parameterClause.flatMap({ $0.tokens(viewMode: .sourceAccurate).first { $0.text == name } })
        else { return nil }
        return VariableDeclaration(name: name, value: .element(sequence), nameRange: range(token))
    }

    private static func parameters(_ parameters: FunctionParameterListSyntax) -> [VariableDeclaration] {
        parameters.compactMap { parameter in
            guard let value = annotated(parameter.type) else { return nil }
            let name = parameter.secondName ?? parameter.firstName
            return VariableDeclaration(name: name.text, value: value, nameRange: range(name))
        }
    }

    /// The value a type annotation promises: a mock, or a selection-set model (`AllAnimalsQuery.Data.AllAnimal`).
    static func annotated(_ type: TypeSyntax) -> WrittenExpression? {
        if let mock = WrittenExpression.mockType(type) { return .mock(mock) }
        var type = type
        if let optional = type.as(OptionalTypeSyntax.self) { type = optional.wrappedType }
        var path: [String] = []
        while let member = type.as(MemberTypeSyntax.self) {
            path.insert(member.name.text, at: 0)
            type = member.baseType
        }
        guard let root = type.as(IdentifierTypeSyntax.self), root.genericArgumentClause == nil else { return nil }
        return .selectionSet(path: [root.name.text] + path)
    }

    static func range(_ token: TokenSyntax) -> Range<Int> { FlowReader.range(token) }
}
