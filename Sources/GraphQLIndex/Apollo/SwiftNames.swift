/// How Apollo iOS 1.x names things in generated Swift (`Templates/RenderingHelpers/String+SwiftNameEscaping.swift`,
/// `GraphQLName+RenderingHelper.swift`, `SwiftKeywords`), with its default options.
public enum SwiftNames {
    /// `SwiftKeywords.FieldAccessorNamesToEscape`: wrapped in backticks as property names and labels.
    static let fieldAccessorNamesToEscape: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "operator", "private", "precedencegroup", "protocol", "Protocol", "public", "rethrows",
        "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer",
        "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where",
        "while", "as", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "_",
    ]

    /// Mock field names escape two more: `Type` and `Any`.
    static let testMockFieldNamesToEscape = fieldAccessorNamesToEscape.union(["Type", "Any"])
    /// Mock initializer parameters that get a second, internal name (`` `self` self_value ``).
    static let testMockInitializerParametersToSuffix: Set<String> = ["self"]
    /// Mock fields that also get a real property, to avoid `Hashable.hash(into:)`.
    static let testMockConflictingFieldNames: Set<String> = ["hash"]
    /// Abstract types referenced as `MockObject.<Name>` in mock fields.
    static let testMockAbstractTypeNamesToNamespace: Set<String> = ["Actor"]
    /// `SwiftKeywords.TypeNamesToSuffix`: type names that get a kind suffix (`Type` → `Type_Object`).
    static let typeNamesToSuffix: Set<String> = [
        "Any", "DataDict", "DocumentType", "Fragments", "FragmentContainer", "ParentType", "Protocol", "Schema",
        "Selection", "Self", "String", "Bool", "Int", "Float", "Double", "ID", "Type", "Error", "_",
    ]

    static let builtInSwiftScalars: [String: String] = ["String": "String", "Int": "Int", "Float": "Double", "Boolean": "Bool"]

    public static func firstUppercased(_ string: String) -> String { string.prefix(1).uppercased() + string.dropFirst() }
    public static func firstLowercased(_ string: String) -> String { string.prefix(1).lowercased() + string.dropFirst() }

    static func escaped(_ name: String, in set: Set<String>) -> String { set.contains(name) ? "`\(name)`" : name }

    /// A mock property or initializer label for a response key.
    public static func mockProperty(_ key: String) -> String { escaped(key, in: testMockFieldNamesToEscape) }

    /// `GraphQLNamedType.render(as: .typename)`: the Swift type name of a schema type.
    public static func typeName(_ type: NamedType) -> String {
        // A name the configuration gives is written unchanged (apollo-ios-codegen `GraphQLNamedType.render(as:)`).
        if let custom = type.customName { return custom }
        if type.kind == .scalar, builtInSwiftScalars[type.name] != nil || type.name == "ID" {
            return builtInSwiftScalars[type.name] ?? type.name
        }
        let suffix: String = switch type.kind {
        case .enumeration: "_Enum"
        case .inputObject: "_InputObject"
        case .interface: "_Interface"
        case .object: "_Object"
        case .scalar: "_Scalar"
        case .union: "_Union"
        }
        let name = firstUppercased(builtInSwiftScalars[type.name] ?? type.name)
        return typeNamesToSuffix.contains(name) ? name + suffix : name
    }

    /// Apollo's default enum case conversion (`camelCase`): `LARGE` → `large`, `SOME_VALUE` → `someValue`; then the
    /// project's capitalization rules (`USER_ID` → `userId` → `userID`).
    public static func enumCase(_ value: String, capitalizer: Capitalizer) -> String {
        let converted: String
        if !value.contains("_") {
            converted = value.contains(where: \.isLowercase) ? firstLowercased(value) : value.lowercased()
        } else {
            let parts = value.split(separator: "_", omittingEmptySubsequences: false)
            converted = firstLowercased(parts.map { $0.isEmpty ? "_" : $0.prefix(1).uppercased() + $0.dropFirst().lowercased() }.joined())
        }
        return escaped(capitalizer.apply(to: converted), in: fieldAccessorNamesToEscape)
    }
}
