import SourceText
import SwiftSyntax

/// An Xcode preview of a Swift file: a `PreviewProvider` (each view of its `Group` a state) or a `#Preview` macro
/// (one state), with what a snapshot test needs to build each state again.
public struct Preview: Sendable, Equatable {
    public enum Kind: Sendable, Equatable { case provider, macro }

    public var kind: Kind
    /// The provider's type name, or the `#Preview`'s title.
    public var name: String?
    /// The whole declaration, where the code action applies.
    public var range: Range<Int>
    /// The views, each as Swift code that builds it (what the preview writes, re-indented to no indentation).
    public var states: [String]
    /// Why a snapshot test cannot build it again; nil when it can.
    public var problem: String?
    /// The `#if` conditions it is written under (`DEBUG`): its tests are, too.
    public var conditions: [String]
}

extension SwiftFile {
    /// The previews of the file, in order. Cheap to ask of files without any: nothing is walked unless the text
    /// mentions `PreviewProvider` or `#Preview`.
    public func previews() -> [Preview] {
        let bytes = lines.bytes
        guard bytes.contains(bytes: "PreviewProvider") || bytes.contains(bytes: "#Preview") else { return [] }
        let collector = PreviewCollector(privateNames: privateNames(), lines: lines)
        collector.walk(tree)
        return collector.previews
    }

    /// The modules the file imports at its top level (`import SwiftUI`, `@testable import App` → `App`).
    public func importedModules() -> [String] {
        tree.statements.compactMap { $0.item.as(ImportDeclSyntax.self)?.path.map(\.name.text).joined(separator: ".") }
    }

    /// Names a test in another file cannot use: types declared `private` or `fileprivate` at any level, and any
    /// such declaration at the top level (members are reached through their type, which decides).
    private func privateNames() -> Set<String> {
        var names: Set<String> = []
        for token in tree.tokens(viewMode: .sourceAccurate) where token.tokenKind == .keyword(.private) || token.tokenKind == .keyword(.fileprivate) {
            guard let modifiers = token.parent?.parent?.as(DeclModifierListSyntax.self), let declaration = modifiers.parent else { continue }
            let isTopLevel = declaration.parent?.is(CodeBlockItemSyntax.self) == true
            if let named = declaration.asProtocol((any NamedDeclSyntax).self),
                isTopLevel || declaration.is(StructDeclSyntax.self) || declaration.is(ClassDeclSyntax.self)
                    || declaration.is(EnumDeclSyntax.self) || declaration.is(ActorDeclSyntax.self) || declaration.is(TypeAliasDeclSyntax.self)
            {
                names.insert(named.name.text)
            }
            if isTopLevel, let variable = declaration.as(VariableDeclSyntax.self) {
                for binding in variable.bindings {
                    if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text { names.insert(name) }
                }
            }
        }
        return names
    }
}

private final class PreviewCollector: SyntaxVisitor {
    let privateNames: Set<String>
    let lines: LineTable
    var previews: [Preview] = []

    init(privateNames: Set<String>, lines: LineTable) {
        self.privateNames = privateNames
        self.lines = lines
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        let inherits = node.inheritanceClause?.inheritedTypes.contains { $0.type.trimmedDescription.hasSuffix("PreviewProvider") } ?? false
        guard inherits else { return .visitChildren }
        var preview = Preview(
            kind: .provider, name: node.name.text, range: range(of: Syntax(node)), states: [], problem: nil,
            conditions: conditions(of: Syntax(node)) ?? [])
        if conditions(of: Syntax(node)) == nil { preview.problem = "it is under `#elseif` or `#else`, which mockls does not reproduce" }
        guard let body = previewsBody(node) else {
            preview.problem = preview.problem ?? "it has no `static var previews` mockls can read"
            previews.append(preview)
            return .skipChildren
        }
        guard body.count == 1, let only = body.first, let expression = only.item.as(ExprSyntax.self) else {
            preview.problem = preview.problem ?? "its `previews` runs statements before the view, which mockls does not copy"
            previews.append(preview)
            return .skipChildren
        }
        // `Group { A(); B() }`: each view a state; any other view, one state.
        var views = [expression]
        if let call = expression.as(FunctionCallExprSyntax.self), call.calledExpression.trimmedDescription == "Group",
            call.arguments.isEmpty, let closure = call.trailingClosure, call.additionalTrailingClosures.isEmpty
        {
            views = []
            for statement in closure.statements {
                guard let view = statement.item.as(ExprSyntax.self) else {
                    preview.problem = "its `Group` declares `\(statement.item.trimmedDescription.prefix(40))`, which mockls does not copy"
                    break
                }
                views.append(view)
            }
        }
        preview.problem = preview.problem ?? views.lazy.compactMap(problem(of:)).first
        preview.states = views.map { reindented(Syntax($0)) }
        previews.append(preview)
        return .skipChildren
    }

    override func visit(_ node: MacroExpansionDeclSyntax) -> SyntaxVisitorContinueKind {
        if node.macroName.text == "Preview" {
            macro(Syntax(node), arguments: node.arguments, closure: node.trailingClosure)
        }
        return .skipChildren
    }

    override func visit(_ node: MacroExpansionExprSyntax) -> SyntaxVisitorContinueKind {
        if node.macroName.text == "Preview" {
            macro(Syntax(node), arguments: node.arguments, closure: node.trailingClosure)
        }
        return .skipChildren
    }

    private func macro(_ node: Syntax, arguments: LabeledExprListSyntax, closure: ClosureExprSyntax?) {
        let title = arguments.first.flatMap { $0.label == nil ? $0.expression.as(StringLiteralExprSyntax.self) : nil }
            .flatMap { literal in
                literal.segments.count == 1 ? literal.segments.first?.as(StringSegmentSyntax.self)?.content.text : nil
            }
            // Its tests' `MARK` lines name it: a line break of any kind in it (a vertical tab, U+2028) is a space there.
            .map { $0.split(whereSeparator: \.isNewline).joined(separator: " ") }
        var preview = Preview(kind: .macro, name: title, range: range(of: node), states: [], problem: nil, conditions: conditions(of: node) ?? [])
        if conditions(of: node) == nil { preview.problem = "it is under `#elseif` or `#else`, which mockls does not reproduce" }
        guard let closure, !closure.statements.isEmpty else {
            preview.problem = "it has no body mockls can read"
            previews.append(preview)
            return
        }
        if preview.problem != nil {
        } else if closure.description.contains("@Previewable") {
            preview.problem = "it keeps state in `@Previewable` variables, which only a `#Preview` can hold"
        }
        let statements = closure.statements
        if statements.count == 1, let view = statements.first?.item.as(ExprSyntax.self) {
            preview.problem = preview.problem ?? problem(of: view)
            preview.states = [reindented(Syntax(view))]
        } else {
            // Declarations before the view: a `Group` holds them as the preview's body does (both are view builders).
            preview.problem = preview.problem ?? statements.lazy.compactMap { self.problem(of: Syntax($0)) }.first
            let body = statements.map { reindented(Syntax($0)) }.joined(separator: "\n")
            preview.states = ["Group {\n" + body.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n") + "\n}"]
        }
        previews.append(preview)
    }

    private func previewsBody(_ node: StructDeclSyntax) -> CodeBlockItemListSyntax? {
        for member in node.memberBlock.members {
            guard let variable = member.decl.as(VariableDeclSyntax.self),
                variable.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) }),
                let binding = variable.bindings.first, binding.pattern.trimmedDescription == "previews",
                let accessors = binding.accessorBlock?.accessors
            else { continue }
            switch accessors {
            case .getter(let statements): return statements
            case .accessors(let list):
                return list.first { $0.accessorSpecifier.tokenKind == .keyword(.get) }?.body?.statements
            }
        }
        return nil
    }

    /// Why a view's code cannot be copied into a test.
    private func problem(of node: some SyntaxProtocol) -> String? {
        for token in node.tokens(viewMode: .sourceAccurate) {
            // A name that refers to something (a type, a value), not a label or a member of something else.
            if case .identifier(let name) = token.tokenKind, privateNames.contains(name), let parent = token.parent,
                parent.is(IdentifierTypeSyntax.self)
                    || (parent.is(DeclReferenceExprSyntax.self) && parent.parent?.as(MemberAccessExprSyntax.self)?.declName.id != parent.id)
            {
                return "it uses `\(name)`, which is private to its file"
            }
            if token.tokenKind == .identifier("onAppear") || token.tokenKind == .identifier("task"),
                token.parent?.parent?.is(MemberAccessExprSyntax.self) == true
            {
                return "it sets its state in `.\(token.text)`, which a snapshot does not wait for"
            }
            if token.tokenKind == .identifier("ForEach") {
                return "its views come from `ForEach`, which mockls cannot tell apart"
            }
        }
        return nil
    }

    /// The `#if` conditions around the node, outermost first; nil under `#elseif` or `#else`.
    private func conditions(of node: Syntax) -> [String]? {
        var conditions: [String] = []
        var current = node.parent
        while let parent = current {
            if let clause = parent.as(IfConfigClauseSyntax.self) {
                guard clause.poundKeyword.tokenKind == .poundIf, let condition = clause.condition else { return nil }
                conditions.insert(Self.oneLine(condition), at: 0)
            }
            current = parent.parent
        }
        return conditions
    }

    /// A condition's tokens on one line, with a space where it had trivia: the comments and line breaks of
    /// `#if A || // why\n B` would break the `#if` line it is copied to (and the lines read back after it).
    static func oneLine(_ node: some SyntaxProtocol) -> String {
        var out = ""
        var spaced = false
        for token in node.tokens(viewMode: .sourceAccurate) {
            if !out.isEmpty, spaced || !token.leadingTrivia.isEmpty { out += " " }
            out += token.text
            spaced = !token.trailingTrivia.isEmpty
        }
        return out
    }

    private func range(of node: Syntax) -> Range<Int> {
        node.positionAfterSkippingLeadingTrivia.utf8Offset..<node.endPositionBeforeTrailingTrivia.utf8Offset
    }

    /// The node's text with the indentation of its first line taken off every line.
    private func reindented(_ node: Syntax) -> String {
        let text = node.trimmedDescription
        let start = node.positionAfterSkippingLeadingTrivia.utf8Offset
        let lineStart = lines.lineStarts[lines.line(containing: start)]
        let indentation = lines.bytes[lineStart..<start].prefix { $0 == 32 || $0 == 9 }.count
        return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { index, line in
            index == 0 ? String(line) : String(line.dropFirst(min(indentation, line.prefix { $0 == " " || $0 == "\t" }.count)))
        }.joined(separator: "\n")
    }
}
