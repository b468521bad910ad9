import Foundation
import Synchronization

/// Which generation of Apollo's mock initializers a project has (reference/apollo-mocks.md §0).
public enum MockFormat: String, Sendable, Hashable {
    /// Apollo iOS 1.0–1.22: every initializer parameter is `T? = nil`.
    case optionalParameters = "pre-1.23"
    /// Apollo iOS 1.23+: non-null fields are non-optional parameters with defaults.
    case defaults = "1.23+"
}

/// How a mock setter stores a field (`mockFunctionDescriptor`).
public enum MockSetter: String, Sendable, Hashable {
    case scalar = "_setScalar"
    case entity = "_setEntity"
    case list = "_setList"
    case scalarList = "_setScalarList"
}

/// One field of a generated `Mock<T>`: what `Mock<T>(…)` takes and `mock.x` reads.
public struct MockField: Sendable, Hashable {
    /// The response key (alias or field name): the `_data` key.
    public var key: String
    /// The Swift property and initializer label (backticked when escaped).
    public var property: String
    /// A second, internal parameter name (`self_value` for `self`).
    public var initInternalName: String?
    public var graphqlType: TypeReference
    /// The `@Field<…>` type.
    public var fieldType: String
    /// The convenience-initializer parameter type.
    public var initParamType: String
    /// The type of the value (Apollo 1.23's parameter type, whatever the format): `String`, `Mock<Height>?`.
    public var valueType: String
    /// What `mock.key` returns: always optional, as Apollo's dynamic members do (`Mock<Height>?`, `[String]?`).
    public var readType: String
    /// The parameter's default: `nil` or Apollo's default expression.
    public var defaultValue: String
    public var setter: MockSetter
    public var deprecationReason: String?
    public var description: GraphQLString?
    /// The schema field it comes from.
    public var definition: SourceLocation

    public var initLabel: String { property }
    public var isNonNull: Bool { graphqlType.isNonNull }
}

/// A generated mock class (`<Name>+Mock.graphql.swift`).
public struct MockObject: Sendable, Hashable {
    public var name: String
    public var swiftName: String
    public var interfaces: [String]
    public var fields: [MockField]
    public var description: GraphQLString?
    public var definition: SourceLocation?

    public func field(_ key: String) -> MockField? { fields.first { $0.key == key } }
}

/// An interface or union that mocks refer to (`MockObject+Interfaces`, `MockObject+Unions`).
public struct AbstractMockType: Sendable, Hashable {
    public var name: String
    public var swiftName: String
    /// Unions: member order; interfaces: type order.
    public var possibleTypes: [String]
}

/// Everything Apollo generates as test mocks for one schema and its operations (reference/apollo-mocks.md §1).
///
/// Mock objects are rendered when first asked for: a re-index after an edit only collects fields, and a
/// completion renders the one mock it shows. Copies share what was rendered.
public struct MockModel: Sendable {
    public let namespace: String
    public let format: MockFormat
    /// The objects that get a mock class, by schema name (code-point order).
    public let objectNames: [String]
    public let interfaces: [AbstractMockType]
    public let unions: [AbstractMockType]
    private let schema: Schema
    private let fields: ProjectFields
    private let rendered: RenderedObjects

    public init(schema: Schema, documents: [Document], namespace: String, format: MockFormat = .defaults) {
        var collector = FieldCollector(schema: schema)
        for document in documents { collector.collect(document) }
        self.init(schema: schema, fields: ProjectFields(documents: [collector], schema: schema), namespace: namespace, format: format)
    }

    /// `previous`: the model before an edit; its type lists are reused when the same types are referenced.
    init(schema: Schema, fields: ProjectFields, namespace: String, format: MockFormat, reusing previous: MockModel? = nil) {
        self.namespace = SwiftNames.firstUppercased(namespace)
        self.format = format
        self.schema = schema
        self.fields = fields
        rendered = RenderedObjects()
        if let previous, previous.fields.referenced == fields.referenced, previous.namespace == self.namespace {
            objectNames = previous.objectNames
            interfaces = previous.interfaces
            unions = previous.unions
            return
        }
        let referenced = fields.referenced.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.compactMap { schema[$0] }
        objectNames = referenced.filter { $0.kind == .object && !$0.name.hasPrefix("__") }.map(\.name)
        interfaces = referenced.filter { $0.kind == .interface }.map {
            AbstractMockType(name: $0.name, swiftName: SwiftNames.typeName($0), possibleTypes: schema.possibleTypes(of: $0.name))
        }
        unions = referenced.filter { $0.kind == .union }.map {
            AbstractMockType(name: $0.name, swiftName: SwiftNames.typeName($0), possibleTypes: schema.possibleTypes(of: $0.name))
        }
    }

    var projectFields: ProjectFields { fields }

    /// Every mock object, in Apollo's (file) order.
    public var objects: [MockObject] { objectNames.compactMap { object($0) } }

    /// The mock whose Swift class is `swiftName` (`Dog`, `Type_Object`), as tests and generated files name it.
    /// Renders only that mock.
    public func object(swiftName: String) -> MockObject? {
        if let object = object(swiftName) { return object }
        return objectNames.first { schema[$0].map(SwiftNames.typeName) == swiftName }.flatMap { object($0) }
    }

    /// The mock of an object type, if Apollo generates one.
    public func object(_ name: String) -> MockObject? {
        if let cached = rendered.get(name) { return cached }
        guard fields.referenced.contains(name), !name.hasPrefix("__"), let type = schema[name], type.kind == .object else {
            return nil
        }
        let renderer = MockTypeRenderer(schema: schema, namespace: namespace)
        let object = MockObject(
            name: type.name, swiftName: SwiftNames.typeName(type), interfaces: type.interfaces,
            fields: fields.collectedFields(of: type).map { renderer.mockField(key: $0.key, field: $0.field, format: format) },
            description: type.description, definition: type.location)
        rendered.set(name, object)
        return object
    }
}

/// Mock objects rendered so far, shared by the copies of one model.
private final class RenderedObjects: Sendable {
    private let objects = Mutex<[String: MockObject]>([:])

    func get(_ name: String) -> MockObject? { objects.withLock { $0[name] } }
    func set(_ name: String, _ object: MockObject) { objects.withLock { $0[name] = object } }
}

/// Renders mock field types and defaults (`GraphQLType+Rendered.swift` with `.testMockField`,
/// `MockObjectTemplate.mockTypeName`, `DefaultMockValueProviding.swift`).
struct MockTypeRenderer {
    let schema: Schema
    let namespace: String

    func mockField(key: String, field: FieldCollector.CollectedField, format: MockFormat) -> MockField {
        let valueType = mockType(field.type, forceNonNull: false)
        var parameterType = valueType
        var defaultValue = field.type.isNonNull ? self.defaultValue(field.type) : "nil"
        if format == .optionalParameters {
            if !parameterType.hasSuffix("?") { parameterType += "?" }
            defaultValue = "nil"
        }
        return MockField(
            key: key, property: SwiftNames.mockProperty(key),
            initInternalName: SwiftNames.testMockInitializerParametersToSuffix.contains(key) ? "\(key)_value" : nil,
            graphqlType: field.type, fieldType: fieldType(field.type, containedInNonNull: true),
            initParamType: parameterType, valueType: valueType, readType: mockType(field.type.nullable, forceNonNull: false),
            defaultValue: defaultValue, setter: setter(field.type),
            deprecationReason: field.deprecationReason, description: field.description, definition: field.definition)
    }

    private func qualifiedName(_ name: String) -> String {
        guard let type = schema[name] else { return name }
        var rendered = SwiftNames.typeName(type)
        if type.isAbstract, SwiftNames.testMockAbstractTypeNamesToNamespace.contains(rendered) {
            rendered = "MockObject.\(rendered)"
        }
        switch type.kind {
        case .object, .interface, .union: return rendered
        case .scalar where SwiftNames.builtInSwiftScalars[type.name] != nil: return rendered
        case .enumeration: return "GraphQLEnum<\(namespace).\(rendered)>"
        default: return "\(namespace).\(rendered)"
        }
    }

    /// The `@Field<…>` type: never optional at the top, list elements keep their nullability.
    func fieldType(_ type: TypeReference, containedInNonNull: Bool) -> String {
        switch type {
        case .nonNull(let inner): return fieldType(inner, containedInNonNull: true)
        case .list(let inner):
            let list = "[\(fieldType(inner, containedInNonNull: false))]"
            return containedInNonNull ? list : list + "?"
        case .named(let name):
            let rendered = qualifiedName(name.value)
            return containedInNonNull ? rendered : rendered + "?"
        }
    }

    /// The convenience-initializer parameter type.
    func mockType(_ type: TypeReference, forceNonNull: Bool) -> String {
        let optional = forceNonNull ? "" : "?"
        switch type {
        case .nonNull(let inner): return mockType(inner, forceNonNull: true)
        case .list(let inner): return "[\(mockType(inner, forceNonNull: false))]" + optional
        case .named(let name):
            guard let named = schema[name.value] else { return name.value + optional }
            switch named.kind {
            case .interface, .union: return "(any AnyMock)" + optional
            case .object: return "Mock<\(SwiftNames.typeName(named))>" + optional
            default: return fieldType(type, containedInNonNull: true) + optional
            }
        }
    }

    func defaultValue(_ type: TypeReference) -> String {
        switch type {
        case .nonNull(let inner): return defaultValue(inner)
        case .list: return "[]"
        case .named(let name):
            guard let named = schema[name.value] else { return "nil" }
            switch named.kind {
            case .object: return "Mock<\(SwiftNames.typeName(named))>()"
            // Apollo interpolates the raw schema name of the first possible type here (no capitalisation).
            case .interface, .union: return schema.possibleTypes(of: named.name).first.map { "Mock<\($0)>()" } ?? "nil"
            case .enumeration: return MockLiteral.of(named) ?? "nil"
            case .scalar: return MockLiteral.of(named) ?? "try! .init(_jsonValue: \"\")"
            case .inputObject: return "nil"
            }
        }
    }

    func setter(_ type: TypeReference) -> MockSetter {
        switch type {
        case .nonNull(let inner): return setter(inner)
        case .list(let inner):
            var element = inner.nullable
            while case .list(let deeper) = element { element = deeper.nullable }
            let kind = schema[element.namedType.value]?.kind
            return kind == .object || kind == .interface || kind == .union ? .list : .scalarList
        case .named(let name):
            let kind = schema[name.value]?.kind
            return kind == .object || kind == .interface || kind == .union ? .entity : .scalar
        }
    }
}
