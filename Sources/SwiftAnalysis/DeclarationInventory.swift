import SwiftParser
import SwiftSyntax

/// The declarations a Swift file makes, each named by where it sits: `Mock where O == Book.placeholder`,
/// `Book.MockFields.title`. A command that regenerates a file compares the old file's inventory with the new one's,
/// so a file is never replaced by one that lost declarations without the user being told which.
public enum DeclarationInventory {
    /// The qualified names of the declarations of `source` (types, functions, initializers, properties, cases,
    /// typealiases), overloads counted once.
    public static func names(in source: String) -> Set<String> {
        let collector = DeclarationCollector()
        collector.walk(Parser.parse(source: source))
        return collector.names
    }

    /// What `old` declares that `new` does not, sorted.
    public static func lost(from old: String, in new: String) -> [String] {
        names(in: old).subtracting(names(in: new)).sorted()
    }
}

private final class DeclarationCollector: SyntaxVisitor {
    var names: Set<String> = []
    private var scope: [String] = []

    init() { super.init(viewMode: .sourceAccurate) }

    private func declare(_ name: String) {
        names.insert((scope + [name]).joined(separator: "."))
    }

    private func enter(_ name: String) -> SyntaxVisitorContinueKind {
        declare(name)
        scope.append(name)
        return .visitChildren
    }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        let extended = node.extendedType.trimmedDescription
        let constraints = node.genericWhereClause.map { " " + $0.trimmedDescription } ?? ""
        scope.append(extended + constraints)
        return .visitChildren
    }
    override func visitPost(_ node: ExtensionDeclSyntax) { scope.removeLast() }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text) }
    override func visitPost(_ node: StructDeclSyntax) { scope.removeLast() }
    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text) }
    override func visitPost(_ node: ClassDeclSyntax) { scope.removeLast() }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text) }
    override func visitPost(_ node: EnumDeclSyntax) { scope.removeLast() }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text) }
    override func visitPost(_ node: ActorDeclSyntax) { scope.removeLast() }
    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name.text) }
    override func visitPost(_ node: ProtocolDeclSyntax) { scope.removeLast() }

    override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
        declare(node.name.text)
        return .skipChildren
    }
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        declare(node.name.text)
        return .skipChildren
    }
    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        declare("init")
        return .skipChildren
    }
    override func visit(_ node: SubscriptDeclSyntax) -> SyntaxVisitorContinueKind {
        declare("subscript")
        return .skipChildren
    }
    override func visit(_ node: EnumCaseElementSyntax) -> SyntaxVisitorContinueKind {
        declare(node.name.text)
        return .skipChildren
    }
    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        for binding in node.bindings {
            for name in binding.pattern.tokens(viewMode: .sourceAccurate) where name.tokenKind.isIdentifier {
                declare(name.text)
            }
        }
        return .skipChildren
    }
}

private extension TokenKind {
    var isIdentifier: Bool {
        if case .identifier = self { return true }
        return false
    }
}
