import SwiftSyntax

/// The stored and computed properties a file declares on its own types, with their declared types: what a value of
/// such a type holds (`state.items` where the file declares `struct State { var items: [StoreQuery.Data.Store.Item] }`,
/// the state of a Composable Architecture reducer, a view model's properties).
extension SwiftFile {
    /// What the property `name` of the file's type `typeName` (the last component: `State` of `ShopLogic.State`) is
    /// declared to hold, read as a type annotation is; nil when the file declares no such property, or several types
    /// of that name declare it with different types.
    public func declaredProperty(_ name: String, ofType typeName: String) -> WrittenExpression? {
        var found: WrittenExpression?
        var pending: [Syntax] = [Syntax(tree)]
        while let node = pending.popLast() {
            if let members = Self.members(of: node, named: typeName) {
                for member in members {
                    guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
                    for binding in variable.bindings where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                        // Its annotation, else the type it is initialized with (`var content = Content()`).
                        let declared = binding.typeAnnotation.map { Self.annotated($0.type) }
                            ?? binding.initializer.map { Self.constructedType($0.value) }
                        guard let declared, let declared else { return nil }
                        if let found, found != declared { return nil }
                        found = declared
                    }
                }
            }
            if node.is(CodeBlockSyntax.self) || node.is(ExprSyntax.self) || node.is(AccessorBlockSyntax.self) { continue }
            pending += node.children(viewMode: .sourceAccurate)
        }
        return found
    }

    /// `Content()`, `Feature.State(…)`: the type an initializer call builds, read as an annotation of that type is.
    private static func constructedType(_ expression: ExprSyntax) -> WrittenExpression? {
        guard let call = expression.as(FunctionCallExprSyntax.self) else { return nil }
        // `[LaunchListQuery.Data.Launches.Launch]()`: an empty list of them.
        if let array = call.calledExpression.as(ArrayExprSyntax.self), array.elements.count == 1, let only = array.elements.first,
            let path = WrittenExpression.typePath(only.expression), path.last?.first?.isUppercase == true
        {
            return .list(.selectionSet(path: path))
        }
        guard let path = WrittenExpression.typePath(call.calledExpression), path.last?.first?.isUppercase == true else { return nil }
        return .selectionSet(path: path)
    }

    /// The members of `node` when it declares (or extends) the type `name`.
    private static func members(of node: Syntax, named name: String) -> MemberBlockItemListSyntax? {
        if let type = node.as(StructDeclSyntax.self), type.name.text == name { return type.memberBlock.members }
        if let type = node.as(ClassDeclSyntax.self), type.name.text == name { return type.memberBlock.members }
        if let type = node.as(ActorDeclSyntax.self), type.name.text == name { return type.memberBlock.members }
        if let type = node.as(ExtensionDeclSyntax.self), type.extendedType.trimmedDescription.split(separator: ".").last.map(String.init) == name {
            return type.memberBlock.members
        }
        return nil
    }
}
