/// One parameter of a `placeholder(…)` factory: a test names only the values it cares about, every other one
/// defaults to a complete placeholder.
public struct PlaceholderParameter: Sendable, Hashable {
    public var label: String
    public var type: String
    public var defaultValue: String
}

/// The signatures of the `placeholder(…)` factories mockls generates: `Mock<Dog>.placeholder(…)` for each mocked
/// object and `AllAnimalsQuery.Data.AllAnimal.placeholder(…)` for each selection set with an initializer.
public enum PlaceholderFactory {
    /// A deep mock factory: non-null fields default to `.placeholder()` (so nested mocks are complete, unlike
    /// Apollo's shallow defaults), nullable ones to `nil`.
    public static func parameters(of object: MockObject, schema: Schema) -> [PlaceholderParameter] {
        object.fields.map { field in
            PlaceholderParameter(label: field.initLabel, type: field.valueType, defaultValue: defaultValue(field, schema: schema))
        }
    }

    /// A selection-set factory: the parameters of its generated initializer, with placeholder defaults.
    public static func parameters(of selectionSet: GeneratedSelectionSet, schema: Schema) -> [PlaceholderParameter] {
        selectionSet.initializer.map { parameter in
            let value: String
            if parameter.label == "__typename" {
                value = "\"\(schema.possibleTypes(of: selectionSet.parentType).first ?? selectionSet.parentType)\""
            } else {
                value = parameter.defaultValue ?? ".placeholder()"
            }
            return PlaceholderParameter(label: parameter.label, type: parameter.type, defaultValue: value)
        }
    }

    static func defaultValue(_ field: MockField, schema: Schema) -> String {
        guard field.isNonNull else { return "nil" }
        // `(any AnyMock)` has no factory of its own: a concrete possible type stands in.
        if case .nonNull(.named(let name)) = field.graphqlType, let type = schema[name.value], type.isAbstract,
            let first = schema.possibleTypes(of: type.name).first.flatMap({ schema[$0] })
        {
            return "Mock<\(SwiftNames.typeName(first))>.placeholder()"
        }
        return ".placeholder()"
    }
}

/// Which selection sets Apollo generates initializers for (`options.selectionSetInitializers`; local cache mutations
/// always get them): the ones a placeholder factory can build.
public struct SelectionSetInitializerOptions: Sendable, Hashable {
    public var operations: Bool
    public var namedFragments: Bool
    public var definitionsNamed: Set<String>

    public init(operations: Bool = false, namedFragments: Bool = false, definitionsNamed: Set<String> = []) {
        self.operations = operations
        self.namedFragments = namedFragments
        self.definitionsNamed = definitionsNamed
    }

    public func generatesInitializer(for selectionSet: GeneratedSelectionSet) -> Bool {
        selectionSet.isLocalCacheMutation || (selectionSet.isFragment ? namedFragments : operations)
            || definitionsNamed.contains(selectionSet.definitionName)
    }
}
