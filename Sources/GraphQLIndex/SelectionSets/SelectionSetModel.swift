/// One selection set Apollo iOS generates as a Swift struct: `AllAnimalsQuery.Data.AllAnimal.AsDog`,
/// `PetDetails.Owner`. What a test reads from a model built by `from(_:)`, and what a placeholder factory fills.
public struct GeneratedSelectionSet: Sendable {
    public enum Kind: String, Sendable {
        case operationData, localCacheMutationData, fragment, localCacheMutationFragment, entity, inlineFragment
    }

    public enum InlineFragmentKind: String, Sendable {
        case typeCase, typeCaseWithCondition, condition
    }

    public struct Field: Sendable {
        /// The response key.
        public var key: String
        /// The Swift property (backticked when escaped).
        public var property: String
        /// The accessor type as Apollo writes it (`String?`, `[Predator]`, `Owner?`).
        public var type: String
        public var graphqlType: TypeReference
        /// The full path of the nested selection set, for entity fields.
        public var selectionSet: String?
        /// Selected in this selection set itself, rather than merged from a parent, sibling or fragment.
        public var isDirect: Bool
        /// `@include`/`@skip` conditions of a direct field, as Apollo writes them (`"includeSpecies"`).
        public var condition: String?
        /// Included only under conditions this selection set does not guarantee: reading it never crashes.
        public var isConditional: Bool
        public var deprecationReason: String?
        public var definition: SourceLocation?
    }

    public struct FragmentAccessor: Sendable {
        public var fragment: String
        public var accessor: String
        public var type: String
        public var isOptional: Bool
    }

    public struct InlineFragmentAccessor: Sendable {
        public var accessor: String
        public var type: String
        public var path: String
    }

    public struct TypeAlias: Sendable {
        public var name: String
        /// As Apollo writes it.
        public var target: String
        /// The full path it stands for.
        public var resolved: String
    }

    public struct InitializerParameter: Sendable {
        public var label: String
        public var type: String
        public var defaultValue: String?
    }

    public var path: String
    public var name: String
    public var kind: Kind
    public var inlineFragmentKind: InlineFragmentKind?
    public var parentType: String
    public var parentKind: TypeKind
    /// A root selection set (`RootSelectionSet`, which has `from(_:)`), rather than a type case.
    public var isRoot: Bool
    /// For type cases: the entity selection set they belong to.
    public var rootEntityType: String?
    public var fields: [Field]
    public var fragmentAccessors: [FragmentAccessor]
    public var inlineFragments: [InlineFragmentAccessor]
    public var typealiases: [TypeAlias]
    public var initializer: [InitializerParameter]
    /// The document that defines the operation or fragment this selection set belongs to.
    public var document: String
    /// The GraphQL name of that operation or fragment.
    public var definitionName: String
    public var isFragment: Bool
    public var isLocalCacheMutation: Bool
    /// Where its selections are written: the field or definition that opens them.
    public var selection: SourceLocation

    public func field(_ key: String) -> Field? { fields.first { $0.key == key } }
}

/// Every selection set a project's operations and fragments generate, by path.
public struct SelectionSetModel: Sendable {
    public private(set) var selectionSets: [GeneratedSelectionSet] = []
    private var index: [String: Int] = [:]

    public subscript(path: String) -> GeneratedSelectionSet? { index[path].map { selectionSets[$0] } }

    /// Builds the model the way Apollo's codegen does; `documents` are `(path, document)` in path order.
    public init(schema: Schema, documents: [(path: String, document: Document)], namespace: String) {
        var fragments: [String: FragmentDefinition] = [:]
        var fragmentDocuments: [String: String] = [:]
        for (path, document) in documents {
            for fragment in document.fragments where fragments[fragment.name.value] == nil {
                fragments[fragment.name.value] = fragment
                fragmentDocuments[fragment.name.value] = path
            }
        }
        let builder = SelectionSetBuilder(schema: schema, fragments: fragments)
        let renderer = SelectionSetRenderer(schema: schema, namespace: SwiftNames.firstUppercased(namespace))
        for (path, document) in documents {
            for definition in document.definitions {
                switch definition {
                case .operation(let operation):
                    guard operation.name != nil, let built = builder.build(operation: operation) else { continue }
                    renderer.render(built.root, entities: built.entities, document: path, into: &selectionSets)
                case .fragment(let fragment):
                    guard fragmentDocuments[fragment.name.value] == path, let built = builder.build(fragment: fragment.name.value),
                        let root = built.rootField.selectionSet
                    else { continue }
                    renderer.render(root, entities: EntityStorage(fragment: built, schema: schema), document: path, into: &selectionSets)
                default:
                    continue
                }
            }
        }
        for (position, selectionSet) in selectionSets.enumerated() where index[selectionSet.path] == nil {
            index[selectionSet.path] = position
        }
    }
}

extension EntityStorage {
    /// The entities of a built fragment, for computing its own selection sets.
    convenience init(fragment: NamedFragment, schema: Schema) {
        let root = fragment.rootField.selectionSet!.typeInfo.entity
        self.init(schema: schema, root: root)
        for entity in fragment.entities.values { adopt(entity) }
    }
}
