import SourceText
@_spi(RawSyntax) import SwiftSyntax

/// `transport.register(HotelQuery.self, variables: ["id": "h1"], data: mock)` (or `enqueue`, or `json:`/`error:`
/// in place of `data:`): a response a test transport is given for an operation.
public struct TransportRegistration: Sendable, Equatable {
    /// The operation's type as written (`["HotelQuery"]`, `["API", "HotelQuery"]`).
    public var operation: [String]
    /// The whole call.
    public var range: Range<Int>
    /// The `data:` argument's expression; nil for a JSON fixture or an error.
    public var data: Range<Int>?
    /// The `json:` argument's expression (a fixture's URL), and the file names its string literals spell
    /// (`"hotel.json"`, `forResource: "hotel", withExtension: "json"` → `hotel.json`).
    public var json: Range<Int>?
    public var jsonNames: [String] = []
    /// The literals of `variables:`, by name.
    public var variables: [String: String]
}

extension TransportRegistration {
    /// `transport.register(X.self, …)` or `enqueue(…)` on a value (not a type): the operation's type as written and
    /// the call's arguments; nil for any other call. What the flow reader and the file's list both read.
    static func read(_ call: RawNode) -> (operation: [String], arguments: [RawNode])? {
        guard let callee = call[CallParts.calledExpression], callee.kind == .memberAccessExpr,
            let name = callee[MemberAccessParts.declName]?[ReferenceParts.baseName]?.identifier, name == "register" || name == "enqueue",
            let base = callee[MemberAccessParts.base], WrittenExpression.typePath(base) == nil,
            let arguments = call[CallParts.arguments]?.elements, let first = arguments.first, first[ArgumentParts.label] == nil,
            let operation = first[ArgumentParts.expression], operation.kind == .memberAccessExpr,
            operation[MemberAccessParts.declName]?[ReferenceParts.baseName]?.isKeyword(.self) == true,
            let path = operation[MemberAccessParts.base].flatMap({ WrittenExpression.typePath($0) })
        else { return nil }
        return (path, arguments)
    }

    /// The expression of the argument labelled `label`.
    static func argument(_ label: SyntaxText, in arguments: [RawNode]) -> RawNode? {
        arguments.first { $0[ArgumentParts.label]?.text == label }?[ArgumentParts.expression]
    }
}

extension SwiftFile {
    /// The test transport registrations of the file, in order. Nothing is walked unless the text mentions `.self`
    /// with `register(` or `enqueue(`.
    public func transportRegistrations() -> [TransportRegistration] {
        let bytes = lines.bytes
        guard bytes.contains(bytes: ".self"), bytes.contains(bytes: "register(") || bytes.contains(bytes: "enqueue(") else { return [] }
        let collector = RegistrationCollector(viewMode: .sourceAccurate)
        collector.walk(tree)
        return collector.found
    }
}

private final class RegistrationCollector: SyntaxVisitor {
    var found: [TransportRegistration] = []

    override func visit(_ call: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        let node = RawNode(call)
        if let (path, arguments) = TransportRegistration.read(node) {
            let json = call.arguments.first { $0.label?.text == "json" }?.expression
            found.append(TransportRegistration(
                operation: path, range: node.range, data: TransportRegistration.argument("data", in: arguments)?.range,
                json: json.map { RawNode($0).range }, jsonNames: json.map(Self.jsonNames) ?? [],
                variables: FlowReader.withVariables(node, label: "variables").literals))
        }
        return .visitChildren
    }

    /// The JSON file names the string literals of `expression` spell: a literal ending in `.json` (its last path
    /// component), or a resource name with `withExtension: "json"` / `ofType: "json"`.
    private static func jsonNames(_ expression: ExprSyntax) -> [String] {
        let literals = LiteralCollector(viewMode: .sourceAccurate)
        literals.walk(expression)
        var names = literals.strings.filter { $0.hasSuffix(".json") }.map { String($0.split(separator: "/").last ?? "") }
        for (resource, kind) in literals.resources where kind == "json" { names.append(resource + ".json") }
        return names
    }
}

private final class LiteralCollector: SyntaxVisitor {
    var strings: [String] = []
    /// `forResource: "hotel", withExtension: "json"`: the resource and its extension.
    var resources: [(String, String)] = []

    override func visit(_ literal: StringLiteralExprSyntax) -> SyntaxVisitorContinueKind {
        if literal.segments.count == 1, let segment = literal.segments.first?.as(StringSegmentSyntax.self) { strings.append(segment.content.text) }
        return .skipChildren
    }

    override func visit(_ call: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        func string(_ label: String) -> String? {
            guard let literal = call.arguments.first(where: { $0.label?.text == label })?.expression.as(StringLiteralExprSyntax.self),
                literal.segments.count == 1, let segment = literal.segments.first?.as(StringSegmentSyntax.self)
            else { return nil }
            return segment.content.text
        }
        if let resource = string("forResource"), let kind = string("withExtension") ?? string("ofType") { resources.append((resource, kind)) }
        return .visitChildren
    }
}
