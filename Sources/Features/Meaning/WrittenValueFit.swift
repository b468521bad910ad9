import GraphQLIndex
import SwiftAnalysis

/// Whether a mock field's parameter takes a value already written, when completion renames the label in front of it
/// (`Mock<Dog>(spe|ceis: "Lab")`): a label whose parameter cannot take the value would not compile.
enum WrittenValueFit {
    static func accepts(_ field: MockField, _ value: WrittenArgumentValue, model: MockModel, schema: Schema) -> Bool {
        let named = field.graphqlType.namedType.value
        let kind = schema[named]?.kind
        let nullable = !model.format.parametersHaveDefaults || !field.isNonNull
        // The literal a scalar takes: a custom scalar's as its declaration says (`String`, Apollo's default, when
        // not known); none for one the app declares as a type of its own.
        let literal = field.setter == .scalar && kind == .scalar ? schema[named].flatMap(model.format.literalKind(ofScalar:)) : nil
        switch value {
        case .other: return true
        case .null: return nullable
        case .list: return field.setter == .list || field.setter == .scalarList
        case .enumCase: return field.setter == .scalar && kind == .enumeration
        case .boolean: return literal == .boolean
        case .float: return literal == .double
        case .integer: return literal == .integer || literal == .double
        case .string: return literal == .string
        case .mock(let type):
            guard field.setter == .entity, let object = model.object(swiftName: type.name) else { return false }
            return schema.possibleTypes(of: named).contains(object.name)
        }
    }
}
