import GraphQLIndex

/// The selection-set model as `mockls selection-sets` prints it: the shape of the shared
/// `expected-selection-sets.json`, for the keys mockls models (encoded with nil written as null).
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
