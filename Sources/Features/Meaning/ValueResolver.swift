import GraphQLIndex
import SwiftAnalysis
import Synchronization

/// What a test expression is, in a project's terms.
indirect enum ResolvedValue {
    /// A `Mock<T>` of an object with a mock class.
    case mock(MockObject)
    /// `(any AnyMock)`: a mock of some possible type of an interface or union, unknown until cast.
    case abstractMock(String)
    /// A model of a generated selection set (`AllAnimalsQuery.Data.AllAnimal`).
    case selectionSet(GeneratedSelectionSet)
    /// `model.fragments`: the fragment accessors of a selection set.
    case fragments(GeneratedSelectionSet)
    case list(ResolvedValue)
    /// `GraphQLResult(data: d, …)`: a wrapper whose `member` is the value.
    case wrapper(ResolvedValue, member: String)
    /// A scalar, an enum, or anything else with no members mockls knows.
    case other
}

/// The types of the helpers a test file can call (`ModelHelper.type`), looked up only when a value names one: the
/// list is read once, on the first lookup (a file's own helpers are read from its syntax), and shared by the copies.
public struct HelperTypes: Sendable {
    private let list: HelperList
    /// What the property `name` of the type `type` (declared in another file of the workspace) is declared to hold.
    private let otherFiles: (@Sendable (_ name: String, _ type: String) -> WrittenExpression?)?

    /// `declaredProperty`: the properties of types the file does not declare itself (`viewModel.dog` where
    /// `DogViewModel` is declared in another file), as `SwiftFile.declaredProperty(_:ofType:)` reads them there.
    public init(
        _ helpers: @escaping @Sendable () -> [ModelHelper],
        declaredProperty: (@Sendable (_ name: String, _ type: String) -> WrittenExpression?)? = nil
    ) {
        list = HelperList(helpers)
        otherFiles = declaredProperty
    }

    /// What the property `name` of the file's own type `type` holds, else of a type another file declares.
    func declaredProperty(_ name: String, ofType type: String, in file: SwiftFile) -> WrittenExpression? {
        file.declaredProperty(name, ofType: type) ?? otherFiles?(name, type)
    }

    public static let none = HelperTypes { [] }

    /// The type of the one helper `name` (of `owner`, when written) that is called or read as written.
    func type(of name: String, owner: String?, isCall: Bool) -> WrittenExpression? {
        let found = list.helpers.filter { ($0.kind == .function) == isCall && $0.name == name && (owner == nil || $0.owner == owner) }
        guard let only = found.first, found.allSatisfy({ $0.type == only.type }) else { return nil }
        return only.type
    }

    private final class HelperList: Sendable {
        private let read: @Sendable () -> [ModelHelper]
        private let known = Mutex<[ModelHelper]?>(nil)

        init(_ read: @escaping @Sendable () -> [ModelHelper]) { self.read = read }

        var helpers: [ModelHelper] {
            if let known = known.withLock({ $0 }) { return known }
            let found = read()
            known.withLock { $0 = found }
            return found
        }
    }
}

/// Gives the expressions of one test file their values, against one project. A class: an evaluator asks it at every
/// field, and a copy of the file and the project at each ask cost more than the answer.
final class ValueResolver: Sendable {
    let file: SwiftFile
    let project: ProjectIndex
    let helpers: HelperTypes

    let model: MockModel
    let schema: Schema
    /// The mock objects and selection sets asked for so far, by the name asked: an evaluator asks at every
    /// construction, field and model, and the project keeps what it renders behind one lock for every thread.
    private let objectsBySwiftName = Answers<String, MockObject?>()
    private let objectsByName = Answers<String, MockObject?>()
    private let selectionSetsByPath = Answers<String, GeneratedSelectionSet?>()
    private let selectionSetsByWrittenPath = Answers<[String], GeneratedSelectionSet?>()

    /// Answers by question, each computed once (outside the lock: two threads may both compute one, and agree).
    private final class Answers<Question: Hashable & Sendable, Answer: Sendable>: Sendable {
        private let known = Mutex<[Question: Answer]>([:])

        func answer(_ question: Question, _ compute: () -> Answer) -> Answer {
            if let answer = known.withLock({ $0[question] }) { return answer }
            let answer = compute()
            known.withLock { $0[question] = answer }
            return answer
        }
    }

    init(file: SwiftFile, project: ProjectIndex, helpers: HelperTypes = .none) {
        self.file = file
        self.project = project
        self.helpers = helpers
        model = project.mockModel
        schema = project.schema
    }

    /// `MockModel.object(swiftName:)`, once per name.
    func object(swiftName: String) -> MockObject? {
        objectsBySwiftName.answer(swiftName) { model.object(swiftName: swiftName) }
    }

    /// `MockModel.object(_:)` (by GraphQL name), once per name.
    func object(named name: String) -> MockObject? {
        objectsByName.answer(name) { model.object(name) }
    }

    /// `offset` is where the expression is written: variables resolve to the declarations visible there.
    func resolve(_ expression: WrittenExpression, at offset: Int, depth: Int = 0) -> ResolvedValue? {
        guard depth < 32 else { return nil }  // `let a = b; let b = a` in broken code
        switch expression {
        case .mock(let type):
            return object(swiftName: type.name).map { .mock($0) }
        case .selectionSet(let path):
            return selectionSet(path).map { .selectionSet($0) }
        case .variable(let name):
            guard let declaration = file.variable(name, visibleAt: offset) else {
                // A name no scope declares may be a helper property (`var cat: Mock<Cat> { … }`).
                return resolve(.helper(owner: nil, name: name, isCall: false), at: offset, depth: depth + 1)
            }
            return resolve(declaration.value, at: declaration.nameRange.lowerBound, depth: depth + 1)
        case .member(let base, let name):
            guard let resolved = resolve(base, at: offset, depth: depth + 1) else {
                // `state.items` where the file declares `struct State { var items: [X.Data.Item] }`.
                if let type = declaredType(of: base, at: offset, depth: depth + 1),
                    let property = helpers.declaredProperty(name, ofType: type, in: file)
                {
                    return resolve(property, at: offset, depth: depth + 1)
                }
                // `Fixtures.cat` read backwards from the cursor: a helper property of the type `Fixtures`.
                guard case .variable(let owner) = base, owner.first?.isUppercase == true else { return nil }
                return resolve(.helper(owner: owner, name: name, isCall: false), at: offset, depth: depth + 1)
            }
            return member(name, of: resolved)
        case .helper(let owner, let name, let isCall):
            guard let type = helpers.type(of: name, owner: owner, isCall: isCall), type.isContextFree else { return nil }
            return resolve(type, at: offset, depth: depth + 1)
        case .element(let base):
            guard case .list(let element) = resolve(base, at: offset, depth: depth + 1) else { return nil }
            return element
        case .list(let element):
            return resolve(element, at: offset, depth: depth + 1).map { .list($0) }
        case .closureArgument(let base):
            // An element of a list, or what an optional holds.
            guard let resolved = resolve(base, at: offset, depth: depth + 1) else { return nil }
            if case .list(let element) = resolved { return element }
            return resolved
        case .transformed(let base, let result, let flattens):
            guard let resolved = resolve(base, at: offset, depth: depth + 1), let value = resolve(result, at: offset, depth: depth + 1) else {
                return nil
            }
            guard case .list = resolved else { return value }
            if flattens, case .list = value { return value }
            return .list(value)
        case .wrapped(let base, let member):
            return resolve(base, at: offset, depth: depth + 1).map { .wrapper($0, member: member) }
        case .argument(let call, let label):
            guard case .mock(let object) = resolve(call, at: offset, depth: depth + 1), let field = field(label, of: object) else {
                return nil
            }
            return value(of: field.graphqlType)
        }
    }

    /// The file's own type a value is declared as (`State` of `state: inout State`, of `var state: ShopLogic.State`),
    /// when it is no generated selection set or mock.
    private func declaredType(of expression: WrittenExpression, at offset: Int, depth: Int) -> String? {
        guard depth < 32 else { return nil }
        switch expression {
        case .variable(let name):
            guard case .selectionSet(let path)? = file.variable(name, visibleAt: offset)?.value, selectionSet(path) == nil else { return nil }
            return path.last
        case .member(let base, let name):
            guard let type = declaredType(of: base, at: offset, depth: depth + 1),
                case .selectionSet(let path)? = helpers.declaredProperty(name, ofType: type, in: file), selectionSet(path) == nil
            else { return nil }
            return path.last
        default:
            return nil
        }
    }

    func member(_ name: String, of base: ResolvedValue) -> ResolvedValue? {
        switch base {
        case .mock(let object):
            return field(name, of: object).map { value(of: $0.graphqlType) }
        case .selectionSet(let selectionSet):
            if name == "fragments", !selectionSet.fragmentAccessors.isEmpty { return .fragments(selectionSet) }
            if let inline = selectionSet.inlineFragments.first(where: { $0.accessor == name }) {
                return project.selectionSet(inline.path).map { .selectionSet($0) }
            }
            guard let field = field(name, of: selectionSet) else { return nil }
            guard let path = field.selectionSet, let nested = project.selectionSet(path) else { return .other }
            return wrap(.selectionSet(nested), like: field.graphqlType)
        case .fragments(let selectionSet):
            guard let accessor = selectionSet.fragmentAccessors.first(where: { $0.accessor == name }) else { return nil }
            return project.selectionSet(accessor.fragment).map { .selectionSet($0) }
        case .wrapper(let value, let member):
            return name == member ? value : nil
        case .abstractMock, .list, .other:
            return nil
        }
    }

    /// The mock field a label or member names: by Swift name (backticked or not) or response key.
    /// The field a label or member names: by its Swift property, with or without backticks (a label may be a
    /// keyword unquoted). Not by its response key: capitalization rules make them differ (`userId` is `userID`).
    func field(_ name: String, of object: MockObject) -> MockField? {
        let bare = Self.unquoted(name)
        return object.fields.first { Self.property($0.property, isNamed: bare) }
    }

    func field(_ name: String, of selectionSet: GeneratedSelectionSet) -> GeneratedSelectionSet.Field? {
        let bare = Self.unquoted(name)
        return selectionSet.fields.first { Self.property($0.property, isNamed: bare) }
    }

    /// Whether a generated property (`name`, or `` `self` `` escaped) is the one `bare` names: compared as written first,
    /// unquoted only when it starts with a backtick (every field an evaluator meets is looked up).
    private static func property(_ property: String, isNamed bare: String) -> Bool {
        property == bare || property.utf8.first == UInt8(ascii: "`") && unquoted(property) == bare
    }

    /// A name without the backticks that escape a keyword.
    static func unquoted(_ name: String) -> String {
        name.hasPrefix("`") && name.hasSuffix("`") && name.count > 1 ? String(name.dropFirst().dropLast()) : name
    }

    /// The value a mock field holds: a mock, an abstract mock, lists of them, or a scalar.
    func value(of type: TypeReference) -> ResolvedValue {
        switch type {
        case .nonNull(let inner): return value(of: inner)
        case .list(let inner): return .list(value(of: inner))
        case .named(let name):
            guard let named = schema[name.value] else { return .other }
            switch named.kind {
            case .object: return object(named: named.name).map { .mock($0) } ?? .other
            case .interface, .union: return .abstractMock(named.name)
            default: return .other
            }
        }
    }

    private func wrap(_ value: ResolvedValue, like type: TypeReference) -> ResolvedValue {
        switch type {
        case .nonNull(let inner): return wrap(value, like: inner)
        case .list(let inner): return .list(wrap(value, like: inner))
        case .named: return value
        }
    }

    /// The selection set a written path names: `AllAnimalsQuery.Data.AllAnimal`, with or without the schema
    /// module in front, through the typealiases Apollo generates for merged selection sets.
    func selectionSet(_ path: [String]) -> GeneratedSelectionSet? {
        selectionSetsByWrittenPath.answer(path) { resolvedSelectionSet(path) }
    }

    /// `ProjectIndex.selectionSet(_:)`, once per path.
    func selectionSet(at path: String) -> GeneratedSelectionSet? {
        selectionSetsByPath.answer(path) { project.selectionSet(path) }
    }

    private func resolvedSelectionSet(_ path: [String]) -> GeneratedSelectionSet? {
        var components = path[...]
        // `BFFGraphAPI.BrandsQuery`, `GraphQL.GetCharactersQuery` (an embedded target), `API.X`: a module qualifier.
        if components.count > 1, let first = components.first,
            first == project.namespace || first == project.mockModel.schemaModule
                || (selectionSet(at: first) == nil && selectionSet(at: first + ".Data") == nil)
        {
            components = components.dropFirst()
        }
        guard var resolved = components.first else { return nil }
        for component in components.dropFirst() {
            let candidate = resolved + "." + component
            if selectionSet(at: candidate) != nil || selectionSet(at: resolved) == nil {
                resolved = candidate
            } else if let alias = selectionSet(at: resolved)?.typealiases.first(where: { $0.name == component }) {
                resolved = alias.resolved
            } else {
                return nil
            }
        }
        return selectionSet(at: resolved)
    }
}
