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
    /// The type written from `tokens[start]` (`[ID!]!`, not only its named type), and the index after it.
    private static func typeReference(from start: Int, tokens: [Token], source: [UInt8]) -> (type: TypeReference, next: Int)? {
        guard start < tokens.count else { return nil }
        var index = start
        var type: TypeReference
        if tokens[index].kind == .bracketLeft {
            guard let (inner, next) = typeReference(from: index + 1, tokens: tokens, source: source), next < tokens.count,
                tokens[next].kind == .bracketRight
            else { return nil }
            (type, index) = (.list(inner), next + 1)
        } else if tokens[index].kind == .name {
            (type, index) = (.named(Name(String(decoding: source[tokens[index].range], as: UTF8.self), tokens[index].range)), index + 1)
        } else {
            return nil
        }
        if index < tokens.count, tokens[index].kind == .bang { (type, index) = (.nonNull(type), index + 1) }
        return (type, index)
    }

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
                return (typeReference(from: position + 3, tokens: tokens, source: source)?.type, tokens[position].start..<tokens[position + 1].end)
            }
            if tokens[position].kind == .braceLeft { return nil }
            position += 1
        }
        return nil
    }
}
