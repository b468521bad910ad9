import GraphQLIndex
import SwiftAnalysis

/// Writes the edits that fix mock diagnostics: a field set where the mock is built (in Apollo's parameter order,
/// which Swift enforces), or assigned after the last line that sets one of its fields; a type or label replaced.
struct FixWriter {
    let file: SwiftFile
    let project: ProjectIndex
    let options: TestConventions
    /// The function being fixed: an assignment goes there, never among a type's stored properties.
    var function: Range<Int> = 0..<0
    private var model: MockModel { project.mockModel }
    private var schema: Schema { project.schema }

    // MARK: Setting a field

    /// Sets `field` on the mock `instance`, where it is built: in its call, in the call of the mock whose shallow
    /// default it is, or by an assignment after the last line that set one of its fields.
    func setField(_ field: MockField, on instance: MockInstance) -> Diagnostic.Fix? {
        let title = "Set `\(field.property)` on the `Mock<\(instance.object.swiftName)>`"
        if let parent = instance.defaultOf {
            // `Mock<Dog>(id: "1")` left `height` an empty `Mock<Height>()`: pass one that sets the field.
            let nested = "Mock<\(instance.object.swiftName)>(\(field.initLabel): \(value(for: field, inArgument: true)))"
            return insert(parent.field, value: nested, into: parent.construction, of: parent.object, title: title)
        }
        if let binding = instance.binding, instance.construction?.arguments.isEmpty ?? true,
            function.contains(binding.lastStatement.lowerBound) || instance.construction == nil
        {
            // `Mock<Cat>()` and assignments in the test: one more assignment.
            return assignment(to: binding.name, field, after: binding.lastStatement, title: title)
        }
        if let construction = instance.construction {
            return insert(field, value: value(for: field, inArgument: true), into: construction, of: instance.object, title: title)
        }
        return nil
    }

    /// `label: value` inserted into a mock's call before the first argument Apollo orders after it.
    func insert(
        _ field: MockField, value: String, into construction: MockConstruction, of object: MockObject, title: String
    ) -> Diagnostic.Fix {
        let order = Dictionary(object.fields.enumerated().map { ($1.initLabel, $0) }, uniquingKeysWith: { first, _ in first })
        let position = order[field.initLabel] ?? Int.max
        let argument = "\(field.initLabel): \(value)"
        if let next = construction.arguments.first(where: { (order[$0.label] ?? Int.max) > position }) {
            return Diagnostic.Fix(title: title, range: next.range.lowerBound..<next.range.lowerBound, text: argument + ", ", isPreferred: true)
        }
        if let last = construction.arguments.last {
            return Diagnostic.Fix(title: title, range: last.range.upperBound..<last.range.upperBound, text: ", " + argument, isPreferred: true)
        }
        let start = construction.argumentsRange.lowerBound
        return Diagnostic.Fix(title: title, range: start..<construction.argumentsRange.upperBound, text: argument, isPreferred: true)
    }

    /// `name.field = value` on a new line after `statement`, indented like it.
    func assignment(to name: String, _ field: MockField, after statement: Range<Int>, title: String) -> Diagnostic.Fix {
        let lines = file.lines
        let first = lines.contentRange(ofLine: lines.line(containing: statement.lowerBound))
        let indent = String(decoding: lines.bytes[first].prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }, as: UTF8.self)
        let end = lines.contentRange(ofLine: lines.line(containing: statement.upperBound)).upperBound
        let text = "\n\(indent)\(name).\(field.property) = \(value(for: field, inArgument: false))"
        return Diagnostic.Fix(title: title, range: end..<end, text: text, isPreferred: true)
    }

    /// What a fix writes for a field: `.placeholder()` when the workspace has the factories (spelled with its
    /// type where the context would make it `Optional`'s), else a literal of the field's type.
    func value(for field: MockField, inArgument: Bool) -> String {
        let named = field.graphqlType.namedType.value
        let type = schema[named]
        let valueType = field.valueType.hasSuffix("?") ? String(field.valueType.dropLast()) : field.valueType
        let abstractStandIn = type?.isAbstract == true
            ? schema.possibleTypes(of: named).first.flatMap { model.object($0) }.map { "Mock<\($0.swiftName)>" } : nil
        switch field.setter {
        case .list, .scalarList:
            return "[]"  // what a list's placeholder is, too
        case .entity where options.placeholders && abstractStandIn != nil:
            return "\(abstractStandIn!).placeholder()"  // `(any AnyMock)` has no factory of its own
        case .entity where options.placeholders, .scalar where options.placeholders:
            // Apollo ≥ 1.23 takes non-null fields as non-optional parameters: the implicit member finds the factory;
            // elsewhere it would find `Optional`'s (`nil`).
            return inArgument && model.format.parametersHaveDefaults && field.isNonNull ? ".placeholder()" : "\(valueType).placeholder()"
        case .entity:
            return "\(abstractStandIn ?? "Mock<\(type.map(SwiftNames.typeName) ?? named)>")()"
        case .scalar:
            if let literal = type.flatMap({ MockLiteral.of($0, capitalizer: model.format.capitalizer) }) { return literal }
            return model.format.customScalarsDefaultToDefaultMockValue ? "\(valueType).defaultMockValue" : "try! \(valueType)(_jsonValue: \"\")"
        }
    }

    /// The mock written at `argument` passed in `field` of a new mock of `parent`: `Mock<Query>(characters: m)`.
    func wrap(_ argument: Range<Int>, in parent: MockObject, field: MockField) -> Diagnostic.Fix {
        let written = String(decoding: file.lines.bytes[argument], as: UTF8.self)
        let value = field.setter == .list ? "[\(written)]" : written
        let text = "Mock<\(parent.swiftName)>(\(field.initLabel): \(value))"
        return Diagnostic.Fix(title: "Pass it as the `\(field.property)` of a `Mock<\(parent.swiftName)>`: `\(text)`", range: argument, text: text, isPreferred: true)
    }

    // MARK: Replacing

    /// One fix per mock type that fits, replacing the written type at `range`.
    func typeReplacements(_ range: Range<Int>, with objects: [String], preferFirst: Bool = false) -> [Diagnostic.Fix] {
        objects.compactMap { model.object($0) }.enumerated().map { index, object in
            Diagnostic.Fix(
                title: "Use `Mock<\(object.swiftName)>`", range: range, text: object.swiftName,
                isPreferred: preferFirst && index == 0 && objects.count == 1)
        }
    }
}
