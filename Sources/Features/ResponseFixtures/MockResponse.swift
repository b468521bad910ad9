import GraphQLIndex
import SwiftAnalysis

/// The JSON response a test's mock stands for, at its `X.Data.from(mock)` (or a fragment's `X.from(mock)`): what the
/// operation would receive for the model `from(_:)` builds there, for UI tests, stub servers and recorded fixtures.
/// Every object has its `__typename`; only what the operation selects is written (under the object's type
/// conditions); a nullable field the mock does not set is `null`. A non-null field the mock does not set, or sets to
/// something mockls does not read (a variable, a call, a helper's value), is an error naming it: no value is invented.
public enum MockResponse {
    public struct Written: Sendable, Equatable {
        /// The operation or fragment, whose name a fixture file takes (`DogQuery.json`).
        public var name: String
        /// `{"data": …}` for an operation, the fragment's object for a fragment; two-space indented, with a final newline.
        public var json: String
        /// The variables `from(mock, withVariables:)` gives, as the JSON object of a fixture's `X.variables.json`;
        /// nil without them.
        public var variables: String?

        public init(name: String, json: String, variables: String? = nil) {
            self.name = name
            self.json = json
            self.variables = variables
        }
    }

    public enum Failure: Error, Sendable, Equatable {
        /// No `from(_:)` of an operation's `Data` or of a fragment at the place asked.
        case noModel
        /// A `from(_:)` whose model mockls does not know: what its mock is instead, and where.
        case notFollowed(String)
        /// What keeps the response from being written, each naming its field by its path.
        case unset([String])
    }

    /// The response of the model built by the `from(_:)` on the line of `offset`: in a test function, in what runs
    /// before it (a stored property, `setUp`, a suite's `init()`), or in a factory or fixture of the file
    /// (`static let data = Q.Data.from(mock)`, `return .from(mock)`), which runs with its parameters' default values.
    public static func response(
        at offset: Int, in file: SwiftFile, project: ProjectIndex, options: TestConventions, helpers: WorkspaceHelpers = .none
    ) -> Result<Written, Failure> {
        let helpers = helpers.including(file)
        var evaluator = FlowEvaluator(
            file: file, project: project, options: options, helpers: helpers, ownMockObjects: file.ownMockObjects())
        let helper = file.modelHelpers().first(where: { $0.range.contains(offset) })
        if let helper {
            evaluator.run(helper)
        } else if let unit = Self.unit(at: offset, in: file) {
            evaluator.run(unit.flow())
        } else {
            return .failure(.noModel)
        }
        let line = file.lines.line(containing: offset)
        let onLine = { (range: Range<Int>) in range.contains(offset) || file.lines.line(containing: range.lowerBound) == line }
        guard let built = evaluator.models.first(where: { $0.range.contains(offset) }) ?? evaluator.models.first(where: { onLine($0.range) })
        else {
            if let unbuilt = evaluator.unbuiltModels.first(where: { onLine($0.range) }) { return .failure(.notFollowed(unbuilt.reason)) }
            return .failure(.noModel)
        }
        let written = write(built.model, file: file, project: project)
        // In a factory, a parameter without a default value is known at its calls only: say where to ask.
        if case .failure(.unset(var problems)) = written, let helper, helper.kind == .function {
            let open = helper.parameters.filter { $0.defaultValue == nil }.map(\.name)
            if !open.isEmpty {
                problems.append("\(open.map { "`\($0)`" }.joined(separator: ", ")) \(open.count == 1 ? "is a parameter" : "are parameters") of `\(helper.name)` with no default value: ask at a call of `\(helper.name)(…)`, where the arguments are known")
                return .failure(.unset(problems))
            }
        }
        return written
    }

    /// The function at `offset`; else the first function of a type whose stored properties, `setUp` or `init()` hold
    /// it (what runs before each of its tests); else the file's top-level code.
    private static func unit(at offset: Int, in file: SwiftFile) -> MockFlowUnit? {
        let units = file.mockFlowUnits()
        let wholeFile = 0..<file.utf8Count
        let functions = units.filter { $0.range != wholeFile }
        return functions.first { $0.range.contains(offset) }
            ?? functions.first { $0.preambleRanges.contains { $0.contains(offset) } }
            ?? units.first { $0.range == wholeFile }
    }

    static func write(_ model: Model, file: SwiftFile, project: ProjectIndex) -> Result<Written, Failure> {
        written(model, file: file, project: project).result
    }

    /// A non-null field a response's mock leaves out where the operation certainly selects it (its
    /// conditions decided by the variables given): a server's response without it is one Apollo's parser rejects.
    struct MissingField {
        /// The response path (`hotel.rating`, `allAnimals[0].height.feet`).
        var path: String
        /// The mock that does not set it, and the field's schema name and type.
        var mock: MockInstance
        var name: String
        var type: TypeReference
    }

    /// The non-null fields the response of `model` lacks (`MissingField`).
    static func missingFields(of model: Model, file: SwiftFile, project: ProjectIndex) -> [MissingField] {
        written(model, file: file, project: project).missing
    }

    private static func written(_ model: Model, file: SwiftFile, project: ProjectIndex) -> (result: Result<Written, Failure>, missing: [MissingField]) {
        let variables = model.variables.literals
        var fragments: [String: FragmentDefinition] = [:]
        var operations: [String: OperationDefinition] = [:]
        for document in project.documents.values where document.role == .executable {
            for fragment in document.effective.fragments { fragments[fragment.name.value] = fragment }
            for operation in document.effective.operations { if let name = operation.name?.value { operations[name] = operation } }
        }
        let selectionSet = model.selectionSet
        // `withVariables: ["withBooks": false]` decides `@include(if: $withBooks)`, as Apollo's executor decides it when
        // the test builds the model: a variable not given counts as false; one mockls cannot read stays undecided.
        let conditions = ExecutableFields(schema: project.schema, fragments: fragments, variable: model.variables.condition)
        var writer = Writer(schema: project.schema, fields: conditions, text: file.lines.bytes)
        let name: String
        var json: String
        // `DogQuery.Data…`: the operation whose class is `DogQuery`.
        let className = String(selectionSet.path.split(separator: ".").first ?? "")
        let operation = operations.values.first { operation in
            let name = operation.name?.value.lowercased() ?? "", suffix = operation.kind.rawValue
            return [name, name + suffix].contains(className.lowercased())
        }
        switch selectionSet.kind {
        case .operationData:
            guard let operation, let root = project.schema.rootType(operation.kind) else { return (.failure(.noModel), []) }
            name = className
            json = "{\n  \"data\": " + writer.object(model.data, selections: [operation.selectionSet], type: root.name, path: [], depth: 1, isRoot: true) + "\n}\n"
        case .entity:
            // `DogQuery.Data.AllAnimal.from(mock)`: that object of the response, reached by the response keys of the
            // fields that lead to it.
            guard let operation, let root = project.schema.rootType(operation.kind),
                let (selections, type) = entitySelections(selectionSet.path, operation: operation, root: root.name, project: project, fields: writer.fields)
            else { return (.failure(.noModel), []) }
            name = selectionSet.path
            json = writer.object(model.data, selections: selections, type: type, path: [], depth: 0, isRoot: false) + "\n"
        case .fragment:
            let swiftName = selectionSet.name.hasSuffix("_Fragment") ? String(selectionSet.name.dropLast("_Fragment".count)) : selectionSet.name
            guard let fragment = fragments.values.first(where: { $0.name.value.lowercased() == swiftName.lowercased() }) else { return (.failure(.noModel), []) }
            name = fragment.name.value
            json = writer.object(model.data, selections: [fragment.selectionSet], type: fragment.typeCondition.value, path: [], depth: 0, isRoot: false) + "\n"
        default:
            return (.failure(.noModel), [])
        }
        if !writer.problems.isEmpty { return (.failure(.unset(writer.problems)), writer.missing) }
        return (.success(Written(name: name, json: json, variables: variablesJSON(variables))), writer.missing)
    }

    /// `{"name": value, …}` of literal variables, sorted by name; nil without any, or with one that is no JSON scalar.
    static func variablesJSON(_ variables: [String: String]) -> String? {
        guard !variables.isEmpty else { return nil }
        var members: [String] = []
        for (name, literal) in variables.sorted(by: { $0.key < $1.key }) {
            let value: String
            if literal == "true" || literal == "false" {
                value = literal
            } else if let number = ScalarLiteral.numberLiteral(literal) {
                value = number
            } else if let string = ScalarLiteral.stringLiteral(literal) {
                value = ScalarLiteral.jsonString(string)
            } else {
                return nil
            }
            members.append("  " + ScalarLiteral.jsonString(name) + ": " + value)
        }
        return "{\n" + members.joined(separator: ",\n") + "\n}\n"
    }

    /// The selections of the entity selection set at `path` (`DogQuery.Data.AllAnimal`), and its field's type: the
    /// response keys from the operation's `Data` to it (type cases on the way add none), then each key's selections
    /// wherever the operation selects it.
    static func entitySelections(
        _ path: String, operation: OperationDefinition, root: String, project: ProjectIndex, fields: ExecutableFields
    ) -> ([SelectionSet], String)? {
        let components = path.split(separator: ".").map(String.init)
        guard components.count > 2, components[1] == "Data" else { return nil }
        var keys: [String] = []
        var current = components[0] + ".Data"
        for component in components.dropFirst(2) {
            let next = current + "." + component
            guard let parent = project.selectionSet(current) else { return nil }
            if let field = parent.fields.first(where: { $0.selectionSet == next }) {
                keys.append(field.key)
            } else if !parent.inlineFragments.contains(where: { $0.path == next }) {
                return nil
            }
            current = next
        }
        var selections = [operation.selectionSet]
        var type = root
        for key in keys {
            let collected = fields.collect(selections, runtimeType: nil, staticType: type)
            let selected = (collected.fields[key] ?? []) + (collected.undecidedFields.first { $0.0 == key }?.1 ?? [])
            guard let field = selected.first, let definition = project.schema[type]?.field(field.name.value)
                ?? project.schema.possibleTypes(of: type).lazy.compactMap({ project.schema[$0]?.field(field.name.value) }).first
            else { return nil }
            selections = selected.compactMap(\.selectionSet)
            type = definition.type.namedType.value
        }
        return (selections, type)
    }

    private struct Writer {
        let schema: Schema
        let fields: ExecutableFields
        let text: [UInt8]
        var problems: [String] = []
        var missing: [MissingField] = []
        /// How many fields under a condition the variables do not decide are being written: below one, a field
        /// left out is not certainly selected.
        var undecided = 0

        func indent(_ depth: Int) -> String { String(repeating: "  ", count: depth) }

        mutating func object(_ instance: MockInstance, selections: [SelectionSet], type: String, path: [String], depth: Int, isRoot: Bool) -> String {
            let place = path.isEmpty ? "the data" : "`\(path.joined(separator: "."))`"
            if instance.escaped {
                problems.append("\(place): the mock is handed to code mockls does not follow")
                return "null"
            }
            let runtime = instance.object.name
            let collected = fields.collect(selections, runtimeType: runtime, staticType: type)
            var members: [String] = []
            if !isRoot { members.append("\"__typename\": " + ScalarLiteral.jsonString(runtime)) }
            let definition = schema[runtime]
            // Fields under a condition that is not decided here (a variable): written when the mock sets them.
            let entries = collected.ordered.map { ($0.0, $0.1, true) }
                + collected.undecidedFields.filter { instance.slots[$0.0] != nil }.map { ($0.0, $0.1, false) }
            for (key, selected, isDecided) in entries where key != "__typename" {
                guard let field = selected.first, let schemaField = definition?.field(field.name.value) else { continue }
                if !isDecided { undecided += 1 }
                defer { if !isDecided { undecided -= 1 } }
                if undecided == 0, schemaField.type.isNonNull, instance.slots[key] == nil {
                    missing.append(MissingField(path: (path + [key]).joined(separator: "."), mock: instance, name: field.name.value, type: schemaField.type))
                }
                let value = self.value(
                    instance.slots[key], type: schemaField.type, selections: selected.compactMap(\.selectionSet),
                    path: path + [key], depth: depth + 1, origin: instance.origin)
                members.append(ScalarLiteral.jsonString(key) + ": " + value)
            }
            if members.isEmpty { return "{}" }
            return "{\n" + members.map { indent(depth + 1) + $0 }.joined(separator: ",\n") + "\n" + indent(depth) + "}"
        }

        /// The JSON of a scalar written as `literal` in Swift.
        private mutating func json(_ literal: String, type: TypeReference, named: NamedType, name: String) -> String {
            switch ScalarLiteral.json(literal, type: named) {
            case .json(let json):
                if json == "null", type.isNonNull { problems.append("\(name) (`\(type)`) is set to nil") }
                return json
            case .problem(let why):
                problems.append("\(name): \(why)")
                return "null"
            }
        }

        mutating func value(_ slot: Slot?, type: TypeReference, selections: [SelectionSet], path: [String], depth: Int, origin: MockOrigin) -> String {
            let name = "`\(path.joined(separator: "."))`"
            guard let slot else {
                if type.isNonNull {
                    problems.append("\(name) (`\(type)`) is not set on the mock")
                    return "null"
                }
                return "null"
            }
            let inner = type.nullable
            switch slot {
            case .null:
                if type.isNonNull { problems.append("\(name) (`\(type)`) is set to nil") }
                return "null"
            case .unknown:
                problems.append("\(name) is set to something mockls does not follow")
                return "null"
            case .mock(let child):
                guard case .named(let named) = inner else {
                    problems.append("\(name) is a list (`\(type)`), but the mock sets one object")
                    return "null"
                }
                return object(child, selections: selections, type: named.value, path: path, depth: depth, isRoot: false)
            case .list(let elements):
                guard case .list(let element) = inner else {
                    problems.append("\(name) is not a list (`\(type)`), but the mock sets a list")
                    return "null"
                }
                if elements.isEmpty { return "[]" }
                let written = elements.enumerated().map { index, slot in
                    value(slot, type: element, selections: selections, path: path.dropLast() + ["\(path.last ?? "")[\(index)]"], depth: depth + 1, origin: origin)
                }
                return "[\n" + written.map { indent(depth + 1) + $0 }.joined(separator: ",\n") + "\n" + indent(depth) + "]"
            case .scalar(let source):
                guard let named = schema[inner.namedType.value] else { return "null" }
                switch source {
                case .written(let range):
                    guard range.upperBound <= text.count else { return "null" }
                    return json(String(decoding: text[range], as: UTF8.self), type: type, named: named, name: name)
                case .literal(let literal):
                    return json(literal, type: type, named: named, name: name)
                case .apolloDefault:
                    if let json = ScalarLiteral.apolloDefault(named) { return json }
                    problems.append("\(name) (`\(type)`) has Apollo's default for a custom scalar, whose JSON mockls does not know")
                    return "null"
                case .unknown:
                    problems.append("\(name) is set to a value mockls does not read (write it as a literal)")
                    return "null"
                }
            }
        }
    }
}
