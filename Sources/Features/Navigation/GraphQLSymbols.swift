import GraphQLIndex

/// A symbol of a GraphQL document or project, with the Swift name Apollo generates for it when there is one.
public struct GraphQLSymbolInfo: Sendable, Equatable {
    public enum Kind: Sendable, Equatable { case operation, fragment, object, interface, union, enumeration, inputObject, scalar, field, enumValue }

    public var name: String
    /// `query`, `fragment on Animal`, a field's type…
    public var detail: String?
    public var kind: Kind
    /// The whole definition, and its name.
    public var range: Range<Int>
    public var selectionRange: Range<Int>
    public var children: [GraphQLSymbolInfo] = []
}

/// Document symbols (operations, fragments, types with their fields and values) and workspace symbols (operations,
/// fragments and schema types of every project, found by their GraphQL name or the Swift name Apollo gives them).
public enum GraphQLSymbols {
    /// `typeNames`: the project's capitalization rules of operation and fragment names (`MockFormat.typeNameCapitalizer`).
    public static func documentSymbols(_ document: Document, typeNames: Capitalizer) -> [GraphQLSymbolInfo] {
        document.definitions.compactMap { definition in
            switch definition {
            case .operation(let operation):
                guard let name = operation.name else {
                    return GraphQLSymbolInfo(
                        name: "(anonymous \(operation.kind.rawValue))", detail: operation.kind.rawValue, kind: .operation,
                        range: operation.range, selectionRange: operation.range.lowerBound..<operation.range.lowerBound)
                }
                return GraphQLSymbolInfo(
                    name: name.value, detail: "\(operation.kind.rawValue) → \(operation.apolloClassName(typeNames))", kind: .operation,
                    range: operation.range, selectionRange: name.range)
            case .fragment(let fragment):
                return GraphQLSymbolInfo(
                    name: fragment.name.value, detail: "fragment on \(fragment.typeCondition.value)", kind: .fragment,
                    range: fragment.range, selectionRange: fragment.name.range)
            case .type(let type):
                var children = type.fields.map { field in
                    GraphQLSymbolInfo(name: field.name.value, detail: field.type.description, kind: .field, range: field.range, selectionRange: field.name.range)
                }
                children += type.enumValues.map {
                    GraphQLSymbolInfo(name: $0.name.value, detail: nil, kind: .enumValue, range: $0.name.range, selectionRange: $0.name.range)
                }
                children += type.inputFields.map {
                    GraphQLSymbolInfo(name: $0.name.value, detail: $0.type.description, kind: .field, range: $0.name.range, selectionRange: $0.name.range)
                }
                return GraphQLSymbolInfo(
                    name: type.name.value, detail: (type.isExtension ? "extend " : "") + type.kind.rawValue, kind: kind(type.kind),
                    range: type.range, selectionRange: type.name.range, children: children)
            case .schema, .directive:
                return nil
            }
        }
    }

    /// The symbols of `projects` whose GraphQL or Swift name contains `query`'s characters in order (case
    /// insensitive), with their document.
    public static func workspaceSymbols(_ query: String, in projects: [ProjectIndex]) -> [(symbol: GraphQLSymbolInfo, document: String, swiftName: String?)] {
        var found: [(symbol: GraphQLSymbolInfo, document: String, swiftName: String?)] = []
        for project in projects {
            for document in project.documents.values.sorted(by: { $0.path < $1.path }) {
                for symbol in documentSymbols(document.effective, typeNames: project.format.typeNameCapitalizer) where symbol.kind != .field && symbol.kind != .enumValue {
                    let swift: String? = switch symbol.kind {
                    case .operation: symbol.detail.flatMap { $0.components(separatedBy: " → ").last }
                    case .fragment: document.effective.fragments.first { $0.name.value == symbol.name }?.apolloStructName(project.format.typeNameCapitalizer)
                    case .object: project.mockModel.object(symbol.name).map { "Mock<\($0.swiftName)>" }
                    default: nil
                    }
                    if matches(query, symbol.name) || swift.map({ matches(query, $0) }) == true {
                        found.append((symbol, document.path, swift))
                    }
                }
            }
        }
        return found
    }

    private static func matches(_ query: String, _ name: String) -> Bool {
        var remaining = Substring(query.lowercased())
        for character in name.lowercased() where remaining.first == character { remaining = remaining.dropFirst() }
        return remaining.isEmpty
    }

    private static func kind(_ kind: TypeKind) -> GraphQLSymbolInfo.Kind {
        switch kind {
        case .object: .object
        case .interface: .interface
        case .union: .union
        case .enumeration: .enumeration
        case .inputObject: .inputObject
        case .scalar: .scalar
        }
    }
}
