import SwiftSyntax

/// A test's fetch with a result handler, waited on with an expectation, as 1.x suites write it:
///
///     let done = expectation(description: "fetched")
///     client.fetch(query: DogQuery(), cachePolicy: .fetchIgnoringCacheData) { result in
///       …
///       done.fulfill()
///     }
///     wait(for: [done], timeout: 1)
///
/// read so that `Apollo2Migration` can write it as 2.x's `try await client.fetch(query:)`: the handler's body runs
/// after the fetch, on the `Result` it would have been handed; the expectation and the wait go.
public struct CallbackFetch: Sendable, Hashable {
    /// `fetch` or `perform`.
    public let method: String
    /// The client expression's text (`client`, `self.client`).
    public let client: String
    /// The arguments kept, as written (`query: DogQuery()`), with the cache policy given as 2.x names it.
    public let arguments: [String]
    /// The operation's type, as the file names it (`DogQuery`, a generic parameter `Query`).
    public let operation: String
    /// The operation's type is a generic parameter of the function: 2.x's `fetch` needs it to be of a single response.
    public let genericParameter: Bool
    /// The handler's parameter (`result`).
    public let parameter: String
    /// The statement of the call, the handler body's statements (`fulfill()`s and `defer { … fulfill() }` left out), and
    /// the expectation's declaration and wait.
    public let call: Range<Int>
    public let body: [Range<Int>]
    public let expectation: Range<Int>
    public let wait: Range<Int>
    /// The enclosing function's `where` clause, or where one goes (the end of its signature).
    public let whereClause: Range<Int>?
    public let signatureEnd: Int
    /// The enclosing function, to make `async`.
    public let function: Range<Int>
    public let indentation: String

    /// 1.x's cache policies that 2.x's `fetch(query:cachePolicy:)` has a case for.
    static let cachePolicies = [
        "fetchIgnoringCacheData": "networkOnly", "fetchIgnoringCacheCompletely": "networkOnly", "returnCacheDataElseFetch": "cacheFirst",
        "returnCacheDataDontFetch": "cacheOnly",
    ]

    /// The file's waited-on callback fetches of that shape; others are left as they are (they compile on 2.x,
    /// deprecated).
    public static func find(in file: SwiftFile) -> [CallbackFetch] {
        let visitor = Visitor()
        visitor.walk(file.tree)
        return visitor.found
    }

    final class Visitor: SyntaxVisitor {
        var found: [CallbackFetch] = []
        init() { super.init(viewMode: .sourceAccurate) }

        override func visit(_ node: CodeBlockItemListSyntax) -> SyntaxVisitorContinueKind {
            let items = Array(node)
            for (index, item) in items.enumerated() {
                if let fetch = read(items, at: index) { found.append(fetch) }
                _ = item
            }
            return .visitChildren
        }

        private func read(_ items: [CodeBlockItemSyntax], at index: Int) -> CallbackFetch? {
            guard let call = items[index].item.as(FunctionCallExprSyntax.self) ?? items[index].item.as(ExpressionStmtSyntax.self)?.expression.as(FunctionCallExprSyntax.self),
                let member = call.calledExpression.as(MemberAccessExprSyntax.self), let client = member.base,
                let closure = call.trailingClosure, call.additionalTrailingClosures.isEmpty
            else { return nil }
            let method = member.declName.baseName.text
            let first = call.arguments.first?.label?.text
            guard method == "fetch" && first == "query" || method == "perform" && first == "mutation" else { return nil }
            // One named parameter: `{ result in`.
            guard let parameters = closure.signature?.parameterClause, let parameter = Self.parameterName(parameters) else { return nil }
            // The expectation fulfilled in the body, declared before and waited on after, in this block.
            var body: [Range<Int>] = []
            var fulfilled: String?
            for statement in closure.statements {
                if let name = Self.fulfilled(statement) {
                    fulfilled = name
                    continue
                }
                if Self.containsReturn(Syntax(statement)) { return nil }
                body.append(statement.trimmedRange)
            }
            guard let expectation = fulfilled,
                let declaration = items[..<index].lastIndex(where: { Self.declares(expectation, $0) }),
                let wait = items[(index + 1)...].firstIndex(where: { Self.waits(for: expectation, $0) })
            else { return nil }
            // Used nowhere else in the block.
            let others = items.indices.filter { $0 != declaration && $0 != index && $0 != wait }
            if others.contains(where: { Self.mentions(items[$0], expectation) }) { return nil }
            // The arguments 2.x's async method takes.
            var arguments: [String] = []
            for argument in call.arguments {
                let label = argument.label?.text
                switch label {
                case "query", "mutation":
                    arguments.append(argument.trimmedDescription.hasSuffix(",") ? String(argument.trimmedDescription.dropLast()) : argument.trimmedDescription)
                case "cachePolicy":
                    guard let policy = argument.expression.as(MemberAccessExprSyntax.self), policy.base == nil,
                        let twoPolicy = cachePolicies[policy.declName.baseName.text]
                    else { return nil }
                    arguments.append("cachePolicy: .\(twoPolicy)")
                    // 1.x's policy that also keeps the result out of the cache: 2.x says so in the request's configuration.
                    if policy.declName.baseName.text == "fetchIgnoringCacheCompletely" {
                        arguments.append("requestConfiguration: RequestConfiguration(writeResultsToCache: false)")
                    }
                case "queue":
                    continue
                default:
                    return nil
                }
            }
            guard let operationArgument = call.arguments.first?.expression, let function = Self.enclosingFunction(of: Syntax(call)),
                let (operation, generic) = Self.type(of: operationArgument, in: function)
            else { return nil }
            let trivia = items[index].leadingTrivia.description
            return CallbackFetch(
                method: method, client: client.trimmedDescription, arguments: arguments, operation: operation, genericParameter: generic,
                parameter: parameter, call: items[index].trimmedRange, body: body, expectation: items[declaration].trimmedRange,
                wait: items[wait].trimmedRange, whereClause: function.genericWhereClause?.trimmedRange,
                signatureEnd: function.signature.endPositionBeforeTrailingTrivia.utf8Offset, function: function.trimmedRange,
                indentation: String(trivia.split(separator: "\n", omittingEmptySubsequences: false).last ?? ""))
        }

        static func parameterName(_ clause: ClosureSignatureSyntax.ParameterClause) -> String? {
            switch clause {
            case .simpleInput(let parameters):
                guard parameters.count == 1, let name = parameters.first?.name.text, name != "_" else { return nil }
                return name
            case .parameterClause(let clause):
                guard clause.parameters.count == 1, let name = clause.parameters.first?.firstName.text, name != "_" else { return nil }
                return name
            }
        }

        /// `done.fulfill()` or `defer { done.fulfill() }`: the expectation's name.
        static func fulfilled(_ statement: CodeBlockItemSyntax) -> String? {
            if let deferred = statement.item.as(DeferStmtSyntax.self), deferred.body.statements.count == 1,
                let only = deferred.body.statements.first
            {
                return fulfilled(only)
            }
            let expression = statement.item.as(FunctionCallExprSyntax.self) ?? statement.item.as(ExpressionStmtSyntax.self)?.expression.as(FunctionCallExprSyntax.self)
            guard let call = expression, call.arguments.isEmpty, let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                member.declName.baseName.text == "fulfill", let base = member.base?.as(DeclReferenceExprSyntax.self)
            else { return nil }
            return base.baseName.text
        }

        static func declares(_ name: String, _ item: CodeBlockItemSyntax) -> Bool {
            guard let variable = item.item.as(VariableDeclSyntax.self), variable.bindings.count == 1, let binding = variable.bindings.first,
                binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name, let value = binding.initializer?.value.as(FunctionCallExprSyntax.self)
            else { return false }
            let callee = value.calledExpression.trimmedDescription
            return ["expectation", "self.expectation", "XCTestExpectation"].contains(callee)
        }

        static func waits(for name: String, _ item: CodeBlockItemSyntax) -> Bool {
            let expression = item.item.as(FunctionCallExprSyntax.self) ?? item.item.as(ExpressionStmtSyntax.self)?.expression.as(FunctionCallExprSyntax.self)
            guard let call = expression else { return false }
            let callee = call.calledExpression.trimmedDescription
            if callee == "waitForExpectations" || callee == "self.waitForExpectations" { return true }
            guard callee == "wait" || callee == "self.wait", let list = call.arguments.first(where: { $0.label?.text == "for" })?.expression.as(ArrayExprSyntax.self)
            else { return false }
            return list.elements.count == 1 && list.elements.first?.expression.trimmedDescription == name
        }

        static func mentions(_ item: CodeBlockItemSyntax, _ name: String) -> Bool {
            item.tokens(viewMode: .sourceAccurate).contains { $0.tokenKind == .identifier(name) }
        }

        static func containsReturn(_ node: Syntax) -> Bool {
            if node.is(ReturnStmtSyntax.self) { return true }
            if node.is(ClosureExprSyntax.self) || node.is(FunctionDeclSyntax.self) { return false }
            return node.children(viewMode: .sourceAccurate).contains { containsReturn($0) }
        }

        static func enclosingFunction(of node: Syntax) -> FunctionDeclSyntax? {
            var current = node.parent
            while let node = current {
                if let function = node.as(FunctionDeclSyntax.self) { return function }
                if node.is(ClosureExprSyntax.self) { return nil }
                current = node.parent
            }
            return nil
        }

        /// `DogQuery()` → `DogQuery`; a parameter `query: Query` → `Query` (generic when the function declares it).
        static func type(of expression: ExprSyntax, in function: FunctionDeclSyntax) -> (String, Bool)? {
            if let call = expression.as(FunctionCallExprSyntax.self), let path = WrittenExpression.typePath(call.calledExpression) {
                return (path.joined(separator: "."), false)
            }
            guard let name = expression.as(DeclReferenceExprSyntax.self)?.baseName.text else { return nil }
            let generics = Set(function.genericParameterClause?.parameters.map(\.name.text) ?? [])
            for parameter in function.signature.parameterClause.parameters where (parameter.secondName ?? parameter.firstName).text == name {
                let type = parameter.type.trimmedDescription
                return (type, generics.contains(type))
            }
            return nil
        }
    }
}
