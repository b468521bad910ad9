import SwiftSyntax

/// Where a Swift file uses a value beyond naming one of its properties: what `unused-field` must count as reading
/// every field of a model, because the code reads them without naming them. Read from the syntax alone; `Features`
/// resolves each value (`FieldReads`).
public struct WholeValueUse: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// `x.__data`, `x._fieldData`, `x.asDictionary`: Apollo's own storage, read by key. On a value mockls cannot
        /// type, any model of the project may be read this way.
        case apolloData
        /// `a == b`, `XCTAssertEqual(a, b)`, `hasher.combine(a)`: every field takes part.
        case comparison
        /// `dump(a)`, `print(a)`, `Mirror(reflecting: a)`, `String(describing: a)`, `encode(a)`: every field is read.
        case reflection
        /// Passed to a function the file declares with generic parameters: what it does with the value is not followed.
        case genericCall
    }

    public var kind: Kind
    /// The value as written; nil when it is nothing mockls reads (a literal, a call it does not know).
    public var value: WrittenExpression?
    /// Where the value is written: variables resolve to the declarations visible there.
    public var offset: Int
}

extension SwiftFile {
    /// A property name a file reads (`memberReads`).
    public struct MemberRead: Sendable, Equatable {
        /// The bytes of the name.
        public var range: Range<Int>
        /// `x.name`: what `x` is, as written (nil when it is nothing mockls reads); nil for a name whose base is not
        /// written as an expression before it (`\.name`, a bare name in an extension), read as the cursor reads it.
        public var base: WrittenExpression??
    }

    /// Each `.name` (a member, written after a `.`: `x.name`, `x?.name`, `\.name`, `\T.name`) whose name is one of
    /// `names`, in source order, and each bare `name` inside an extension (`extension X.Data.Hero { var title: String
    /// { name } }` reads `self.name`) that its member does not declare before. Declarations and labels are not
    /// members.
    public func memberReads(_ names: Set<String>) -> [MemberRead] {
        tree.tokens(viewMode: .sourceAccurate).compactMap { token in
            guard case .identifier(let text) = token.tokenKind, names.contains(text.trimmingBackticks) else { return nil }
            let isMember = token.previousToken(viewMode: .sourceAccurate)?.tokenKind == .period
            guard isMember
                || (token.parent?.is(DeclReferenceExprSyntax.self) == true && token.ancestorOrSelf(mapping: { $0.as(ExtensionDeclSyntax.self) }) != nil
                    && !Self.isDeclaredBefore(token))
            else { return nil }
            let start = token.positionAfterSkippingLeadingTrivia.utf8Offset
            var base: WrittenExpression?? = nil
            // `x.name`: the base read from the tree, once, rather than from the tokens around the name.
            if isMember, let access = token.parent?.parent?.as(MemberAccessExprSyntax.self), access.declName.baseName.id == token.id,
                let written = access.base
            {
                base = .some(WrittenExpression.read(written))
            }
            return MemberRead(range: start..<(start + text.utf8.count), base: base)
        }
    }

    /// Whether the member `token` is in declares its name before it (a local, a parameter, a closure's parameter):
    /// the bare name is that, not a property of `self`.
    private static func isDeclaredBefore(_ token: TokenSyntax) -> Bool {
        guard let member = token.ancestorOrSelf(mapping: { $0.as(MemberBlockItemSyntax.self) }) else { return false }
        for other in member.tokens(viewMode: .sourceAccurate) {
            guard other.position < token.position else { return false }
            guard other.text == token.text, let parent = other.parent else { continue }
            if parent.is(IdentifierPatternSyntax.self) || parent.is(FunctionParameterSyntax.self) || parent.is(ClosureParameterSyntax.self)
                || parent.is(ClosureShorthandParameterSyntax.self)
            {
                return true
            }
        }
        return false
    }

    /// The uses of whole values in the file (`WholeValueUse`), in source order.
    public func wholeValueUses() -> [WholeValueUse] {
        guard WholeValueScan.mayHoldUses(lines.bytes) else { return [] }
        let scan = WholeValueScan(viewMode: .sourceAccurate)
        scan.walk(tree)
        return scan.found.sorted { $0.offset < $1.offset }
    }
}

private extension String {
    var trimmingBackticks: String { hasPrefix("`") ? String(dropFirst().dropLast()) : self }
}

private final class WholeValueScan: SyntaxVisitor {
    var found: [WholeValueUse] = []
    /// The functions the file declares with generic parameters, by name.
    private var genericFunctions: Set<String> = []
    /// The type each enclosing extension extends, innermost last (`self` in `extension X.Data.Hero { … }`).
    private var extended: [[String]?] = []

    static let apolloAccessors: Set<String> = ["__data", "_fieldData", "asDictionary"]
    /// Calls that compare, hash, print, reflect or encode their arguments.
    static let wholeValueCalls: [String: WholeValueUse.Kind] = [
        "XCTAssertEqual": .comparison, "XCTAssertNotEqual": .comparison, "XCTAssertIdentical": .comparison,
        "expectNoDifference": .comparison, "equal": .comparison, "combine": .comparison,
        "dump": .reflection, "print": .reflection, "debugPrint": .reflection, "Mirror": .reflection,
        "customDump": .reflection, "encode": .reflection, "assertSnapshot": .reflection, "assertInlineSnapshot": .reflection,
    ]

    /// Whether `bytes` may hold a use at all: no parse is walked for a file that spells none of them.
    static func mayHoldUses(_ bytes: [UInt8]) -> Bool {
        bytes.contains(bytes: "==") || bytes.contains(bytes: "!=") || bytes.contains(bytes: "<")
            || apolloAccessors.contains { bytes.contains(bytes: $0) }
            || wholeValueCalls.keys.contains { bytes.contains(bytes: $0) } || bytes.contains(bytes: "String(")
    }

    override func visit(_ node: SourceFileSyntax) -> SyntaxVisitorContinueKind {
        // Generic functions first: a call may come before the declaration.
        for function in node.tokens(viewMode: .sourceAccurate) where function.tokenKind == .keyword(.func) {
            guard let declaration = function.parent?.as(FunctionDeclSyntax.self), declaration.genericParameterClause != nil else { continue }
            genericFunctions.insert(declaration.name.text)
        }
        return .visitChildren
    }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        extended.append(Self.typePath(node.extendedType))
        return .visitChildren
    }

    override func visitPost(_ node: ExtensionDeclSyntax) { extended.removeLast() }

    /// A type declaration inside an extension has a `self` of its own.
    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        extended.append(nil)
        return .visitChildren
    }

    override func visitPost(_ node: StructDeclSyntax) { extended.removeLast() }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        extended.append(nil)
        return .visitChildren
    }

    override func visitPost(_ node: ClassDeclSyntax) { extended.removeLast() }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        guard Self.apolloAccessors.contains(node.declName.baseName.text) else { return .visitChildren }
        if let base = node.base { add(.apolloData, base) } else { add(.apolloData, nil, at: node) }
        return .visitChildren
    }

    /// `__data` alone, inside an extension of a model: the model itself.
    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        guard Self.apolloAccessors.contains(node.baseName.text), node.parent?.as(MemberAccessExprSyntax.self) == nil else { return .skipChildren }
        add(.apolloData, nil, at: node)
        return .skipChildren
    }

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let elements = Array(node.elements)
        for (index, element) in elements.enumerated() {
            guard let operation = element.as(BinaryOperatorExprSyntax.self), ["==", "!=", "===", "!=="].contains(operation.operator.text) else {
                continue
            }
            if index > 0 { add(.comparison, elements[index - 1]) }
            if index + 1 < elements.count { add(.comparison, elements[index + 1]) }
        }
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        let callee: String? = switch node.calledExpression.as(ExprSyntaxEnum.self) {
        case .declReferenceExpr(let reference): reference.baseName.text
        case .memberAccessExpr(let access): access.declName.baseName.text
        default: nil
        }
        guard let callee else { return .visitChildren }
        let kind: WholeValueUse.Kind?
        if let known = Self.wholeValueCalls[callee] {
            kind = known
        } else if callee == "String", node.arguments.contains(where: { ["describing", "reflecting"].contains($0.label?.text) }) {
            kind = .reflection
        } else if genericFunctions.contains(callee) {
            kind = .genericCall
        } else {
            kind = nil
        }
        guard let kind else { return .visitChildren }
        for argument in node.arguments { add(kind, argument.expression) }
        return .visitChildren
    }

    private func add(_ kind: WholeValueUse.Kind, _ expression: ExprSyntax?, at node: some SyntaxProtocol) {
        let offset = node.positionAfterSkippingLeadingTrivia.utf8Offset
        guard let expression else {
            // No base: `self`, a model only inside an extension of one.
            found.append(WholeValueUse(kind: kind, value: (extended.last ?? nil).map { .selectionSet(path: $0) }, offset: offset))
            return
        }
        if let reference = expression.as(DeclReferenceExprSyntax.self), reference.baseName.tokenKind == .keyword(.self) {
            found.append(WholeValueUse(kind: kind, value: (extended.last ?? nil).map { .selectionSet(path: $0) }, offset: offset))
            return
        }
        found.append(WholeValueUse(kind: kind, value: WrittenExpression.read(expression), offset: offset))
    }

    private func add(_ kind: WholeValueUse.Kind, _ expression: ExprSyntax?) {
        if let expression { add(kind, expression, at: expression) }
    }

    private static func typePath(_ type: TypeSyntax) -> [String]? {
        if let identifier = type.as(IdentifierTypeSyntax.self) { return [identifier.name.text] }
        guard let member = type.as(MemberTypeSyntax.self), let base = typePath(member.baseType) else { return nil }
        return base + [member.name.text]
    }
}
