import GraphQLIndex
import SourceText
import SwiftAnalysis

/// What `textDocument/references` looks for, across the GraphQL documents of a project and its Swift tests.
public enum ReferenceTarget: Sendable, Equatable {
    /// A field of a schema type: its selections on that type, and in tests the mock labels, mock members and model
    /// reads that stand for it.
    case field(type: String, name: String)
    /// A schema type: type conditions, variable and schema type references, and `Mock<T>` in tests.
    case type(String)
    /// A fragment: its spreads, and in tests `PetDetails` and `.fragments.petDetails`.
    case fragment(String)
    /// An operation: `AllAnimalsQuery` (Apollo's name for it) in tests.
    case operation(String)
    /// A field alias: its response key and the object types it is selected on; in tests, the mock labels, mock
    /// members and model reads of that key.
    case alias(key: String, types: Set<String>)
    /// An argument of a field: where selections pass it.
    case argument(type: String, field: String, name: String)
    /// A value of an enum: where argument, variable and input values write it.
    case enumValue(type: String, name: String)
    /// A field of an input object: where input values write it.
    case inputField(type: String, name: String)
}

/// A reference: a document (by path) and the bytes of the name.
public struct ReferenceLocation: Sendable, Equatable {
    /// Where a reference is: a GraphQL document (the declaration, a use in a selection or a spread), the app's code, or
    /// a test. References come in this order.
    public enum Kind: Sendable {
        case graphQL
        case app
        case test
    }

    public var document: String
    public var range: Range<Int>
    public var kind: Kind

    public init(document: String, range: Range<Int>, kind: Kind = .graphQL) {
        self.document = document
        self.range = range
        self.kind = kind
    }
}

public enum References {
    // MARK: What the cursor stands on

    /// The target of the name at `offset` in a GraphQL document.
    public static func target(at offset: Int, inGraphQL source: [UInt8], path: String, project: ProjectIndex) -> ReferenceTarget? {
        let tokens = GraphQLCursor.tokens(source)
        let index = GraphQLCursor.nameToken(at: offset, in: tokens)
        if let index, index > 0,
            ["query", "mutation", "subscription"].contains(String(decoding: source[tokens[index - 1].range], as: UTF8.self))
        {
            return .operation(String(decoding: source[tokens[index].range], as: UTF8.self))
        }
        // `alias: field` in a selection set (a schema document has none: `name: Type` declares a field there).
        if let index, index + 2 < tokens.count, project.documents[path]?.role != .schema, tokens[index + 1].kind == .colon, tokens[index + 2].kind == .name,
            let cursor = GraphQLCursor.at(tokens[index].end, in: source, schema: project.schema), case .field(let type) = cursor.position
        {
            let key = String(decoding: source[tokens[index].range], as: UTF8.self)
            return .alias(key: key, types: aliasTypes(key, containing: project.schema.possibleTypes(of: type).first ?? type, project: project))
        }
        guard let (symbol, _) = GraphQLSymbol.at(offset, in: source, path: path, project: project) else { return nil }
        return target(of: symbol)
    }

    private static func target(of symbol: GraphQLSymbol) -> ReferenceTarget? {
        switch symbol {
        case .field(let type, let field, _): return .field(type: type, name: field.name)
        case .type(let type): return .type(type.name)
        case .fragment(let fragment, _): return .fragment(fragment.name.value)
        case .argument(let type, let field, let argument): return .argument(type: type, field: field.name, name: argument.name)
        case .enumValue(let type, let value): return .enumValue(type: type, name: value.name)
        case .inputField(let type, let field): return .inputField(type: type, name: field.name)
        case .directive, .variable: return nil
        }
    }

    /// The names in a document that stand for an argument, enum value or input field: each name token spelled like
    /// it, read as the cursor reads it (its declaration included where the schema declares it).
    private static func namedInGraphQL(
        _ target: ReferenceTarget, name: String, document: IndexedDocument, project: ProjectIndex, includingDeclaration: Bool
    ) -> [Range<Int>] {
        let source = document.text
        guard source.contains(bytes: name) else { return [] }
        var found: [Range<Int>] = []
        for token in GraphQLCursor.tokens(source) where token.kind == .name && source[token.range].elementsEqual(name.utf8) {
            guard let (symbol, range) = GraphQLSymbol.at(token.start, in: source, path: document.path, project: project),
                self.target(of: symbol) == target
            else { continue }
            let isDeclaration = switch symbol {
            case .argument(_, _, let argument): argument.location == SourceLocation(document: document.path, range: range)
            case .enumValue(_, let value): value.location == SourceLocation(document: document.path, range: range)
            case .inputField(_, let field): field.location == SourceLocation(document: document.path, range: range)
            default: false
            }
            if includingDeclaration || !isDeclaration { found.append(range) }
        }
        return found
    }

    /// The target of the name at `offset` in a Swift test file.
    public static func target(at offset: Int, inSwift file: SwiftFile, project: ProjectIndex, helpers: HelperTypes = .none) -> ReferenceTarget? {
        if let fragment = fragmentAccessor(at: offset, in: file, project: project, helpers: helpers) { return .fragment(fragment) }
        guard let (target, range) = SymbolTarget.at(offset, in: file, project: project, helpers: helpers) else { return nil }
        let schema = project.schema
        // A key no field of its type has: an alias.
        switch target {
        case .mockField(let object, let field) where schema[object.name]?.field(field.key) == nil:
            return .alias(key: field.key, types: aliasTypes(field.key, containing: object.name, project: project))
        case .selectionSetField(let selectionSet, let field) where schema[selectionSet.parentType]?.field(field.key) == nil:
            let object = schema.possibleTypes(of: selectionSet.parentType).first ?? selectionSet.parentType
            return .alias(key: field.key, types: aliasTypes(field.key, containing: object, project: project))
        default:
            break
        }
        switch target {
        case .mockField(let object, let field):
            return schemaField(key: field.key, definition: field.definition, on: object.name, project: project).map { .field(type: $0.type, name: $0.name) }
        case .selectionSetField(let selectionSet, let field):
            return schemaField(key: field.key, definition: field.definition, on: selectionSet.parentType, project: project)
                .map { .field(type: $0.type, name: $0.name) }
        case .mockType(let object): return .type(object.name)
        case .unmockedType(let type): return .type(type.name)
        case .selectionSet:
            // The name at the cursor: an operation's class, a fragment's struct, or a nested selection set (none).
            let name = String(decoding: file.lines.bytes[range], as: UTF8.self)
            if let operation = operations(project).first(where: { $0.apolloClassName(project.format.typeNameCapitalizer) == name }), let operationName = operation.name?.value {
                return .operation(operationName)
            }
            if let fragment = fragments(project).first(where: { $0.apolloStructName(project.format.typeNameCapitalizer) == name }) { return .fragment(fragment.name.value) }
            return nil
        }
    }

    // MARK: Where it is used

    /// The references in the project's GraphQL documents (and, with `includingDeclaration`, where it is declared).
    public static func inGraphQL(_ target: ReferenceTarget, project: ProjectIndex, includingDeclaration: Bool) -> [ReferenceLocation] {
        var found: [ReferenceLocation] = []
        let schema = project.schema
        switch target {
        case .argument(_, _, let name), .enumValue(_, let name), .inputField(_, let name):
            for document in project.documents.values.sorted(by: { $0.path < $1.path }) {
                found += namedInGraphQL(target, name: name, document: document, project: project, includingDeclaration: includingDeclaration)
                    .map { ReferenceLocation(document: document.path, range: $0) }
            }
            return found
        default:
            break
        }
        for document in project.documents.values.sorted(by: { $0.path < $1.path }) {
            let tree = document.effective
            func add(_ range: Range<Int>) { found.append(ReferenceLocation(document: document.path, range: range)) }
            func typeName(_ type: TypeReference) -> Name {
                switch type {
                case .named(let name): name
                case .list(let inner), .nonNull(let inner): typeName(inner)
                }
            }
            func walk(_ selections: SelectionSet, on parent: String?) {
                for selection in selections.selections {
                    switch selection {
                    case .field(let field):
                        if case .field(let type, let name) = target, parent == type, field.name.value == name { add(field.name.range) }
                        // Where an alias is written is where it is declared.
                        if includingDeclaration, case .alias(let key, let types) = target, let alias = field.alias, alias.value == key, let parent,
                            !types.isDisjoint(with: schema.possibleTypes(of: parent))
                        {
                            add(alias.range)
                        }
                        let fieldType = parent.flatMap { schema[$0]?.field(field.name.value)?.type.namedType.value }
                        if let nested = field.selectionSet { walk(nested, on: fieldType) }
                    case .fragmentSpread(let spread):
                        if case .fragment(let name) = target, spread.name.value == name { add(spread.name.range) }
                    case .inlineFragment(let inline):
                        if let condition = inline.typeCondition, case .type(let name) = target, condition.value == name { add(condition.range) }
                        walk(inline.selectionSet, on: inline.typeCondition?.value ?? parent)
                    }
                }
            }
            for definition in tree.definitions {
                switch definition {
                case .operation(let operation):
                    if includingDeclaration, case .operation(let name) = target, operation.name?.value == name, let range = operation.name?.range { add(range) }
                    if case .type(let name) = target {
                        for variable in operation.variables where typeName(variable.type).value == name { add(typeName(variable.type).range) }
                    }
                    walk(operation.selectionSet, on: schema.rootType(operation.kind)?.name)
                case .fragment(let fragment):
                    if includingDeclaration, case .fragment(let name) = target, fragment.name.value == name { add(fragment.name.range) }
                    if case .type(let name) = target, fragment.typeCondition.value == name { add(fragment.typeCondition.range) }
                    walk(fragment.selectionSet, on: fragment.typeCondition.value)
                case .type(let type):
                    switch target {
                    case .type(let name):
                        if includingDeclaration, type.name.value == name { add(type.name.range) }
                        for reference in type.interfaces + type.unionMembers where reference.value == name { add(reference.range) }
                        for field in type.fields {
                            if typeName(field.type).value == name { add(typeName(field.type).range) }
                            for argument in field.arguments where typeName(argument.type).value == name { add(typeName(argument.type).range) }
                        }
                        for field in type.inputFields where typeName(field.type).value == name { add(typeName(field.type).range) }
                    case .field(let owner, let name) where includingDeclaration && type.name.value == owner:
                        for field in type.fields where field.name.value == name { add(field.name.range) }
                    default:
                        break
                    }
                case .schema, .directive:
                    break
                }
            }
        }
        return found
    }

    /// The references in one Swift test file: the names that resolve to the target.
    public static func inSwift(_ target: ReferenceTarget, file: SwiftFile, project: ProjectIndex, helpers: HelperTypes = .none) -> [Range<Int>] {
        let names = swiftNames(of: target, project: project)
        guard !names.isEmpty, names.contains(where: { file.lines.bytes.contains(bytes: $0) }) else { return [] }
        return occurrences(named: names, in: file, project: project, helpers: helpers).values.joined().filter { $0.target == target }.map(\.range)
            .sorted { $0.lowerBound < $1.lowerBound }
    }

    /// Every identifier of `names` in `file`, by name, with the target it stands for (nil: something else of that
    /// name): what an occurrence index keeps per file version, so that a question about any target of these names
    /// is answered without parsing the file again.
    public static func occurrences(
        named names: Set<String>, in file: SwiftFile, project: ProjectIndex, helpers: HelperTypes = .none
    ) -> [String: [(range: Range<Int>, target: ReferenceTarget?)]] {
        var found: [String: [(range: Range<Int>, target: ReferenceTarget?)]] = [:]
        let bytes = file.lines.bytes
        for range in file.identifiers(named: names) {
            // Inside the name: at its start, the token before it (ending there) would be taken.
            found[String(decoding: bytes[range], as: UTF8.self), default: []].append((range, target(at: range.lowerBound + 1, inSwift: file, project: project, helpers: helpers)))
        }
        return found
    }

    /// The names a test writes for the target: a file that has none of them holds no reference.
    public static func swiftNames(of target: ReferenceTarget, project: ProjectIndex) -> Set<String> {
        switch target {
        case .field(_, let name):
            // Its mock property, initializer label and model property (an alias is a target of its own).
            return Set([name, SwiftNames.mockProperty(name)].map { $0.trimmingCharacters(in: ["`"]) })
        case .type(let name):
            return [project.schema[name].map(SwiftNames.typeName) ?? name]
        case .fragment(let name):
            guard let fragment = fragments(project).first(where: { $0.name.value == name }) else { return [] }
            return [fragment.apolloStructName(project.format.typeNameCapitalizer), SwiftNames.firstLowercased(name)]
        case .operation(let name):
            return Set(operations(project).filter { $0.name?.value == name }.map { $0.apolloClassName(project.format.typeNameCapitalizer) })
        case .alias(let key, _):
            return [SwiftNames.mockProperty(key).trimmingCharacters(in: ["`"])]
        case .argument, .enumValue, .inputField:
            // Tests write none of them by a name mockls resolves.
            return []
        }
    }

    // MARK: Helpers

    /// `.fragments.petDetails` at `offset`: the fragment it reads.
    private static func fragmentAccessor(at offset: Int, in file: SwiftFile, project: ProjectIndex, helpers: HelperTypes) -> String? {
        guard let symbol = file.symbol(at: offset), case .field(let base, let name) = symbol.reference,
            case .fragments(let selectionSet) = ValueResolver(file: file, project: project, helpers: helpers).resolve(base, at: symbol.range.lowerBound)
        else { return nil }
        return selectionSet.fragmentAccessors.first { $0.accessor == name }?.fragment
    }

    /// The schema field a mock or model field stands for: by its definition, else by its key on the type.
    static func schemaField(key: String, definition: GraphQLIndex.SourceLocation?, on type: String, project: ProjectIndex) -> (type: String, name: String)? {
        let schema = project.schema
        if let definition {
            for candidate in [type] + (schema[type]?.interfaces ?? []) {
                if let field = schema[candidate]?.fields.first(where: { $0.location == definition }) { return (candidate, field.name) }
            }
        }
        return schema[type]?.field(key).map { (type, $0.name) }
    }

    /// The object types an alias is selected on: the possible types of the selections that write it, among which
    /// `object` is.
    static func aliasTypes(_ key: String, containing object: String, project: ProjectIndex) -> Set<String> {
        let schema = project.schema
        var types: Set<String> = []
        for document in project.documents.values where document.role == .executable {
            func walk(_ selections: SelectionSet, on parent: String?) {
                for selection in selections.selections {
                    switch selection {
                    case .field(let field):
                        if field.alias?.value == key, let parent {
                            let possible = Set(schema.possibleTypes(of: parent))
                            if possible.contains(object) { types.formUnion(possible) }
                        }
                        if let nested = field.selectionSet { walk(nested, on: parent.flatMap { schema[$0]?.field(field.name.value)?.type.namedType.value }) }
                    case .inlineFragment(let inline): walk(inline.selectionSet, on: inline.typeCondition?.value ?? parent)
                    case .fragmentSpread: break
                    }
                }
            }
            for operation in document.effective.operations { walk(operation.selectionSet, on: schema.rootType(operation.kind)?.name) }
            for fragment in document.effective.fragments { walk(fragment.selectionSet, on: fragment.typeCondition.value) }
        }
        return types.isEmpty ? [object] : types
    }

    static func operations(_ project: ProjectIndex) -> [OperationDefinition] {
        project.documents.values.filter { $0.role == .executable }.sorted { $0.path < $1.path }.flatMap { $0.effective.operations }
    }

    static func fragments(_ project: ProjectIndex) -> [FragmentDefinition] {
        project.documents.values.filter { $0.role == .executable }.sorted { $0.path < $1.path }.flatMap { $0.effective.fragments }
    }
}
