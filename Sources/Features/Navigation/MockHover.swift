import GraphQLIndex
import SwiftAnalysis

/// Hover text for a name in a test, with the bytes it covers.
public struct Hover: Sendable, Equatable {
    /// Markdown.
    public var contents: String
    public var range: Range<Int>
}

public enum MockHover {
    /// `formatReason`: why the project's mocks have their format ("apollo-ios 1.25.3 pinned in Package.resolved"),
    /// said on a mock type with the format, since the format decides what crashes.
    public static func hover(
        at offset: Int, in file: SwiftFile, project: ProjectIndex, helpers: HelperTypes = .none, formatReason: String? = nil
    ) -> Hover? {
        guard let (target, range) = SymbolTarget.at(offset, in: file, project: project, helpers: helpers) else { return nil }
        var text = contents(target, project: project)
        if case .mockType = target, let formatReason {
            text += "\n\nMocks as Apollo iOS \(project.mockModel.format.release.rawValue) generates them (\(formatReason))."
        }
        return Hover(contents: text, range: range)
    }

    /// `Monster.index: ID!`: the schema field, and for an aliased one (`id: index`, keyed by its alias in mocks and
    /// models) the alias.
    private static func schemaLine(_ owner: String, key: String, name: String?, type: TypeReference) -> String {
        let name = name ?? key
        return graphql("\(owner).\(name): \(type)") + (name == key ? "" : "\n\nThe alias `\(key)` of `\(name)`.")
    }

    static func contents(_ target: SymbolTarget, project: ProjectIndex) -> String {
        let schema = project.schema
        switch target {
        case .mockField(let object, let field):
            var parts = [swift("(mock field) Mock<\(object.swiftName)>.\(field.property): \(field.readType)")]
            let definition = References.schemaField(key: field.key, definition: field.definition, on: object.name, project: project)
            parts.append(schemaLine(object.name, key: field.key, name: definition?.name, type: field.graphqlType))
            if let description = field.description?.value { parts.append(description) }
            let parameter = project.mockModel.format.parametersHaveDefaults && field.isNonNull
                ? "`\(field.initParamType) = \(field.defaultValue)`" : "`\(field.initParamType) = nil`"
            parts.append("Initializer parameter: \(parameter)")
            parts.append(field.isNonNull
                ? "Non-null: a model built from this mock crashes on reading it unless the mock sets it."
                : "Nullable: reads as `nil` when the mock does not set it.")
            if let reason = field.deprecationReason { parts.append("**Deprecated:** \(reason)") }
            if let selectedBy = MockCompletions.selectedBy(field.key, on: object.name, project: project) {
                parts.append(selectedBy)
            }
            return parts.joined(separator: "\n\n")
        case .selectionSetField(let selectionSet, let field):
            var parts = [swift("(field) \(selectionSet.path).\(field.property): \(field.type)")]
            let definition = References.schemaField(key: field.key, definition: field.definition, on: selectionSet.parentType, project: project)
            parts.append(schemaLine(selectionSet.parentType, key: field.key, name: definition?.name, type: field.graphqlType))
            if let description = definition.flatMap({ schema[$0.type]?.field($0.name)?.description?.value }) { parts.append(description) }
            if field.isConditional {
                parts.append("Conditionally included: `nil` unless its `@include`/`@skip` condition holds.")
            } else if field.graphqlType.isNonNull {
                parts.append("Non-null: reading it crashes when the mock behind this model does not set `\(field.key)`.")
            }
            if let reason = field.deprecationReason { parts.append("**Deprecated:** \(reason)") }
            return parts.joined(separator: "\n\n")
        case .mockType(let object):
            var parts = [swift("class \(object.swiftName): MockObject  // \(project.namespace)TestMocks")]
            let interfaces = object.interfaces.isEmpty ? "" : " implements " + object.interfaces.joined(separator: " & ")
            parts.append(graphql("type \(object.name)\(interfaces)"))
            if let description = object.description?.value { parts.append(description) }
            parts.append("\(object.fields.count) mock field\(object.fields.count == 1 ? "" : "s"): "
                + object.fields.prefix(12).map { "`\($0.property)`" }.joined(separator: ", ")
                + (object.fields.count > 12 ? ", …" : ""))
            return parts.joined(separator: "\n\n")
        case .unmockedType(let type):
            var parts = [graphql("\(type.kind.keyword) \(type.name)")]
            if let description = type.description?.value { parts.append(description) }
            if type.isAbstract {
                let mocks = schema.possibleTypes(of: type.name).compactMap { project.mockModel.object($0) }
                parts.append("Apollo generates no `Mock<\(type.name)>` for an \(type.kind.keyword): use a possible type"
                    + (mocks.isEmpty ? "." : ": " + mocks.map { "`Mock<\($0.swiftName)>`" }.joined(separator: ", ")))
            } else {
                parts.append("No operation or fragment selects `\(type.name)`, so Apollo generates no mock for it.")
            }
            return parts.joined(separator: "\n\n")
        case .selectionSet(let selectionSet):
            var parts = [swift("struct \(selectionSet.path)  // __parentType: \(selectionSet.parentType)")]
            let file = selectionSet.document.split(separator: "/").last.map(String.init) ?? selectionSet.document
            parts.append("Selections written in `\(file)`.")
            if !selectionSet.fields.isEmpty {
                parts.append(selectionSet.fields.map { "- `\($0.property): \($0.type)`" }.joined(separator: "\n"))
            }
            let possible = schema.possibleTypes(of: selectionSet.parentType).compactMap { project.mockModel.object($0) }
            if selectionSet.isRoot, !possible.isEmpty {
                parts.append("Built in tests with `from(_:)` and one of "
                    + possible.prefix(8).map { "`Mock<\($0.swiftName)>`" }.joined(separator: ", ") + (possible.count > 8 ? ", …" : ""))
            }
            return parts.joined(separator: "\n\n")
        }
    }

    private static func swift(_ code: String) -> String { "```swift\n\(code)\n```" }
    private static func graphql(_ code: String) -> String { "```graphql\n\(code)\n```" }
}

extension TypeKind {
    /// The SDL keyword that declares a type of this kind.
    var keyword: String {
        switch self {
        case .scalar: "scalar"
        case .object: "type"
        case .interface: "interface"
        case .union: "union"
        case .enumeration: "enum"
        case .inputObject: "input"
        }
    }
}
