/// The Swift literal a scalar's mock parameter takes, by the Swift type the scalar is.
public enum ScalarLiteralKind: Sendable, Hashable {
    /// `String` (GraphQL's `String` and `ID`): `"…"`.
    case string
    /// `Int`: `42`.
    case integer
    /// `Double` (GraphQL's `Float`): `4.2`, and `42` too.
    case double
    /// `Bool`: `true`, `false`.
    case boolean
}

/// How a project's schema module declares a custom scalar (`CustomScalars/<Name>.swift`, which Apollo's codegen
/// writes once as `public typealias <Name> = String` and leaves for the app to change): which literal, if any, is a
/// value of it.
public enum CustomScalarDeclaration: Sendable, Hashable {
    /// An alias of a Swift type literals are written for: `typealias DateTime = String`, Apollo's default.
    case alias(ScalarLiteralKind)
    /// A type of the app's own (a struct, an enum, a class, or an alias of any other type): no literal is one.
    /// `CustomScalarType` makes it take `init(_jsonValue:)`.
    case ownType

    /// Apollo's default, which a scalar whose declaration is not known is taken to have.
    public static let apolloDefault = CustomScalarDeclaration.alias(.string)

    /// What `typealias <Name> = <aliased>` declares, `aliased` as written (`String`, `Swift.Int`, `ID`).
    public init(aliasing aliased: String) {
        switch aliased.split(separator: ".").last.map(String.init) ?? aliased {
        // `ID` is the schema module's own alias of `String`.
        case "String", "ID": self = .alias(.string)
        case "Int", "Int32", "Int64": self = .alias(.integer)
        case "Double", "Float": self = .alias(.double)
        case "Bool": self = .alias(.boolean)
        default: self = .ownType
        }
    }
}

extension MockFormat {
    /// The literal a mock parameter of the scalar `type` takes: the built-in scalars', and for a custom scalar that
    /// of the Swift type its declaration aliases (`customScalars`; Apollo's default, `String`, when not known); nil
    /// for a custom scalar the app declares as a type of its own.
    public func literalKind(ofScalar type: NamedType) -> ScalarLiteralKind? {
        switch type.name {
        case "String", "ID": return .string
        case "Int": return .integer
        case "Float": return .double
        case "Boolean": return .boolean
        default:
            switch customScalars[SwiftNames.typeName(type)] ?? .apolloDefault {
            case .alias(let kind): return kind
            case .ownType: return nil
            }
        }
    }
}
