// A stand-in for Apollo iOS's ApolloTestSupport (1.x's, or 2.x's with APOLLO_2) (TestMock.swift, Field.swift): the API generated mock files and
// mockls's placeholder file call, with its names and generic shapes, for type-checking them (PlaceholderFileTests).
// A mock keeps its data as Apollo's does (`_data` by response key, `__typename` from `init()`, `nil` removes a key,
// `_selectionSetMockData` with nested mocks as their data), for tests that run what mockls writes (ResponseConversionTests).
@_exported import ApolloAPI
#if APOLLO_2
@_spi(Internal) import ApolloAPI
#endif

public protocol AnyMock {
    var _selectionSetMockData: [String: Any] { get }
}

#if APOLLO_2
// 2.x (apollo-ios 2.4.0 `ApolloTestSupport/TestMock.swift`, `Field.swift`, `ScalarType+DefaultMockValue.swift`):
// mock field values and a mock's fields are `Sendable`, custom scalars default to `.defaultMockValue`.
public protocol MockFieldValue: Sendable {
    associatedtype MockValueCollectionType: Collection
}

public protocol MockObject: MockFieldValue {
    associatedtype MockFields: Sendable
    associatedtype MockValueCollectionType = Array<Mock<Self>>
    static var objectType: Object { get }
    static var _mockFields: MockFields { get }
}

extension ScalarType {
    public static var defaultMockValue: Self { try! .init(_jsonValue: "") }
}

extension CustomScalarType {
    public static var defaultMockValue: Self { try! .init(_jsonValue: "") }
}

@propertyWrapper
public struct Field<T>: Sendable {
    public let key: StaticString
    public init(_ field: StaticString) { key = field }
    public var wrappedValue: Self { self }
}
#else
public protocol MockFieldValue {
    associatedtype MockValueCollectionType: Collection
}

public protocol MockObject: MockFieldValue {
    associatedtype MockFields
    associatedtype MockValueCollectionType = Array<Mock<Self>>
    static var objectType: Object { get }
    static var _mockFields: MockFields { get }
}

@propertyWrapper
public struct Field<T> {
    public let key: StaticString
    public init(_ field: StaticString) { key = field }
    public var wrappedValue: Self { self }
}
#endif

extension Interface: MockFieldValue { public typealias MockValueCollectionType = Array<any AnyMock> }
extension Union: MockFieldValue { public typealias MockValueCollectionType = Array<any AnyMock> }
extension Optional: MockFieldValue where Wrapped: MockFieldValue {
    public typealias MockValueCollectionType = Array<Optional<Wrapped.MockValueCollectionType.Element>>
}
extension Array: MockFieldValue where Element: MockFieldValue {
    public typealias MockValueCollectionType = Array<Element.MockValueCollectionType>
}

// Apollo's four dynamic-member subscripts (scalars, entities, lists of entities, lists of scalars) and `__typename`.
@dynamicMemberLookup
public class Mock<O: MockObject>: AnyMock, Hashable {
    public var _data: [String: AnyHashable]

    public init() { _data = ["__typename": O.objectType.typename] }

    public var __typename: String { _data["__typename"] as! String }

    public subscript<T: AnyScalarType & Hashable>(dynamicMember keyPath: KeyPath<O.MockFields, Field<T>>) -> T? {
        get { _data[Self.key(keyPath)] as? T }
        set { _setScalar(newValue, for: keyPath) }
    }

    public subscript<T: MockFieldValue>(dynamicMember keyPath: KeyPath<O.MockFields, Field<T>>) -> T.MockValueCollectionType.Element? {
        get { _data[Self.key(keyPath)]?.base as? T.MockValueCollectionType.Element }
        set { _data[Self.key(keyPath)] = newValue.flatMap(Self.hashable) }
    }

    public subscript<T: MockFieldValue>(dynamicMember keyPath: KeyPath<O.MockFields, Field<Array<T>>>) -> [T.MockValueCollectionType.Element]? {
        get { _data[Self.key(keyPath)]?.base as? [T.MockValueCollectionType.Element] }
        set { _data[Self.key(keyPath)] = newValue.flatMap(Self.hashable) }
    }

    public subscript<T: AnyScalarType & Hashable>(dynamicMember keyPath: KeyPath<O.MockFields, Field<Array<T>>>) -> [T]? {
        get { _data[Self.key(keyPath)] as? [T] }
        set { _data[Self.key(keyPath)] = newValue.flatMap(Self.hashable) }
    }

    public func _setScalar<T>(_ value: T?, for keyPath: KeyPath<O.MockFields, Field<T>>) {
        _data[Self.key(keyPath)] = value.flatMap(Self.hashable)
    }
    public func _setEntity<T>(_ value: (any AnyMock)?, for keyPath: KeyPath<O.MockFields, Field<T>>) {
        _data[Self.key(keyPath)] = value.flatMap(Self.hashable)
    }
    public func _setList<T, V>(_ value: [V]?, for keyPath: KeyPath<O.MockFields, Field<[T]>>) {
        _data[Self.key(keyPath)] = value.flatMap(Self.hashable)
    }
    public func _setScalarList<T>(_ value: [T]?, for keyPath: KeyPath<O.MockFields, Field<[T]>>) {
        _data[Self.key(keyPath)] = value.flatMap(Self.hashable)
    }

    public var _selectionSetMockData: [String: Any] { _data.mapValues(Self.mockData) }

    public static func == (lhs: Mock<O>, rhs: Mock<O>) -> Bool { lhs._data == rhs._data }
    public func hash(into hasher: inout Hasher) { hasher.combine(_data) }

    private static func key<T>(_ keyPath: KeyPath<O.MockFields, Field<T>>) -> String { O._mockFields[keyPath: keyPath].key.description }

    /// A value as `_data` holds it: lists element by element, `nil` (an optional's) as no value.
    private static func hashable(_ value: Any) -> AnyHashable? {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional { return mirror.children.first.flatMap { hashable($0.value) } }
        if mirror.displayStyle == .collection { return AnyHashable(mirror.children.map { hashable($0.value) }) }
        return value as? AnyHashable
    }

    private static func mockData(_ value: AnyHashable) -> Any {
        if let mock = value.base as? any AnyMock { return mock._selectionSetMockData }
        if let list = value.base as? [AnyHashable?] { return list.map { $0.map(mockData) as Any } }
        return value.base
    }
}

extension RootSelectionSet {
    #if APOLLO_2
    public static func from<O: MockObject>(_ mock: Mock<O>, withVariables variables: [String: AnyHashable]? = nil) async -> Self {
        fatalError()
    }
    #else
    public static func from<O: MockObject>(_ mock: Mock<O>, withVariables variables: [String: AnyHashable]? = nil) -> Self {
        fatalError()
    }
    #endif
}
