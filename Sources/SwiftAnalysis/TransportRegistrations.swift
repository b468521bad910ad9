import SourceText
import SwiftSyntax

/// `transport.register(HotelQuery.self, variables: ["id": "h1"], data: mock)` (or `enqueue`, or `json:`/`error:`
/// in place of `data:`): a response a test transport is given for an operation.
public struct TransportRegistration: Sendable, Equatable {
    /// The operation's type as written (`["HotelQuery"]`, `["API", "HotelQuery"]`).
    public var operation: [String]
    /// The whole call.
    public var range: Range<Int>
    /// The `data:` argument's expression; nil for a JSON fixture or an error.
    public var data: Range<Int>?
    /// The literals of `variables:`, by name.
    public var variables: [String: String]
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
        if let access = call.calledExpression.as(MemberAccessExprSyntax.self), ["register", "enqueue"].contains(access.declName.baseName.text),
            let base = access.base, WrittenExpression.typePath(RawNode(base)) == nil,
            let first = call.arguments.first, first.label == nil,
            let operation = first.expression.as(MemberAccessExprSyntax.self), operation.declName.baseName.tokenKind == .keyword(.self),
            let typeBase = operation.base, let path = WrittenExpression.typePath(RawNode(typeBase))
        {
            let data = call.arguments.first { $0.label?.text == "data" }?.expression
            found.append(TransportRegistration(
                operation: path, range: RawNode(call).range, data: data.map { RawNode($0).range },
                variables: FlowReader.withVariables(RawNode(call), label: "variables").literals))
        }
        return .visitChildren
    }
}
