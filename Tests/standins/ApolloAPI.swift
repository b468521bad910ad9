// A stand-in for the part of Apollo iOS 1.x's ApolloAPI that generated test mocks and mockls's placeholder file
// use, for type-checking them without Apollo (PlaceholderFileTests). Declarations follow ApolloAPI's names.

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

extension SelectionSet {
    public var __typename: String { fatalError() }
}

/// Operation data, entity selection sets and named fragments: what `from(_:)` builds (type cases are not).
public protocol RootSelectionSet: SelectionSet {}
