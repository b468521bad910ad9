import SwiftSyntax

/// A JSON file a Swift file reads as the response of an operation: `HotelDetailQuery.Data(data: json("hotel.json"))`,
/// `Bundle.module.url(forResource: "hotel", withExtension: "json")` beside `HotelDetailQuery.Data(…)`, or a stub keyed
/// by the operation (`stub(HotelDetailQuery.self, "hotel.json")`, `stub(HotelDetailQuery(id: 1), json: "hotel.json")`).
public struct ResponseFixtureRead: Sendable, Hashable {
    /// The file's name without `.json`, as written.
    public var resource: String
    /// The operation type as written: `HotelDetailQuery` (the last component of a qualified name).
    public var operationType: String
    /// The Boolean variables the call gives, when written as literals (`variables: ["withRooms": true]`): what the
    /// fixture's `@include`/`@skip` read.
    public var variables: [String: Bool] = [:]
}

extension SwiftFile {
    /// The JSON files each function (or stored property) reads as an operation's response: a JSON name and an
    /// operation read in one statement, or, when a function names one of each, in that function.
    public func responseFixtureReads() -> [ResponseFixtureRead] {
        let collector = FixtureReadCollector()
        collector.walk(tree)
        return Array(Set(collector.reads)).sorted { ($0.resource, $0.operationType) < ($1.resource, $1.operationType) }
    }
}

private final class FixtureReadCollector: SyntaxVisitor {
    var reads: [ResponseFixtureRead] = []

    init() { super.init(viewMode: .sourceAccurate) }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        if let body = node.body { collect(in: Syntax(body)) }
        return .skipChildren
    }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        if let body = node.body { collect(in: Syntax(body)) }
        return .skipChildren
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        collect(in: Syntax(node))
        return .skipChildren
    }

    /// Pairs in each statement, then the function's one JSON name with its one operation.
    private func collect(in scope: Syntax) {
        let all = Names(scope)
        var paired = false
        for statement in scope.children(viewMode: .sourceAccurate).flatMap({ $0.children(viewMode: .sourceAccurate) })
        where statement.is(CodeBlockItemSyntax.self) {
            let names = Names(statement)
            for resource in names.resources {
                for operation in names.operations {
                    reads.append(ResponseFixtureRead(resource: resource, operationType: operation, variables: all.variables[operation] ?? [:]))
                    paired = true
                }
            }
        }
        if !paired, all.resources.count == 1, all.operations.count == 1 {
            reads.append(ResponseFixtureRead(resource: all.resources[0], operationType: all.operations[0], variables: all.variables[all.operations[0]] ?? [:]))
        }
    }

    /// The JSON names and operation types a piece of code mentions.
    private struct Names {
        var resources: [String] = []
        var operations: [String] = []
        /// The Boolean literals of each operation's `variables:` argument.
        var variables: [String: [String: Bool]] = [:]

        init(_ node: Syntax) {
            var resources: Set<String> = []
            var operations: Set<String> = []
            var variables: [String: [String: Bool]] = [:]
            for literal in node.descendants(StringLiteralExprSyntax.self) {
                if let text = Self.literal(ExprSyntax(literal)), text.hasSuffix(".json"), text.count > 5 {
                    resources.insert(String(text.dropLast(5)))
                }
            }
            for call in node.descendants(FunctionCallExprSyntax.self) {
                // `url(forResource: "hotel", withExtension: "json")`.
                let arguments = call.arguments
                if let resource = arguments.first(where: { $0.label?.text == "forResource" }),
                    let name = Self.literal(resource.expression),
                    let fileExtension = arguments.first(where: { $0.label?.text == "withExtension" }).flatMap({ Self.literal($0.expression) }),
                    fileExtension == "json" || fileExtension == ".json"
                {
                    resources.insert(name.hasSuffix(".json") ? String(name.dropLast(5)) : name)
                }
                // `Operation.Data(…)`, `Operation(…)`.
                if let access = call.calledExpression.as(MemberAccessExprSyntax.self), access.declName.baseName.text == "Data",
                    let base = access.base, let type = Self.typeName(base)
                {
                    operations.insert(type)
                    if let given = arguments.first(where: { $0.label?.text == "variables" })?.expression.as(DictionaryExprSyntax.self),
                        case .elements(let elements) = given.content
                    {
                        for element in elements {
                            guard let name = Self.literal(element.key), let flag = element.value.as(BooleanLiteralExprSyntax.self) else { continue }
                            variables[type, default: [:]][name] = flag.literal.tokenKind == .keyword(.true)
                        }
                    }
                } else if let type = Self.typeName(call.calledExpression), Self.isOperationName(type) {
                    operations.insert(type)
                }
            }
            // `Operation.self`.
            for access in node.descendants(MemberAccessExprSyntax.self) where access.declName.baseName.text == "self" {
                if let base = access.base, let type = Self.typeName(base), Self.isOperationName(type) { operations.insert(type) }
            }
            self.resources = resources.sorted()
            self.operations = operations.sorted()
            self.variables = variables
        }

        static func literal(_ expression: ExprSyntax) -> String? {
            guard let literal = expression.as(StringLiteralExprSyntax.self), literal.segments.count == 1,
                let segment = literal.segments.first?.as(StringSegmentSyntax.self)
            else { return nil }
            return segment.content.text
        }

        /// `HotelDetailQuery` or the last component of `API.HotelDetailQuery`; nil for anything else.
        static func typeName(_ expression: ExprSyntax) -> String? {
            if let reference = expression.as(DeclReferenceExprSyntax.self) {
                let name = reference.baseName.text
                return name.first?.isUppercase == true ? name : nil
            }
            if let access = expression.as(MemberAccessExprSyntax.self), access.base != nil {
                let name = access.declName.baseName.text
                return name.first?.isUppercase == true ? name : nil
            }
            return nil
        }

        static func isOperationName(_ name: String) -> Bool {
            ["Query", "Mutation", "Subscription"].contains { name.hasSuffix($0) && name.count > $0.count }
        }
    }
}

extension SyntaxProtocol {
    /// Every node of type `T` in this subtree.
    fileprivate func descendants<T: SyntaxProtocol>(_ type: T.Type) -> [T] {
        var found: [T] = []
        var pending = [Syntax(self)]
        while let node = pending.popLast() {
            if let match = node.as(T.self) { found.append(match) }
            pending.append(contentsOf: node.children(viewMode: .sourceAccurate))
        }
        return found
    }
}
