/// The syntax tree of a GraphQL document (executable or type system), with byte ranges into its source.
/// Parsing never fails: a document holds what could be read and the errors met on the way.

public struct Name: Sendable, Hashable, CustomStringConvertible {
    public var value: String
    public var range: Range<Int>

    public init(_ value: String, _ range: Range<Int>) {
        self.value = value
        self.range = range
    }

    public var description: String { value }
}

/// A type reference: `Dog`, `[Dog!]`, `Dog!`.
public indirect enum TypeReference: Sendable, Hashable, CustomStringConvertible {
    case named(Name)
    case list(TypeReference)
    case nonNull(TypeReference)

    public var namedType: Name {
        switch self {
        case .named(let name): return name
        case .list(let inner), .nonNull(let inner): return inner.namedType
        }
    }

    public var isNonNull: Bool {
        if case .nonNull = self { return true }
        return false
    }

    public var nullable: TypeReference {
        if case .nonNull(let inner) = self { return inner }
        return self
    }

    public var description: String {
        switch self {
        case .named(let name): return name.value
        case .list(let inner): return "[\(inner)]"
        case .nonNull(let inner): return "\(inner)!"
        }
    }
}

public indirect enum Value: Sendable, Hashable {
    case variable(Name)
    case int(String)
    case float(String)
    case string(String)
    case boolean(Bool)
    case null
    case enumValue(String)
    case list([Value])
    case object([(name: Name, value: Value)])

    public static func == (lhs: Value, rhs: Value) -> Bool {
        switch (lhs, rhs) {
        case (.variable(let a), .variable(let b)): return a.value == b.value
        case (.int(let a), .int(let b)), (.float(let a), .float(let b)), (.string(let a), .string(let b)),
            (.enumValue(let a), .enumValue(let b)):
            return a == b
        case (.boolean(let a), .boolean(let b)): return a == b
        case (.null, .null): return true
        case (.list(let a), .list(let b)): return a == b
        case (.object(let a), .object(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.name.value == $1.name.value && $0.value == $1.value }
        default: return false
        }
    }

    /// The value written as GraphQL (`"Lab"`, `[1, 2]`, `{ a: true }`).
    public var graphQLText: String {
        switch self {
        case .variable(let name): return "$" + name.value
        case .int(let text), .float(let text), .enumValue(let text): return text
        case .string(let text):
            return "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        case .boolean(let value): return value ? "true" : "false"
        case .null: return "null"
        case .list(let values): return "[" + values.map(\.graphQLText).joined(separator: ", ") + "]"
        case .object(let members): return "{ " + members.map { "\($0.name.value): \($0.value.graphQLText)" }.joined(separator: ", ") + " }"
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .variable(let name): hasher.combine(name.value)
        case .int(let text), .float(let text), .string(let text), .enumValue(let text): hasher.combine(text)
        case .boolean(let value): hasher.combine(value)
        case .null: hasher.combine(0)
        case .list(let values): hasher.combine(values)
        case .object(let members): for member in members { hasher.combine(member.name.value); hasher.combine(member.value) }
        }
    }
}

public struct Argument: Sendable, Hashable {
    public var name: Name
    public var value: Value
}

public struct Directive: Sendable, Hashable {
    public var name: Name
    public var arguments: [Argument]
    public var range: Range<Int>

    public func argument(_ name: String) -> Value? { arguments.first { $0.name.value == name }?.value }
}

extension [Directive] {
    public func named(_ name: String) -> Directive? { first { $0.name.value == name } }
}

// MARK: - Executable definitions

public enum OperationKind: String, Sendable, Hashable {
    case query, mutation, subscription
}

public struct VariableDefinition: Sendable, Hashable {
    public var name: Name
    public var type: TypeReference
    public var defaultValue: Value?
    public var directives: [Directive]
}

public struct SelectionSet: Sendable, Hashable {
    public var selections: [Selection]
    public var range: Range<Int>
}

public enum Selection: Sendable, Hashable {
    case field(FieldSelection)
    case fragmentSpread(FragmentSpread)
    case inlineFragment(InlineFragment)

    public var directives: [Directive] {
        switch self {
        case .field(let field): return field.directives
        case .fragmentSpread(let spread): return spread.directives
        case .inlineFragment(let fragment): return fragment.directives
        }
    }
}

public struct FieldSelection: Sendable, Hashable {
    public var alias: Name?
    public var name: Name
    public var arguments: [Argument]
    public var directives: [Directive]
    public var selectionSet: SelectionSet?
    public var range: Range<Int>

    /// The key of this field in the response: its alias, or its name.
    public var responseKey: String { alias?.value ?? name.value }
}

public struct FragmentSpread: Sendable, Hashable {
    public var name: Name
    public var directives: [Directive]
    public var range: Range<Int>
}

public struct InlineFragment: Sendable, Hashable {
    public var typeCondition: Name?
    public var directives: [Directive]
    public var selectionSet: SelectionSet
    public var range: Range<Int>
}

public struct OperationDefinition: Sendable, Hashable {
    public var kind: OperationKind
    public var name: Name?
    public var variables: [VariableDefinition]
    public var directives: [Directive]
    public var selectionSet: SelectionSet
    public var range: Range<Int>
}

public struct FragmentDefinition: Sendable, Hashable {
    public var name: Name
    public var typeCondition: Name
    public var directives: [Directive]
    public var selectionSet: SelectionSet
    public var range: Range<Int>
}

// MARK: - Type system definitions

public struct InputValueDefinition: Sendable, Hashable {
    public var description: GraphQLString?
    public var name: Name
    public var type: TypeReference
    public var defaultValue: Value?
    public var directives: [Directive]
}

public struct FieldDefinition: Sendable, Hashable {
    public var description: GraphQLString?
    public var name: Name
    public var arguments: [InputValueDefinition]
    public var type: TypeReference
    public var directives: [Directive]
    public var range: Range<Int>
}

public struct EnumValueDefinition: Sendable, Hashable {
    public var description: GraphQLString?
    public var name: Name
    public var directives: [Directive]
}

public enum TypeKind: String, Sendable, Hashable {
    case scalar, object, interface, union, enumeration = "enum", inputObject = "input"
}

/// A type definition or extension (`type`, `interface`, `union`, `enum`, `input`, `scalar`, and their `extend`).
public struct TypeDefinition: Sendable, Hashable {
    public var kind: TypeKind
    public var isExtension: Bool
    public var description: GraphQLString?
    public var name: Name
    public var interfaces: [Name]
    public var directives: [Directive]
    public var fields: [FieldDefinition]
    public var unionMembers: [Name]
    public var enumValues: [EnumValueDefinition]
    public var inputFields: [InputValueDefinition]
    public var range: Range<Int>
}

public struct SchemaDefinition: Sendable, Hashable {
    public var isExtension: Bool
    public var directives: [Directive]
    public var operationTypes: [(kind: OperationKind, type: Name)]
    public var range: Range<Int>

    public static func == (lhs: SchemaDefinition, rhs: SchemaDefinition) -> Bool {
        lhs.isExtension == rhs.isExtension && lhs.range == rhs.range
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(range.lowerBound) }
}

public struct DirectiveDefinition: Sendable, Hashable {
    public var description: GraphQLString?
    public var name: Name
    public var arguments: [InputValueDefinition]
    public var isRepeatable: Bool
    public var locations: [Name]
    public var range: Range<Int>
}

public enum Definition: Sendable, Hashable {
    case operation(OperationDefinition)
    case fragment(FragmentDefinition)
    case type(TypeDefinition)
    case schema(SchemaDefinition)
    case directive(DirectiveDefinition)
}

/// A parsed document: every definition that could be read, and every error.
public struct Document: Sendable {
    public var definitions: [Definition]
    public var errors: [SyntaxError]

    public var operations: [OperationDefinition] {
        definitions.compactMap { if case .operation(let operation) = $0 { operation } else { nil } }
    }

    public var fragments: [FragmentDefinition] {
        definitions.compactMap { if case .fragment(let fragment) = $0 { fragment } else { nil } }
    }

    public var typeDefinitions: [TypeDefinition] {
        definitions.compactMap { if case .type(let type) = $0 { type } else { nil } }
    }
}
