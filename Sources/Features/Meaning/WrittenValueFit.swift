import GraphQLIndex
import SwiftAnalysis

/// Whether a mock field's parameter takes a value already written, when completion renames the label in front of it
/// (`Mock<Dog>(spe|ceis: "Lab")`): a label whose parameter cannot take the value would not compile.
enum WrittenValueFit {
    static func accepts(_ field: MockField, _ value: WrittenArgumentValue, model: MockModel, schema: Schema) -> Bool {
        let named = field.graphqlType.namedType.value
        let kind = schema[named]?.kind
        let nullable = !model.format.parametersHaveDefaults || !field.isNonNull
        switch value {
        case .other: return true
        case .null: return nullable
        case .list: return field.setter == .list || field.setter == .scalarList
        case .enumCase: return field.setter == .scalar && kind == .enumeration
        case .boolean: return field.setter == .scalar && named == "Boolean"
        case .float: return field.setter == .scalar && named == "Float"
        case .integer: return field.setter == .scalar && (named == "Int" || named == "Float")
        case .string:
            // String, ID and custom scalars (which Apollo declares as `String` until the app says otherwise).
            return field.setter == .scalar && kind == .scalar && !["Int", "Float", "Boolean"].contains(named)
        case .mock(let type):
            guard field.setter == .entity, let object = model.object(swiftName: type.name) else { return false }
            return schema.possibleTypes(of: named).contains(object.name)
        }
    }
}
