import SwiftSyntax

/// What Apollo iOS's client hands back for an operation, as app code receives it: `client.fetch(query: BookQuery(…))`
/// with a result handler (1.x: `{ result in … try result.get().data … }`, `case .success(let graphQLResult)`), or
/// awaited (2.x: `let response = try await client.fetch(query: …)`, `response.data`), and the same for `watch`,
/// `perform(mutation:)`, `subscribe(subscription:)` and `upload(operation:)`. Read as a `GraphQLResult` of the
/// operation's `Data` (`WrittenExpression.wrapped(…, member: "data")`): `Result.get()` and `.success` pass it on.
public enum OperationResults {
    /// The client's methods that run an operation, with the label of the operation's argument.
    static let methods: [String: Set<String>] = [
        "fetch": ["query"], "watch": ["query"], "perform": ["mutation"], "subscribe": ["subscription"], "upload": ["operation"],
    ]

    /// The result `call` gives (awaited) or hands to its result handler: the `Data` of the operation it is passed
    /// (`BookQuery(id: "1")`, `API.BookQuery()`); nil for any other call.
    /// A wrapper of the app's around them (RickMortyLLM's `client.fetchAsync(CharactersQuery())`, which awaits
    /// `fetch` and gives its `GraphQLResult`) is read the same way when it is handed an operation alone, unlabelled:
    /// what it gives is read through `.data` or not at all.
    static func result(of call: FunctionCallExprSyntax) -> WrittenExpression? {
        guard let access = call.calledExpression.as(MemberAccessExprSyntax.self), access.base != nil else { return nil }
        let argument: ExprSyntax?
        if let labels = methods[access.declName.baseName.text] {
            argument = call.arguments.first(where: { $0.label.map { labels.contains($0.text) } == true })?.expression
        } else if call.arguments.count == 1, let only = call.arguments.first, only.label == nil {
            argument = only.expression
        } else {
            argument = nil
        }
        guard let operation = argument?.as(FunctionCallExprSyntax.self), let path = WrittenExpression.typePath(operation.calledExpression),
            let name = path.last, name.first?.isUppercase == true
        else { return nil }
        if methods[access.declName.baseName.text] == nil,
            !["Query", "Mutation", "Subscription"].contains(where: { name.hasSuffix($0) })
        {
            return nil
        }
        return .wrapped(.selectionSet(path: path + ["Data"]), member: "data")
    }

    /// The result handler's parameter: `result` in `client.fetch(query: …) { result in … }` (or `$0`), and the
    /// closure passed as `resultHandler:`.
    static func handlerParameter(of closure: ClosureExprSyntax) -> VariableDeclaration? {
        guard let call = ClosureRun.call(receiving: closure), let value = result(of: call) else { return nil }
        guard closure.signature != nil else {
            return VariableDeclaration(name: "$0", value: value, nameRange: FlowReader.range(closure.leftBrace))
        }
        guard let name = ClosureRun.parameterTokens(of: closure)?.first, name.tokenKind != .wildcard else { return nil }
        return VariableDeclaration(name: name.text, value: value, nameRange: FlowReader.range(name))
    }
}
