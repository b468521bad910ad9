@_spi(RawSyntax) import SwiftSyntax
import Synchronization

/// A node of a parsed tree read through swift-syntax's raw layer, with where it starts in its file: what reading a
/// test walks. A typed node (`FunctionCallExprSyntax`) makes its children on first access, in the tree's arena, and
/// retains and releases the arena for every node value handed around; reading the raw layout costs a quarter of
/// that per node (Benchmarks/README.md, "walking a test's syntax raw"). A raw node knows no parent: what a reading
/// needs from above is carried down (`isCallee`), and the rare question only a typed node answers goes through
/// `TypedNodes`.
struct RawNode {
    let raw: RawSyntax
    /// Where it starts, its leading trivia included (a UTF-8 offset in the file).
    let offset: Int
    /// Whether it is the callee of the call it belongs to (`f` of `f(x)`, `a.b` of `a.b()`).
    let isCallee: Bool

    init(raw: RawSyntax, offset: Int, isCallee: Bool = false) {
        self.raw = raw
        self.offset = offset
        self.isCallee = isCallee
    }

    /// The raw node of a typed one, where it stands (its parent asked once).
    init(_ node: some SyntaxProtocol) {
        raw = node.raw
        offset = node.position.utf8Offset
        if let parent = node.parent, parent.raw.kind == .functionCallExpr {
            isCallee = parent.raw.layoutView?.children[CallParts.calledExpression.index]?.id == node.raw.id
        } else {
            isCallee = false
        }
    }

    var kind: SyntaxKind { raw.kind }
    var id: RawSyntax.ID { raw.id }

    /// Its text's span without the leading and trailing trivia, as `FlowReader.range` gives a typed node's.
    var range: Range<Int> { (offset + raw.leadingTriviaByteLength)..<(offset + raw.byteLength - raw.trailingTriviaByteLength) }

    /// The child at `child`'s place in this node's layout; nil when the layout has none there (an absent optional).
    subscript<Node>(_ child: RawChild<Node>) -> RawNode? {
        guard let layout = raw.layoutView else { return nil }
        let children = layout.children
        guard child.index < children.count, let found = children[child.index] else { return nil }
        var start = offset
        for index in 0..<child.index { start += children[index]?.byteLength ?? 0 }
        return RawNode(raw: found, offset: start, isCallee: child.isCallee)
    }

    /// Its children in order, as `children(viewMode: .sourceAccurate)` gives them (missing tokens left out).
    func forEachChild(_ body: (RawNode) -> Void) {
        guard let layout = raw.layoutView else { return }
        let isCall = raw.kind == .functionCallExpr
        var start = offset
        for (index, child) in layout.children.enumerated() {
            guard let child else { continue }
            if SyntaxTreeViewMode.sourceAccurate.shouldTraverse(node: child) {
                body(RawNode(raw: child, offset: start, isCallee: isCall && index == CallParts.calledExpression.index))
            }
            start += child.byteLength
        }
    }

    /// The elements of a collection (an argument list, a statement list…), in order.
    var elements: [RawNode] {
        var found: [RawNode] = []
        forEachChild { found.append($0) }
        return found
    }

    /// How many children its layout holds: a collection's number of elements.
    var count: Int { raw.layoutView?.children.count ?? 0 }

    /// A collection's first element.
    var first: RawNode? {
        guard let layout = raw.layoutView, let first = layout.children.first, let first else { return nil }
        return RawNode(raw: first, offset: offset)
    }

    // MARK: Tokens

    /// A token's text, without trivia; empty for a node that is not a token.
    var text: SyntaxText { raw.tokenView?.rawText ?? SyntaxText() }

    /// A token's text as a `String`.
    var string: String { String(syntaxText: text) }

    /// A token's kind (`.identifier("dog")`, `.keyword(.self)`); nil for a node that is not a token.
    var tokenKind: TokenKind? { raw.tokenView?.formKind() }

    /// Whether it is a token of this raw kind.
    func isToken(_ kind: RawTokenKind) -> Bool { raw.tokenView?.rawKind == kind }

    /// Whether it is the keyword `keyword` (`self`, `Self`).
    func isKeyword(_ keyword: Keyword) -> Bool {
        guard let token = raw.tokenView, token.rawKind == .keyword else { return false }
        return Keyword(token.rawText) == keyword
    }

    /// An identifier's name; nil for any other token or node.
    var identifier: String? { isToken(.identifier) ? string : nil }

    // MARK: Kinds

    var isExpression: Bool { RawExprSyntax.isKindOf(raw) }
    var isType: Bool { RawTypeSyntax.isKindOf(raw) }
    var isDeclaration: Bool { RawDeclSyntax.isKindOf(raw) }
}

/// A child's place in the layout of a kind of node, found once from swift-syntax's own description of the layout
/// (`structure`), so that a raw node is read by the same names as a typed one.
struct RawChild<Node: SyntaxProtocol>: Sendable {
    let index: Int
    /// Whether the child is a call's callee (`RawNode.isCallee`).
    let isCallee: Bool

    init(_ path: PartialKeyPath<Node> & Sendable) {
        guard case .layout(let paths) = Node.structure, let index = paths.firstIndex(where: { $0 == path }) else {
            preconditionFailure("\(path) is not a child of \(Node.self)'s layout")
        }
        self.index = index
        isCallee = path == \FunctionCallExprSyntax.calledExpression
    }
}

// The children reading a test asks for, by the kind of their node.
enum CallParts {
    static let calledExpression = RawChild(\FunctionCallExprSyntax.calledExpression)
    static let leftParen = RawChild(\FunctionCallExprSyntax.leftParen)
    static let arguments = RawChild(\FunctionCallExprSyntax.arguments)
    static let rightParen = RawChild(\FunctionCallExprSyntax.rightParen)
    static let trailingClosure = RawChild(\FunctionCallExprSyntax.trailingClosure)
    static let additionalTrailingClosures = RawChild(\FunctionCallExprSyntax.additionalTrailingClosures)
}

enum ArgumentParts {
    static let label = RawChild(\LabeledExprSyntax.label)
    static let expression = RawChild(\LabeledExprSyntax.expression)
}

enum MemberAccessParts {
    static let base = RawChild(\MemberAccessExprSyntax.base)
    static let declName = RawChild(\MemberAccessExprSyntax.declName)
}

enum ReferenceParts {
    static let baseName = RawChild(\DeclReferenceExprSyntax.baseName)
    static let argumentNames = RawChild(\DeclReferenceExprSyntax.argumentNames)
}

enum GenericParts {
    static let expression = RawChild(\GenericSpecializationExprSyntax.expression)
    static let genericArgumentClause = RawChild(\GenericSpecializationExprSyntax.genericArgumentClause)
    static let arguments = RawChild(\GenericArgumentClauseSyntax.arguments)
    static let argument = RawChild(\GenericArgumentSyntax.argument)
}

enum TypeParts {
    static let identifierName = RawChild(\IdentifierTypeSyntax.name)
    static let identifierArguments = RawChild(\IdentifierTypeSyntax.genericArgumentClause)
    static let memberBase = RawChild(\MemberTypeSyntax.baseType)
    static let memberName = RawChild(\MemberTypeSyntax.name)
    static let memberArguments = RawChild(\MemberTypeSyntax.genericArgumentClause)
    static let optionalWrapped = RawChild(\OptionalTypeSyntax.wrappedType)
    static let unwrappedWrapped = RawChild(\ImplicitlyUnwrappedOptionalTypeSyntax.wrappedType)
    static let arrayElement = RawChild(\ArrayTypeSyntax.element)
}

enum WrapperParts {
    static let optionalChaining = RawChild(\OptionalChainingExprSyntax.expression)
    static let forceUnwrap = RawChild(\ForceUnwrapExprSyntax.expression)
    static let tryExpression = RawChild(\TryExprSyntax.expression)
    static let awaitExpression = RawChild(\AwaitExprSyntax.expression)
    static let tupleElements = RawChild(\TupleExprSyntax.elements)
    static let macroName = RawChild(\MacroExpansionExprSyntax.macroName)
    static let macroArguments = RawChild(\MacroExpansionExprSyntax.arguments)
    static let macroTrailingClosure = RawChild(\MacroExpansionExprSyntax.trailingClosure)
}

enum LiteralParts {
    static let openingPounds = RawChild(\StringLiteralExprSyntax.openingPounds)
    static let openingQuote = RawChild(\StringLiteralExprSyntax.openingQuote)
    static let segments = RawChild(\StringLiteralExprSyntax.segments)
    static let closingQuote = RawChild(\StringLiteralExprSyntax.closingQuote)
    static let segmentContent = RawChild(\StringSegmentSyntax.content)
    static let integer = RawChild(\IntegerLiteralExprSyntax.literal)
    static let float = RawChild(\FloatLiteralExprSyntax.literal)
    static let boolean = RawChild(\BooleanLiteralExprSyntax.literal)
    static let prefixOperator = RawChild(\PrefixOperatorExprSyntax.operator)
    static let prefixed = RawChild(\PrefixOperatorExprSyntax.expression)
    static let dictionaryContent = RawChild(\DictionaryExprSyntax.content)
    static let dictionaryKey = RawChild(\DictionaryElementSyntax.key)
    static let dictionaryValue = RawChild(\DictionaryElementSyntax.value)
}

enum OperatorParts {
    static let elements = RawChild(\SequenceExprSyntax.elements)
    static let binaryOperator = RawChild(\BinaryOperatorExprSyntax.operator)
    static let subscriptCallee = RawChild(\SubscriptCallExprSyntax.calledExpression)
    static let leftSquare = RawChild(\SubscriptCallExprSyntax.leftSquare)
    static let subscriptArguments = RawChild(\SubscriptCallExprSyntax.arguments)
    static let rightSquare = RawChild(\SubscriptCallExprSyntax.rightSquare)
    static let arrayElements = RawChild(\ArrayExprSyntax.elements)
    static let arrayElement = RawChild(\ArrayElementSyntax.expression)
}

enum StatementParts {
    static let item = RawChild(\CodeBlockItemSyntax.item)
    static let blockStatements = RawChild(\CodeBlockSyntax.statements)
    static let expression = RawChild(\ExpressionStmtSyntax.expression)
    static let returned = RawChild(\ReturnStmtSyntax.expression)
    static let bindings = RawChild(\VariableDeclSyntax.bindings)
    static let pattern = RawChild(\PatternBindingSyntax.pattern)
    static let typeAnnotation = RawChild(\PatternBindingSyntax.typeAnnotation)
    static let initializer = RawChild(\PatternBindingSyntax.initializer)
    static let annotatedType = RawChild(\TypeAnnotationSyntax.type)
    static let initialValue = RawChild(\InitializerClauseSyntax.value)
    static let identifier = RawChild(\IdentifierPatternSyntax.identifier)
}

/// The typed node of a raw one, found from the root of its tree: for what only a typed node answers (a parent, the
/// tokens of a closure), on the rare shapes that need it.
final class TypedNodes: @unchecked Sendable {
    // @unchecked: `root` is set once, under the lock, before any read.
    private let root = Mutex<Syntax?>(nil)

    /// Remembers the tree a reading started in (the first typed node it was handed).
    func enter(_ node: some SyntaxProtocol) -> RawNode {
        root.withLock { if $0 == nil { $0 = node.root } }
        return RawNode(node)
    }

    /// The typed node of `node`; nil when no tree was entered (never, for a node reached from one).
    func typed(_ node: RawNode) -> Syntax? {
        root.withLock { $0 }.flatMap { Self.find(node, in: $0) }
    }

    /// `node` in `candidate`'s subtree, down the children whose text holds it (by identity: nodes of no length share
    /// an offset with their neighbours).
    static func find(_ node: RawNode, in candidate: Syntax) -> Syntax? {
        if candidate.raw.id == node.id { return candidate }
        let end = node.offset + node.raw.byteLength
        for child in candidate.children(viewMode: .all) {
            let start = child.position.utf8Offset
            if start > node.offset { break }
            if end <= start + child.raw.byteLength, let found = find(node, in: child) { return found }
        }
        return nil
    }
}
