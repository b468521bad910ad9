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
        /// the statement and the separator after it when it starts its line (`x.id = "1"; ` before `print(x)`);
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
    /// What removing every assignment removes, in order: their ranges joined where they touch, and a line they
    /// leave blank removed whole (`x.id = "1"; x.name = "A"` on a line of their own).
    public var assignmentRemovals: [Range<Int>]
    /// The indentation of the line the call is on.
    public var indentation: String
}

extension SwiftFile {
    /// The innermost `Mock<T>(…)` call (with `T` written) whose callee or argument list contains `offset`.
    public func mockConstructionSite(at offset: Int) -> MockConstructionSite? {
        // The token the cursor ends; on the `M` of `Mock` (Vim's `w`), that `Mock`.
        var candidates = [max(offset, 1)]
        if let starting = token(before: offset + 1), starting.positionAfterSkippingLeadingTrivia.utf8Offset == offset, starting.text == "Mock" {
            candidates.insert(offset + 1, at: 0)
        }
        for candidate in candidates {
            guard let token = token(before: candidate) ?? tree.firstToken(viewMode: .sourceAccurate) else { return nil }
            var node: Syntax? = Syntax(token)
            while let current = node {
                if let call = current.as(FunctionCallExprSyntax.self), let mock = WrittenExpression.mockType(call.calledExpression),
                    case .construction(let construction) = FlowReader().value(ExprSyntax(call))
                {
                    guard Self.isInReadableCode(call) else { return nil }
                    return site(call, construction: construction, type: mock)
                }
                node = current.parent
            }
        }
        return nil
    }

    /// Whether the parser read the code around `call`: no call to rewrite otherwise, since how the parser reads it
    /// after a rewrite is anybody's guess (a `.case(…)` written into a broken declaration reads as an enum case). The
    /// call itself may be half-typed; its statement, the items beside it and beside each item around it must have no
    /// errors elsewhere: a declaration cut short before it is read to a line's end, so the lines a rewrite adds change
    /// where it ends.
    private static func isInReadableCode(_ call: FunctionCallExprSyntax) -> Bool {
        let ancestors = sequence(first: Syntax(call), next: \.parent)
        if ancestors.contains(where: { $0.is(UnexpectedNodesSyntax.self) }) { return false }
        let items = ancestors.filter { $0.is(CodeBlockItemSyntax.self) || $0.is(MemberBlockItemSyntax.self) }
        for (level, item) in items.enumerated() {
            let siblings = item.parent.map { Array($0.children(viewMode: .sourceAccurate)) } ?? [item]
            let index = siblings.firstIndex { $0.id == item.id } ?? 0
            // The call's own item, and the neighbours of every item around it.
            let near = siblings[max(0, index - 1)...min(siblings.count - 1, index + 1)].filter { level == 0 || $0.id != item.id }
            if near.contains(where: { ErrorsOutside(Syntax(call)).found(in: $0) }) { return false }
        }
        return true
    }

    private func site(_ call: FunctionCallExprSyntax, construction: MockConstruction, type: WrittenTypeName) -> MockConstructionSite {
        let text = lines.bytes
        func source(_ range: Range<Int>) -> String { String(decoding: text[range], as: UTF8.self) }
        let arguments = call.arguments.compactMap { argument -> MockConstructionSite.Argument? in
            // A value still being typed (`relativeSize: .`, `.ca`) is no value a rewrite can keep: as if unwritten.
            guard let label = argument.label, !argument.expression.hasError else { return nil }
            return .init(label: label.text, value: source(FlowReader.range(argument.expression)))
        }
        func isBlank(_ range: Range<Int>) -> Bool {
            text[range].allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: ";") }
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
            // Up to the first statement still being written: a value with errors is no value to move into the call.
            while let next = following.next(), !next.hasError, let sequence = next.item.as(SequenceExprSyntax.self), sequence.elements.count == 3,
                Array(sequence.elements)[1].is(AssignmentExprSyntax.self),
                let target = Array(sequence.elements)[0].as(MemberAccessExprSyntax.self),
                target.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == name
            {
                let statement = FlowReader.range(next.item)
                let firstLine = lines.contentRange(ofLine: lines.line(containing: statement.lowerBound))
                let lastLine = lines.contentRange(ofLine: lines.line(containing: statement.upperBound))
                let removal: Range<Int>
                let startsItsLine = isBlank(firstLine.lowerBound..<statement.lowerBound)
                if startsItsLine, isBlank(statement.upperBound..<lastLine.upperBound) {
                    removal = firstLine.lowerBound..<min(lastLine.upperBound + 1, text.count)  // with its line break
                } else if startsItsLine {
                    // `x.id = "1"; print(x)`: the statement and the separator after it, the indentation stays.
                    let rest = text[statement.upperBound..<lastLine.upperBound]
                    let separator = rest.prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: ";") }
                    removal = statement.lowerBound..<(separator.contains(UInt8(ascii: ";")) ? separator.endIndex : statement.upperBound)
                } else {
                    removal = previousEnd..<statement.upperBound
                }
                assignments.append(.init(
                    label: target.declName.baseName.text, value: source(FlowReader.range(Array(sequence.elements)[2])),
                    lineRange: removal))
                // A whole line's removal takes its line break: the next removal starts after it.
                previousEnd = max(statement.upperBound, removal.upperBound)
            }
        }
        var removals: [Range<Int>] = []
        for range in assignments.map(\.lineRange) {
            if let last = removals.last, last.upperBound >= range.lowerBound {
                removals[removals.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                removals.append(range)
            }
        }
        removals = removals.map { removal in
            let first = lines.contentRange(ofLine: lines.line(containing: removal.lowerBound))
            let last = lines.contentRange(ofLine: lines.line(containing: removal.upperBound))
            // A removal that ends with a line break took whole lines already.
            guard text[removal.upperBound - 1] != UInt8(ascii: "\n"), isBlank(first.lowerBound..<removal.lowerBound),
                isBlank(removal.upperBound..<last.upperBound)
            else { return removal }
            return first.lowerBound..<min(last.upperBound + 1, text.count)
        }
        let lineStart = lines.contentRange(ofLine: lines.line(containing: construction.range.lowerBound))
        let indentation = String(decoding: text[lineStart].prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }, as: UTF8.self)
        return MockConstructionSite(
            construction: construction, type: type, calleeRange: FlowReader.range(call.calledExpression),
            arguments: arguments, variable: variable, assignments: assignments, assignmentRemovals: removals,
            indentation: indentation)
    }
}

/// Whether a node has syntax errors (missing tokens, tokens the parser could not place) outside one of its
/// descendants.
private final class ErrorsOutside: SyntaxAnyVisitor {
    private let excluded: SyntaxIdentifier
    private var found = false

    init(_ excluded: Syntax) {
        self.excluded = excluded.id
        super.init(viewMode: .all)
    }

    func found(in node: Syntax) -> Bool {
        guard node.hasError else { return false }
        walk(node)
        return found
    }

    override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
        if found || node.id == excluded || !node.hasError { return .skipChildren }
        if node.is(UnexpectedNodesSyntax.self) || node.as(TokenSyntax.self)?.presence == .missing {
            found = true
            return .skipChildren
        }
        return .visitChildren
    }
}
