import SwiftSyntax

/// What a value taken out of an enum case holds, when the file declares the case: the idiom of apps built on The
/// Composable Architecture, whose actions carry an operation's data (`case currentPollResponse(TaskResult<God.CurrentPollQuery.Data>)`)
/// and whose reducers take it apart (`case let .currentPollResponse(.success(data)):`,
/// `if case let .userResponse(.success(user)) = action`).
extension SwiftFile {
    /// The variable `pattern` binds and what it holds: `.name(let x)`, `let .name(x)`, `.name(.success(let x))`,
    /// `let .name(.success(x))` of a case `name` the file declares with one associated value (`Result<T, E>` or
    /// `TaskResult<T>` for `.success`). Nil for any other pattern, and when the file declares `name` more than once
    /// with different payloads.
    func payloadBinding(of pattern: some SyntaxProtocol) -> VariableDeclaration? {
        let tokens = ValuePassing.patternTokens(pattern)
        // `.name ( [ .success ( ] x [ ) ] )`
        guard tokens.count >= 5, tokens[0].tokenKind == .period, case .identifier(let caseName) = tokens[1].tokenKind,
            tokens[2].tokenKind == .leftParen, tokens.last?.tokenKind == .rightParen
        else { return nil }
        let inner = Array(tokens[3..<(tokens.count - 1)])
        let unwrapsSuccess: Bool
        let name: TokenSyntax
        if inner.count == 1, case .identifier = inner[0].tokenKind {
            (unwrapsSuccess, name) = (false, inner[0])
        } else if inner.count == 5, inner[0].tokenKind == .period, inner[1].text == "success", inner[2].tokenKind == .leftParen,
            case .identifier = inner[3].tokenKind, inner[4].tokenKind == .rightParen
        {
            (unwrapsSuccess, name) = (true, inner[3])
        } else {
            return nil
        }
        guard var type = payloadType(ofCase: caseName) else { return nil }
        if unwrapsSuccess {
            // `Result<T, Error>`, `TaskResult<T>`: what `.success` holds.
            guard let generic = type.as(IdentifierTypeSyntax.self), ["Result", "TaskResult"].contains(generic.name.text),
                let argument = generic.genericArgumentClause?.arguments.first?.argument.as(TypeSyntax.self)
            else { return nil }
            type = argument
        }
        guard let value = Self.annotated(type) else { return nil }
        return VariableDeclaration(name: name.text, value: value, nameRange: FlowReader.range(name))
    }

    /// The one associated value's type of the enum case `name` the file declares (in any type, at any depth of
    /// declarations; not inside function bodies); nil when none, or when declarations of that name disagree.
    private func payloadType(ofCase name: String) -> TypeSyntax? {
        var found: TypeSyntax?
        var pending: [Syntax] = [Syntax(tree)]
        while let node = pending.popLast() {
            if let element = node.as(EnumCaseElementSyntax.self) {
                guard element.name.text == name else { continue }
                guard let parameters = element.parameterClause?.parameters, parameters.count == 1, let only = parameters.first else { return nil }
                if let found, found.trimmedDescription != only.type.trimmedDescription { return nil }
                found = only.type
                continue
            }
            if node.is(CodeBlockSyntax.self) || node.is(ExprSyntax.self) || node.is(AccessorBlockSyntax.self) { continue }
            pending += node.children(viewMode: .sourceAccurate)
        }
        return found
    }
}
