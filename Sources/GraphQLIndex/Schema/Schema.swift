/// Where something is defined: a document (named by the caller: a path or URI) and a byte range in it.
public struct SourceLocation: Sendable, Hashable {
    public var document: String
    public var range: Range<Int>

    public init(document: String, range: Range<Int>) {
        self.document = document
        self.range = range
    }
}

/// A problem found while building the index, in one of its documents.
public struct SchemaArgument: Sendable, Hashable {
    public var name: String
    public var type: TypeReference
    public var description: GraphQLString?
    public var defaultValue: Value?
    /// Its name where it is declared.
    public var location: SourceLocation?
}

public struct SchemaField: Sendable, Hashable {
    public var name: String
    public var type: TypeReference
    public var arguments: [SchemaArgument]
    public var description: GraphQLString?
    public var deprecationReason: String?
    public var location: SourceLocation
}

public struct SchemaEnumValue: Sendable, Hashable {
    public var name: String
    public var description: GraphQLString?
    public var deprecationReason: String?
    public var location: SourceLocation
}

/// A named type of the schema with everything its extensions added.
public struct NamedType: Sendable, Hashable {
    public var kind: TypeKind
    public var name: String
    public var description: GraphQLString?
    /// Fields of objects and interfaces in definition order (extensions after the definition).
    public var fields: [SchemaField]
    public var interfaces: [String]
    public var unionMembers: [String]
    public var enumValues: [SchemaEnumValue]
    public var inputFields: [SchemaArgument]
    /// The definition; nil for the built-in scalars.
    public var location: SourceLocation?
    /// The Swift name the project's configuration gives it (`options.schemaCustomization.customTypeNames`), which
    /// Apollo writes unchanged wherever it names the type.
    public var customName: String?

    public func field(_ name: String) -> SchemaField? { fields.first { $0.name == name } }

    public var isAbstract: Bool { kind == .interface || kind == .union }
    public var isComposite: Bool { kind == .object || kind == .interface || kind == .union }
}

/// A GraphQL schema built from SDL documents, tolerant of errors: what is well-formed is kept, the rest reported.
public struct Schema: Sendable {
    public private(set) var types: [String: NamedType] = [:]
    /// Type names in the order graphql-js's type map has them (definition order, built-in scalars at first use).
    /// Apollo's "first possible type" defaults depend on it.
    public private(set) var typeOrder: [String] = []
    public private(set) var rootTypes: [OperationKind: String] = [:]
    public private(set) var diagnostics: [DocumentDiagnostic] = []
    /// Object types implementing each interface, in type order.
    private var implementations: [String: [String]] = [:]
    /// Unions each object type belongs to, in type order.
    private var memberships: [String: [String]] = [:]

    /// The unions an object type belongs to, in type order.
    public func unions(containing object: String) -> [String] { memberships[object] ?? [] }

    public static let builtInScalars = ["String", "Int", "Float", "Boolean", "ID"]

    public subscript(name: String) -> NamedType? { types[name] }

    /// The same with the Swift names `customNames` gives types (by GraphQL name; names of no type are passed over).
    public func customized(_ customNames: [String: String]) -> Schema {
        guard !customNames.isEmpty else { return self }
        var schema = self
        for (name, custom) in customNames where schema.types[name] != nil { schema.types[name]?.customName = custom }
        return schema
    }

    public func rootType(_ kind: OperationKind) -> NamedType? { rootTypes[kind].flatMap { types[$0] } }

    /// The object types a value of `type` can have: itself for an object, members for a union (declaration
    /// order), implementing objects for an interface (type order).
    public func possibleTypes(of type: String) -> [String] {
        guard let named = types[type] else { return [] }
        switch named.kind {
        case .object: return [type]
        case .union: return named.unionMembers.filter { types[$0]?.kind == .object }
        case .interface: return implementations[type] ?? []
        default: return []
        }
    }

    /// Builds the schema from SDL documents, each named for its diagnostics.
    public init(documents: [(name: String, document: Document)]) {
        var extensions: [(String, TypeDefinition)] = []
        var schemaDefinitions: [(String, SchemaDefinition)] = []
        for (documentName, document) in documents {
            for definition in document.definitions {
                switch definition {
                case .type(let type) where type.isExtension:
                    extensions.append((documentName, type))
                case .type(let type):
                    define(type, in: documentName)
                case .schema(let schema):
                    schemaDefinitions.append((documentName, schema))
                case .operation(let operation):
                    report(.warning, .executableInSchema, "a schema document should not contain operations",
                           documentName, operation.range)
                case .fragment(let fragment):
                    report(.warning, .executableInSchema, "a schema document should not contain fragments",
                           documentName, fragment.range)
                case .directive:
                    break
                }
            }
        }
        for (documentName, type) in extensions { extend(with: type, in: documentName) }
        resolveRootTypes(schemaDefinitions)
        addBuiltInScalarsAtFirstUse()
        let kinds = types.mapValues(\.kind)
        for name in typeOrder { validateReferences(of: name, kinds: kinds) }
        for name in typeOrder {
            guard let type = types[name] else { continue }
            if type.kind == .object {
                for interface in type.interfaces { implementations[interface, default: []].append(name) }
            } else if type.kind == .union {
                for member in type.unionMembers { memberships[member, default: []].append(name) }
            }
        }
    }

    // MARK: Building

    private mutating func report(
        _ severity: Diagnostic.Severity, _ code: DiagnosticCode, _ message: String, _ document: String, _ range: Range<Int>
    ) {
        diagnostics.append(DocumentDiagnostic(severity, code: code, message, at: SourceLocation(document: document, range: range)))
    }

    private mutating func define(_ definition: TypeDefinition, in document: String) {
        let name = definition.name.value
        if let existing = types[name] {
            let place = existing.location.map { "in \($0.document)" } ?? "as a built-in scalar"
            report(.error, .duplicateType, "type \(name) is already defined \(place)", document, definition.name.range)
            return
        }
        types[name] = NamedType(
            kind: definition.kind, name: name, description: definition.description, fields: [], interfaces: [],
            unionMembers: [], enumValues: [], inputFields: [],
            location: SourceLocation(document: document, range: definition.name.range))
        typeOrder.append(name)
        merge(definition, into: name, document: document)
    }

    private mutating func extend(with definition: TypeDefinition, in document: String) {
        let name = definition.name.value
        guard let existing = types[name] else {
            report(.error, .unknownType, "cannot extend unknown type \(name)", document, definition.name.range)
            return
        }
        guard existing.kind == definition.kind else {
            report(.error, .extensionKind, "\(name) is \(existing.kind.article), not \(definition.kind.article)", document,
                   definition.name.range)
            return
        }
        merge(definition, into: name, document: document)
    }

    private mutating func merge(_ definition: TypeDefinition, into name: String, document: String) {
        // Taken out of the dictionary so that appending does not copy its arrays.
        guard var type = types.removeValue(forKey: name) else { return }
        var fieldNames = Set(type.fields.map(\.name))
        for field in definition.fields {
            guard fieldNames.insert(field.name.value).inserted else {
                report(.error, .duplicateField, "\(name).\(field.name.value) is defined twice", document, field.name.range)
                continue
            }
            type.fields.append(SchemaField(
                name: field.name.value, type: field.type,
                arguments: field.arguments.map { Self.argument($0, in: document) }, description: field.description,
                deprecationReason: Self.deprecationReason(field.directives),
                location: SourceLocation(document: document, range: field.name.range)))
        }
        for interface in definition.interfaces where !type.interfaces.contains(interface.value) {
            type.interfaces.append(interface.value)
        }
        for member in definition.unionMembers where !type.unionMembers.contains(member.value) {
            type.unionMembers.append(member.value)
        }
        for value in definition.enumValues {
            type.enumValues.append(SchemaEnumValue(
                name: value.name.value, description: value.description,
                deprecationReason: Self.deprecationReason(value.directives),
                location: SourceLocation(document: document, range: value.name.range)))
        }
        type.inputFields += definition.inputFields.map { Self.argument($0, in: document) }
        types[name] = type
    }

    private static func argument(_ value: InputValueDefinition, in document: String) -> SchemaArgument {
        SchemaArgument(
            name: value.name.value, type: value.type, description: value.description, defaultValue: value.defaultValue,
            location: SourceLocation(document: document, range: value.name.range))
    }

    /// `@deprecated` gives "No longer supported" when it has no reason (GraphQL spec §3.13.3).
    static func deprecationReason(_ directives: [Directive]) -> String? {
        guard let deprecated = directives.named("deprecated") else { return nil }
        if case .string(let reason)? = deprecated.argument("reason") { return reason }
        return "No longer supported"
    }

    private mutating func resolveRootTypes(_ definitions: [(String, SchemaDefinition)]) {
        let explicit = definitions.filter { !$0.1.isExtension }
        for (document, definition) in explicit.dropFirst() {
            report(.error, .duplicateSchema, "the schema is defined more than once", document, definition.range)
        }
        for (document, definition) in definitions {
            for (kind, type) in definition.operationTypes {
                guard let named = types[type.value] else {
                    report(.error, .unknownType, "unknown type \(type.value)", document, type.range)
                    continue
                }
                guard named.kind == .object else {
                    report(.error, .rootType, "the \(kind.rawValue) root type must be an object type", document, type.range)
                    continue
                }
                rootTypes[kind] = type.value
            }
        }
        if definitions.isEmpty {
            for kind in [OperationKind.query, .mutation, .subscription] {
                let name = kind.rawValue.prefix(1).uppercased() + kind.rawValue.dropFirst()
                if types[name]?.kind == .object { rootTypes[kind] = name }
            }
        }
    }

    /// graphql-js adds a built-in scalar to its type map when a type first references it.
    private mutating func addBuiltInScalarsAtFirstUse() {
        var order: [String] = []
        var seen = Set(typeOrder)
        func use(_ reference: TypeReference) {
            let name = reference.namedType.value
            if Self.builtInScalars.contains(name), !seen.contains(name) {
                seen.insert(name)
                order.append(name)
                types[name] = NamedType(
                    kind: .scalar, name: name, description: nil, fields: [], interfaces: [], unionMembers: [],
                    enumValues: [], inputFields: [], location: nil)
            }
        }
        var unplaced = Self.builtInScalars.filter { !seen.contains($0) }.count
        for name in typeOrder {
            order.append(name)
            // Once every built-in scalar has its place, the rest of the order is the definitions'.
            guard unplaced > 0, let type = types[name] else { continue }
            for field in type.fields {
                use(field.type)
                for argument in field.arguments { use(argument.type) }
            }
            for input in type.inputFields { use(input.type) }
            unplaced = Self.builtInScalars.filter { !seen.contains($0) }.count
        }
        for scalar in Self.builtInScalars where !seen.contains(scalar) {
            // Referenced only by directives or not at all: still usable in documents.
            types[scalar] = NamedType(
                kind: .scalar, name: scalar, description: nil, fields: [], interfaces: [], unionMembers: [],
                enumValues: [], inputFields: [], location: nil)
            order.append(scalar)
        }
        typeOrder = order
    }

    /// `kinds`: every type's kind, so that checking a reference copies no type.
    private mutating func validateReferences(of name: String, kinds: [String: TypeKind]) {
        guard let type = types[name], let location = type.location else { return }
        func check(_ reference: TypeReference, input: Bool, _ document: String) {
            let referenced = reference.namedType
            // A type that did not parse is reported as a syntax error already.
            guard !referenced.value.isEmpty else { return }
            guard let kind = kinds[referenced.value] else {
                report(.error, .unknownType, "unknown type \(referenced.value)", document, referenced.range)
                return
            }
            let isInputType = kind == .scalar || kind == .enumeration || kind == .inputObject
            if input, !isInputType {
                report(.error, .inputType, "\(referenced.value) is an output type; arguments and input fields need input types",
                       document, referenced.range)
            } else if !input, kind == .inputObject {
                report(.error, .outputType, "\(referenced.value) is an input type; fields need output types", document, referenced.range)
            }
        }
        for field in type.fields {
            check(field.type, input: false, field.location.document)
            for argument in field.arguments { check(argument.type, input: true, field.location.document) }
        }
        for input in type.inputFields { check(input.type, input: true, location.document) }
        for interface in type.interfaces where kinds[interface] != .interface {
            report(.error, .unknownType, "\(interface) is not an interface", location.document, location.range)
        }
        for member in type.unionMembers where kinds[member] != .object {
            report(.error, .unionMember, "union member \(member) is not an object type", location.document, location.range)
        }
    }
}

extension TypeKind {
    var article: String {
        switch self {
        case .scalar: return "a scalar"
        case .object: return "an object type"
        case .interface: return "an interface"
        case .union: return "a union"
        case .enumeration: return "an enum"
        case .inputObject: return "an input object"
        }
    }
}
