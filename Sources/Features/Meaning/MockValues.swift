import GraphQLIndex
import SwiftAnalysis
import Synchronization

/// Why a mock lacks fields: what the message says after "never sets it".
enum MockOrigin {
    /// `Mock<T>()`: the designated initializer sets nothing.
    case emptyInitializer
    /// Apollo ≥ 1.23: a non-null object field of a mock built with arguments defaults to an empty `Mock<X>()`.
    case shallowDefault(parent: String, field: String)
    /// Apollo < 1.23: only what the test passes or assigns is set.
    case legacyInitializer
    /// Apollo ≥ 1.23's convenience initializer: every non-null field, shallowly.
    case initializer
    /// A generated `placeholder(…)` factory: every non-null field, deeply.
    case placeholder
}

/// One `Mock<T>` instance as the test builds it. A class, like Apollo's `Mock`: two names for one mock see the
/// same fields.
final class MockInstance {
    let object: MockObject
    let origin: MockOrigin
    /// Where it was built.
    let builtAt: Int
    var slots: [String: Slot] = [:]
    /// Handed to code mockls cannot see: its fields are unknown from then on.
    var escaped = false
    /// Built where it may not be used (`name.map { Mock<Human>(…) }`, nil when `name` is): what its code sets is
    /// followed, what is read from it is not judged.
    var mayBeNil = false
    /// Where a fix can set a field: the call that built it, the call of the mock whose default it is, or the
    /// variable it was bound to and the last statement that set one of its fields through it.
    var construction: MockConstruction?
    var defaultOf: (construction: MockConstruction, object: MockObject, field: MockField)?
    var binding: (name: String, lastStatement: Range<Int>)?
    /// The helper that built it (`makeCharacter`), when it was built by one: its offsets are the helper's.
    var madeBy: String?
    /// The fields its code names: the labels of its call and the members assigned on it.
    var namedFields: [MockField] = []

    init(object: MockObject, origin: MockOrigin, builtAt: Int) {
        self.object = object
        self.origin = origin
        self.builtAt = builtAt
    }

    /// Whether its code would compile with `Mock<T>` of `object` written instead: every field it names is one of
    /// that mock's, with the same type.
    func fitsAsMock(of object: MockObject) -> Bool {
        namedFields.allSatisfy { named in
            object.fields.contains { $0.property == named.property && $0.valueType == named.valueType }
        }
    }

    /// A copy of the whole graph, as `from(_:)` reads it at the time of the call.
    func snapshot(_ copies: inout [ObjectIdentifier: MockInstance]) -> MockInstance {
        if let copy = copies[ObjectIdentifier(self)] { return copy }
        let copy = MockInstance(object: object, origin: origin, builtAt: builtAt)
        copy.escaped = escaped
        copy.mayBeNil = mayBeNil
        copy.construction = construction
        copy.defaultOf = defaultOf
        copy.binding = binding
        copy.madeBy = madeBy
        copy.namedFields = namedFields
        copies[ObjectIdentifier(self)] = copy
        copy.slots = slots.mapValues { $0.snapshot(&copies) }
        return copy
    }

    func markMayBeNil(_ visited: inout Set<ObjectIdentifier>) {
        guard visited.insert(ObjectIdentifier(self)).inserted else { return }
        mayBeNil = true
        for case .mock(let child) in slots.values { child.markMayBeNil(&visited) }
    }

    func markEscaped(_ visited: inout Set<ObjectIdentifier>) {
        guard visited.insert(ObjectIdentifier(self)).inserted else { return }
        escaped = true
        for slot in slots.values { slot.markEscaped(&visited) }
    }
}

/// Where a scalar field's value comes from: what writing the response a mock stands for reads.
enum ScalarSource: Equatable {
    /// The expression written for it, by its bytes in the file followed (`"Lab"`, `.case(.fur)`, `3`).
    case written(Range<Int>)
    /// Apollo's default for a field the convenience initializer was not given (`""`, `0`, the first case).
    case apolloDefault
    /// A literal reached through a name: a factory's default value, a constant (`Constants.hotelID`), a variable.
    case literal(String)
    /// A value mockls does not read (a variable, a call, a helper's or a placeholder factory's).
    case unknown
}

/// What a mock field holds (not boxed: a list holds its slots in an array).
enum Slot {
    case scalar(ScalarSource)
    case mock(MockInstance)
    case list([Slot])
    /// `nil`, as a list's element (a field set to `nil` holds no slot).
    case null
    /// Set to something mockls does not follow.
    case unknown

    func snapshot(_ copies: inout [ObjectIdentifier: MockInstance]) -> Slot {
        switch self {
        case .mock(let instance): return .mock(instance.snapshot(&copies))
        case .list(let slots): return .list(slots.map { $0.snapshot(&copies) })
        case .scalar, .null, .unknown: return self
        }
    }

    func markEscaped(_ visited: inout Set<ObjectIdentifier>) {
        switch self {
        case .mock(let instance): instance.markEscaped(&visited)
        case .list(let slots): for slot in slots { slot.markEscaped(&visited) }
        case .scalar, .null, .unknown: break
        }
    }
}

/// A model built by `from(_:)`, reading the data its mock had then. A class: values holding it are copied at every
/// step of a test, and a selection set is large.
final class Model {
    let selectionSet: GeneratedSelectionSet
    let data: MockInstance
    /// The variables its `from(_:withVariables:)` was given: they decide its `@include`/`@skip` fields.
    let variables: GivenVariables

    init(selectionSet: GeneratedSelectionSet, data: MockInstance, variables: GivenVariables) {
        self.selectionSet = selectionSet
        self.data = data
        self.variables = variables
    }
}

/// What an expression evaluates to, as far as crashes are concerned. Only a wrapper and a selection set are boxed: a
/// mock, a model or a literal is evaluated without an allocation.
enum Value {
    case mock(MockInstance)
    case model(Model)
    /// `model.fragments`.
    case fragments(Model)
    /// A model of `selectionSet` whose data mockls does not know (built from a mock it does not follow, read from a
    /// JSON response, or reached through one of those), or its `fragments` when `isFragments`: what is read from it is
    /// known by its type alone, so selection coverage counts the reads and no diagnostic judges them.
    indirect case opaque(GeneratedSelectionSet, isFragments: Bool)
    case list([Value])
    /// One of these, which one mockls does not know (`xs.first(where: …)`, an element of `xs.sorted(by: …)`): a read
    /// is judged only when it would crash on every one.
    case oneOf([Value])
    /// `GraphQLResult(data: d, …)`: a wrapper whose `member` is the value.
    indirect case wrapper(Value, member: String)
    /// A literal scalar, by its text (`FlowValue.literal`).
    case literal(String)
    /// An instance of a type that is no mock or model (`CharacterDetailViewModel(…)`), by its name: what its
    /// properties hold is known by their declared types alone (`Value.opaque`), never by what the test put there.
    case instance(String)
    /// `nil`: reading on through `?.` does nothing.
    case none
    case unknown

    /// One of `values` (flattened): the value itself when there is one, unknown when there is none or more than
    /// `alternativesLimit` (so that sorting a sorted list does not multiply what a read is judged against).
    static func either(_ values: [Value]) -> Value {
        var flat: [Value] = []
        for value in values {
            if case .oneOf(let inner) = value { flat += inner } else { flat.append(value) }
        }
        switch flat.count {
        case 0: return .unknown
        case 1: return flat[0]
        case ...alternativesLimit: return .oneOf(flat)
        default: return .unknown
        }
    }

    static let alternativesLimit = 32
}
