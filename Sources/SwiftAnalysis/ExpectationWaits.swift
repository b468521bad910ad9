import SourceText
import SwiftSyntax

/// XCTest's blocking waits in a function's own body: `wait(for:timeout:)` and `waitForExpectations(timeout:)`, which
/// XCTest makes unavailable from an `async` function (a warning in Swift 5 mode, an error in Swift 6 mode:
/// "Use await fulfillment(of:timeout:enforceOrder:) instead"). A test the migration makes `async` waits with
/// `await fulfillment(of:timeout:)` instead, over the expectations it waited for.
public struct ExpectationWait: Sendable, Hashable {
    /// The call, with its `self.` when written.
    public let range: Range<Int>
    /// What replaces it (`await fulfillment(of: [done], timeout: 1)`), or nil when the wait cannot be said so, with the
    /// reason.
    public let replacement: String?
    public let reason: String?
    /// The body (braces) of the function or initializer the call is a statement of.
    public let body: Range<Int>

    /// The waits of `file` that are statements of a function's or initializer's own body (not in a closure).
    public static func find(in file: SwiftFile) -> [ExpectationWait] {
        guard file.lines.bytes.contains(bytes: "wait") else { return [] }
        let visitor = Visitor()
        visitor.walk(file.tree)
        return visitor.found
    }

    final class Visitor: SyntaxVisitor {
        var found: [ExpectationWait] = []
        init() { super.init(viewMode: .sourceAccurate) }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            guard let name = Self.calledName(node), name == "wait" || name == "waitForExpectations",
                node.parent?.is(CodeBlockItemSyntax.self) == true, let body = Self.enclosingBody(of: Syntax(node))
            else { return .visitChildren }
            let labels = node.arguments.map { $0.label?.text }
            func argument(_ label: String) -> String? {
                node.arguments.first { $0.label?.text == label }?.expression.trimmedDescription
            }
            if name == "wait" {
                guard labels.first == "for", let expectations = argument("for"), let timeout = argument("timeout"),
                    Set(labels.compactMap { $0 }).isSubset(of: ["for", "timeout", "enforceOrder"]), node.trailingClosure == nil
                else { return .visitChildren }
                let order = argument("enforceOrder").map { ", enforceOrder: \($0)" } ?? ""
                found.append(ExpectationWait(
                    range: node.trimmedRange, replacement: "await fulfillment(of: \(expectations), timeout: \(timeout)\(order))", reason: nil,
                    body: body.range))
                return .skipChildren
            }
            guard labels == ["timeout"], node.trailingClosure == nil, let timeout = argument("timeout") else {
                found.append(ExpectationWait(
                    range: node.trimmedRange, replacement: nil,
                    reason: "`waitForExpectations` with a handler blocks, which an `async` test may not: wait with `await fulfillment(of:timeout:)` and check after it",
                    body: body.range))
                return .skipChildren
            }
            // The test's own expectations, each bound to a name before the wait.
            let made = ExpectationsMade(before: node.positionAfterSkippingLeadingTrivia)
            made.walk(body.node)
            if made.unnamed || made.names.isEmpty {
                found.append(ExpectationWait(
                    range: node.trimmedRange, replacement: nil,
                    reason: "`waitForExpectations` blocks, which an `async` test may not, and not every expectation it waits for has a name here: wait with `await fulfillment(of: [...], timeout:)`",
                    body: body.range))
            } else {
                found.append(ExpectationWait(
                    range: node.trimmedRange, replacement: "await fulfillment(of: [\(made.names.joined(separator: ", "))], timeout: \(timeout))",
                    reason: nil, body: body.range))
            }
            return .skipChildren
        }

        /// `wait`, `self.wait`, `waitForExpectations`, `self.waitForExpectations`.
        static func calledName(_ call: FunctionCallExprSyntax) -> String? {
            if let name = call.calledExpression.as(DeclReferenceExprSyntax.self) { return name.baseName.text }
            if let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.base?.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) {
                return member.declName.baseName.text
            }
            return nil
        }

        /// The body of the function or initializer `node` is in, nil when a closure comes first.
        static func enclosingBody(of node: Syntax) -> (node: CodeBlockSyntax, range: Range<Int>)? {
            var current = node.parent
            while let next = current {
                if next.is(ClosureExprSyntax.self) || next.is(AccessorBlockSyntax.self) { return nil }
                if let function = next.as(FunctionDeclSyntax.self) { return function.body.map { ($0, $0.trimmedRange) } }
                if let initializer = next.as(InitializerDeclSyntax.self) { return initializer.body.map { ($0, $0.trimmedRange) } }
                current = next.parent
            }
            return nil
        }
    }

    /// The expectations a test body makes before `position`: `let name = [self.]expectation(…)` (and its kin); `unnamed`
    /// when one is made otherwise.
    final class ExpectationsMade: SyntaxVisitor {
        let position: AbsolutePosition
        var names: [String] = []
        var unnamed = false
        init(before position: AbsolutePosition) {
            self.position = position
            super.init(viewMode: .sourceAccurate)
        }

        static let makers: Set<String> = ["expectation", "keyValueObservingExpectation"]

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            guard node.position < position, let name = Visitor.calledName(node), Self.makers.contains(name) else { return .visitChildren }
            if let binding = node.parent?.parent?.as(PatternBindingSyntax.self), let pattern = binding.pattern.as(IdentifierPatternSyntax.self) {
                names.append(pattern.identifier.text)
            } else {
                unnamed = true
            }
            return .visitChildren
        }
    }
}
