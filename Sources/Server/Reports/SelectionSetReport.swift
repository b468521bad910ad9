import GraphQLIndex

/// The selection-set model as `mockls selection-sets` prints it: the shape of the shared
/// `expected-selection-sets.json`, for the keys mockls models.
public struct SelectionSetReport: Encodable, Sendable {
    var path, name, kind: String
    var inlineFragmentKind: String?
    var parentType, parentKind: String
    var isRoot: Bool
    var rootEntityType: String?
    var fields: [Field]
    var fragments: [String]
    var fragmentAccessors: [FragmentAccessor]
    var inlineFragments: [InlineFragment]
    var typealiases: [TypeAlias]
    var initializer: [Parameter]
    var sourceFile: String

    struct Field: Encodable, Sendable {
        var key, property: String
        var backticked: Bool
        var type: String
        var selectionSet: String?
        var direct: Bool
        var condition: String?
        var deprecated: String?

        enum CodingKeys: String, CodingKey { case key, property, backticked, type, selectionSet, direct, condition, deprecated }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(key, forKey: .key)
            try container.encode(property, forKey: .property)
            try container.encode(backticked, forKey: .backticked)
            try container.encode(type, forKey: .type)
            try container.encode(selectionSet, forKey: .selectionSet)
            try container.encode(direct, forKey: .direct)
            try container.encode(condition, forKey: .condition)
            try container.encode(deprecated, forKey: .deprecated)
        }
    }

    struct FragmentAccessor: Encodable, Sendable {
        var accessor, type: String
        var optional: Bool
    }

    struct InlineFragment: Encodable, Sendable {
        var accessor, type, path: String
    }

    struct TypeAlias: Encodable, Sendable {
        var name, target, resolved: String
    }

    struct Parameter: Encodable, Sendable {
        var label, type: String
        var `default`: String?

        enum CodingKeys: String, CodingKey { case label, type, `default` }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(label, forKey: .label)
            try container.encode(type, forKey: .type)
            try container.encode(`default`, forKey: .default)
        }
    }

    enum CodingKeys: String, CodingKey {
        case path, name, kind, inlineFragmentKind, parentType, parentKind, isRoot, rootEntityType, fields, fragments
        case fragmentAccessors, inlineFragments, typealiases, initializer, sourceFile
    }

    // Absent values are written as null, as in the Apollo-derived records.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(path, forKey: .path)
        try container.encode(name, forKey: .name)
        try container.encode(kind, forKey: .kind)
        try container.encode(inlineFragmentKind, forKey: .inlineFragmentKind)
        try container.encode(parentType, forKey: .parentType)
        try container.encode(parentKind, forKey: .parentKind)
        try container.encode(isRoot, forKey: .isRoot)
        try container.encode(rootEntityType, forKey: .rootEntityType)
        try container.encode(fields, forKey: .fields)
        try container.encode(fragments, forKey: .fragments)
        try container.encode(fragmentAccessors, forKey: .fragmentAccessors)
        try container.encode(inlineFragments, forKey: .inlineFragments)
        try container.encode(typealiases, forKey: .typealiases)
        try container.encode(initializer, forKey: .initializer)
        try container.encode(sourceFile, forKey: .sourceFile)
    }

    public init(_ selectionSet: GeneratedSelectionSet, relativeTo root: String) {
        path = selectionSet.path
        name = selectionSet.name
        kind = selectionSet.kind.rawValue
        inlineFragmentKind = selectionSet.inlineFragmentKind?.rawValue
        parentType = selectionSet.parentType
        parentKind = switch selectionSet.parentKind {
        case .interface: "Interface"
        case .union: "Union"
        default: "Object"
        }
        isRoot = selectionSet.isRoot
        rootEntityType = selectionSet.rootEntityType
        fields = selectionSet.fields.map {
            Field(key: $0.key, property: $0.property, backticked: $0.property.hasPrefix("`"), type: $0.type,
                  selectionSet: $0.selectionSet, direct: $0.isDirect, condition: $0.condition, deprecated: $0.deprecationReason)
        }
        fragments = selectionSet.fragmentAccessors.map(\.fragment)
        fragmentAccessors = selectionSet.fragmentAccessors.map { .init(accessor: $0.accessor, type: $0.type, optional: $0.isOptional) }
        inlineFragments = selectionSet.inlineFragments.map { .init(accessor: $0.accessor, type: $0.type, path: $0.path) }
        typealiases = selectionSet.typealiases.map { .init(name: $0.name, target: $0.target, resolved: $0.resolved) }
        initializer = selectionSet.initializer.map { .init(label: $0.label, type: $0.type, default: $0.defaultValue) }
        let prefix = root.hasSuffix("/") ? root : root + "/"
        sourceFile = selectionSet.document.hasPrefix(prefix) ? String(selectionSet.document.dropFirst(prefix.count)) : selectionSet.document
    }
}
