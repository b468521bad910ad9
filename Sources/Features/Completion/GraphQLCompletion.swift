import GraphQLIndex

/// Completion in the GraphQL documents of a project (operations, fragments and schema files), from the project's
/// schema and fragments: fields with their types and descriptions (deprecated ones last), arguments (required
/// first), values of enum, Boolean and input-object types, variables, directives valid where they stand, fragment
/// spreads that can apply, type conditions, input types of variables, and type names in schema documents.
public enum GraphQLCompletion {
    public static func completions(at offset: Int, in source: [UInt8], role: DocumentRole, project: ProjectIndex) -> [Completion] {
        let schema = project.schema
        guard let cursor = GraphQLCursor.at(offset, in: source, schema: schema) else { return [] }
        var items: [Item] = []
        switch cursor.position {
        case .field(let type):
            guard let named = schema[type] else { return [] }
            let fields = named.kind == .union ? [] : named.fields.filter { !$0.name.hasPrefix("__") }
            items = fields.sorted { ($0.deprecationReason != nil ? 1 : 0) < ($1.deprecationReason != nil ? 1 : 0) }.map { field in
                let required = field.arguments.filter { $0.type.isNonNull && $0.defaultValue == nil }
                var snippet = field.name
                if !required.isEmpty {
                    snippet += "(" + required.enumerated().map { "\($0.element.name): $\($0.offset + 1)" }.joined(separator: ", ") + ")"
                }
                if schema[field.type.namedType.value]?.isComposite == true { snippet += " {\n  $0\n}" }
                return Item(
                    field.name, .member, detail: field.type.description,
                    documentation: documentation(field.description?.value, deprecation: field.deprecationReason,
                                                 signature: "\(type).\(field.name)\(arguments(field.arguments)): \(field.type)"),
                    snippet: snippet == field.name ? nil : snippet, isDeprecated: field.deprecationReason != nil)
            }
            items.append(Item("__typename", .member, detail: "String!", documentation: "The name of the object type: one of `\(type)`'s possible types."))
        case .argument(let type, let field):
            guard let arguments = schema[type]?.field(field)?.arguments else { return [] }
            items = requiredFirst(arguments).map { argument($0) }
        case .directiveArgument(let name):
            items = (Self.directives.first { $0.name == name }?.arguments ?? []).map {
                Item($0.name, .argument, detail: $0.type, insertText: "\($0.name): ")
            }
        case .inputField(let type):
            items = requiredFirst(schema[type]?.inputFields ?? []).map { argument($0) }
        case .value(let type):
            items = values(of: type, schema: schema, variables: cursor.variables)
        case .variable:
            items = cursor.variables.map { Item("$" + $0.name, .variable, detail: $0.type.description, insertText: "$" + $0.name) }
        case .directive(let location):
            items = Self.directives.filter { $0.locations.contains(location) }.map { directive in
                Item(directive.name, .directive, detail: "@\(directive.name)\(directive.arguments.isEmpty ? "" : "(…)")",
                     documentation: directive.documentation,
                     snippet: directive.arguments.first(where: \.required).map { "\(directive.name)(\($0.name): $1)" })
            }
        case .spread(let type):
            let possible = Set(schema.possibleTypes(of: type))
            let fragments = project.documents.values.filter { $0.role == .executable }.flatMap { $0.effective.fragments }
            items = fragments.filter { !possible.isDisjoint(with: schema.possibleTypes(of: $0.typeCondition.value)) }
                .sorted { $0.name.value < $1.name.value }
                .map { Item($0.name.value, .fragment, detail: "fragment on \($0.typeCondition.value)") }
            items.append(Item("on", .keyword, detail: "inline fragment", insertText: "on "))
        case .typeCondition(let type):
            let possible = Set(schema.possibleTypes(of: type))
            items = typeNames(schema) { named in named.isComposite && !possible.isDisjoint(with: schema.possibleTypes(of: named.name)) }
        case .fragmentTypeCondition:
            items = typeNames(schema) { $0.isComposite }
        case .inputType:
            items = typeNames(schema) { [.scalar, .enumeration, .inputObject].contains($0.kind) }
        case .schemaType(let input):
            items = typeNames(schema) { input ? [.scalar, .enumeration, .inputObject].contains($0.kind) : $0.kind != .inputObject }
        case .interface:
            items = typeNames(schema) { $0.kind == .interface }
        case .unionMember:
            items = typeNames(schema) { $0.kind == .object }
        case .definitionKeyword:
            let keywords = role == .schema
                ? ["type", "interface", "input", "enum", "union", "scalar", "extend", "schema", "directive"]
                : ["query", "mutation", "subscription", "fragment"]
            items = keywords.map { Item($0, .keyword, detail: nil, insertText: $0 + " ") }
        }
        return items.enumerated().map { position, item in
            Completion(
                label: item.label, kind: item.kind, detail: item.detail, documentation: item.documentation.map { .markdown($0) },
                insertText: item.insertText, snippet: item.snippet, replaceRange: cursor.replaceRange, isDeprecated: item.isDeprecated,
                sortText: String(repeating: "0", count: max(0, 4 - String(position).count)) + String(position))
        }
    }

    private struct Item {
        var label: String
        var kind: Completion.Kind
        var detail: String?
        var documentation: String?
        var insertText: String
        var snippet: String?
        var isDeprecated: Bool

        init(
            _ label: String, _ kind: Completion.Kind, detail: String?, documentation: String? = nil, insertText: String? = nil,
            snippet: String? = nil, isDeprecated: Bool = false
        ) {
            (self.label, self.kind, self.detail, self.documentation) = (label, kind, detail, documentation)
            (self.insertText, self.snippet, self.isDeprecated) = (insertText ?? label, snippet, isDeprecated)
        }
    }

    /// A directive mockls offers: the executable ones every GraphQL server and Apollo iOS know.
    struct DirectiveInfo {
        var name: String
        var locations: Set<String>
        var arguments: [(name: String, type: String, required: Bool)]
        var documentation: String
    }

    static let directives: [DirectiveInfo] = [
        DirectiveInfo(name: "include", locations: ["FIELD", "FRAGMENT_SPREAD", "INLINE_FRAGMENT"], arguments: [("if", "Boolean!", true)],
                      documentation: "Includes the field or fragment only when `if` is true. Apollo iOS makes the field optional (a conditional field)."),
        DirectiveInfo(name: "skip", locations: ["FIELD", "FRAGMENT_SPREAD", "INLINE_FRAGMENT"], arguments: [("if", "Boolean!", true)],
                      documentation: "Skips the field or fragment when `if` is true. Apollo iOS makes the field optional (a conditional field)."),
        DirectiveInfo(name: "defer", locations: ["FRAGMENT_SPREAD", "INLINE_FRAGMENT"], arguments: [("if", "Boolean", false), ("label", "String", false)],
                      documentation: "Delivers the fragment later, in an incremental response (Apollo iOS 1.14 and later)."),
        DirectiveInfo(name: "apollo_client_ios_localCacheMutation", locations: ["QUERY", "MUTATION", "SUBSCRIPTION", "FRAGMENT_DEFINITION"],
                      arguments: [], documentation: "Generates a local cache mutation: mutable selection sets for the cache, no network operation."),
    ]

    private static func documentation(_ description: String?, deprecation: String?, signature: String) -> String {
        var parts = ["```graphql\n\(signature)\n```"]
        if let description { parts.append(description) }
        if let deprecation { parts.append("Deprecated: \(deprecation)") }
        return parts.joined(separator: "\n\n")
    }

    private static func arguments(_ arguments: [SchemaArgument]) -> String {
        arguments.isEmpty ? "" : "(" + arguments.map { "\($0.name): \($0.type)" }.joined(separator: ", ") + ")"
    }

    private static func requiredFirst(_ arguments: [SchemaArgument]) -> [SchemaArgument] {
        let required = arguments.filter { $0.type.isNonNull && $0.defaultValue == nil }
        return required + arguments.filter { !($0.type.isNonNull && $0.defaultValue == nil) }
    }

    private static func argument(_ argument: SchemaArgument) -> Item {
        let defaultValue = argument.defaultValue.map { " = \($0.graphQLText)" } ?? ""
        return Item(
            argument.name, .argument, detail: "\(argument.type)\(defaultValue)",
            documentation: argument.description?.value, insertText: "\(argument.name): ")
    }

    private static func values(of type: TypeReference, schema: Schema, variables: [(name: String, type: TypeReference)]) -> [Item] {
        var items: [Item] = []
        let named = type.namedType.value
        if case .list = type.nullable {
            items.append(Item("[]", .value, detail: type.description, snippet: "[$0]"))
        } else if let definition = schema[named] {
            switch definition.kind {
            case .enumeration:
                items = definition.enumValues.sorted { ($0.deprecationReason != nil ? 1 : 0) < ($1.deprecationReason != nil ? 1 : 0) }.map {
                    Item($0.name, .enumValue, detail: named, documentation: $0.description?.value, isDeprecated: $0.deprecationReason != nil)
                }
            case .inputObject:
                items = [Item("{ }", .value, detail: named, insertText: "{ }", snippet: "{ $0 }")]
            case .scalar where named == "Boolean":
                items = [Item("true", .value, detail: "Boolean"), Item("false", .value, detail: "Boolean")]
            default:
                break
            }
        }
        // Variables whose type fits (the same named type, and non-null where the value must be).
        for variable in variables where variable.type.namedType.value == named && (variable.type.isNonNull || !type.isNonNull) {
            items.append(Item("$" + variable.name, .variable, detail: variable.type.description, insertText: "$" + variable.name))
        }
        if !type.isNonNull { items.append(Item("null", .value, detail: type.description)) }
        return items
    }

    private static func typeNames(_ schema: Schema, _ include: (NamedType) -> Bool) -> [Item] {
        schema.typeOrder.compactMap { schema[$0] }.filter { !$0.name.hasPrefix("__") && include($0) }.map { type in
            Item(type.name, .type, detail: type.kind.rawValue, documentation: type.description?.value)
        }
    }
}
