// A stand-in for the part of Apollo iOS's ApolloAPI that generated test mocks and mockls's placeholder file use, for
// type-checking them without Apollo (PlaceholderFileTests). Declarations follow ApolloAPI's names: 1.x's, or with
// APOLLO_2 2.x's, where what mocks touch is `Sendable` (apollo-ios 2.4.0 `ApolloAPI/SelectionSet.swift`,
// `ScalarTypes.swift`, `GraphQLEnum.swift`, `SchemaTypes/*.swift`) and the modules build in Swift 6 mode.

#if APOLLO_2
public typealias JSONValue = any Sendable & Hashable

/// `init(_jsonValue:)` is SPI in 2.x: code that imports ApolloAPI plainly (mock files, placeholders) cannot call it.
public protocol JSONDecodable: Sendable {
    @_spi(Internal) init(_jsonValue value: JSONValue) throws
}

public protocol AnyScalarType: Sendable, Hashable {}
/// The built-in scalars.
public protocol ScalarType: AnyScalarType, JSONDecodable {}
extension String: ScalarType {
    @_spi(Internal) public init(_jsonValue value: JSONValue) throws { self = "" }
}
extension Int: ScalarType {
    @_spi(Internal) public init(_jsonValue value: JSONValue) throws { self = 0 }
}
extension Double: ScalarType {
    @_spi(Internal) public init(_jsonValue value: JSONValue) throws { self = 0 }
}
extension Bool: ScalarType {
    @_spi(Internal) public init(_jsonValue value: JSONValue) throws { self = false }
}

/// Custom scalars that are not `typealias X = String`.
public protocol CustomScalarType: AnyScalarType, JSONDecodable {}

public protocol EnumType: RawRepresentable, CaseIterable, Hashable, Sendable where RawValue == String {}

public enum GraphQLEnum<T: EnumType>: Hashable, Sendable, AnyScalarType {
    case `case`(T)
    case unknown(String)
}

public struct Object: Hashable, Sendable {
    public let typename: String
    public init(typename: String, implementedInterfaces: [Interface] = []) { self.typename = typename }
}

public struct Interface: Hashable, Sendable {
    public let name: String
    public init(name: String) { self.name = name }
}

public struct Union: Hashable, Sendable {
    public let name: String
    public init(name: String) { self.name = name }
}

/// Every generated selection set: `Sendable` in 2.x.
public protocol SelectionSet: Sendable {}
#else
public typealias JSONValue = AnyHashable

public protocol JSONDecodable {
    init(_jsonValue value: JSONValue) throws
}

public protocol AnyScalarType {}
extension String: AnyScalarType, JSONDecodable {
    public init(_jsonValue value: JSONValue) throws { self = "" }
}
extension Int: AnyScalarType {}
extension Double: AnyScalarType {}
extension Bool: AnyScalarType {}

/// Custom scalars that are not `typealias X = String`.
public protocol CustomScalarType: AnyScalarType, JSONDecodable {}

public protocol EnumType: RawRepresentable, CaseIterable, Hashable where RawValue == String {}

public enum GraphQLEnum<T: EnumType>: Hashable, AnyScalarType {
    case `case`(T)
    case unknown(String)
}

public final class Object {
    public let typename: String
    public init(typename: String, implementedInterfaces: [Interface] = []) { self.typename = typename }
}

public struct Interface {
    public let name: String
    public init(name: String) { self.name = name }
}

public struct Union {
    public let name: String
    public init(name: String) { self.name = name }
}

/// Every generated selection set.
public protocol SelectionSet {}
#endif

extension SelectionSet {
    public var __typename: String { fatalError() }
}

// Lists and optionals of scalars are scalars too (`ScalarTypes.swift`): what `mock.appearsIn = [...]` sets.
extension Array: AnyScalarType where Element: AnyScalarType & Hashable {}
extension Optional: AnyScalarType where Wrapped: AnyScalarType & Hashable {}

extension GraphQLEnum {
    /// The value as the response spells it.
    public var rawValue: String {
        switch self {
        case .case(let value): return value.rawValue
        case .unknown(let value): return value
        }
    }
}

/// Operation data, entity selection sets and named fragments: what `from(_:)` builds (type cases are not).
public protocol RootSelectionSet: SelectionSet {}
