import SwiftSyntax

/// What making a call `async` asks of the code around it, read from a Swift file: where its `await` goes, which
/// declaration must become `async` for it, and what cannot await at all (an autoclosure, a closure a method runs).
/// The reading behind `mockls migrate --to 2` and the Apollo iOS 2 diagnostics (`Features/Migration`): Apollo iOS 2's
/// `from(_:)` is `async`, and so becomes every helper that calls it.
public enum AsyncSites {
    /// A use of something that may have to be awaited.
    public enum Use: Sendable, Hashable {
        /// `name(label: …)` and `self.name(…)`, `Base.Path.name(…)` (`base`; `Mock<Dog>.name(…)` has `Mock`), `.name(…)`
        /// (`implicit`), `value.name(…)` (`onValue`); `context`: the type the call is written in.
        case call(name: String, labels: [String?], base: [String]?, implicit: Bool, onValue: Bool = false, context: String? = nil)
        /// `transaction.readObject(…)` in a store transaction's body (`withinReadTransaction { transaction in … }`):
        /// its reads and writes are `async` in 2.x (`transactionMethods`).
        case transaction(name: String)
        /// `Owner.name`, a static property read.
        case member(base: [String], name: String)
        /// `name`, a bare identifier that is no call.
        case identifier(String)
    }

    /// A use with what awaiting it takes.
    public struct Site: Sendable, Hashable {
        public let use: Use
        /// The use itself (the call, the member access).
        public let range: Range<Int>
        /// Where `await ` goes: before the chain the use starts (after a `try` on it), or at the start of an operator
        /// sequence or assignment's right side that it is part of.
        public let awaitOffset: Int
        /// What that `await` covers: other uses inside it need none of their own.
        public let covered: Range<Int>
        /// Already under an `await` (2.x code, or migrated before).
        public let isAwaited: Bool
        /// The declaration that must be `async`.
        public let boundary: Boundary
        /// Inside an XCTest assertion's autoclosure, which cannot await: the use is moved to a `let` before the
        /// statement (`HoistPoint`).
        public let hoist: HoistPoint?
        /// Written `try <use>`: a hoisted `let` needs `try await`.
        public let isTried: Bool
        /// The type a hoisted `let` is written with, for a use whose type its context gave (`.from(…)` as a
        /// `GraphQLResponse<X>`'s `data:`): the `let` stands on its own.
        public var hoistType: String? = nil
        /// A use moved out of a closure that is the whole value of a `let` in it (`let data = X.Data.from(…)`): the
        /// `let` itself can move, its name kept, where the function does not use the name outside the closure.
        public var binding: HoistedBinding? = nil
        /// In the closure that initialises a stored property where it is written (`let x: T = { … }()`): awaited in
        /// the closure, whose call is then awaited where the property moves.
        public var inPropertyClosure = false
        /// In the closure of `map` (or `compactMap`, `flatMap`, `filter`, `forEach`), which cannot await: awaited in the
        /// closure, the method's name (`method`) becomes its `async` twin (`asyncMap`), and the method's call is the
        /// site that is awaited where it is (`outer`, one element).
        public var method: ClosureMethod?
        public var outer: [Site] = []
    }

    /// `let name = <use>` in a closure the use moves out of: the name, the statement, and the outermost closure.
    public struct HoistedBinding: Sendable, Hashable {
        public let name: String
        public let statement: Range<Int>
        public let closure: Range<Int>
    }

    /// `map` in `xs.map { … }`: its name and where it is written.
    public struct ClosureMethod: Sendable, Hashable {
        public let name: String
        public let range: Range<Int>
    }

    /// The methods of a sequence whose closure a migration makes `async`, through a `fileprivate` twin of each
    /// (`asyncMap`) written into the file (`asyncTwins`).
    public static let closureMethods: Set<String> = ["map", "compactMap", "flatMap", "filter", "forEach"]

    /// Where a use that cannot await in place is moved to: the start of its statement, with the statement's indentation.
    public struct HoistPoint: Sendable, Hashable {
        public let offset: Int
        public let indentation: String
        /// The function the statement is in (names chosen for the `let` must not clash with its text).
        public let scope: Range<Int>
        /// Where the statement ends.
        public var end: Int = 0
        /// The statement is a `queue.async { … }` whose closure awaits: it moves into a `Task { … }` after the `let`,
        /// and the function stays synchronous (`Boundary.task`).
        public var inTask = false
    }

    /// The innermost declaration a site's `await` makes `async`, or why nothing can.
    public enum Boundary: Sendable, Hashable {
        case callable(Callable)
        case property(StoredProperty)
        /// Cannot await there: the reason, said to the user.
        case none(reason: String)
        /// Awaited in a closure that can (2.x's transaction bodies, or a `Task` the statement moves into:
        /// `HoistPoint.inTask`): nothing becomes `async`.
        case asyncClosure
    }

    /// A function or initializer: what making it `async` edits.
    public struct Callable: Sendable, Hashable {
        public enum Kind: Sendable, Hashable { case function, initializer, setUp, tearDown }
        public let kind: Kind
        public let name: String
        /// The argument labels (`_` as nil).
        public let labels: [String?]
        public let isAsync: Bool
        public let isThrowing: Bool
        public let isStatic: Bool
        /// The type it is declared in (the extended type of an extension), nil at file scope.
        public let owner: String?
        /// The declaration, from its first attribute or modifier to its end.
        public let range: Range<Int>
        /// Where ` async` goes (just after the parameter clause), and the `throws` clause if any (`setUp` rewrites it).
        public let effectsOffset: Int
        public let effects: Range<Int>?
        /// `setUpWithError` / `tearDownWithError`: the name's bytes (they become `setUp` / `tearDown`).
        public let nameRange: Range<Int>
        /// The body's braces: `{` … `}`.
        public let body: Range<Int>?
        /// The `super.setUp()` / `super.setUpWithError()` calls (and tearDown's) of its body, with a `try` before them if
        /// written.
        public let superCalls: [Range<Int>]
        /// The return type's text, if written.
        public let returnType: String?
    }

    /// A stored property whose initializer holds a site: it cannot await, so its value moves (into set-up, or behind an
    /// `async` getter).
    public struct StoredProperty: Sendable, Hashable {
        public enum Place: Sendable, Hashable {
            /// In an `XCTestCase` subclass: set in `setUp`.
            case testCase
            /// In a Swift Testing suite: set in `init()`.
            case suite
            /// `static` (any type) or global: an `async` getter.
            case staticOrGlobal
            case other
        }
        public let place: Place
        public let name: String
        /// The declared type's text, if written.
        public let type: String?
        /// The type's name: the type `place` names (`nil` for a global).
        public let owner: String?
        /// The whole declaration (`let x = …` with its attributes), its binding's initializer expression.
        public let declaration: Range<Int>
        public let initializer: Range<Int>
        public let indentation: String
        /// Its attributes and modifiers but `lazy`, as written (`private`, `static`, `@MainActor`), each followed by a space.
        public let modifiers: String
        /// `let` or `var`.
        public let isLet: Bool
    }

    /// What a file declares that sites can make `async`: its functions and initializers, and the set-ups and suites'
    /// initializers a moved property is assigned in.
    public static func callables(in file: SwiftFile) -> [Callable] {
        let visitor = CallableVisitor()
        visitor.walk(file.tree)
        return visitor.found
    }

    /// Every use in `file` that `wanted` accepts, with what awaiting it takes.
    public static func sites(in file: SwiftFile, wanted: (Use) -> Bool) -> [Site] {
        withoutActuallyEscaping(wanted) { wanted in
            let visitor = UseVisitor(wanted: wanted)
            visitor.walk(file.tree)
            return visitor.found
        }
    }

    // MARK: - Reading

    static let assertionPrefixes = ["XCTAssert", "XCTUnwrap", "XCTExpectFailure"]

    static func typeDeclaration(_ node: Syntax) -> (name: String, inheritance: [String], members: MemberBlockSyntax, attributes: AttributeListSyntax?)? {
        if let type = node.as(ClassDeclSyntax.self) {
            return (type.name.text, inheritanceNames(type.inheritanceClause), type.memberBlock, type.attributes)
        }
        if let type = node.as(StructDeclSyntax.self) {
            return (type.name.text, inheritanceNames(type.inheritanceClause), type.memberBlock, type.attributes)
        }
        if let type = node.as(EnumDeclSyntax.self) {
            return (type.name.text, inheritanceNames(type.inheritanceClause), type.memberBlock, type.attributes)
        }
        if let type = node.as(ActorDeclSyntax.self) {
            return (type.name.text, inheritanceNames(type.inheritanceClause), type.memberBlock, type.attributes)
        }
        if let type = node.as(ExtensionDeclSyntax.self) {
            return (type.extendedType.trimmedDescription, inheritanceNames(type.inheritanceClause), type.memberBlock, type.attributes)
        }
        return nil
    }

    static func inheritanceNames(_ clause: InheritanceClauseSyntax?) -> [String] {
        clause?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
    }

    /// A Swift Testing suite: `@Suite`, or a type with `@Test` functions.
    static func isSuite(_ declaration: (name: String, inheritance: [String], members: MemberBlockSyntax, attributes: AttributeListSyntax?)) -> Bool {
        if declaration.attributes?.contains(where: { $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "Suite" }) == true {
            return true
        }
        return declaration.members.members.contains { member in
            member.decl.as(FunctionDeclSyntax.self)?.attributes.contains {
                $0.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "Test"
            } == true
        }
    }

    static func isTestCase(_ inheritance: [String]) -> Bool {
        inheritance.contains { $0 == "XCTestCase" || $0.hasSuffix("TestCase") }
    }

    /// The name of the type (or extended type) a node is written in, through functions and closures.
    static func enclosingTypeName(of node: Syntax) -> String? {
        var current = node.parent
        while let node = current {
            if let declaration = typeDeclaration(node) { return declaration.name }
            current = node.parent
        }
        return nil
    }

    static func enclosingType(of node: Syntax) -> Syntax? {
        var current = node.parent
        while let node = current {
            if typeDeclaration(node) != nil { return node }
            if node.is(FunctionDeclSyntax.self) || node.is(InitializerDeclSyntax.self) || node.is(ClosureExprSyntax.self) { return nil }
            current = node.parent
        }
        return nil
    }

    final class CallableVisitor: SyntaxVisitor {
        var found: [Callable] = []
        init() { super.init(viewMode: .sourceAccurate) }
        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
            if let callable = AsyncSites.callable(Syntax(node)) { found.append(callable) }
            return .visitChildren
        }
        override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
            if let callable = AsyncSites.callable(Syntax(node)) { found.append(callable) }
            return .visitChildren
        }
    }

    final class SuperCallVisitor: SyntaxVisitor {
        let names: Set<String>
        var found: [Range<Int>] = []
        init(names: Set<String>) {
            self.names = names
            super.init(viewMode: .sourceAccurate)
        }
        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            if let callee = node.calledExpression.as(MemberAccessExprSyntax.self), callee.base?.is(SuperExprSyntax.self) == true,
                names.contains(callee.declName.baseName.text)
            {
                var whole = Syntax(node)
                while let parent = whole.parent, parent.is(TryExprSyntax.self) || parent.is(AwaitExprSyntax.self) { whole = parent }
                found.append(whole.trimmedRange)
            }
            return .skipChildren
        }
        override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    }

    final class UseVisitor: SyntaxVisitor {
        let wanted: (Use) -> Bool
        var found: [Site] = []
        init(wanted: @escaping (Use) -> Bool) {
            self.wanted = wanted
            super.init(viewMode: .sourceAccurate)
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            let labels = node.arguments.map { $0.label?.text }
            var use: Use?
            let context = AsyncSites.enclosingTypeName(of: Syntax(node))
            if let member = node.calledExpression.as(MemberAccessExprSyntax.self) {
                let name = member.declName.baseName.text
                if let base = member.base {
                    if AsyncSites.transactionMethods.contains(name), let receiver = base.as(DeclReferenceExprSyntax.self)?.baseName.text,
                        AsyncSites.isTransaction(receiver, around: Syntax(node))
                    {
                        use = .transaction(name: name)
                    } else if base.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) {
                        use = .call(name: name, labels: labels, base: nil, implicit: false, context: context)
                    } else if base.is(SuperExprSyntax.self) {
                        use = .call(name: name, labels: labels, base: ["super"], implicit: false, context: context)
                    } else if let path = WrittenExpression.typePath(base)
                        ?? base.as(GenericSpecializationExprSyntax.self).flatMap({ WrittenExpression.typePath($0.expression) })
                    {
                        use = .call(name: name, labels: labels, base: path, implicit: false, context: context)
                    } else {
                        use = .call(name: name, labels: labels, base: nil, implicit: false, onValue: true, context: context)
                    }
                } else {
                    use = .call(name: name, labels: labels, base: nil, implicit: true, context: context)
                }
            } else if let reference = node.calledExpression.as(DeclReferenceExprSyntax.self) {
                use = .call(name: reference.baseName.text, labels: labels, base: nil, implicit: false, context: context)
            }
            if let use, wanted(use) { found.append(AsyncSites.site(Syntax(node), use: use)) }
            return .visitChildren
        }

        override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
            if let parent = node.parent?.as(FunctionCallExprSyntax.self), parent.calledExpression.id == node.id { return .visitChildren }
            if let base = node.base, let path = WrittenExpression.typePath(base) {
                let use = Use.member(base: path, name: node.declName.baseName.text)
                if wanted(use) { found.append(AsyncSites.site(Syntax(node), use: use)) }
            }
            return .visitChildren
        }

        override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
            if let parent = node.parent {
                if let call = parent.as(FunctionCallExprSyntax.self), call.calledExpression.id == node.id { return .visitChildren }
                if let member = parent.as(MemberAccessExprSyntax.self), member.declName.id == node.id { return .visitChildren }
            }
            let use = Use.identifier(node.baseName.text)
            if wanted(use) { found.append(AsyncSites.site(Syntax(node), use: use)) }
            return .visitChildren
        }
    }

    /// Whether `name` is the transaction of the store transaction body `node` is in (the nearest closure).
    static func isTransaction(_ name: String, around node: Syntax) -> Bool {
        var current = node.parent
        while let parent = current {
            if let closure = parent.as(ClosureExprSyntax.self) { return transactionParameter(closure) == name }
            current = parent.parent
        }
        return false
    }

    /// What awaiting `node` takes.
    static func site(_ node: Syntax, use: Use) -> Site {
        // The chain the use starts: `X.from(m).owner?.name`, `try helper()`.
        var top = node
        while let parent = top.parent {
            if let member = parent.as(MemberAccessExprSyntax.self), member.base?.id == top.id { top = parent; continue }
            if let call = parent.as(FunctionCallExprSyntax.self), call.calledExpression.id == top.id { top = parent; continue }
            if let subscriptCall = parent.as(SubscriptCallExprSyntax.self), subscriptCall.calledExpression.id == top.id { top = parent; continue }
            if parent.is(OptionalChainingExprSyntax.self) || parent.is(ForceUnwrapExprSyntax.self) || parent.is(PostfixOperatorExprSyntax.self) {
                top = parent
                continue
            }
            break
        }
        var awaitOffset = top.positionAfterSkippingLeadingTrivia.utf8Offset
        var isAwaited = false
        var isTried = false
        var covering = top
        // `try x`, `try await x`, `await x`.
        while let parent = covering.parent {
            if parent.is(AwaitExprSyntax.self) { isAwaited = true; covering = parent; continue }
            if parent.is(TryExprSyntax.self) { isTried = true; covering = parent; continue }
            break
        }
        var reason: String?
        // In an operator sequence, `await` goes first (or first after `=`): it cannot stand right of another operator.
        if let sequence = covering.parent?.as(ExprListSyntax.self), let whole = sequence.parent?.as(SequenceExprSyntax.self) {
            let elements = Array(sequence)
            if let index = elements.firstIndex(where: { $0.id == covering.id }) {
                let assignment = elements[..<index].lastIndex { $0.is(AssignmentExprSyntax.self) }
                let start = assignment.map { $0 + 1 } ?? 0
                let shortCircuit = elements[start..<index].first { element in
                    guard let op = element.as(BinaryOperatorExprSyntax.self)?.operator.text else { return false }
                    return op == "??" || op == "&&" || op == "||"
                }
                if let shortCircuit, let op = shortCircuit.as(BinaryOperatorExprSyntax.self)?.operator.text {
                    reason = "right of `\(op)`, in an autoclosure that cannot await: move it to a `let` before the statement"
                }
                if start < elements.count {
                    let first = elements[start]
                    if first.id != covering.id {
                        // Already awaited there (`x = await a + f()`)?
                        if first.is(AwaitExprSyntax.self) || first.as(TryExprSyntax.self)?.expression.is(AwaitExprSyntax.self) == true { isAwaited = true }
                        awaitOffset = first.positionAfterSkippingLeadingTrivia.utf8Offset
                        if let tried = first.as(TryExprSyntax.self) { awaitOffset = tried.expression.positionAfterSkippingLeadingTrivia.utf8Offset }
                    }
                }
                covering = assignment == nil ? Syntax(whole) : covering
            }
        }
        let covered = awaitOffset..<covering.endPositionBeforeTrailingTrivia.utf8Offset
        // Up to the declaration that must be async, through what cannot await.
        var hoist: HoistPoint?
        var hoistType: String?
        var binding: HoistedBinding?
        var inPropertyClosure = false
        var current = covering
        var boundary: Boundary?
        // The closures around the use that something else runs (a stub's, `queue.async`'s), outermost last: a use
        // that reads nothing of theirs nor any variable moves before the statement they are written in.
        var escaping: [ClosureExprSyntax] = []
        while let parent = current.parent, boundary == nil {
            defer { current = parent }
            if let argument = parent.as(LabeledExprSyntax.self), let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self),
                let callee = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
                assertionPrefixes.contains(where: { callee.hasPrefix($0) }), hoist == nil, !isAwaited
            {
                hoist = hoistPoint(from: Syntax(call))
                if hoist == nil { reason = reason ?? "in `\(callee)`'s autoclosure, which cannot await" }
                continue
            }
            if let closure = parent.as(ClosureExprSyntax.self) {
                if transactionParameter(closure) != nil {
                    // A store transaction's body, `async` in 2.x: awaited where it is.
                    boundary = .asyncClosure
                    continue
                }
                if let call = closure.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == closure.id,
                    let initializer = call.parent?.as(InitializerClauseSyntax.self), let binding = initializer.parent?.as(PatternBindingSyntax.self),
                    let property = storedProperty(binding)
                {
                    boundary = .property(property)
                    inPropertyClosure = true
                } else if let (call, name) = closureMethodCall(closure) {
                    // Awaited in the closure; the method's call becomes the site, awaited where it is.
                    var outer = site(Syntax(call), use: .call(name: name == "Result" ? name : twinName(of: name), labels: [], base: nil, implicit: false))
                    outer.method = nil
                    var inner = Site(
                        use: use, range: node.trimmedRange, awaitOffset: awaitOffset, covered: covered, isAwaited: isAwaited,
                        boundary: outer.boundary, hoist: nil, isTried: isTried)
                    if let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
                        inner.method = ClosureMethod(name: name, range: member.declName.trimmedRange)
                    } else if name == "Result" {
                        // Not renamed: the `async` initializer is an overload.
                        inner.method = ClosureMethod(name: name, range: call.calledExpression.trimmedRange)
                    }
                    inner.outer = [outer]
                    if let reason {
                        return Site(
                            use: use, range: node.trimmedRange, awaitOffset: awaitOffset, covered: covered, isAwaited: isAwaited,
                            boundary: .none(reason: reason), hoist: nil, isTried: isTried)
                    }
                    return inner
                } else if hoist == nil, reason == nil, !isAwaited, let type = standsAlone(node) {
                    escaping.append(closure)
                    hoistType = type.isEmpty ? nil : type
                } else if hoist == nil, reason == nil, !isAwaited, escaping.isEmpty, isQueueAsync(closure),
                    var point = hoistPoint(from: Syntax(closure), inClosure: true)
                {
                    // `queue.async { … }` in a synchronous function (a 1.x transport's `send`) or a closure (a fake
                    // client's stub): what it awaits is awaited first in a `Task` the statement then runs in, on its
                    // queue as before.
                    point.inTask = true
                    hoist = point
                    boundary = .asyncClosure
                } else {
                    boundary = .none(reason: closureReason(closure))
                }
                continue
            }
            if parent.is(FunctionDeclSyntax.self) || parent.is(InitializerDeclSyntax.self), let callable = callable(parent) {
                if let outermost = escaping.last {
                    guard let point = hoistPoint(from: Syntax(outermost)) else {
                        boundary = .none(reason: closureReason(escaping[0]))
                        continue
                    }
                    hoist = point
                    binding = hoistedBinding(covering, in: escaping)
                }
                boundary = .callable(callable)
                continue
            }
            if parent.is(AccessorBlockSyntax.self) || parent.is(AccessorDeclSyntax.self) {
                boundary = .none(reason: "in a computed property's getter: make it `get async` by hand (its readers then `await` it)")
                continue
            }
            if let binding = parent.as(PatternBindingSyntax.self), binding.initializer?.value.id == current.as(InitializerClauseSyntax.self)?.value.id
                || binding.initializer.map({ $0.id == current.id }) == true
            {
                // `async let x = …`: awaited where `x` is read.
                if binding.parent?.parent?.as(VariableDeclSyntax.self)?.modifiers.contains(where: { $0.name.text == "async" }) == true {
                    isAwaited = true
                }
                if let property = storedProperty(binding) {
                    boundary = .property(property)
                } else {
                    // A local `let` inside a function: keep climbing to the function.
                    continue
                }
                continue
            }
            if parent.is(SourceFileSyntax.self) {
                boundary = .none(reason: "in top-level code, which cannot await")
            }
        }
        if let reason, hoist == nil || reason.hasPrefix("right of") {
            return Site(
                use: use, range: node.trimmedRange, awaitOffset: awaitOffset, covered: covered, isAwaited: isAwaited,
                boundary: .none(reason: reason), hoist: nil, isTried: isTried)
        }
        if boundary == nil || !escaping.isEmpty && hoist == nil, let innermost = escaping.first {
            boundary = .none(reason: closureReason(innermost))
        }
        var site = Site(
            use: use, range: node.trimmedRange, awaitOffset: awaitOffset, covered: covered, isAwaited: isAwaited,
            boundary: boundary ?? .none(reason: "outside any function"), hoist: hoist, isTried: isTried)
        site.inPropertyClosure = inPropertyClosure
        site.hoistType = hoist == nil ? nil : hoistType
        site.binding = hoist == nil ? nil : binding
        return site
    }

    /// `let name = <use>` (one binding, no type written) as a statement of one of `closures`.
    static func hoistedBinding(_ use: Syntax, in closures: [ClosureExprSyntax]) -> HoistedBinding? {
        guard let outermost = closures.last, let initializer = use.parent?.as(InitializerClauseSyntax.self),
            let binding = initializer.parent?.as(PatternBindingSyntax.self), binding.typeAnnotation == nil,
            let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
            let list = binding.parent?.as(PatternBindingListSyntax.self), list.count == 1,
            let variable = list.parent?.as(VariableDeclSyntax.self), variable.bindingSpecifier.tokenKind == .keyword(.let),
            variable.attributes.isEmpty, variable.modifiers.isEmpty,
            let item = variable.parent?.as(CodeBlockItemSyntax.self),
            let closure = item.parent?.parent?.as(ClosureExprSyntax.self), closures.contains(where: { $0.id == closure.id })
        else { return nil }
        return HoistedBinding(name: name, statement: item.trimmedRange, closure: outermost.trimmedRange)
    }

    /// Whether a use in a closure something else runs can be made once, before the statement that closure is
    /// written in: it reads no variable (its closure's parameters, a local, `self`'s properties, a mock a test
    /// changes later), only types and literals (`X.Data.from(Mock<Query>(dogs: [Mock<Dog>(id: "1")]))`,
    /// `X.Data.fixture(name: "Rex")`). Its type when the use is an implicit member (`.from(…)`) that the context
    /// types (`GraphQLResponse<X>(data: .from(…))`), "" when it names its own; nil when it cannot move.
    static func standsAlone(_ node: Syntax) -> String? {
        final class Reads: SyntaxVisitor {
            var variable = false
            override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
                // A function called by its name (`makeDogData(…)`) is no variable.
                let isCalled = node.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id == node.id
                if node.baseName.text.first?.isUppercase != true, !isCalled { variable = true }
                return .skipChildren
            }
            override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
                // The member's name is no read; its base is.
                if let base = node.base { walk(base) }
                return .skipChildren
            }
            override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
                variable = true
                return .skipChildren
            }
        }
        // The use's whole call: `X.Data.from(…)`, with its arguments.
        var whole = node
        while let parent = whole.parent, parent.is(MemberAccessExprSyntax.self) || parent.as(FunctionCallExprSyntax.self)?.calledExpression.id == whole.id {
            whole = parent
            if parent.is(FunctionCallExprSyntax.self) { break }
        }
        let reads = Reads(viewMode: .sourceAccurate)
        reads.walk(whole)
        guard !reads.variable else { return nil }
        guard let member = node.as(MemberAccessExprSyntax.self) ?? node.as(FunctionCallExprSyntax.self)?.calledExpression.as(MemberAccessExprSyntax.self),
            member.base == nil
        else { return "" }
        // `.from(…)` as `data:` of `GraphQLResponse<X>(…)` (2.x, or as the migration writes 1.x's) or of
        // `GraphQLResult<X.Data>(…)`.
        guard let argument = whole.parent?.as(LabeledExprSyntax.self), argument.label?.text == "data",
            let call = argument.parent?.parent?.as(FunctionCallExprSyntax.self),
            let specialized = call.calledExpression.as(GenericSpecializationExprSyntax.self),
            let name = specialized.expression.as(DeclReferenceExprSyntax.self)?.baseName.text,
            specialized.genericArgumentClause.arguments.count == 1,
            let type = specialized.genericArgumentClause.arguments.first?.argument.trimmedDescription
        else { return nil }
        switch name {
        case "GraphQLResponse": return type + ".Data"
        case "GraphQLResult": return type
        default: return nil
        }
    }

    static func callable(_ node: Syntax) -> Callable? {
        let owner = enclosingType(of: node).flatMap { typeDeclaration($0) }
        if let function = node.as(FunctionDeclSyntax.self) {
            let name = function.name.text
            let parameters = function.signature.parameterClause.parameters
            let isOverride = function.modifiers.contains { $0.name.tokenKind == .keyword(.override) }
            var kind = Callable.Kind.function
            if isOverride, parameters.isEmpty, owner.map({ isTestCase($0.inheritance) }) == true {
                if name == "setUp" || name == "setUpWithError" { kind = .setUp }
                if name == "tearDown" || name == "tearDownWithError" { kind = .tearDown }
            }
            let effects = function.signature.effectSpecifiers
            var superCalls: [Range<Int>] = []
            if kind != .function, let body = function.body {
                let visitor = SuperCallVisitor(names: kind == .setUp ? ["setUp", "setUpWithError"] : ["tearDown", "tearDownWithError"])
                visitor.walk(body)
                superCalls = visitor.found
            }
            return Callable(
                kind: kind, name: name, labels: parameters.map { $0.firstName.tokenKind == .wildcard ? nil : $0.firstName.text },
                isAsync: effects?.asyncSpecifier != nil, isThrowing: effects?.throwsClause != nil,
                isStatic: function.modifiers.contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) },
                owner: owner?.name, range: function.trimmedRange,
                effectsOffset: function.signature.parameterClause.endPositionBeforeTrailingTrivia.utf8Offset,
                effects: effects?.throwsClause?.trimmedRange, nameRange: function.name.trimmedRange, body: function.body?.trimmedRange,
                superCalls: superCalls, returnType: function.signature.returnClause?.type.trimmedDescription)
        }
        if let initializer = node.as(InitializerDeclSyntax.self) {
            let effects = initializer.signature.effectSpecifiers
            return Callable(
                kind: .initializer, name: "init",
                labels: initializer.signature.parameterClause.parameters.map { $0.firstName.tokenKind == .wildcard ? nil : $0.firstName.text },
                isAsync: effects?.asyncSpecifier != nil, isThrowing: effects?.throwsClause != nil, isStatic: false, owner: owner?.name,
                range: initializer.trimmedRange,
                effectsOffset: initializer.signature.parameterClause.endPositionBeforeTrailingTrivia.utf8Offset,
                effects: effects?.throwsClause?.trimmedRange, nameRange: initializer.initKeyword.trimmedRange,
                body: initializer.body?.trimmedRange, superCalls: [], returnType: nil)
        }
        return nil
    }

    /// A store transaction's reads and writes: synchronous in 1.x, `async` in 2.x (`ApolloStore.ReadTransaction`,
    /// `ReadWriteTransaction`).
    public static let transactionMethods: Set<String> = ["read", "readObject", "update", "updateObject", "write", "removeObject", "removeObjects"]

    /// The name of the transaction a store transaction's body takes (`withinReadTransaction { transaction in … }`).
    static func transactionParameter(_ closure: ClosureExprSyntax) -> String? {
        var node = Syntax(closure)
        if let argument = node.parent?.as(LabeledExprSyntax.self), argument.label == nil { node = Syntax(argument) }
        guard let call = node.parent?.as(FunctionCallExprSyntax.self) ?? node.parent?.parent?.as(FunctionCallExprSyntax.self),
            let name = call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text,
            name == "withinReadTransaction" || name == "withinReadWriteTransaction"
        else { return nil }
        if let shorthand = closure.signature?.parameterClause?.as(ClosureShorthandParameterListSyntax.self), shorthand.count == 1 {
            return shorthand.first?.name.text
        }
        if let list = closure.signature?.parameterClause?.as(ClosureParameterClauseSyntax.self), list.parameters.count == 1 {
            return list.parameters.first?.firstName.text
        }
        return closure.signature == nil ? "$0" : nil
    }

    /// `queue.async { … }` (Dispatch's, without arguments): a closure run later on a queue, which cannot await.
    static func isQueueAsync(_ closure: ClosureExprSyntax) -> Bool {
        guard let call = closure.parent?.as(FunctionCallExprSyntax.self), call.trailingClosure?.id == closure.id, call.arguments.isEmpty,
            call.additionalTrailingClosures.isEmpty, let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.base != nil
        else { return false }
        return member.declName.baseName.text == "async" && call.parent?.is(CodeBlockItemSyntax.self) == true
    }

    /// `xs.map { … }`, `xs.map({ … })`: the call of a method of `closureMethods` whose only closure this is; and
    /// `Result { … }` (`Result(catching:)`), whose closure awaits once the file declares `Result`'s `async` initializer
    /// (`asyncResultInitializer`): its name is `Result`.
    static func closureMethodCall(_ closure: ClosureExprSyntax) -> (FunctionCallExprSyntax, String)? {
        if let call = closure.parent?.as(FunctionCallExprSyntax.self), call.trailingClosure?.id == closure.id, call.arguments.isEmpty,
            call.additionalTrailingClosures.isEmpty, call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "Result"
        {
            return (call, "Result")
        }
        let call: FunctionCallExprSyntax?
        if let trailing = closure.parent?.as(FunctionCallExprSyntax.self), trailing.trailingClosure?.id == closure.id {
            call = trailing.arguments.isEmpty ? trailing : nil
        } else if let argument = closure.parent?.as(LabeledExprSyntax.self), argument.label == nil,
            let list = argument.parent?.as(LabeledExprListSyntax.self), list.count == 1
        {
            call = list.parent?.as(FunctionCallExprSyntax.self)
        } else {
            call = nil
        }
        guard let call, call.trailingClosure == nil || call.arguments.isEmpty, call.additionalTrailingClosures.isEmpty,
            let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.base != nil,
            closureMethods.contains(member.declName.baseName.text)
        else { return nil }
        return (call, member.declName.baseName.text)
    }

    /// The name of `method`'s `async` twin: `asyncMap` for `map`.
    public static func twinName(of method: some StringProtocol) -> String {
        "async" + method.prefix(1).uppercased() + method.dropFirst()
    }

    /// `Result { … }` whose closure awaits: an `async` overload of `Result(catching:)`, declared once in a file that
    /// needs it (`marker` tells it is there).
    public static let asyncResultMarker = "init(catching body: () async throws -> Success) async"

    public static func asyncResultInitializer(indentation step: String = "    ") -> String {
        [
            "", "// Written by `mockls migrate --to 2`: `Result { … }` whose closure awaits.",
            "fileprivate extension Result where Failure == any Error {",
            "\(step)\(asyncResultMarker) {",
            "\(step)\(step)do { self = .success(try await body()) } catch { self = .failure(error) }",
            "\(step)}", "}", "",
        ].joined(separator: "\n")
    }

    /// The `fileprivate` `async` twins of `closureMethods` a file needs: `asyncMap` for `map`, and so on.
    public static func asyncTwins(_ methods: Set<String>, indentation step: String = "    ") -> String {
        var lines = ["", "// Written by `mockls migrate --to 2`: sequence methods whose closure awaits (Apollo iOS 2's `from(_:)` is `async`).", "fileprivate extension Sequence {"]
        let bodies: [String: [String]] = [
            "map": ["func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {",
                    "\(step)var result: [T] = []", "\(step)for element in self { result.append(try await transform(element)) }", "\(step)return result", "}"],
            "compactMap": ["func asyncCompactMap<T>(_ transform: (Element) async throws -> T?) async rethrows -> [T] {",
                           "\(step)var result: [T] = []", "\(step)for element in self { if let value = try await transform(element) { result.append(value) } }",
                           "\(step)return result", "}"],
            "flatMap": ["func asyncFlatMap<S: Sequence>(_ transform: (Element) async throws -> S) async rethrows -> [S.Element] {",
                        "\(step)var result: [S.Element] = []", "\(step)for element in self { result.append(contentsOf: try await transform(element)) }",
                        "\(step)return result", "}"],
            "filter": ["func asyncFilter(_ isIncluded: (Element) async throws -> Bool) async rethrows -> [Element] {",
                       "\(step)var result: [Element] = []", "\(step)for element in self where try await isIncluded(element) { result.append(element) }",
                       "\(step)return result", "}"],
            "forEach": ["func asyncForEach(_ body: (Element) async throws -> Void) async rethrows {",
                        "\(step)for element in self { try await body(element) }", "}"],
        ]
        for method in ["map", "compactMap", "flatMap", "filter", "forEach"] where methods.contains(method) {
            lines += (bodies[method] ?? []).map { step + $0 }
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    /// A sequence's methods that take a closure, besides `closureMethods` (which get `async` twins).
    static let sequenceMethods: Set<String> = [
        "sorted", "sort", "reduce", "first", "last", "contains", "allSatisfy", "min", "max", "drop", "prefix", "firstIndex",
        "lastIndex", "partition", "removeAll", "split", "elementsEqual", "lexicographicallyPrecedes", "starts",
    ]

    /// Why a site in this closure cannot await: the method that runs it is synchronous.
    static func closureReason(_ closure: ClosureExprSyntax) -> String {
        var node = Syntax(closure)
        if let argument = node.parent?.as(LabeledExprSyntax.self) { node = Syntax(argument) }
        let call = node.parent?.as(FunctionCallExprSyntax.self) ?? node.parent?.parent?.as(FunctionCallExprSyntax.self)
        if let call {
            let name = call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
                ?? call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
            if call.calledExpression.id == closure.id {
                return "in a closure called where it is written (`{ … }()`): make it a function or `await` it by hand"
            }
            if let name, sequenceMethods.contains(name) {
                return "in a closure `\(name)` runs, which cannot await: rewrite it as a loop (`for`) or with `async let`"
            }
            if let name {
                return "in a closure `\(name)` runs, which cannot await: build what it awaits before the statement (`let x = await …`, from what the closure is given) and use that in the closure"
            }
        }
        return "in a closure, which cannot await unless whatever runs it is async"
    }

    /// The statement the assertion is in, where a `let` can go before it.
    /// `inClosure`: the statement may be in a closure's body (a `Task` can wrap it there, a `let` that awaits cannot
    /// precede it).
    static func hoistPoint(from node: Syntax, inClosure: Bool = false) -> HoistPoint? {
        var current = node
        while let parent = current.parent {
            if let item = parent.as(CodeBlockItemSyntax.self) {
                guard let function = item.parent?.parent?.parent else { return nil }
                let inClosureBody = inClosure && item.parent?.parent?.is(ClosureExprSyntax.self) == true
                guard function.is(FunctionDeclSyntax.self) || function.is(InitializerDeclSyntax.self) || item.parent?.parent?.is(CodeBlockSyntax.self) == true
                    || inClosureBody
                else { return nil }
                var scope = Syntax(item)
                while let up = scope.parent, !(up.is(FunctionDeclSyntax.self) || up.is(InitializerDeclSyntax.self) || up.is(ClosureExprSyntax.self)) {
                    scope = up
                }
                if scope.parent?.is(ClosureExprSyntax.self) == true, !inClosure { return nil }
                let offset = item.positionAfterSkippingLeadingTrivia.utf8Offset
                let trivia = item.leadingTrivia.description
                let indentation = String(trivia.split(separator: "\n", omittingEmptySubsequences: false).last ?? "")
                var point = HoistPoint(offset: offset, indentation: indentation, scope: (scope.parent ?? scope).trimmedRange)
                point.end = item.endPositionBeforeTrailingTrivia.utf8Offset
                return point
            }
            if parent.is(ClosureExprSyntax.self) { return nil }
            current = parent
        }
        return nil
    }

    /// A property of a type or of the file whose initializer a site is in; nil for a local binding.
    static func storedProperty(_ binding: PatternBindingSyntax) -> StoredProperty? {
        guard let list = binding.parent?.as(PatternBindingListSyntax.self), let variable = list.parent?.as(VariableDeclSyntax.self),
            let initializer = binding.initializer, let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        else { return nil }
        let container = variable.parent?.parent?.parent  // MemberBlockItem → MemberBlockItemList → MemberBlock
        let isStatic = variable.modifiers.contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }
        let indentation = String(variable.leadingTrivia.description.split(separator: "\n", omittingEmptySubsequences: false).last ?? "")
        var place = StoredProperty.Place.other
        var owner: String?
        if variable.parent?.is(CodeBlockItemSyntax.self) == true {
            // File scope (a global), or a local `let` (inside a code block of a function).
            guard variable.parent?.parent?.parent?.is(SourceFileSyntax.self) == true else { return nil }
            place = .staticOrGlobal
        } else if let memberBlock = container?.as(MemberBlockSyntax.self), let type = memberBlock.parent, let declaration = typeDeclaration(type) {
            owner = declaration.name
            if isStatic {
                place = .staticOrGlobal
            } else if isTestCase(declaration.inheritance) {
                place = .testCase
            } else if isSuite(declaration) {
                place = .suite
            }
        } else {
            return nil
        }
        return StoredProperty(
            place: place, name: name, type: binding.typeAnnotation?.type.trimmedDescription, owner: owner,
            declaration: variable.trimmedRange, initializer: initializer.value.trimmedRange, indentation: indentation,

            modifiers: (variable.attributes.map(\.trimmedDescription) + variable.modifiers.filter { $0.name.tokenKind != .keyword(.lazy) }.map(\.trimmedDescription))
                .map { $0 + " " }.joined(),
            isLet: variable.bindingSpecifier.tokenKind == .keyword(.let))
    }
}

extension SyntaxProtocol {
    var trimmedRange: Range<Int> { positionAfterSkippingLeadingTrivia.utf8Offset..<endPositionBeforeTrailingTrivia.utf8Offset }
}
