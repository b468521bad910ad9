@_spi(RawSyntax) import SwiftSyntax
import Synchronization

/// A node of a parsed tree read through swift-syntax's raw layer, with where it starts in its file: what reading a
/// test walks. A typed node (`FunctionCallExprSyntax`) makes its children on first access, in the tree's arena, and
/// retains and releases the arena for every node value handed around; reading the raw layout costs a quarter of
/// that per node (Benchmarks/README.md, the paragraphs of 2026-11-29). A raw node knows no parent: what a reading
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

    /// The raw node of a typed one, for a reading that asks nothing of its place (whether it is a callee).
    init(_ node: some SyntaxProtocol) {
        self.init(raw: node.raw, offset: node.position.utf8Offset)
    }

    /// The raw node of a typed one where it stands: its parent asked once whether it is that call's callee.
    init(standing node: some SyntaxProtocol) {
        var isCallee = false
        if let parent = node.parent, parent.raw.kind == .functionCallExpr {
            isCallee = parent.raw.layoutView?.children[CallParts.calledExpression.index]?.id == node.raw.id
        }
        self.init(raw: node.raw, offset: node.position.utf8Offset, isCallee: isCallee)
    }

    var kind: SyntaxKind { raw.kind }
    var id: RawSyntax.ID { raw.id }

    /// Its text's span without the leading and trailing trivia, as `FlowReader.range` gives a typed node's.
    var range: Range<Int> { (offset + raw.leadingTriviaByteLength)..<(offset + raw.byteLength - raw.trailingTriviaByteLength) }

    /// The child at `child`'s place in this node's layout; nil when the layout has none there (an absent optional).
    subscript<Node>(_ child: RawChild<Node>) -> RawNode? {
        guard let children = layout, child.index < children.count, let found = children[child.index] else { return nil }
        var start = offset
        for index in 0..<child.index { start += children[index]?.byteLength ?? 0 }
        return RawNode(raw: found, offset: start, isCallee: child.isCallee)
    }

    /// Its layout's children (nil for a token), as the buffer swift-syntax keeps them in, in the tree's arena: its own
    /// collection of them is generic and not inlinable, a call for every child read through it.
    private var layout: UnsafeBufferPointer<RawSyntax?>? {
        raw.layoutView?.children.withContiguousStorageIfAvailable { $0 }
    }

    /// Its children in order, as `children(viewMode: .sourceAccurate)` gives them (missing tokens left out).
    func forEachChild(_ body: (RawNode) -> Void) {
        guard let children = layout else { return }
        let isCall = raw.kind == .functionCallExpr
        var start = offset
        for index in children.indices {
            guard let child = children[index] else { continue }
            if SyntaxTreeViewMode.sourceAccurate.shouldTraverse(node: child) {
                body(RawNode(raw: child, offset: start, isCallee: isCall && index == CallParts.calledExpression.index))
            }
            start += child.byteLength
        }
    }

    /// The elements of a collection (an argument list, a statement list…), in order.
    var elements: [RawNode] {
        var found: [RawNode] = []
        found.reserveCapacity(count)
        forEachChild { found.append($0) }
        return found
    }

    /// How many children its layout holds: a collection's number of elements.
    var count: Int { layout?.count ?? 0 }

    /// A collection's first element.
    var first: RawNode? {
        guard let children = layout, let first = children.first, let first else { return nil }
        return RawNode(raw: first, offset: offset)
    }

    // MARK: Tokens

    /// A token's text, without trivia; empty for a node that is not a token.
    var text: SyntaxText { raw.tokenView?.rawText ?? SyntaxText() }

    /// A token's text as a `String`.
    var string: String { String(syntaxText: text) }

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

/// A child's place in the layout of a kind of node: a constant, so that reading it costs nothing (no lazy global,
/// no key path). `RawNodeTests` checks each against swift-syntax's own description of the layout (`structure`).
struct RawChild<Node: SyntaxProtocol>: Sendable {
    let index: Int
    /// Whether the child is a call's callee (`RawNode.isCallee`).
    let isCallee: Bool

    init(_ index: Int, isCallee: Bool = false) {
        self.index = index
        self.isCallee = isCallee
    }
}

// The children reading a test asks for, by the kind of their node.
enum CallParts {
    static let calledExpression = RawChild<FunctionCallExprSyntax>(1, isCallee: true)  // \.calledExpression
    static let leftParen = RawChild<FunctionCallExprSyntax>(3)  // \.leftParen
    static let arguments = RawChild<FunctionCallExprSyntax>(5)  // \.arguments
    static let rightParen = RawChild<FunctionCallExprSyntax>(7)  // \.rightParen
    static let trailingClosure = RawChild<FunctionCallExprSyntax>(9)  // \.trailingClosure
    static let additionalTrailingClosures = RawChild<FunctionCallExprSyntax>(11)  // \.additionalTrailingClosures
}

enum ArgumentParts {
    static let label = RawChild<LabeledExprSyntax>(1)  // \.label
    static let expression = RawChild<LabeledExprSyntax>(5)  // \.expression
}

enum MemberAccessParts {
    static let base = RawChild<MemberAccessExprSyntax>(1)  // \.base
    static let declName = RawChild<MemberAccessExprSyntax>(5)  // \.declName
}

enum ReferenceParts {
    static let baseName = RawChild<DeclReferenceExprSyntax>(3)  // \.baseName
    static let argumentNames = RawChild<DeclReferenceExprSyntax>(5)  // \.argumentNames
}

enum GenericParts {
    static let expression = RawChild<GenericSpecializationExprSyntax>(1)  // \.expression
    static let genericArgumentClause = RawChild<GenericSpecializationExprSyntax>(3)  // \.genericArgumentClause
    static let arguments = RawChild<GenericArgumentClauseSyntax>(3)  // \.arguments
    static let argument = RawChild<GenericArgumentSyntax>(1)  // \.argument
}

enum TypeParts {
    static let identifierName = RawChild<IdentifierTypeSyntax>(3)  // \.name
    static let identifierArguments = RawChild<IdentifierTypeSyntax>(5)  // \.genericArgumentClause
    static let memberBase = RawChild<MemberTypeSyntax>(1)  // \.baseType
    static let memberName = RawChild<MemberTypeSyntax>(7)  // \.name
    static let memberArguments = RawChild<MemberTypeSyntax>(9)  // \.genericArgumentClause
    static let optionalWrapped = RawChild<OptionalTypeSyntax>(1)  // \.wrappedType
    static let unwrappedWrapped = RawChild<ImplicitlyUnwrappedOptionalTypeSyntax>(1)  // \.wrappedType
    static let arrayElement = RawChild<ArrayTypeSyntax>(3)  // \.element
}

enum WrapperParts {
    static let optionalChaining = RawChild<OptionalChainingExprSyntax>(1)  // \.expression
    static let forceUnwrap = RawChild<ForceUnwrapExprSyntax>(1)  // \.expression
    static let tryExpression = RawChild<TryExprSyntax>(5)  // \.expression
    static let awaitExpression = RawChild<AwaitExprSyntax>(3)  // \.expression
    static let tupleElements = RawChild<TupleExprSyntax>(3)  // \.elements
    static let macroName = RawChild<MacroExpansionExprSyntax>(5)  // \.macroName
    static let macroArguments = RawChild<MacroExpansionExprSyntax>(11)  // \.arguments
    static let macroTrailingClosure = RawChild<MacroExpansionExprSyntax>(15)  // \.trailingClosure
}

enum LiteralParts {
    static let openingPounds = RawChild<StringLiteralExprSyntax>(1)  // \.openingPounds
    static let openingQuote = RawChild<StringLiteralExprSyntax>(3)  // \.openingQuote
    static let segments = RawChild<StringLiteralExprSyntax>(5)  // \.segments
    static let closingQuote = RawChild<StringLiteralExprSyntax>(7)  // \.closingQuote
    static let segmentContent = RawChild<StringSegmentSyntax>(1)  // \.content
    static let integer = RawChild<IntegerLiteralExprSyntax>(1)  // \.literal
    static let float = RawChild<FloatLiteralExprSyntax>(1)  // \.literal
    static let boolean = RawChild<BooleanLiteralExprSyntax>(1)  // \.literal
    static let prefixOperator = RawChild<PrefixOperatorExprSyntax>(1)  // \.operator
    static let prefixed = RawChild<PrefixOperatorExprSyntax>(3)  // \.expression
    static let dictionaryContent = RawChild<DictionaryExprSyntax>(3)  // \.content
    static let dictionaryKey = RawChild<DictionaryElementSyntax>(1)  // \.key
    static let dictionaryValue = RawChild<DictionaryElementSyntax>(5)  // \.value
}

enum OperatorParts {
    static let elements = RawChild<SequenceExprSyntax>(1)  // \.elements
    static let binaryOperator = RawChild<BinaryOperatorExprSyntax>(1)  // \.operator
    static let subscriptCallee = RawChild<SubscriptCallExprSyntax>(1)  // \.calledExpression
    static let leftSquare = RawChild<SubscriptCallExprSyntax>(3)  // \.leftSquare
    static let subscriptArguments = RawChild<SubscriptCallExprSyntax>(5)  // \.arguments
    static let rightSquare = RawChild<SubscriptCallExprSyntax>(7)  // \.rightSquare
    static let arrayElements = RawChild<ArrayExprSyntax>(3)  // \.elements
    static let arrayElement = RawChild<ArrayElementSyntax>(1)  // \.expression
}

enum StatementParts {
    static let item = RawChild<CodeBlockItemSyntax>(1)  // \.item
    static let blockStatements = RawChild<CodeBlockSyntax>(3)  // \.statements
    static let expression = RawChild<ExpressionStmtSyntax>(1)  // \.expression
    static let returned = RawChild<ReturnStmtSyntax>(3)  // \.expression
    static let bindings = RawChild<VariableDeclSyntax>(7)  // \.bindings
    static let pattern = RawChild<PatternBindingSyntax>(1)  // \.pattern
    static let typeAnnotation = RawChild<PatternBindingSyntax>(3)  // \.typeAnnotation
    static let initializer = RawChild<PatternBindingSyntax>(5)  // \.initializer
    static let annotatedType = RawChild<TypeAnnotationSyntax>(3)  // \.type
    static let initialValue = RawChild<InitializerClauseSyntax>(3)  // \.value
    static let identifier = RawChild<IdentifierPatternSyntax>(1)  // \.identifier
}

/// The typed node of a raw one, found from the root of its tree: for what only a typed node answers (a parent, the
/// tokens of a closure), on the rare shapes that need it.
final class TypedNodes: Sendable {
    private let root = Mutex<Syntax?>(nil)

    /// Remembers the tree a reading started in (the first typed node it was handed).
    func enter(_ node: some SyntaxProtocol) -> RawNode {
        root.withLock { if $0 == nil { $0 = node.root } }
        return RawNode(standing: node)
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
