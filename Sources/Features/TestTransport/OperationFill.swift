import GraphQLIndex

/// `mockls fill`: the `Mock<Query>` (or `Mutation`) tree that sets every field an operation selects, with predictable
/// values, for a test that wants a whole response and then changes one field (a test transport's registration, a
/// `from(_:)`). As Apollo Kotlin's `DefaultFakeResolver` fills test data: a string field holds its name, IDs and
/// numbers count up, an enum its first case, a list one element, an interface or union the first possible type a type
/// condition names (else the first); but `@include`/`@skip` decided by the variables given (a field they leave out
/// is not set; one whose variable is not given is set, which no response reading it can miss).
public enum OperationFill {
    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// No operation of that name; the project's operations.
        case unknownOperation(String, known: [String])
        /// The schema has no root type for the operation's kind.
        case noRoot(String)

        public var description: String {
            switch self {
            case .unknownOperation(let name, let known):
                "no operation \(name) in the project (its operations: \(known.isEmpty ? "none" : known.joined(separator: ", ")))"
            case .noRoot(let kind): "the schema has no \(kind) type"
            }
        }
    }

    /// The mock of the whole response of `name` (`HotelDetail` or its class's `HotelDetailQuery`), indented from
    /// `indent`, under `variables` (Boolean variables of `@include`/`@skip`).
    public static func fill(
        _ name: String, variables: [String: Bool] = [:], project: ProjectIndex, indent: String = ""
    ) -> Result<String, Failure> {
        var operations: [OperationDefinition] = []
        var fragments: [String: FragmentDefinition] = [:]
        for document in project.documents.values.sorted(by: { $0.path < $1.path }) where document.role == .executable {
            operations += document.effective.operations
            for fragment in document.effective.fragments { fragments[fragment.name.value] = fragment }
        }
        let wanted = name.lowercased()
        guard let operation = operations.first(where: { operation in
            let own = operation.name?.value.lowercased() ?? ""
            return !own.isEmpty && (own == wanted || own + operation.kind.rawValue == wanted)
        }) else {
            return .failure(.unknownOperation(name, known: operations.compactMap { $0.name?.value }.sorted()))
        }
        guard let root = project.schema.rootType(operation.kind) else { return .failure(.noRoot(operation.kind.rawValue)) }
        var filler = Filler(
            project: project, fields: ExecutableFields(schema: project.schema, fragments: fragments, variable: { variables[$0] }),
            indent: indent)
        return .success(filler.object(root.name, selections: [operation.selectionSet], staticType: root.name, depth: 0))
    }

    private struct Filler {
        let project: ProjectIndex
        let fields: ExecutableFields
        let indent: String
        /// What IDs and numbers count from.
        var counter = 0

        var schema: Schema { project.schema }
        var format: MockFormat { project.mockModel.format }

        func indent(_ depth: Int) -> String { indent + String(repeating: "    ", count: depth) }

        /// `Mock<T>(…)` setting the fields `selections` select on an object of `type`.
        mutating func object(_ type: String, selections: [SelectionSet], staticType: String, depth: Int) -> String {
            guard let object = project.mockModel.object(type) else { return "Mock<\(type)>()" }
            let collected = fields.collect(selections, runtimeType: type, staticType: staticType)
            // By response key, as Apollo's mocks name their fields (`label: name` is the mock's `label`).
            var selected: [String: [FieldSelection]] = [:]
            for (key, found) in collected.ordered + collected.undecidedFields where key != "__typename" { selected[key, default: []] += found }
            var arguments: [String] = []
            // In the initializer's order.
            for field in object.fields {
                guard let selections = selected[field.key], let name = selections.first?.name.value, let definition = schema[type]?.field(name)
                else { continue }
                guard let value = value(of: field, type: definition.type, selections: selections.compactMap(\.selectionSet), depth: depth + 1) else {
                    continue
                }
                arguments.append("\(indent(depth + 1))\(field.initLabel): \(value)")
            }
            if arguments.isEmpty { return "Mock<\(object.swiftName)>()" }
            return "Mock<\(object.swiftName)>(\n" + arguments.joined(separator: ",\n") + "\n\(indent(depth)))"
        }

        /// The value of `field` (of GraphQL type `type`); nil to leave it to Apollo's default.
        private mutating func value(of field: MockField, type: TypeReference, selections: [SelectionSet], depth: Int) -> String? {
            switch type {
            case .nonNull(let inner):
                return value(of: field, type: inner, selections: selections, depth: depth)
            case .list(let element):
                guard let one = value(of: field, type: element, selections: selections, depth: depth + 1) else { return "[]" }
                return "[\n\(indent(depth + 1))\(one)\n\(indent(depth))]"
            case .named(let named):
                guard let definition = schema[named.value] else { return nil }
                switch definition.kind {
                case .object:
                    return object(named.value, selections: selections, staticType: named.value, depth: depth)
                case .interface, .union:
                    return object(runtimeType(of: named.value, selections: selections), selections: selections, staticType: named.value, depth: depth)
                case .enumeration:
                    return MockLiteral.of(definition, capitalizer: format.capitalizer)
                default:
                    return scalar(definition, field: field)
                }
            }
        }

        /// The object type a mock of an interface or union gets: the first possible type a type condition of the
        /// selections names, else the first.
        private func runtimeType(of abstract: String, selections: [SelectionSet]) -> String {
            let possible = schema.possibleTypes(of: abstract)
            var named: [String] = []
            for set in selections {
                for selection in set.selections {
                    switch selection {
                    case .inlineFragment(let fragment): if let condition = fragment.typeCondition?.value { named.append(condition) }
                    case .fragmentSpread, .field: break
                    }
                }
            }
            return named.lazy.flatMap { schema.possibleTypes(of: $0) }.first(where: possible.contains) ?? possible.first ?? abstract
        }

        private mutating func scalar(_ type: NamedType, field: MockField) -> String? {
            if type.name == "ID" {
                counter += 1
                return "\"\(counter)\""
            }
            // A built-in scalar, or a custom one the app's generated `CustomScalars` declare as an alias of a literal's
            // type (`typealias Url = String`, Apollo's default: `format.customScalars`) takes that literal. One whose
            // declaration is not in the workspace is not taken to be Apollo's default: it may be the app's own type.
            let isBuiltIn = Schema.builtInScalars.contains(type.name)
            let known = isBuiltIn || format.customScalars[SwiftNames.typeName(type)] != nil
            switch known ? format.literalKind(ofScalar: type) : nil {
            case .string?: return "\"\(field.key)\""
            case .integer?:
                counter += 1
                return "\(counter)"
            case .double?:
                counter += 1
                return "\(counter).5"
            case .boolean?: return "true"
            case nil:
                // A type of the app's own, or not known: mockls does not know its values. Nullable: `nil`; non-null: Apollo's
                // default where its initializer has one, else the spelling Apollo's own defaults use, of the value's
                // type (a list's element's, for a list).
                if !field.isNonNull { return "nil" }
                if format.parametersHaveDefaults { return nil }
                let valueType = Self.elementType(of: field.valueType)
                return format.customScalarsDefaultToDefaultMockValue ? "\(valueType).defaultMockValue" : "try! \(valueType)(_jsonValue: \"\")"
            }
        }

        /// `API.Language` of `[API.Language]?`, `[[API.Language?]]`: the type a list's innermost elements have.
        static func elementType(of valueType: String) -> String {
            var type = Substring(valueType)
            while true {
                if type.hasSuffix("?") { type = type.dropLast(); continue }
                if type.hasPrefix("["), type.hasSuffix("]") { type = type.dropFirst().dropLast(); continue }
                return String(type)
            }
        }
    }
}
