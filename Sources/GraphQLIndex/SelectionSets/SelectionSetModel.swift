/// One selection set Apollo iOS generates as a Swift struct: `AllAnimalsQuery.Data.AllAnimal.AsDog`,
/// `PetDetails.Owner`. What a test reads from a model built by `from(_:)`, and what a placeholder factory fills.
public struct GeneratedSelectionSet: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case operationData, localCacheMutationData, fragment, localCacheMutationFragment, entity, inlineFragment
    }

    public enum InlineFragmentKind: String, Sendable {
        case typeCase, typeCaseWithCondition, condition
    }

    public struct Field: Sendable, Equatable {
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
        /// For a conditional field, the conditions it is included under (whatever the selection set guarantees).
        public var inclusion: Inclusion?
        public var deprecationReason: String?
        public var definition: SourceLocation?
    }

    /// `@include`/`@skip` conditions: any one of the groups, each holding when all of its conditions do.
    public struct Inclusion: Sendable, Equatable {
        public struct Condition: Sendable, Equatable {
            public var variable: String
            /// `@skip(if: $variable)`, or `@include(if: $variable)` when false.
            public var isInverted: Bool
        }

        public var anyOf: [[Condition]]

        /// Whether the field is included, given each variable's value (nil: not known): nil when that depends on a
        /// value not known.
        public func evaluate(_ value: (String) -> Bool?) -> Bool? {
            var undecided = false
            for group in anyOf {
                var holds: Bool? = true
                for condition in group {
                    guard let given = value(condition.variable) else {
                        holds = nil
                        continue
                    }
                    if given == condition.isInverted {
                        holds = false
                        break
                    }
                }
                if holds == true { return true }
                if holds == nil { undecided = true }
            }
            return undecided ? nil : false
        }
    }

    public struct FragmentAccessor: Sendable, Equatable {
        public var fragment: String
        public var accessor: String
        public var type: String
        public var isOptional: Bool
        /// For an optional spread, the conditions it is included under.
        public var inclusion: Inclusion? = nil
    }

    public struct InlineFragmentAccessor: Sendable, Equatable {
        public var accessor: String
        public var type: String
        public var path: String
    }

    public struct TypeAlias: Sendable, Equatable {
        public var name: String
        /// As Apollo writes it.
        public var target: String
        /// The full path it stands for.
        public var resolved: String
    }

    public struct InitializerParameter: Sendable, Equatable {
        public var label: String
        public var type: String
        public var defaultValue: String?
    }

    public var path: String
    public var name: String
    public var kind: Kind
    public var inlineFragmentKind: InlineFragmentKind?
    /// For an inline fragment with `@include`/`@skip` (`asCatIfGetCat`, `ifNotSkipHeightInMeters`): its conditions.
    public var inclusion: Inclusion? = nil
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
    /// The response keys from that definition's root to the object this selection set reads (`["hotel", "rooms"]`;
    /// empty at the root; type cases share their entity's).
    public var responsePath: [String]
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
    public init(
        schema: Schema, documents: [(path: String, document: Document)], namespace: String, capitalizer: Capitalizer = Capitalizer(),
        typeNames: Capitalizer = Capitalizer()
    ) {
        self.init(
            schema: schema, sources: SelectionSetSources(documents: documents, typeNames: typeNames), namespace: namespace,
            capitalizer: capitalizer, typeNames: typeNames)
    }

    init(schema: Schema, sources: SelectionSetSources, namespace: String, capitalizer: Capitalizer, typeNames: Capitalizer) {
        let builder = SelectionSetBuilder(schema: schema, fragments: sources.fragments)
        let renderer = SelectionSetRenderer(
            schema: schema, namespace: SwiftNames.firstUppercased(namespace), capitalizer: capitalizer, typeNames: typeNames)
        for definition in sources.definitions {
            renderer.render(definition.definition, document: definition.document, builder: builder, into: &selectionSets)
        }
        for (position, selectionSet) in selectionSets.enumerated() where index[selectionSet.path] == nil {
            index[selectionSet.path] = position
        }
    }
}

extension SelectionSetRenderer {
    /// Builds and renders one operation or fragment.
    func render(_ definition: Definition, document: String, builder: SelectionSetBuilder, into records: inout [GeneratedSelectionSet]) {
        switch definition {
        case .operation(let operation):
            guard operation.name != nil, let built = builder.build(operation: operation) else { return }
            render(built.root, entities: built.entities, document: document, into: &records)
        case .fragment(let fragment):
            guard let built = builder.build(fragment: fragment.name.value), let root = built.rootField.selectionSet else { return }
            render(root, entities: EntityStorage(fragment: built, schema: schema), document: document, into: &records)
        default:
            return
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
