import SourceText
import SwiftSyntax

/// The Apollo iOS 1.x constructs of a Swift file that 2.x changed, besides the `async` `from(_:)` (`AsyncSites`):
/// `GraphQLResult` (2.x's `GraphQLResponse<Operation>`), fakes of `ApolloClientProtocol` (gone in 2.x) and hand-written
/// `NetworkTransport`s (an `AsyncThrowingStream` API in 2.x), and fetches with a result handler (deprecated in 2.x).
public struct ApolloOneConstructs: Sendable {
    /// `GraphQLResult<X.Data>` written as a type: the range of the whole type, and its argument's text.
    public struct ResultType: Sendable, Hashable {
        public let range: Range<Int>
        public let argument: String
    }

    /// `GraphQLResult(data: …, …)`: the range of the name `GraphQLResult`, and the type of `data:` where the file says it
    /// (`X.Data.from(…)` written there, or a local `let` so built or annotated).
    public struct ResultConstruction: Sendable, Hashable {
        public let name: Range<Int>
        public let dataType: String?
    }

    /// A type that conforms to what 2.x no longer has in that form.
    public struct Conformance: Sendable, Hashable {
        public enum Kind: Sendable, Hashable {
            /// `ApolloClientProtocol`: not in 2.x.
            case clientProtocol
            /// `NetworkTransport` with 1.x's `send(operation:cachePolicy:…completionHandler:)`.
            case networkTransport
            /// 1.x's interceptor API: `ApolloInterceptor` and the `RequestChain` protocol (2.x has `GraphQLInterceptor`,
            /// `HTTPInterceptor`, and a `RequestChain` struct).
            case interceptor
        }
        public let kind: Kind
        public let typeName: String
        /// The protocol's name in the inheritance clause.
        public let range: Range<Int>
    }

    /// `client.fetch(query: …) { result in … }`, `perform(mutation:…, resultHandler:)`: the method's name.
    public struct CallbackFetch: Sendable, Hashable {
        public let method: String
        public let range: Range<Int>
    }

    public var resultTypes: [ResultType] = []
    public var resultConstructions: [ResultConstruction] = []
    public var conformances: [Conformance] = []
    public var callbackFetches: [CallbackFetch] = []
    /// `query.__variables`: `@_spi(Unsafe)` in 2.x.
    public var spiVariables: [Range<Int>] = []
    /// What else of 1.x does not compile on 2.x and has no one rewrite, with the reason.
    public var oneOnly: [(range: Range<Int>, reason: String)] = []

    /// 1.x's `CachePolicy` cases: `CachePolicy_v1`'s in 2.x, which only the deprecated fetches take.
    static let oneCachePolicies: Set<String> = [
        "returnCacheDataElseFetch", "fetchIgnoringCacheData", "fetchIgnoringCacheCompletely", "returnCacheDataDontFetch",
        "returnCacheDataAndFetch",
    ]

    public init(_ file: SwiftFile) {
        let visitor = Visitor()
        visitor.walk(file.tree)
        self = visitor.found
    }

    /// Whether the file names any of them (a scan of its bytes, before reading it).
    public static func mayHold(_ text: [UInt8]) -> Bool {
        return ["GraphQLResult", "GraphQLResponse", "ApolloClientProtocol", "NetworkTransport", "ApolloInterceptor", "RequestChain", "fetch(", "perform(", "__variables",
                "dependentKeys", "CacheData"].contains { text.contains(bytes: $0) }
    }

    private init() {}

    final class Visitor: SyntaxVisitor {
        var found = ApolloOneConstructs()
        init() { super.init(viewMode: .sourceAccurate) }

        override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
            if node.name.text == "GraphQLResult", let arguments = node.genericArgumentClause?.arguments, arguments.count == 1,
                let argument = arguments.first?.argument
            {
                found.resultTypes.append(ResultType(range: node.trimmedRange, argument: argument.trimmedDescription))
                return .skipChildren
            }
            return .visitChildren
        }

        override func visit(_ node: GenericSpecializationExprSyntax) -> SyntaxVisitorContinueKind {
            // `GraphQLResult<X.Data>(…)` or `Result<GraphQLResult<X.Data>, Error>.success(…)` in an expression.
            if node.expression.as(DeclReferenceExprSyntax.self)?.baseName.text == "GraphQLResult", node.genericArgumentClause.arguments.count == 1,
                let argument = node.genericArgumentClause.arguments.first?.argument
            {
                found.resultTypes.append(ResultType(range: node.trimmedRange, argument: argument.trimmedDescription))
                return .skipChildren
            }
            return .visitChildren
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            if let name = node.calledExpression.as(DeclReferenceExprSyntax.self), name.baseName.text == "GraphQLResult" {
                let data = node.arguments.first { $0.label?.text == "data" }?.expression
                found.resultConstructions.append(
                    ResultConstruction(name: name.trimmedRange, dataType: data.flatMap { Self.type(of: $0, before: Syntax(node)) }))
            }
            if let name = node.calledExpression.as(DeclReferenceExprSyntax.self), name.baseName.text == "GraphQLResponse",
                node.arguments.first?.label?.text == "operation"
            {
                found.oneOnly.append((name.trimmedRange, "`GraphQLResponse(operation:body:)` is 1.x's parser of a response body; in Apollo iOS 2 `GraphQLResponse` is the result itself: build it with `GraphQLResponse<Operation>(data:extensions:errors:source:dependentKeys:)`"))
            }
            if let member = node.calledExpression.as(MemberAccessExprSyntax.self), member.base != nil {
                let method = member.declName.baseName.text
                let labels = node.arguments.map { $0.label?.text }
                let isFetch = method == "fetch" && labels.first == "query" || method == "perform" && labels.first == "mutation"
                    || method == "watch" && labels.first == "query" || method == "upload" && labels.first == "operation"
                if isFetch, node.trailingClosure != nil || labels.contains("resultHandler") {
                    found.callbackFetches.append(CallbackFetch(method: method, range: member.declName.trimmedRange))
                }
            }
            return .visitChildren
        }

        override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
            let name = node.declName.baseName.text
            if node.base != nil, name == "__variables" { found.spiVariables.append(node.declName.trimmedRange) }
            if node.base != nil, name == "dependentKeys" {
                found.oneOnly.append((node.declName.trimmedRange, "`dependentKeys` is `@_spi(Execution)` in Apollo iOS 2: read it with `@_spi(Execution) import Apollo`, or leave it out"))
            }
            // A 1.x cache policy anywhere but as the argument of a deprecated fetch (which takes `CachePolicy_v1`).
            if node.base == nil, ApolloOneConstructs.oneCachePolicies.contains(name) {
                let argument = node.parent?.as(LabeledExprSyntax.self)
                let call = argument?.parent?.parent?.as(FunctionCallExprSyntax.self)
                let method = call?.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
                if !(argument?.label?.text == "cachePolicy" && ["fetch", "watch"].contains(method)) {
                    found.oneOnly.append((node.declName.trimmedRange, "`.\(name)` is a case of 1.x's `CachePolicy`, `CachePolicy_v1` in Apollo iOS 2, which only the deprecated fetches take (2.x's `CachePolicy.Query.SingleResponse` has `.cacheFirst`, `.networkOnly`, `.cacheOnly`)"))
                }
            }
            return .visitChildren
        }

        override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
            conformances(node.name.text, node.inheritanceClause, members: node.memberBlock)
            return .visitChildren
        }

        override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
            conformances(node.name.text, node.inheritanceClause, members: node.memberBlock)
            return .visitChildren
        }

        override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
            conformances(node.name.text, node.inheritanceClause, members: node.memberBlock)
            return .visitChildren
        }

        override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
            conformances(node.extendedType.trimmedDescription, node.inheritanceClause, members: node.memberBlock)
            return .visitChildren
        }

        private func conformances(_ typeName: String, _ clause: InheritanceClauseSyntax?, members: MemberBlockSyntax) {
            for inherited in clause?.inheritedTypes ?? [] {
                let name = inherited.type.trimmedDescription
                if name == "ApolloClientProtocol" || name == "Apollo.ApolloClientProtocol" {
                    found.conformances.append(Conformance(kind: .clientProtocol, typeName: typeName, range: inherited.type.trimmedRange))
                }
                if ["ApolloInterceptor", "Apollo.ApolloInterceptor", "RequestChain", "Apollo.RequestChain"].contains(name) {
                    found.conformances.append(Conformance(kind: .interceptor, typeName: typeName, range: inherited.type.trimmedRange))
                }
                if name == "NetworkTransport" || name == "Apollo.NetworkTransport" {
                    let sendsWithCallback = members.members.contains { member in
                        guard let function = member.decl.as(FunctionDeclSyntax.self), function.name.text == "send" else { return false }
                        return function.signature.parameterClause.parameters.contains { $0.firstName.text == "completionHandler" }
                    }
                    if sendsWithCallback {
                        found.conformances.append(Conformance(kind: .networkTransport, typeName: typeName, range: inherited.type.trimmedRange))
                    }
                }
            }
        }

        /// The type of `expression` where the file says it: `X.Data.from(…)`, `X.Data(…)`, or a `let` before `before`
        /// in the same body, annotated or so built.
        static func type(of expression: ExprSyntax, before: Syntax) -> String? {
            var expression = expression
            while let wrapped = expression.as(AwaitExprSyntax.self)?.expression ?? expression.as(TryExprSyntax.self)?.expression { expression = wrapped }
            if let call = expression.as(FunctionCallExprSyntax.self) {
                if let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "from",
                    let base = member.base, let path = WrittenExpression.typePath(base)
                {
                    return path.joined(separator: ".")
                }
                if let path = WrittenExpression.typePath(call.calledExpression), path.last == "Data" { return path.joined(separator: ".") }
                return nil
            }
            guard let name = expression.as(DeclReferenceExprSyntax.self)?.baseName.text else { return nil }
            // The nearest body above, and the `let`/`var` of that name in it before the use.
            var current = before.parent
            while let node = current {
                if let block = node.as(CodeBlockItemListSyntax.self) {
                    for item in block {
                        guard item.endPosition <= before.position else { break }
                        guard let variable = item.item.as(VariableDeclSyntax.self) else { continue }
                        for binding in variable.bindings where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                            if let type = binding.typeAnnotation?.type.trimmedDescription { return type.hasSuffix("?") ? String(type.dropLast()) : type }
                            if let value = binding.initializer?.value { return type(of: value, before: Syntax(variable)) }
                        }
                    }
                }
                if node.is(FunctionDeclSyntax.self) || node.is(InitializerDeclSyntax.self) { break }
                current = node.parent
            }
            return nil
        }
    }
}
