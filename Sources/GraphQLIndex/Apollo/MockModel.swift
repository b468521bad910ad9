import Foundation
import Synchronization

/// Which generation of Apollo's mock initializers a project has (reference/apollo-mocks.md §0).
/// What a project's Apollo iOS generates as mocks (docs/apollo-2.md): the release line (reference/apollo-mocks.md §0, §7) and the
/// codegen option that changes the initializer's parameters.
public struct MockFormat: Sendable, Hashable, CustomStringConvertible {
    public enum Release: String, Sendable, Hashable, CaseIterable {
        /// Apollo iOS 1.0–1.22: every initializer parameter is `T? = nil`.
        case beforeOneTwentyThree = "pre-1.23"
        /// Apollo iOS 1.23–1.x: non-null fields are non-optional parameters with defaults.
        case oneTwentyThree = "1.23+"
        /// Apollo iOS 2.x: as 1.23, with `final` classes, `Sendable` mock fields, `.defaultMockValue` for custom
        /// scalars, and an `async` `from(_:)`.
        case two = "2.x"
    }

    public var release: Release
    /// `options.requireNonOptionalMockFields` (apollo-ios-dev #1066, default true): false gives every parameter
    /// `T? = nil` again.
    public var requireNonOptionalMockFields: Bool
    /// The Apollo iOS version pinned, when known (2.x mock files changed in 2.0.3 and 2.1.0); nil: the newest.
    public var version: [Int]?
    /// `output.testMocks.absolute.accessModifier` is not `internal`: the mocks are `public`.
    public var isPublic = true
    /// `output.testMocks` is not `none`: Apollo writes the `Mock<T>` classes.
    public var generatesMocks = true
    /// The module the schema types live in when it is not the namespace (`embeddedInTarget`'s target): what mock
    /// files and mockls's own files import.
    public var schemaModule: String?
    /// `options.markTypesNonisolated` (Apollo iOS 2.1+, true by default with the Swift 6.2 toolchains it is built
    /// with): mock classes are `nonisolated`.
    public var markTypesNonisolated = true
    /// `options.additionalCapitalizationRules` (2.3+): the Swift names of fields and enum cases (and with 2.4 of
    /// operations and fragments) they re-case.
    public var capitalizer = Capitalizer()
    /// `options.schemaCustomization.customTypeNames` (Apollo iOS 1.7+): the Swift names of renamed types, by GraphQL
    /// name (`Crocodile` → `CustomCrocodile`: `Mock<CustomCrocodile>`).
    public var customTypeNames: [String: String] = [:]
    /// How the schema module declares its custom scalars (`CustomScalars/<Name>.swift`), by Swift name: which
    /// literal, if any, a mock parameter of one takes (`literalKind(ofScalar:)`). Apollo's default for those not here.
    public var customScalars: [String: CustomScalarDeclaration] = [:]
    /// The rules as they apply to the names of operations and fragments: since Apollo iOS 2.4.
    public var typeNameCapitalizer: Capitalizer { release == .two && isAtLeast([2, 4]) ? capitalizer : Capitalizer() }

    public init(release: Release, requireNonOptionalMockFields: Bool = true, version: [Int]? = nil) {
        self.release = release
        self.requireNonOptionalMockFields = requireNonOptionalMockFields
        self.version = version
    }

    /// Whether the release writes what `version` introduced (any 2.x release without a pinned version counts as
    /// the newest).
    func isAtLeast(_ version: [Int]) -> Bool {
        guard let pinned = self.version else { return true }
        return !pinned.lexicographicallyPrecedes(version)
    }

    /// Mock files import the schema module `@testable` (Apollo iOS 1.24+, apollo-ios#3566, and 2.x): before, plainly.
    /// A 1.23+ project without a pinned version counts as the newest 1.x.
    public var importsSchemaTestable: Bool {
        switch release {
        case .two: true
        case .beforeOneTwentyThree: false
        case .oneTwentyThree: version.map { !$0.lexicographicallyPrecedes([1, 24]) } ?? true
        }
    }

    /// Custom scalars default to `.defaultMockValue` (2.0.3+), not `try! .init(_jsonValue: "")`.
    public var customScalarsDefaultToDefaultMockValue: Bool { release == .two && isAtLeast([2, 0, 3]) }
    /// Mock classes are `nonisolated` (2.1.0+, `markTypesNonisolated`).
    var nonisolatedClasses: Bool { release == .two && markTypesNonisolated && isAtLeast([2, 1]) }

    public static let optionalParameters = MockFormat(release: .beforeOneTwentyThree)
    public static let defaults = MockFormat(release: .oneTwentyThree)
    public static let apolloTwo = MockFormat(release: .two)
    /// What a project without a pin or generated mocks is taken to use: the current major version.
    public static let newest = apolloTwo

    /// Non-null fields are non-optional initializer parameters with a default value; otherwise every parameter is
    /// `T? = nil`, and what a test does not pass stays unset.
    public var parametersHaveDefaults: Bool { release != .beforeOneTwentyThree && requireNonOptionalMockFields }
    /// `RootSelectionSet.from(_:)` is `async` (Apollo iOS 2): tests write `await X.from(mock)`.
    public var fromIsAsync: Bool { release == .two }
    /// `pre-1.23`, `1.23+` or `2.x`.
    public var rawValue: String { release.rawValue }
    public var description: String {
        requireNonOptionalMockFields || release == .beforeOneTwentyThree ? rawValue : "\(rawValue), requireNonOptionalMockFields: false"
    }
}

/// How a mock setter stores a field (`mockFunctionDescriptor`).
public enum MockSetter: String, Sendable, Hashable {
    case scalar = "_setScalar"
    case entity = "_setEntity"
    case list = "_setList"
    case scalarList = "_setScalarList"
}

/// One field of a generated `Mock<T>`: what `Mock<T>(…)` takes and `mock.x` reads.
///
/// Its values live in one shared box: a field is a dozen strings, and following a test copies fields at every
/// construction and read (each copy of a plain struct would retain every string).
public struct MockField: Sendable, Hashable {
    private struct Values: Sendable, Hashable {
        var key: String
        var property: String
        var initInternalName: String?
        var graphqlType: TypeReference
        var fieldType: String
        var initParamType: String
        var valueType: String
        var readType: String
        var defaultValue: String
        var setter: MockSetter
        var deprecationReason: String?
        var description: GraphQLString?
        var definition: SourceLocation
    }

    private final class Box: Sendable {
        let values: Values
        init(_ values: Values) { self.values = values }
    }

    private let box: Box

    init(
        key: String, property: String, initInternalName: String?, graphqlType: TypeReference, fieldType: String, initParamType: String,
        valueType: String, readType: String, defaultValue: String, setter: MockSetter, deprecationReason: String?,
        description: GraphQLString?, definition: SourceLocation
    ) {
        box = Box(Values(
            key: key, property: property, initInternalName: initInternalName, graphqlType: graphqlType, fieldType: fieldType,
            initParamType: initParamType, valueType: valueType, readType: readType, defaultValue: defaultValue, setter: setter,
            deprecationReason: deprecationReason, description: description, definition: definition))
    }

    /// The response key (alias or field name): the `_data` key.
    public var key: String { box.values.key }
    /// The Swift property and initializer label (backticked when escaped).
    public var property: String { box.values.property }
    /// A second, internal parameter name (`self_value` for `self`).
    public var initInternalName: String? { box.values.initInternalName }
    public var graphqlType: TypeReference { box.values.graphqlType }
    /// The `@Field<…>` type.
    public var fieldType: String { box.values.fieldType }
    /// The convenience-initializer parameter type.
    public var initParamType: String { box.values.initParamType }
    /// The type of the value (Apollo 1.23's parameter type, whatever the format): `String`, `Mock<Height>?`.
    public var valueType: String { box.values.valueType }
    /// What `mock.key` returns: always optional, as Apollo's dynamic members do (`Mock<Height>?`, `[String]?`).
    public var readType: String { box.values.readType }
    /// The parameter's default: `nil` or Apollo's default expression.
    public var defaultValue: String { box.values.defaultValue }
    public var setter: MockSetter { box.values.setter }
    public var deprecationReason: String? { box.values.deprecationReason }
    public var description: GraphQLString? { box.values.description }
    /// The schema field it comes from.
    public var definition: SourceLocation { box.values.definition }

    public var initLabel: String { property }
    public var isNonNull: Bool { graphqlType.isNonNull }

    public static func == (lhs: MockField, rhs: MockField) -> Bool { lhs.box === rhs.box || lhs.box.values == rhs.box.values }
    public func hash(into hasher: inout Hasher) { box.values.hash(into: &hasher) }
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
    /// The module Swift code imports the schema types from: `embeddedInTarget`'s target, else the namespace.
    public var schemaModule: String { format.schemaModule ?? namespace }
    public let format: MockFormat
    /// The objects that get a mock class, by schema name (code-point order).
    public let objectNames: [String]
    public let interfaces: [AbstractMockType]
    public let unions: [AbstractMockType]
    private let schema: Schema
    private let fields: ProjectFields
    private let rendered: RenderedObjects

    public init(schema: Schema, documents: [Document], namespace: String, format: MockFormat = .newest) {
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
        // By its GraphQL name too, unless the configuration renames it (`Mock<Crocodile>` is then no mock).
        if let object = object(swiftName), schema[object.name]?.customName == nil || object.swiftName == swiftName { return object }
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
        var defaultValue = field.type.isNonNull ? self.defaultValue(field.type, format: format) : "nil"
        if !format.parametersHaveDefaults {
            if !parameterType.hasSuffix("?") { parameterType += "?" }
            defaultValue = "nil"
        }
        return MockField(
            key: key, property: SwiftNames.mockProperty(format.capitalizer.apply(to: key)),
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

    func defaultValue(_ type: TypeReference, format: MockFormat) -> String {
        switch type {
        case .nonNull(let inner): return defaultValue(inner, format: format)
        case .list: return "[]"
        case .named(let name):
            guard let named = schema[name.value] else { return "nil" }
            switch named.kind {
            case .object: return "Mock<\(SwiftNames.typeName(named))>()"
            // Apollo interpolates the raw schema name of the first possible type here (no capitalisation).
            case .interface, .union: return schema.possibleTypes(of: named.name).first.map { "Mock<\($0)>()" } ?? "nil"
            case .enumeration: return MockLiteral.of(named, capitalizer: format.capitalizer) ?? "nil"
            case .scalar: return MockLiteral.of(named, capitalizer: format.capitalizer) ?? (format.customScalarsDefaultToDefaultMockValue ? ".defaultMockValue" : "try! .init(_jsonValue: \"\")")
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
