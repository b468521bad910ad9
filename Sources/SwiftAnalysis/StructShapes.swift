import SwiftSyntax

/// A struct and its memberwise initializer, as the compiler synthesises it: what a `placeholder(…)` factory wraps
/// and what a call must pass (the FactoryProvider case: a new stored property should not break every test).
public struct StructShape: Sendable, Equatable {
    public struct Parameter: Sendable, Equatable {
        public var label: String
        /// As written.
        public var type: String
        /// The property's initial value, which makes the argument optional.
        public var defaultValue: String?
    }

    public var name: String
    /// `Outer.User` for a struct nested in other types.
    public var qualifiedName: String
    public var parameters: [Parameter]
    /// The whole declaration, and the bytes of its name.
    public var range: Range<Int>
    public var nameRange: Range<Int>
    /// The end of the file-level declaration that holds it: where an extension of it can go.
    public var fileLevelEnd: Int
}

extension SwiftFile {
    /// The structs of the file that get a memberwise initializer (no `init` of their own) with every stored
    /// property's type written: the ones mockls can write a factory for.
    public func structShapes() -> [StructShape] {
        let collector = StructCollector(text: lines.bytes)
        collector.walk(tree)
        return collector.shapes
    }
}

private final class StructCollector: SyntaxVisitor {
    let text: [UInt8]
    var shapes: [StructShape] = []

    init(text: [UInt8]) {
        self.text = text
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        if let shape = shape(of: node) { shapes.append(shape) }
        return .visitChildren
    }

    private func source(_ node: some SyntaxProtocol) -> String {
        String(decoding: text[FlowReader.range(node)], as: UTF8.self)
    }

    private func shape(of node: StructDeclSyntax) -> StructShape? {
        // A struct still being written (`struct  {`, a member's type cut short) has no factory to write yet.
        // Nor does one whose declaration the parser could not read, or inside a type whose closing brace is missing
        // (the factory goes after the outermost declaration's end, which is then nowhere in particular).
        guard Self.isTypeName(node.name), !node.hasError else { return nil }
        var parameters: [StructShape.Parameter] = []
        for member in node.memberBlock.members {
            if member.decl.is(InitializerDeclSyntax.self) { return nil }  // no memberwise initializer
            guard let variable = member.decl.as(VariableDeclSyntax.self),
                !variable.modifiers.contains(where: { ["static", "class", "lazy"].contains($0.name.text) })
            else { continue }
            let isLet = variable.bindingSpecifier.tokenKind == .keyword(.let)
            for binding in variable.bindings {
                if let accessors = binding.accessorBlock {
                    // Computed properties are not stored; observed ones (`didSet`) are.
                    guard let list = accessors.accessors.as(AccessorDeclListSyntax.self),
                        list.allSatisfy({ ["willSet", "didSet"].contains($0.accessorSpecifier.text) })
                    else { continue }
                }
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { return nil }
                if isLet, binding.initializer != nil { continue }  // a constant: not a parameter
                guard let type = binding.typeAnnotation?.type ?? inheritedType(variable, binding), !type.hasError,
                    !name.isEmpty, binding.initializer?.value.hasError != true
                else { return nil }
                let typeText = source(type)
                let initial = binding.initializer.map { source($0.value) }
                parameters.append(.init(
                    label: name, type: typeText,
                    defaultValue: initial ?? (!isLet && (type.is(OptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self)) ? "nil" : nil)))
            }
        }
        var names = [node.name.text]
        var outermost = Syntax(node)
        var parent = node.parent
        while let current = parent {
            if let type = current.asProtocol(NamedDeclSyntax.self), current.is(DeclSyntax.self) {
                guard Self.isTypeName(type.name), current.asProtocol(DeclGroupSyntax.self)?.memberBlock.rightBrace.presence != .missing
                else { return nil }
                names.insert(type.name.text, at: 0)
                outermost = current
            }
            parent = current.parent
        }
        return StructShape(
            name: node.name.text, qualifiedName: names.joined(separator: "."), parameters: parameters, range: FlowReader.range(node),
            nameRange: FlowReader.range(node.name), fileLevelEnd: FlowReader.range(outermost).upperBound)
    }

    /// A name an `extension` can be written for: an identifier, present (not an operator's, not one still missing).
    private static func isTypeName(_ token: TokenSyntax) -> Bool {
        guard token.presence == .present, case .identifier = token.tokenKind else { return false }
        return !token.text.isEmpty
    }

    /// `var a, b: Int`: the type written on the last binding applies to the earlier ones.
    private func inheritedType(_ variable: VariableDeclSyntax, _ binding: PatternBindingSyntax) -> TypeSyntax? {
        var found = false
        for candidate in variable.bindings {
            if candidate.id == binding.id { found = true }
            if found, let type = candidate.typeAnnotation?.type { return type }
        }
        return nil
    }
}

/// A call of a struct's initializer: `User(age: 20)`.
public struct StructCall: Sendable, Equatable {
    public var name: String
    public var labels: [String]
    /// Each argument's bytes, in order.
    public var argumentRanges: [Range<Int>]
    /// Between the parentheses.
    public var argumentsRange: Range<Int>
}

extension SwiftFile {
    /// The innermost call of a capitalised name (`User(…)`) around `offset`, with its labels.
    public func structCall(at offset: Int) -> StructCall? {
        guard let token = token(before: max(offset, 1)) else { return nil }
        var node: Syntax? = Syntax(token)
        while let current = node {
            if let call = current.as(FunctionCallExprSyntax.self), let callee = call.calledExpression.as(DeclReferenceExprSyntax.self),
                callee.baseName.text.first?.isUppercase == true, let open = call.leftParen, let close = call.rightParen
            {
                return StructCall(
                    name: callee.baseName.text, labels: call.arguments.map { $0.label?.text ?? "_" },
                    argumentRanges: call.arguments.map { FlowReader.range($0) },
                    argumentsRange: open.endPositionBeforeTrailingTrivia.utf8Offset..<close.positionAfterSkippingLeadingTrivia.utf8Offset)
            }
            node = current.parent
        }
        return nil
    }
}
