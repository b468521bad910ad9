import GraphQLIndex
import SwiftAnalysis

/// One completion: plain values with UTF-8 offsets; the server turns them into LSP items.
public struct Completion: Sendable, Equatable {
    public enum Kind: Sendable, Equatable { case mockType, argument, value }

    public var label: String
    public var kind: Kind
    /// The Swift type (and default) of an argument, or the GraphQL type of a value.
    public var detail: String?
    /// Markdown.
    public var documentation: String?
    public var insertText: String
    /// The same with snippet placeholders, for clients that take snippets.
    public var snippet: String?
    /// Bytes the completion replaces (the typed prefix).
    public var replaceRange: Range<Int>
    public var isDeprecated: Bool
    /// Keeps Apollo's order where the client sorts by it.
    public var sortText: String
}

/// Completion inside mock-building code (`Mock<|`, `Mock<Dog>(|`, `Mock<Dog>(height: |`), from the project's mock
/// model alone: no build, no generated code.
public enum MockCompletions {
    public static func completions(at offset: Int, in source: String, model: MockModel, schema: Schema) -> [Completion] {
        guard let context = MockCompletionContext.at(offset, in: source) else { return [] }
        switch context.position {
        case .typeArgument:
            return model.objects.enumerated().map { position, object in
                Completion(
                    label: object.swiftName, kind: .mockType, detail: "Mock<\(object.swiftName)>",
                    documentation: object.description?.value, insertText: object.swiftName, snippet: nil,
                    replaceRange: context.replaceRange, isDeprecated: false, sortText: sortKey(position))
            }
        case .argumentLabel(let mock, let used):
            guard let object = model.object(swiftName: mock.name) else { return [] }
            let usedLabels = Set(used)
            return object.fields.enumerated().compactMap { position, field in
                guard !usedLabels.contains(field.initLabel) else { return nil }
                let detail = model.format == .defaults && field.isNonNull
                    ? "\(field.initParamType) = \(field.defaultValue)" : "\(field.initParamType) = nil"
                return Completion(
                    label: field.initLabel, kind: .argument, detail: detail, documentation: documentation(field),
                    insertText: "\(field.initLabel): ", snippet: "\(field.initLabel): ${1:\(placeholder(field, schema: schema))}",
                    replaceRange: context.replaceRange, isDeprecated: field.deprecationReason != nil, sortText: sortKey(position))
            }
        case .argumentValue(let mock, let label):
            guard let field = model.object(swiftName: mock.name)?.fields.first(where: { $0.initLabel == label }) else { return [] }
            return values(for: field, schema: schema, model: model).enumerated().map { position, value in
                Completion(
                    label: value.label, kind: .value, detail: field.graphqlType.description, documentation: nil,
                    insertText: value.text, snippet: value.snippet, replaceRange: context.replaceRange, isDeprecated: false,
                    sortText: sortKey(position))
            }
        }
    }

    private static func sortKey(_ position: Int) -> String {
        let digits = String(position)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    static func documentation(_ field: MockField) -> String {
        var lines = ["`\(field.key): \(field.graphqlType)`"]
        if let description = field.description?.value { lines.append(description) }
        if let reason = field.deprecationReason { lines.append("Deprecated: \(reason)") }
        return lines.joined(separator: "\n\n")
    }

    /// What goes in a label's placeholder: the value a test usually writes first.
    static func placeholder(_ field: MockField, schema: Schema) -> String {
        switch field.setter {
        case .entity:
            if let type = schema[field.graphqlType.namedType.value], type.kind == .object { return "Mock<\(field.fieldType)>()" }
            return "Mock<\(schema.possibleTypes(of: field.graphqlType.namedType.value).first ?? "Object")>()"
        case .list, .scalarList: return "[]"
        case .scalar:
            if field.fieldType.hasPrefix("GraphQLEnum<"),
                let first = schema[field.graphqlType.namedType.value]?.enumValues.first
            {
                return ".case(.\(SwiftNames.enumCase(first.name)))"
            }
            return field.defaultValue == "nil" ? "value" : field.defaultValue
        }
    }

    /// Values for `label: |`: mocks of the possible object types, enum cases, the list form.
    static func values(for field: MockField, schema: Schema, model: MockModel) -> [(label: String, text: String, snippet: String)] {
        let named = field.graphqlType.namedType.value
        guard let type = schema[named] else { return [] }
        let isList = field.setter == .list || field.setter == .scalarList
        func wrap(_ value: String) -> String { isList ? "[\(value)]" : value }
        switch type.kind {
        case .object, .interface, .union:
            return schema.possibleTypes(of: named).sorted().compactMap { model.object($0) }.map { object in
                let mock = "Mock<\(object.swiftName)>("
                return (wrap(mock + ")"), wrap(mock + ")"), isList ? "[\(mock)$1)$0]" : "\(mock)$1)$0")
            }
        case .enumeration:
            return type.enumValues.map { value in
                let text = ".case(.\(SwiftNames.enumCase(value.name)))"
                return (wrap(text), wrap(text), wrap(text))
            }
        default:
            return []
        }
    }
}
