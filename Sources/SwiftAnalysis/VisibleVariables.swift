import SwiftSyntax

/// A variable a test declares whose value mockls can follow: `let dog = Mock<Dog>()`, `mock: Mock<Dog>` as a
/// parameter, `let animal = AllAnimalsQuery.Data.AllAnimal.from(dog)`.
public struct VariableDeclaration: Sendable, Hashable {
    public var name: String
    public var value: WrittenExpression
    /// Bytes of the name where it is declared.
    public var nameRange: Range<Int>
}

extension SwiftFile {
    /// The variables visible at `offset` that stand for mocks or models, nearest first: the last declaration before
    /// the cursor in the innermost block, then outer blocks, parameters, and the stored properties of the type.
    public func variables(visibleAt offset: Int) -> [VariableDeclaration] { variables(visibleAt: offset, named: nil) }

    /// The declaration `name` refers to at `offset`.
    public func variable(_ name: String, visibleAt offset: Int) -> VariableDeclaration? {
        variables(visibleAt: offset, named: name).first { $0.name == name }
    }

    /// `variables(visibleAt:)`; with `wanted`, it stops at the nearest declaration of that name, and reads no other
    /// stored declaration's value (what resolving one name at every member read of a file costs most).
    private func variables(visibleAt offset: Int, named wanted: String?) -> [VariableDeclaration] {
        guard let token = token(before: offset) else { return [] }
        var found: [VariableDeclaration] = []
        var node = Syntax(token)
        func declarations(in item: Syntax) -> [VariableDeclaration] {
            if let wanted, let declaration = item.as(VariableDeclSyntax.self),
                !declaration.bindings.contains(where: { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == wanted })
            {
                return []
            }
            return Self.declarations(in: item)
        }
        while let parent = node.parent {
            if let wanted, found.contains(where: { $0.name == wanted }) { return found }
            if let list = parent.as(CodeBlockItemListSyntax.self) {
                for item in list.reversed() where item.position < node.position {
                    found += declarations(in: Syntax(item.item))
                    // `guard case let .response(.success(data)) = action else { … }`
                    if let guardStatement = item.item.as(GuardStmtSyntax.self) {
                        found += guardStatement.conditions.compactMap { condition in
                            condition.condition.as(MatchingPatternConditionSyntax.self).flatMap { payloadBinding(of: $0.pattern) }
                        }
                    }
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
                // `dogs.forEach { dog in … }`, `owner.map { $0.… }`: an element of the sequence, as in a `for` loop, or
                // what the optional holds.
                found += Self.elements(of: closure).filter { element in !found.contains { $0.name == element.name } }
                found += Self.rowElements(of: closure).filter { element in !found.contains { $0.name == element.name } }
                // `client.fetch(query: BookQuery(…)) { result in … }`: the operation's result.
                if let result = OperationResults.handlerParameter(of: closure), !found.contains(where: { $0.name == result.name }) {
                    found.append(result)
                }
                if let state = Self.reducerState(of: closure) ?? Self.viewStoreState(of: closure),
                    !found.contains(where: { $0.name == state.name })
                {
                    found.append(state)
                }
            } else if let loop = parent.as(ForStmtSyntax.self), node.position >= (loop.whereClause?.position ?? loop.body.position),
                let element = Self.element(of: loop)
            {
                // In the body, and in the `where` clause, which reads each element.
                found.append(element)
            } else if let ifExpression = parent.as(IfExprSyntax.self), node.id == ifExpression.body.id {
                found += Self.bindings(in: ifExpression.conditions)
                found += ifExpression.conditions.compactMap { condition in
                    condition.condition.as(MatchingPatternConditionSyntax.self).flatMap { payloadBinding(of: $0.pattern) }
                }
            } else if let whileStatement = parent.as(WhileStmtSyntax.self), node.id == whileStatement.body.id {
                found += Self.bindings(in: whileStatement.conditions)
            } else if let conditions = parent.as(ConditionElementListSyntax.self) {
                // `if case .success(let result) = response, let items = result.data?.items`: a condition sees the
                // names the ones before it bind.
                let before = conditions.filter { $0.position < node.position }
                found += Self.bindings(in: before)
                found += before.compactMap { condition in
                    condition.condition.as(MatchingPatternConditionSyntax.self).flatMap { payloadBinding(of: $0.pattern) }
                }
            } else if let switchCase = parent.as(SwitchCaseSyntax.self), let binding = Self.binding(of: switchCase) ?? payloadBinding(in: switchCase),
                // After the name it binds: in its pattern, `result` of `case .success(let result)` is still the subject.
                offset >= binding.nameRange.upperBound
            {
                found.append(binding)
            } else if let members = parent.as(MemberBlockItemListSyntax.self) {
                for member in members { found += declarations(in: Syntax(member.decl)) }
            }
            node = parent
        }
        return found
    }

    /// The names `if let`, `guard let`, `if case let x? =` and `while let` conditions bind, last first.
    private static func bindings(in conditions: some BidirectionalCollection<ConditionElementSyntax>) -> [VariableDeclaration] {
        var found: [VariableDeclaration] = []
        for condition in conditions.reversed() {
            if let binding = condition.condition.as(OptionalBindingConditionSyntax.self),
                let pattern = binding.pattern.as(IdentifierPatternSyntax.self)
            {
                let name = pattern.identifier
                let declared = binding.typeAnnotation.flatMap { Self.annotated($0.type) }
                let value = declared ?? binding.initializer.flatMap { WrittenExpression.read($0.value) } ?? .variable(name.text)
                found.append(VariableDeclaration(name: name.text, value: value, nameRange: range(name)))
            } else if let matching = condition.condition.as(MatchingPatternConditionSyntax.self),
                let name = ValuePassing.unwrappedBinding(matching.pattern), let value = WrittenExpression.read(matching.initializer.value)
            {
                found.append(VariableDeclaration(name: name.text, value: value, nameRange: range(name)))
            }
        }
        return found
    }

    /// `Reduce<State, Action> { state, action in … }` (The Composable Architecture): the closure's first parameter
    /// is the reducer's state, of the type the call names.
    private static func reducerState(of closure: ClosureExprSyntax) -> VariableDeclaration? {
        guard let call = closure.parent?.as(FunctionCallExprSyntax.self), call.trailingClosure?.id == closure.id,
            let generic = call.calledExpression.as(GenericSpecializationExprSyntax.self),
            generic.expression.as(DeclReferenceExprSyntax.self)?.baseName.text == "Reduce",
            let stateType = generic.genericArgumentClause.arguments.first?.argument.as(TypeSyntax.self), let value = annotated(stateType),
            let name = ClosureRun.parameterTokens(of: closure)?.first, name.tokenKind != .wildcard
        else { return nil }
        return VariableDeclaration(name: name.text, value: value, nameRange: range(name))
    }

    /// `WithViewStore(store, observe: { $0 }) { viewStore in … }` (The Composable Architecture): observing the whole
    /// state, the closure's parameter reads the store's state: `X.State` for a stored `store: StoreOf<X>`, `S` for a
    /// `Store<S, A>`.
    private static func viewStoreState(of closure: ClosureExprSyntax) -> VariableDeclaration? {
        guard let call = closure.parent?.as(FunctionCallExprSyntax.self), call.trailingClosure?.id == closure.id,
            call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "WithViewStore",
            let first = call.arguments.first, first.label == nil,
            let observe = call.arguments.first(where: { $0.label?.text == "observe" })?.expression,
            observe.as(ClosureExprSyntax.self)?.statements.trimmedDescription == "$0" || observe.trimmedDescription == "\\.self",
            let name = ClosureRun.parameterTokens(of: closure)?.first, name.tokenKind != .wildcard
        else { return nil }
        // `store` or `self.store`: a stored property of the enclosing type.
        let property: String
        if let reference = first.expression.as(DeclReferenceExprSyntax.self) {
            property = reference.baseName.text
        } else if let member = first.expression.as(MemberAccessExprSyntax.self), member.base?.trimmedDescription == "self" {
            property = member.declName.baseName.text
        } else {
            return nil
        }
        var node = Syntax(closure).parent
        while let current = node, current.as(MemberBlockSyntax.self) == nil { node = current.parent }
        guard let members = node?.as(MemberBlockSyntax.self) else { return nil }
        for member in members.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
            for binding in variable.bindings where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == property {
                guard let type = binding.typeAnnotation?.type.as(IdentifierTypeSyntax.self),
                    let arguments = type.genericArgumentClause?.arguments, let argument = arguments.first?.argument.as(TypeSyntax.self)
                else { return nil }
                let state: WrittenExpression?
                switch type.name.text {
                case "StoreOf": state = annotated(TypeSyntax(MemberTypeSyntax(baseType: argument, name: .identifier("State"))))
                case "Store": state = annotated(argument)
                default: state = nil
                }
                return state.map { VariableDeclaration(name: name.text, value: $0, nameRange: range(name)) }
            }
        }
        return nil
    }

    /// `case let .response(.success(data)):` in a switch: what the enum case the file declares holds.
    private func payloadBinding(in switchCase: SwitchCaseSyntax) -> VariableDeclaration? {
        guard let label = switchCase.label.as(SwitchCaseLabelSyntax.self), label.caseItems.count == 1, let item = label.caseItems.first
        else { return nil }
        return payloadBinding(of: item.pattern)
    }

    /// `case let x?:`, `case .some(let x):` in a switch: the subject, unwrapped.
    private static func binding(of switchCase: SwitchCaseSyntax) -> VariableDeclaration? {
        guard let label = switchCase.label.as(SwitchCaseLabelSyntax.self), label.caseItems.count == 1, let item = label.caseItems.first,
            let name = ValuePassing.unwrappedBinding(item.pattern),
            let switchExpression = switchCase.parent?.parent?.as(SwitchExprSyntax.self),
            let value = WrittenExpression.read(switchExpression.subject)
        else { return nil }
        return VariableDeclaration(name: name.text, value: value, nameRange: range(name))
    }

    /// The element a `for` loop names: `for x in xs`, `for (i, x) in xs.enumerated()`, `for case let x? in xs`.
    private static func element(of loop: ForStmtSyntax) -> VariableDeclaration? {
        var sequence = loop.sequence
        var name: TokenSyntax?
        if let pattern = loop.pattern.as(IdentifierPatternSyntax.self), loop.caseKeyword == nil {
            name = pattern.identifier
        } else if loop.caseKeyword != nil {
            name = ValuePassing.unwrappedBinding(loop.pattern)
        } else if let tuple = loop.pattern.as(TuplePatternSyntax.self), tuple.elements.count == 2,
            let call = sequence.as(FunctionCallExprSyntax.self), call.arguments.isEmpty,
            let access = call.calledExpression.as(MemberAccessExprSyntax.self), access.declName.baseName.text == "enumerated",
            let base = access.base
        {
            sequence = base
            name = Array(tuple.elements)[1].pattern.as(IdentifierPatternSyntax.self)?.identifier
        }
        guard let name, let read = WrittenExpression.read(sequence) else { return nil }
        return VariableDeclaration(name: name.text, value: .element(read), nameRange: range(name))
    }

    private static func declarations(in item: Syntax) -> [VariableDeclaration] {
        var found: [VariableDeclaration] = []
        if let guardStatement = item.as(GuardStmtSyntax.self) {
            found += bindings(in: guardStatement.conditions)
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

    /// The parameters of a closure a sequence or an optional runs in place (`forEach`, `map`, `first(where:)`…,
    /// `ValuePassing.closureMethods`) that receive an element, untyped: `$0` (and `$1` of `sorted(by:)`) when it names none.
    private static func elements(of closure: ClosureExprSyntax) -> [VariableDeclaration] {
        guard let call = ClosureRun.call(receiving: closure), let access = call.calledExpression.as(MemberAccessExprSyntax.self), let base = access.base,
            let method = ValuePassing.closureMethods[access.declName.baseName.text], let sequence = WrittenExpression.read(base)
        else { return [] }
        let value = WrittenExpression.closureArgument(sequence)
        guard closure.signature != nil else {
            let names = method == .accumulate ? ["$1"] : { if case .compare = method { ["$0", "$1"] } else { ["$0"] } }()
            return names.map { VariableDeclaration(name: $0, value: value, nameRange: range(closure.leftBrace)) }
        }
        guard let tokens = ClosureRun.parameterTokens(of: closure) else { return [] }
        let named = method == .accumulate ? Array(tokens.dropFirst()) : { if case .compare = method { tokens } else { Array(tokens.prefix(1)) } }()
        return named.filter { $0.tokenKind != .wildcard }.map { VariableDeclaration(name: $0.text, value: value, nameRange: range($0)) }
    }

    /// SwiftUI's views over a collection, `ForEach(dogs, id: \.id) { dog in … }` and `List(dogs) { dog in … }`: the
    /// closure that builds a row is handed each element of the collection (`$0` without a signature).
    private static func rowElements(of closure: ClosureExprSyntax) -> [VariableDeclaration] {
        guard let call = ClosureRun.call(receiving: closure), let view = call.calledExpression.as(DeclReferenceExprSyntax.self),
            rowViews.contains(view.baseName.text), let data = call.arguments.first, data.label == nil, data.expression.id != closure.id,
            let collection = WrittenExpression.read(data.expression)
        else { return [] }
        let element = WrittenExpression.closureArgument(collection)
        guard closure.signature != nil else { return [VariableDeclaration(name: "$0", value: element, nameRange: range(closure.leftBrace))] }
        guard let name = ClosureRun.parameterTokens(of: closure)?.first, name.tokenKind != .wildcard else { return [] }
        return [VariableDeclaration(name: name.text, value: element, nameRange: range(name))]
    }

    private static let rowViews: Set<String> = ["ForEach", "List"]

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
        // `inout State`, `@escaping …`: the type itself.
        if let attributed = type.as(AttributedTypeSyntax.self) { type = attributed.baseType }
        if let optional = type.as(OptionalTypeSyntax.self) { type = optional.wrappedType }
        // `[AllAnimalsQuery.Data.AllAnimal]`, `[Mock<Dog>]?`: a list of them.
        if let array = type.as(ArrayTypeSyntax.self) { return annotated(array.element).map { .list($0) } }
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
