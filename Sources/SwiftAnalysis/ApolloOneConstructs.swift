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
        /// The operation the type is over when its argument is a generic function's data parameter (`GraphQLResult<Data>`
        /// in `func makeResult<Data: RootSelectionSet>`): the parameter the function takes instead (`GenericResult`).
        public var operation: String? = nil
    }

    /// A generic function over a `GraphQLResult`'s data (`func makeResult<Data: RootSelectionSet>(_ data: Data?) ->
    /// GraphQLResult<Data>`), generic over the operation in 2.x (`GraphQLResponse<Operation>`, `Operation.Data`).
    public struct GenericResult: Sendable, Hashable {
        /// The generic parameter with its constraint (`Data: RootSelectionSet`), and what it becomes.
        public let parameter: Range<Int>
        public let operation: String
        /// The other places the data parameter is written as a type (`_ data: Data?`), each `Operation.Data` in 2.x.
        public let dataTypes: [Range<Int>]
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
        /// A 1.x transport's `send`, which 2.x's requirements can call (`NetworkTransport` only).
        public var send: TransportSend? = nil
    }

    /// A 1.x `NetworkTransport`'s `send(operation:cachePolicy:contextIdentifier:context:callbackQueue:completionHandler:)`.
    public struct TransportSend: Sendable, Hashable {
        public struct Parameter: Sendable, Hashable {
            public let label: String
            public let hasDefault: Bool
        }
        /// Its parameters, in order.
        public let parameters: [Parameter]
        /// Its access modifier as written (`public `, or nothing).
        public let access: String
        /// Where the type's members end (its closing brace), and the declaration's start (for its indentation).
        public let membersEnd: Int
        public let declaration: Int
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
    public var genericResults: [GenericResult] = []
    /// `EmptyCancellable()`, which 2.x does not have, where the file does not declare one.
    public var emptyCancellables: [Range<Int>] = []
    /// `query.__variables`: `@_spi(Unsafe)` in 2.x.
    public var spiVariables: [Range<Int>] = []
    /// `result.dependentKeys`: `@_spi(Execution)` in 2.x.
    public var spiDependentKeys: [Range<Int>] = []
    /// 1.x's `CachePolicy` written as a type or a value's type (`let policy: CachePolicy`, `CachePolicy.default`): its
    /// cases are 2.x's deprecated `CachePolicy_v1`'s.
    public var cachePolicyTypes: [Range<Int>] = []
    /// A 1.x cache policy case anywhere but as the argument of a deprecated fetch (which takes `CachePolicy_v1`): it
    /// compiles on 2.x where its type is `CachePolicy_v1`, which the migration makes every `CachePolicy` of the tests.
    public var cachePolicyValues: [(range: Range<Int>, name: String)] = []
    /// `GraphQLResponse(operation:body:)`, 1.x's response body to parse (`parseResult()`, `parseResultFast()`): the
    /// range of the name. 2.x's parser is `async` (`ApolloOneResponse`).
    public var bodyResponses: [Range<Int>] = []
    /// The file declares `ApolloOneResponse` (a migration wrote it before).
    public var declaresApolloOneResponse = false
    /// `GraphQLResultHandler<X.Data>`: the argument's range and text (2.x's handler takes the operation, `X`).
    public var handlerArguments: [(range: Range<Int>, argument: String)] = []
    /// The file writes 2.x's `CachePolicy_v1` as a type (migrated before): its 1.x cases are that type's.
    public var writesCachePolicyV1 = false
    /// The file declares a protocol named `ApolloClientProtocol` (a project's own, or the one a migration wrote).
    public var declaresClientProtocol = false
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
                "dependentKeys", "CacheData", "CachePolicy", "EmptyCancellable"].contains { text.contains(bytes: $0) }
    }

    private init() {}

    final class Visitor: SyntaxVisitor {
        var found = ApolloOneConstructs()
        init() { super.init(viewMode: .sourceAccurate) }

        /// A function's generic parameters that are a `GraphQLResult`'s data (`makeResult<Data: RootSelectionSet>`):
        /// each with the operation parameter it becomes and where it is declared, and where else it is written as a type.
        struct GenericScope {
            var operations: [String: String] = [:]
            var declarations: [String: Range<Int>] = [:]
            var dataTypes: [Range<Int>] = []
        }
        /// One a function around, the innermost last.
        var genericScopes: [GenericScope] = []

        override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
            if node.name.text == "GraphQLResult", let arguments = node.genericArgumentClause?.arguments, arguments.count == 1,
                let argument = arguments.first?.argument
            {
                let written = argument.trimmedDescription
                found.resultTypes.append(ResultType(range: node.trimmedRange, argument: written, operation: dataParameter(written)))
                return .skipChildren
            }
            if node.name.text == "GraphQLResultHandler", let arguments = node.genericArgumentClause?.arguments, arguments.count == 1,
                let argument = arguments.first?.argument
            {
                found.handlerArguments.append((argument.trimmedRange, argument.trimmedDescription))
                return .skipChildren
            }
            if node.genericArgumentClause == nil, dataParameter(node.name.text) != nil {
                genericScopes[genericScopes.count - 1].dataTypes.append(node.trimmedRange)
            }
            if node.name.text == "CachePolicy_v1" { found.writesCachePolicyV1 = true }
            // 1.x's `CachePolicy` (2.x's is a namespace of enums, written `CachePolicy.Query…`: left as it is).
            if node.name.text == "CachePolicy", node.genericArgumentClause == nil, !(node.parent?.is(MemberTypeSyntax.self) ?? false) {
                found.cachePolicyTypes.append(node.name.trimmedRange)
            }
            return .visitChildren
        }

        override func visit(_ node: MemberTypeSyntax) -> SyntaxVisitorContinueKind {
            if node.name.text == "CachePolicy", node.baseType.trimmedDescription == "Apollo" { found.cachePolicyTypes.append(node.name.trimmedRange) }
            return .visitChildren
        }

        private func dataParameter(_ name: String) -> String? {
            genericScopes.last?.operations[name]
        }

        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
            // A generic parameter written as `GraphQLResult`'s argument in the function is the data of an operation.
            var scope = GenericScope()
            let text = node.trimmedDescription
            let taken = Set(node.genericParameterClause?.parameters.map(\.name.text) ?? [])
            for parameter in node.genericParameterClause?.parameters ?? [] where text.contains("GraphQLResult<\(parameter.name.text)>") {
                scope.operations[parameter.name.text] = ["Operation", "Op", "GraphQLOperationType"].first { name in
                    !taken.contains(name) && !text.contains(name)
                } ?? "Operation"
                let end = parameter.inheritedType?.endPositionBeforeTrailingTrivia ?? parameter.name.endPositionBeforeTrailingTrivia
                scope.declarations[parameter.name.text] = parameter.name.positionAfterSkippingLeadingTrivia.utf8Offset..<end.utf8Offset
            }
            // One data parameter a function, as the helpers write it; a function over several is left.
            if scope.operations.count > 1 {
                for range in scope.declarations.values.sorted(by: { $0.lowerBound < $1.lowerBound }) {
                    found.oneOnly.append((range, "a function generic over several `GraphQLResult`s' data: rewrite it by hand over the operations (`GraphQLResponse<Operation>`)"))
                }
                scope = GenericScope()
            }
            genericScopes.append(scope)
            return .visitChildren
        }

        override func visitPost(_ node: FunctionDeclSyntax) {
            let scope = genericScopes.removeLast()
            if let (name, operation) = scope.operations.first, let declaration = scope.declarations[name] {
                found.genericResults.append(GenericResult(parameter: declaration, operation: operation, dataTypes: scope.dataTypes))
            }
        }

        override func visit(_ node: GenericSpecializationExprSyntax) -> SyntaxVisitorContinueKind {
            // `GraphQLResult<X.Data>(…)` or `Result<GraphQLResult<X.Data>, Error>.success(…)` in an expression.
            if node.expression.as(DeclReferenceExprSyntax.self)?.baseName.text == "GraphQLResult", node.genericArgumentClause.arguments.count == 1,
                let argument = node.genericArgumentClause.arguments.first?.argument
            {
                let written = argument.trimmedDescription
                found.resultTypes.append(ResultType(range: node.trimmedRange, argument: written, operation: dataParameter(written)))
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
                node.arguments.map({ $0.label?.text }) == ["operation", "body"]
            {
                found.bodyResponses.append(name.trimmedRange)
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

        override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
            if node.baseName.text == "EmptyCancellable", node.parent?.is(FunctionCallExprSyntax.self) == true { found.emptyCancellables.append(node.trimmedRange) }
            return .visitChildren
        }

        override func visitPost(_ node: SourceFileSyntax) {
            // A file that declares its own keeps it.
            if node.statements.contains(where: { item in
                [item.item.as(ClassDeclSyntax.self)?.name.text, item.item.as(StructDeclSyntax.self)?.name.text].contains("EmptyCancellable")
            }) {
                found.emptyCancellables = []
            }
        }

        override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
            let name = node.declName.baseName.text
            if node.base != nil, name == "__variables" { found.spiVariables.append(node.declName.trimmedRange) }
            if node.base != nil, name == "dependentKeys" { found.spiDependentKeys.append(node.declName.trimmedRange) }
            // `CachePolicy.default`, `CachePolicy.fetchIgnoringCacheData`: 1.x's type as a value's.
            if let base = node.base?.as(DeclReferenceExprSyntax.self), base.baseName.text == "CachePolicy",
                name == "default" || ApolloOneConstructs.oneCachePolicies.contains(name)
            {
                found.cachePolicyTypes.append(base.baseName.trimmedRange)
            }
            // A 1.x cache policy anywhere but as the argument of a deprecated fetch (which takes `CachePolicy_v1`).
            if node.base == nil, ApolloOneConstructs.oneCachePolicies.contains(name) {
                let argument = node.parent?.as(LabeledExprSyntax.self)
                let call = argument?.parent?.parent?.as(FunctionCallExprSyntax.self)
                let method = call?.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
                if !(argument?.label?.text == "cachePolicy" && ["fetch", "watch"].contains(method)) {
                    found.cachePolicyValues.append((node.declName.trimmedRange, name))
                }
            }
            return .visitChildren
        }

        override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
            if node.name.text == "ApolloClientProtocol" { found.declaresClientProtocol = true }
            return .visitChildren
        }

        override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
            conformances(node.name.text, node.inheritanceClause, members: node.memberBlock)
            return .visitChildren
        }

        override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
            if node.name.text == "ApolloOneResponse" { found.declaresApolloOneResponse = true }
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
                    let send = members.members.lazy.compactMap { $0.decl.as(FunctionDeclSyntax.self) }.first { function in
                        function.name.text == "send" && function.signature.parameterClause.parameters.contains { $0.firstName.text == "completionHandler" }
                    }
                    // One that has 2.x's requirements too (written by a migration before) is a 2.x transport.
                    let answersTwo = members.members.contains { member in
                        member.decl.as(FunctionDeclSyntax.self).map { $0.name.text == "send" && $0.signature.parameterClause.parameters.first?.firstName.text == "query" } ?? false
                    }
                    if let send, !answersTwo {
                        let access = send.modifiers.first { ["public", "open", "package", "internal"].contains($0.name.text) }.map { $0.name.text == "open" ? "public " : $0.name.text + " " } ?? ""
                        let parameters = send.signature.parameterClause.parameters.map {
                            TransportSend.Parameter(label: $0.firstName.text, hasDefault: $0.defaultValue != nil)
                        }
                        var conformance = Conformance(kind: .networkTransport, typeName: typeName, range: inherited.type.trimmedRange)
                        conformance.send = TransportSend(
                            parameters: parameters, access: access, membersEnd: members.rightBrace.positionAfterSkippingLeadingTrivia.utf8Offset,
                            declaration: send.positionAfterSkippingLeadingTrivia.utf8Offset)
                        found.conformances.append(conformance)
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
