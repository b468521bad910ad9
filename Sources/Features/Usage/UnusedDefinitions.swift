import GraphQLIndex

/// `unused-operation` and `unused-fragment`: operations and fragments whose generated type no Swift code names.
///
/// Conservative by construction. A name counts wherever a Swift file spells it (code, comment or string), in app code
/// or in tests; a fragment that some operation or fragment spreads is used. Nothing is said when no app file (a
/// Swift file that is not a test) names any of the project's types: the app's code is then not in the workspace (a
/// checkout of the tests alone, a shared GraphQL package), and "unused" would be a guess.
public enum UnusedDefinitions {
    /// The hints, by document path. `isNamed`: whether some Swift file spells a name; `isNamedInApp`: whether some
    /// app file does.
    public static func diagnostics(
        of types: [GeneratedDefinitionType], spread: Set<String>, isNamed: (String) -> Bool, isNamedInApp: (String) -> Bool
    ) -> [String: [Diagnostic]] {
        guard types.contains(where: { isNamedInApp($0.typeName) }) else { return [:] }
        var found: [String: [Diagnostic]] = [:]
        for type in types where !isNamed(type.typeName) {
            switch type.kind {
            case .operation:
                found[type.document, default: []].append(Diagnostic(
                    severity: .hint, code: .unusedOperation,
                    message: "no Swift file of the workspace names \(type.typeName), the type Apollo iOS generates for "
                        + "\(type.name.value): the operation looks unused",
                    range: type.name.range))
            case .fragment:
                guard !spread.contains(type.name.value) else { continue }
                found[type.document, default: []].append(Diagnostic(
                    severity: .hint, code: .unusedFragment,
                    message: "no operation or fragment spreads \(type.name.value), and no Swift file of the workspace names "
                        + "\(type.typeName): the fragment looks unused",
                    range: type.name.range))
            }
        }
        return found
    }
}
