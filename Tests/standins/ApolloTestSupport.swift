// A stand-in for Apollo iOS 1.x's ApolloTestSupport (TestMock.swift, Field.swift): the API generated mock files and
// mockls's placeholder file call, with its names and generic shapes, for type-checking them (PlaceholderFileTests).
@_exported import ApolloAPI

public protocol AnyMock {}

public protocol MockFieldValue {}

public protocol MockObject: MockFieldValue {
    associatedtype MockFields
    associatedtype MockValueCollectionType = Array<Mock<Self>>
    static var objectType: Object { get }
    static var _mockFields: MockFields { get }
}

extension Interface: MockFieldValue {}
extension Union: MockFieldValue {}

@propertyWrapper
public struct Field<T> {
    public let key: StaticString
    public init(_ field: StaticString) { key = field }
    public var wrappedValue: Self { self }
}

@dynamicMemberLookup
public class Mock<O: MockObject>: AnyMock {
    public var _data: [String: AnyHashable] = [:]

    public init() {}

    public subscript<T>(dynamicMember keyPath: KeyPath<O.MockFields, Field<T>>) -> T? {
        get { nil }
        set {}
    }

    public func _setScalar<T>(_ value: T?, for keyPath: KeyPath<O.MockFields, Field<T>>) {}
    public func _setEntity<T>(_ value: (any AnyMock)?, for keyPath: KeyPath<O.MockFields, Field<T>>) {}
    public func _setList<T, V>(_ value: [V]?, for keyPath: KeyPath<O.MockFields, Field<[T]>>) {}
    public func _setScalarList<T>(_ value: [T]?, for keyPath: KeyPath<O.MockFields, Field<[T]>>) {}
}
