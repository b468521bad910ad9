import Synchronization
import SwiftSyntax

/// The stored and computed properties a file declares on its own types, with their declared types: what a value of
/// such a type holds (`state.items` where the file declares `struct State { var items: [StoreQuery.Data.Store.Item] }`,
/// the state of a Composable Architecture reducer, a view model's properties).
extension SwiftFile {
    /// What the property `name` of the file's type `typeName` (the last component: `State` of `ShopLogic.State`) is
    /// declared to hold, read as a type annotation is; nil when the file declares no such property, or several types
    /// of that name declare it with different types.
    public func declaredProperty(_ name: String, ofType typeName: String) -> WrittenExpression? {
        guard case .known(let declared)? = declaredProperties[typeName]?[name] else { return nil }
        return declared
    }

    /// Every property of every type the file declares or extends, by type (the last component) and name: read in one
    /// walk, on the first question (a file asks for each read of a value of its own types).
    private var declaredProperties: [String: [String: DeclaredPropertyTable.Declared]] {
        declaredPropertiesTable.table.withLock { table in
            if let table { return table }
            let made = Self.properties(in: tree)
            table = made
            return made
        }
    }

    private static func properties(in tree: SourceFileSyntax) -> [String: [String: DeclaredPropertyTable.Declared]] {
        var table: [String: [String: DeclaredPropertyTable.Declared]] = [:]
        var pending: [Syntax] = [Syntax(tree)]
        while let node = pending.popLast() {
            if let (typeName, members) = typeMembers(of: node) {
                for member in members {
                    guard let variable = member.decl.as(VariableDeclSyntax.self) else { continue }
                    for binding in variable.bindings {
                        guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                        // Its annotation, else the type it is initialized with (`var content = Content()`).
                        let declared = binding.typeAnnotation.map { annotated($0.type) } ?? binding.initializer.map { constructedType($0.value) }
                        let new: DeclaredPropertyTable.Declared = (declared ?? nil).map { .known($0) } ?? .unknown
                        // Several declarations that differ, or one of no known type: not known.
                        let old = table[typeName]?[name]
                        table[typeName, default: [:]][name] = old == nil || old == new ? new : .unknown
                    }
                }
            }
            if node.is(CodeBlockSyntax.self) || node.is(ExprSyntax.self) || node.is(AccessorBlockSyntax.self) { continue }
            pending += node.children(viewMode: .sourceAccurate)
        }
        return table
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

    /// The type `node` declares or extends (the last component) and its members.
    private static func typeMembers(of node: Syntax) -> (String, MemberBlockItemListSyntax)? {
        if let type = node.as(StructDeclSyntax.self) { return (type.name.text, type.memberBlock.members) }
        if let type = node.as(ClassDeclSyntax.self) { return (type.name.text, type.memberBlock.members) }
        if let type = node.as(ActorDeclSyntax.self) { return (type.name.text, type.memberBlock.members) }
        if let type = node.as(ExtensionDeclSyntax.self), let name = type.extendedType.trimmedDescription.split(separator: ".").last {
            return (String(name), type.memberBlock.members)
        }
        return nil
    }
}

/// What `SwiftFile.declaredProperty` reads, kept with the parsed file.
final class DeclaredPropertyTable: Sendable {
    enum Declared: Equatable {
        case known(WrittenExpression)
        case unknown
    }

    let table = Mutex<[String: [String: Declared]]?>(nil)

    init() {}
}
