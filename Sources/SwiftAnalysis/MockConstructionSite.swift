import SwiftSyntax

/// A `Mock<T>(…)` call in a test, with what refactorings need around it: where it is written and, when it is
/// `let x = Mock<T>()` followed by assignments to `x`'s fields, those assignments.
public struct MockConstructionSite: Sendable, Equatable {
    public struct Argument: Sendable, Equatable {
        public var label: String
        /// As written.
        public var value: String
    }

    public struct Assignment: Sendable, Equatable {
        public var label: String
        /// The assigned expression, as written.
        public var value: String
        /// What removing the statement removes: its whole line (indentation to line break) when it is alone on it;
        /// else the statement with the separator before it (`; x.id = "1"` after `let x = Mock<T>()` on one line),
        /// so that removals never overlap the call's rewrite or each other.
        public var lineRange: Range<Int>
    }

    public var construction: MockConstruction
    public var type: WrittenTypeName
    /// The bytes of `Mock<T>` (what `Mock<T>.placeholder` replaces).
    public var calleeRange: Range<Int>
    /// The arguments as written, in order.
    public var arguments: [Argument]
    /// The variable it is bound to, when it is `let x = Mock<T>(…)`.
    public var variable: String?
    /// `x.field = value` statements right after the declaration, in order.
    public var assignments: [Assignment]
    /// The indentation of the line the call is on.
    public var indentation: String
}

extension SwiftTestFile {
    /// The innermost `Mock<T>(…)` call (with `T` written) whose callee or argument list contains `offset`.
    public func mockConstructionSite(at offset: Int) -> MockConstructionSite? {
        guard let token = token(before: max(offset, 1)) ?? tree.firstToken(viewMode: .sourceAccurate) else { return nil }
        var node: Syntax? = Syntax(token)
        while let current = node {
            if let call = current.as(FunctionCallExprSyntax.self), let mock = WrittenExpression.mockType(call.calledExpression),
                case .construction(let construction) = FlowReader().value(ExprSyntax(call))
            {
                return site(call, construction: construction, type: mock)
            }
            node = current.parent
        }
        return nil
    }

    private func site(_ call: FunctionCallExprSyntax, construction: MockConstruction, type: WrittenTypeName) -> MockConstructionSite {
        let text = lines.bytes
        func source(_ range: Range<Int>) -> String { String(decoding: text[range], as: UTF8.self) }
        let arguments = call.arguments.compactMap { argument -> MockConstructionSite.Argument? in
            // A value still being typed (`relativeSize: .`, `.ca`) is no value a rewrite can keep: as if unwritten.
            guard let label = argument.label, !argument.expression.hasError else { return nil }
            return .init(label: label.text, value: source(FlowReader.range(argument.expression)))
        }
        var variable: String?
        var assignments: [MockConstructionSite.Assignment] = []
        // `let x = Mock<T>(…)` as a statement of a block: the assignments to `x.field` that follow it.
        if let binding = call.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self),
            let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            let item = binding.parent?.parent?.as(VariableDeclSyntax.self)?.parent?.as(CodeBlockItemSyntax.self),
            let list = item.parent?.as(CodeBlockItemListSyntax.self)
        {
            variable = name
            var following = list.drop { $0.id != item.id }.dropFirst().makeIterator()
            var previousEnd = FlowReader.range(item.item).upperBound
            func isBlank(_ range: Range<Int>) -> Bool {
                text[range].allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: ";") }
            }
            while let next = following.next(), let sequence = next.item.as(SequenceExprSyntax.self), sequence.elements.count == 3,
                Array(sequence.elements)[1].is(AssignmentExprSyntax.self),
                let target = Array(sequence.elements)[0].as(MemberAccessExprSyntax.self),
                target.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == name
            {
                let statement = FlowReader.range(next.item)
                let firstLine = lines.contentRange(ofLine: lines.line(containing: statement.lowerBound))
                let lastLine = lines.contentRange(ofLine: lines.line(containing: statement.upperBound))
                let removal: Range<Int>
                if isBlank(firstLine.lowerBound..<statement.lowerBound), isBlank(statement.upperBound..<lastLine.upperBound) {
                    removal = firstLine.lowerBound..<min(lastLine.upperBound + 1, text.count)  // with its line break
                } else {
                    removal = previousEnd..<statement.upperBound
                }
                assignments.append(.init(
                    label: target.declName.baseName.text, value: source(FlowReader.range(Array(sequence.elements)[2])),
                    lineRange: removal))
                previousEnd = statement.upperBound
            }
        }
        let lineStart = lines.contentRange(ofLine: lines.line(containing: construction.range.lowerBound))
        let indentation = String(decoding: text[lineStart].prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }, as: UTF8.self)
        return MockConstructionSite(
            construction: construction, type: type, calleeRange: FlowReader.range(call.calledExpression),
            arguments: arguments, variable: variable, assignments: assignments, indentation: indentation)
    }
}
