import SourceText
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

/// A property name a file reads (`SwiftFile.modelUses(names:)`).
public struct MemberRead: Sendable, Equatable {
    /// The bytes of the name.
    public var range: Range<Int>
    /// `x.name`: what `x` is, as written (nil when it is nothing mockls reads); nil for a name whose base is not
    /// written as an expression before it (`\.name`, `.name` alone, a bare name in an extension), read as the cursor
    /// reads it.
    public var base: WrittenExpression??
}

extension SwiftFile {
    /// What the file does with values, in one walk of its tree, in source order:
    /// - `members`: each `x.name`, `x?.name`, `\.name`, `\T.name` whose name is one of `names` (backticks trimmed), and
    ///   each bare `name` inside an extension (`extension X.Data.Hero { var title: String { name } }` reads
    ///   `self.name`) that its member does not declare before it. Declarations and labels are not members;
    /// - `whole`: the uses of whole values (`WholeValueUse`).
    public func modelUses(names: Set<String>) -> (members: [MemberRead], whole: [WholeValueUse]) {
        let bytes = lines.bytes
        let readsWholeValues = ModelUseScan.mayHoldWholeUses(bytes)
        // A few names none of which the file spells, and no whole value: nothing to walk for.
        if !readsWholeValues, names.count <= 64, !names.contains(where: { bytes.contains(bytes: $0) }) { return ([], []) }
        let scan = ModelUseScan(names: names, readsWholeValues: readsWholeValues)
        scan.walk(tree)
        let whole = scan.whole + scan.calls.filter { scan.genericFunctions.contains($0.callee) }.flatMap(\.uses)
        return (scan.members, whole.sorted { $0.offset < $1.offset })
    }
}

private extension String {
    var trimmingBackticks: String { hasPrefix("`") ? String(dropFirst().dropLast()) : self }
}

private final class ModelUseScan: SyntaxVisitor {
    let names: Set<String>
    let readsWholeValues: Bool
    var members: [MemberRead] = []
    var whole: [WholeValueUse] = []
    /// Calls of names the file may declare as generic functions, decided after the walk (a call may come first).
    var calls: [(callee: String, uses: [WholeValueUse])] = []
    /// The functions the file declares with generic parameters, by name.
    var genericFunctions: Set<String> = []
    /// The type each enclosing extension extends, innermost last (`self` in `extension X.Data.Hero { … }`); nil for
    /// a type declared inside one.
    private var extended: [[String]?] = []
    /// How many extensions the walk is in.
    private var extensionDepth = 0

    static let apolloAccessors: Set<String> = ["__data", "_fieldData", "asDictionary"]
    /// Calls that compare, hash, print, reflect or encode their arguments.
    static let wholeValueCalls: [String: WholeValueUse.Kind] = [
        "XCTAssertEqual": .comparison, "XCTAssertNotEqual": .comparison, "XCTAssertIdentical": .comparison,
        "expectNoDifference": .comparison, "equal": .comparison, "combine": .comparison,
        "dump": .reflection, "print": .reflection, "debugPrint": .reflection, "Mirror": .reflection,
        "customDump": .reflection, "encode": .reflection, "assertSnapshot": .reflection, "assertInlineSnapshot": .reflection,
    ]

    /// Whether `bytes` may hold a use of a whole value at all.
    static func mayHoldWholeUses(_ bytes: [UInt8]) -> Bool {
        bytes.contains(bytes: "==") || bytes.contains(bytes: "!=") || declaresGenericFunction(bytes)
            || apolloAccessors.contains { bytes.contains(bytes: $0) }
            || wholeValueCalls.keys.contains { bytes.contains(bytes: $0) } || bytes.contains(bytes: "String(")
    }

    /// Whether `bytes` spell `func name<`: a function with generic parameters.
    private static func declaresGenericFunction(_ bytes: [UInt8]) -> Bool {
        var from = 0
        while let start = bytes.firstOffset(of: "func ", from: from) {
            var index = start + 5
            while index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 }
            while index < bytes.count, bytes[index] == UInt8(ascii: "_") || bytes[index] == UInt8(ascii: "`") || bytes[index] >= 0x80
                || (bytes[index] | 0x20 >= UInt8(ascii: "a") && bytes[index] | 0x20 <= UInt8(ascii: "z"))
                || (bytes[index] >= UInt8(ascii: "0") && bytes[index] <= UInt8(ascii: "9"))
            {
                index += 1
            }
            if index < bytes.count, bytes[index] == UInt8(ascii: "<") { return true }
            from = start + 5
        }
        return false
    }

    init(names: Set<String>, readsWholeValues: Bool) {
        self.names = names
        self.readsWholeValues = readsWholeValues
        super.init(viewMode: .sourceAccurate)
    }

    // MARK: Scopes

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        extended.append(Self.typePath(node.extendedType))
        extensionDepth += 1
        return .visitChildren
    }

    override func visitPost(_ node: ExtensionDeclSyntax) {
        extended.removeLast()
        extensionDepth -= 1
    }

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

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        if node.genericParameterClause != nil { genericFunctions.insert(node.name.text) }
        return .visitChildren
    }

    // MARK: Members

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        let name = node.declName.baseName
        if names.contains(name.text.trimmingBackticks) {
            // `x.name`: the base read from the tree, once; `.name` alone: as the cursor reads it.
            members.append(MemberRead(range: Self.range(of: name), base: node.base.map { .some(WrittenExpression.read($0)) } ?? nil))
        }
        if readsWholeValues, Self.apolloAccessors.contains(name.text) {
            if let base = node.base { add(.apolloData, base) } else { add(.apolloData, nil, at: node) }
        }
        return .visitChildren
    }

    override func visit(_ node: KeyPathPropertyComponentSyntax) -> SyntaxVisitorContinueKind {
        let name = node.declName.baseName
        if names.contains(name.text.trimmingBackticks) { members.append(MemberRead(range: Self.range(of: name), base: nil)) }
        return .visitChildren
    }

    /// A bare name: `self`'s property inside an extension; `__data` alone, the model itself there.
    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        guard node.parent?.as(MemberAccessExprSyntax.self)?.declName.id != node.id else { return .skipChildren }
        let name = node.baseName
        if extensionDepth > 0, names.contains(name.text.trimmingBackticks), !Self.isDeclaredBefore(name) {
            members.append(MemberRead(range: Self.range(of: name), base: nil))
        }
        if readsWholeValues, Self.apolloAccessors.contains(name.text) { add(.apolloData, nil, at: node) }
        return .skipChildren
    }

    // MARK: Whole values

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        guard readsWholeValues else { return .visitChildren }
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
        guard readsWholeValues else { return .visitChildren }
        let callee: String? = switch node.calledExpression.as(ExprSyntaxEnum.self) {
        case .declReferenceExpr(let reference): reference.baseName.text
        case .memberAccessExpr(let access): access.declName.baseName.text
        default: nil
        }
        guard let callee, !node.arguments.isEmpty else { return .visitChildren }
        if let known = Self.wholeValueCalls[callee] {
            for argument in node.arguments { add(known, argument.expression) }
        } else if callee == "String", node.arguments.contains(where: { ["describing", "reflecting"].contains($0.label?.text) }) {
            for argument in node.arguments { add(.reflection, argument.expression) }
        } else {
            // Perhaps a generic function of the file: decided once the walk has seen its declarations.
            calls.append((callee, node.arguments.map { use(.genericCall, $0.expression, at: $0.expression) }))
        }
        return .visitChildren
    }

    private func use(_ kind: WholeValueUse.Kind, _ expression: ExprSyntax?, at node: some SyntaxProtocol) -> WholeValueUse {
        let offset = node.positionAfterSkippingLeadingTrivia.utf8Offset
        let ownSelf = (extended.last ?? nil).map { WrittenExpression.selectionSet(path: $0) }
        guard let expression else { return WholeValueUse(kind: kind, value: ownSelf, offset: offset) }
        if let reference = expression.as(DeclReferenceExprSyntax.self), reference.baseName.tokenKind == .keyword(.self) {
            return WholeValueUse(kind: kind, value: ownSelf, offset: offset)
        }
        return WholeValueUse(kind: kind, value: WrittenExpression.read(expression), offset: offset)
    }

    private func add(_ kind: WholeValueUse.Kind, _ expression: ExprSyntax?, at node: some SyntaxProtocol) {
        whole.append(use(kind, expression, at: node))
    }

    private func add(_ kind: WholeValueUse.Kind, _ expression: ExprSyntax) {
        add(kind, expression, at: expression)
    }

    // MARK: Helpers

    private static func range(of token: TokenSyntax) -> Range<Int> {
        let start = token.positionAfterSkippingLeadingTrivia.utf8Offset
        return start..<(start + token.text.utf8.count)
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

    private static func typePath(_ type: TypeSyntax) -> [String]? {
        if let identifier = type.as(IdentifierTypeSyntax.self) { return [identifier.name.text] }
        guard let member = type.as(MemberTypeSyntax.self), let base = typePath(member.baseType) else { return nil }
        return base + [member.name.text]
    }
}
