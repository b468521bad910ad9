import GraphQLIndex

/// Hover and definition in the GraphQL documents of a project.
public enum GraphQLNavigation {
    /// The GraphQL signature, description and deprecation of the name at `offset`; for a field of an operation or
    /// fragment, also the Swift property and type Apollo generates for it.
    public static func hover(at offset: Int, in source: [UInt8], path: String, project: ProjectIndex) -> Hover? {
        guard let (symbol, range) = GraphQLSymbol.at(offset, in: source, path: path, project: project) else { return nil }
        var parts: [String]
        switch symbol {
        case .field(let type, let field, let cursor):
            let arguments = field.arguments.isEmpty ? "" : "(" + field.arguments.map { "\($0.name): \($0.type)" }.joined(separator: ", ") + ")"
            parts = ["```graphql\n\(type).\(field.name)\(arguments): \(field.type)\n```"]
            if let description = field.description?.value { parts.append(description) }
            if let reason = field.deprecationReason { parts.append("Deprecated: \(reason)") }
            if let cursor, let generated = generatedField(field, responseKey: responseKey(at: offset, in: source, field: field.name), cursor: cursor, project: project) {
                parts.append("Apollo iOS: `\(generated.path).\(generated.field.property): \(generated.field.type)`")
            }
        case .argument(let type, let field, let argument):
            parts = ["```graphql\n\(argument.name): \(argument.type)\(argument.defaultValue.map { " = \($0.graphQLText)" } ?? "")\n```",
                     "An argument of `\(type).\(field.name)`."]
            if let description = argument.description?.value { parts.append(description) }
        case .inputField(let type, let field):
            parts = ["```graphql\n\(type).\(field.name): \(field.type)\(field.defaultValue.map { " = \($0.graphQLText)" } ?? "")\n```"]
            if let description = field.description?.value { parts.append(description) }
        case .type(let type):
            parts = ["```graphql\n\(type.kind.rawValue) \(type.name)\(type.interfaces.isEmpty ? "" : " implements " + type.interfaces.joined(separator: " & "))\n```"]
            if let description = type.description?.value { parts.append(description) }
            if type.isAbstract { parts.append("Possible types: " + project.schema.possibleTypes(of: type.name).map { "`\($0)`" }.joined(separator: ", ")) }
        case .enumValue(let type, let value):
            parts = ["```graphql\n\(type).\(value.name)\n```"]
            if let description = value.description?.value { parts.append(description) }
            if let reason = value.deprecationReason { parts.append("Deprecated: \(reason)") }
        case .directive(let directive):
            let arguments = directive.arguments.isEmpty ? "" : "(" + directive.arguments.map { "\($0.name): \($0.type)" }.joined(separator: ", ") + ")"
            parts = ["```graphql\n@\(directive.name)\(arguments)\n```", directive.documentation]
        case .fragment(let fragment, _):
            parts = ["```graphql\nfragment \(fragment.name.value) on \(fragment.typeCondition.value)\n```",
                     "Apollo iOS: `\(fragment.name.value)`, read from a model as `.fragments.\(SwiftNames.firstLowercased(fragment.name.value))`."]
        case .variable(let name, let type, _):
            parts = ["```graphql\n$\(name)\(type.map { ": \($0)" } ?? "")\n```"]
        }
        return Hover(contents: parts.joined(separator: "\n\n"), range: range)
    }

    /// Where the name at `offset` is defined: a field, argument or input field in the schema (the field, for an
    /// argument), a type, an enum value, a fragment, a variable's definition in the operation.
    public static func definition(at offset: Int, in source: [UInt8], path: String, project: ProjectIndex) -> SourceLocation? {
        guard let (symbol, _) = GraphQLSymbol.at(offset, in: source, path: path, project: project) else { return nil }
        switch symbol {
        case .field(_, let field, _): return field.location
        case .argument(_, let field, let argument): return argument.location ?? field.location
        case .inputField(let type, let field): return field.location ?? project.schema[type]?.location
        case .type(let type): return type.location
        case .enumValue(_, let value): return value.location
        case .directive: return nil
        case .fragment(let fragment, let document): return SourceLocation(document: document, range: fragment.name.range)
        case .variable(_, _, let definition): return definition.map { SourceLocation(document: path, range: $0) }
        }
    }

    /// The response key of the field whose name or alias is at `offset`.
    private static func responseKey(at offset: Int, in source: [UInt8], field: String) -> String {
        let tokens = GraphQLCursor.tokens(source)
        guard let index = tokens.firstIndex(where: { $0.range.contains(offset) || $0.end == offset }) else { return field }
        if index + 1 < tokens.count, tokens[index + 1].kind == .colon { return String(decoding: source[tokens[index].range], as: UTF8.self) }
        if index >= 2, tokens[index - 1].kind == .colon, tokens[index - 2].kind == .name {
            return String(decoding: source[tokens[index - 2].range], as: UTF8.self)
        }
        return field
    }

    /// The generated selection set holding the field at the cursor, walked from the definition's root through the
    /// fields and inline fragments the cursor is nested in.
    private static func generatedField(
        _ field: SchemaField, responseKey: String, cursor: GraphQLCursor, project: ProjectIndex
    ) -> (path: String, field: GeneratedSelectionSet.Field)? {
        guard let definition = cursor.definition else { return nil }
        // The definition as the project parsed it, for Apollo's name of it.
        let definitions = project.documents.values.filter { $0.role == .executable }.map(\.effective)
        let path: String?
        if definition.kind == "fragment" {
            path = definitions.lazy.flatMap(\.fragments).first { $0.name.value == definition.name }?.apolloStructName(project.format.typeNameCapitalizer)
        } else {
            path = definitions.lazy.flatMap(\.operations).first { $0.name?.value == definition.name }.map { $0.apolloClassName(project.format.typeNameCapitalizer) + ".Data" }
        }
        guard let path, var selectionSet = project.selectionSet(path) else { return nil }
        for step in cursor.selectionPath {
            if step.hasPrefix("on ") {
                let type = String(step.dropFirst(3))
                guard let accessor = selectionSet.inlineFragments.first(where: { $0.accessor == "as" + type }),
                    let next = project.selectionSet(accessor.path)
                else { return nil }
                selectionSet = next
            } else {
                guard let nested = selectionSet.field(step)?.selectionSet, let next = project.selectionSet(nested) else { return nil }
                selectionSet = next
            }
        }
        return selectionSet.field(responseKey).map { (selectionSet.path, $0) }
    }
}
