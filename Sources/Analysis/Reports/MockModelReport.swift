import GraphQLIndex

/// The mock model as `mockls mocks --format json` prints it: the shape of the shared `expected-mocks.json`
/// (encoded with nil written as null).
public struct MockModelReport: Encodable, Sendable {
    var namespace: String
    var format: String
    var objects: [Object]
    var interfaces: [Abstract]
    var unions: [Abstract]

    struct Object: Encodable, Sendable {
        var name: String
        var swiftName: String
        var interfaces: [String]
        var fields: [Field]
    }

    struct Field: Encodable, Sendable {
        var key, property, initLabel: String
        var initInternalName: String?
        var graphqlType, fieldType, initParamType, `default`, setter: String
        var deprecationReason: String?
    }

    struct Abstract: Encodable, Sendable {
        var name: String
        var swiftName: String
        var possibleTypes: [String]
    }

    public init(_ model: MockModel) {
        namespace = model.namespace
        format = model.format.rawValue
        objects = model.objects.map { object in
            Object(name: object.name, swiftName: object.swiftName, interfaces: object.interfaces, fields: object.fields.map {
                Field(key: $0.key, property: $0.property, initLabel: $0.initLabel, initInternalName: $0.initInternalName,
                      graphqlType: $0.graphqlType.description, fieldType: $0.fieldType, initParamType: $0.initParamType,
                      default: $0.defaultValue, setter: $0.setter.rawValue, deprecationReason: $0.deprecationReason)
            })
        }
        // Interfaces list their implementations by name; unions keep their declaration order.
        interfaces = model.interfaces.map { Abstract(name: $0.name, swiftName: $0.swiftName, possibleTypes: $0.possibleTypes.sorted()) }
        unions = model.unions.map { Abstract(name: $0.name, swiftName: $0.swiftName, possibleTypes: $0.possibleTypes) }
    }
}
