import GraphQLIndex

/// What a name in a GraphQL document stands for, for hover and definition: read with `GraphQLCursor` as if the
/// name were being typed, then looked up in the project.
enum GraphQLSymbol {
    /// `cursor`: where it is selected; nil where the schema declares it.
    case field(type: String, field: SchemaField, cursor: GraphQLCursor?)
    case argument(type: String, field: SchemaField, argument: SchemaArgument)
    case inputField(type: String, field: SchemaArgument)
    case type(NamedType)
    case enumValue(type: String, value: SchemaEnumValue)
    case directive(GraphQLCompletion.DirectiveInfo)
    case fragment(FragmentDefinition, document: String)
    case variable(name: String, type: TypeReference?, definition: Range<Int>?)

    /// The symbol whose name covers `offset` in `source` (the document at `path`), and the name's bytes.
    static func at(_ offset: Int, in source: [UInt8], path: String, project: ProjectIndex) -> (GraphQLSymbol, Range<Int>)? {
        if let declared = declaration(at: offset, path: path, project: project) { return declared }
        let schema = project.schema
        let tokens = GraphQLCursor.tokens(source)
        guard let index = GraphQLCursor.nameToken(at: offset, in: tokens) else { return nil }
        let token = tokens[index]
        let word = String(decoding: source[token.range], as: UTF8.self)
        // The fragment a definition or a spread names.
        let previous = index > 0 ? tokens[index - 1] : nil
        let previousWord = previous.map { String(decoding: source[$0.range], as: UTF8.self) }
        if previous?.kind == .spread || (previousWord == "fragment" && previous?.kind == .name), word != "on" {
            return fragment(word, in: project).map { (.fragment($0.0, document: $0.1), token.range) }
        }
        if previous?.kind == .dollar {
            let definition = variableDefinition(word, tokens: tokens, before: index, source: source)
            return (.variable(name: word, type: definition?.type, definition: definition?.range), previous!.start..<token.end)
        }
        if previous?.kind == .at {
            return GraphQLCompletion.directives.first { $0.name == word }.map { (.directive($0), token.range) }
        }
        guard let cursor = GraphQLCursor.at(token.end, in: source, schema: schema) else {
            return schema[word].map { (.type($0), token.range) }
        }
        switch cursor.position {
        case .field(let type):
            // `alias: field`: the alias stands for the field after it.
            var name = word
            if index + 2 < tokens.count, tokens[index + 1].kind == .colon, tokens[index + 2].kind == .name {
                name = String(decoding: source[tokens[index + 2].range], as: UTF8.self)
            }
            guard let field = schema[type]?.field(name) else { return nil }
            return (.field(type: type, field: field, cursor: cursor), token.range)
        case .argument(let type, let fieldName):
            guard let field = schema[type]?.field(fieldName), let argument = field.arguments.first(where: { $0.name == word }) else { return nil }
            return (.argument(type: type, field: field, argument: argument), token.range)
        case .inputField(let type):
            return schema[type]?.inputFields.first { $0.name == word }.map { (.inputField(type: type, field: $0), token.range) }
        case .value(let type):
            let named = type.namedType.value
            return schema[named]?.enumValues.first { $0.name == word }.map { (.enumValue(type: named, value: $0), token.range) }
        case .typeCondition, .fragmentTypeCondition, .inputType, .schemaType, .interface, .unionMember:
            return schema[word].map { (.type($0), token.range) }
        case .directiveArgument, .variable, .directive, .spread, .definitionKeyword:
            return schema[word].map { (.type($0), token.range) }
        }
    }

    /// The field, argument, input field or enum value the schema declares with the name at `offset` of the document
    /// at `path` (types are found from their references too, below).
    private static func declaration(at offset: Int, path: String, project: ProjectIndex) -> (GraphQLSymbol, Range<Int>)? {
        guard project.documents[path]?.role == .schema else { return nil }
        func covers(_ location: SourceLocation?) -> Bool {
            guard let location, location.document == path else { return false }
            return location.range.contains(offset) || location.range.upperBound == offset
        }
        for type in project.schema.types.values {
            for field in type.fields {
                if covers(field.location) { return (.field(type: type.name, field: field, cursor: nil), field.location.range) }
                for argument in field.arguments where covers(argument.location) {
                    return (.argument(type: type.name, field: field, argument: argument), argument.location!.range)
                }
            }
            for value in type.enumValues where covers(value.location) {
                return (.enumValue(type: type.name, value: value), value.location.range)
            }
            for field in type.inputFields where covers(field.location) {
                return (.inputField(type: type.name, field: field), field.location!.range)
            }
        }
        return nil
    }

    private static func fragment(_ name: String, in project: ProjectIndex) -> (FragmentDefinition, String)? {
        for document in project.documents.values.sorted(by: { $0.path < $1.path }) where document.role == .executable {
            if let fragment = document.effective.fragments.first(where: { $0.name.value == name }) { return (fragment, document.path) }
        }
        return nil
    }

    /// `$name: Type` in the variable definitions of the operation that holds token `index`.
    private static func variableDefinition(_ name: String, tokens: [Token], before index: Int, source: [UInt8]) -> (type: TypeReference?, range: Range<Int>)? {
        // Back to the operation's keyword, then forward through its `( … )`.
        var start = index
        while start > 0 {
            let word = String(decoding: source[tokens[start].range], as: UTF8.self)
            if tokens[start].kind == .name, ["query", "mutation", "subscription"].contains(word) { break }
            start -= 1
        }
        var position = start
        while position + 2 < tokens.count, position < index {
            if tokens[position].kind == .dollar, String(decoding: source[tokens[position + 1].range], as: UTF8.self) == name,
                tokens[position + 2].kind == .colon
            {
                let type = position + 3 < tokens.count && tokens[position + 3].kind == .name
                    ? String(decoding: source[tokens[position + 3].range], as: UTF8.self) : nil
                return (type.map { .named(Name($0, 0..<0)) }, tokens[position].start..<tokens[position + 1].end)
            }
            if tokens[position].kind == .braceLeft { return nil }
            position += 1
        }
        return nil
    }
}

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
