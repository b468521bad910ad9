/// A `Mock<T>(…)`, `Mock<T>.placeholder(…)`, or a contextual `.init(…)` / `Mock(…)` / `.placeholder(…)` call.
public struct MockConstruction: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// Apollo's initializers: the designated `init()` without arguments, the convenience one with.
        case initializer
        /// A generated `placeholder(…)` factory: every non-null field set, deeply.
        case placeholder
    }

    public struct Argument: Sendable, Equatable {
        public var label: String
        public var labelRange: Range<Int>
        public var value: FlowValue
        /// From the label to the end of the value.
        public var range: Range<Int>
    }

    public var kind: Kind
    /// `T` as written; nil when the type comes from the context (annotation, parameter, assignment).
    public var type: WrittenTypeName?
    /// Bytes of `T`, when written.
    public var typeRange: Range<Int>?
    public var arguments: [Argument]
    /// The whole call.
    public var range: Range<Int>
    /// Between the parentheses (empty for `Mock<Dog>()`: where a first argument goes).
    public var argumentsRange: Range<Int>
}

/// The variables `from(mock, withVariables:)` gives: the literals by name, and whether they are all it gives.
/// Apollo's executor takes a variable that is not given as false for `@include` and `@skip` alike
/// (`Selection.Condition.evaluate(with:)`): with none given, every conditional field is left out.
public struct GivenVariables: Sendable, Hashable {
    public var literals: [String: String]
    /// Every variable given is in `literals` (`from(mock)`, or a dictionary of literals): one that is not there is
    /// not given. False when the dictionary is not written out or a value is no literal.
    public var isComplete: Bool

    public init(literals: [String: String] = [:], isComplete: Bool = true) {
        self.literals = literals
        self.isComplete = isComplete
    }

    /// `from(mock)`: no variables.
    public static let none = GivenVariables()

    /// A Boolean variable's value as `@include`/`@skip` read it: nil when it is not known.
    public func condition(_ name: String) -> Bool? {
        switch literals[name] {
        case "true": true
        case "false": false
        case nil: isComplete ? false : nil
        default: nil
        }
    }
}

/// A value as a test builds and passes it, followed from its construction. Only the cases that hold a value (or a
/// large payload) are boxed: a name, a literal, a list is made without an allocation (every expression of a test
/// is one).
public enum FlowValue: Sendable, Equatable {
    indirect case construction(MockConstruction)
    /// `AllAnimalsQuery.Data.AllAnimal.from(mock)`, `.from(mock, withVariables: ["withBooks": false])`; `range`
    /// covers the path; `variables` holds the literals of `withVariables:` by name.
    indirect case from(path: [String], mock: FlowValue, range: Range<Int>, variables: GivenVariables)
    /// `transport.register(HotelQuery.self, variables: ["id": "h1"], data: mock)` (or `enqueue`): the mock stands for
    /// the operation's whole response (`path` is the operation's `Data`); `range` covers the mock's argument;
    /// `variables` holds the literals of `variables:`, which answers operations with more variables too.
    indirect case response(path: [String], mock: FlowValue, range: Range<Int>, variables: GivenVariables)
    /// `HotelDetailQuery.Data(data: json)`, `X.Data(_dataDict: …)`: a model read from a response, not built from a mock;
    /// `range` covers the path.
    case decoded(path: [String], range: Range<Int>)
    case variable(String, range: Range<Int>)
    /// `base.name`, through `?` and `!`; `range` covers the name.
    indirect case member(FlowValue, name: String, range: Range<Int>)
    /// `base[i]`, `base.first`, `base.last`.
    indirect case element(FlowValue, ElementPosition, range: Range<Int>)
    case list([FlowValue])
    /// `sequence.map { name in body; result }`, `optional.map(\.name)`, `xs.first(where: …)`: a closure a sequence
    /// or an optional runs where it is written (`ValuePassing.ClosureMethod` says how often, and what the call gives).
    indirect case closureCall(ClosureCall)
    /// `{ statements; return value }()`: a closure run at once, as stored properties are often initialised.
    indirect case immediateClosure(body: [FlowStatement], result: FlowValue)
    /// `xs.first`, `xs.randomElement()`, `xs.reversed()`, `xs.prefix(2)`: an element, or some elements, of a list.
    indirect case elements(of: FlowValue, method: String, range: Range<Int>)
    /// `x ?? fallback`: the fallback runs only when `x` is nil.
    indirect case coalesced(FlowValue, fallback: FlowValue)
    /// `GraphQLResult(data: d, …)`: a wrapper that gives the value back as `member` (`result.data`).
    indirect case wrapped(FlowValue, member: String)
    /// `self.name`: a stored property of the type, whatever a local name hides it.
    case storedProperty(String, range: Range<Int>)
    /// `makeCharacter()`, `Fixtures.makeCharacter()`, `Mock<Dog>.mock(id: "1")`, `.mock()`, or `Fixtures.cat`,
    /// `Dog.mock` (a member of a type): what a helper of the workspace returns, when there is one of that name
    /// (`ModelHelper`). A bare name that no scope declares (`cat`) may be a helper property too.
    indirect case helper(HelperUse)
    /// `CharacterDetailViewModel(service: svc)`: an instance of a type that is neither a mock nor a model (a view
    /// model, a store), by the type's name as written: what its properties hold is read from its declaration.
    case instance(type: String, range: Range<Int>)
    /// `nil`.
    case null
    /// A literal scalar (`"Lab"`, `3`, `true`, `.case(.fur)`, `.fur`), by its text: what `mockls response` writes
    /// for a field set to it, wherever it was written (a factory's default value, a constant).
    case literal(String)
    /// A literal, or anything mockls does not follow.
    case other
}

/// A method of a sequence or an optional that runs its closure where it is written (`FlowValue.closureCall`).
public struct ClosureCall: Sendable, Equatable {
    public var method: ValuePassing.ClosureMethod
    public var sequence: FlowValue
    /// The closure's parameters, nil for `_` or one it takes apart: the element (`reduce`: the partial result, then
    /// the element; `sorted(by:)`: two elements). `$0`, `$1` when it names none.
    public var parameters: [String?]
    public var body: [FlowStatement]
    /// What the closure returns.
    public var result: FlowValue
    /// What it returns when that is a comparison with a literal (`$0.id == "b"`): what a search's predicate decides
    /// from the values the mocks hold.
    public var predicate: Predicate?

    /// `value == literal` (or `!=`): `literal` as `FlowReader.literal` writes it, or `nil`.
    public struct Predicate: Sendable, Equatable {
        public var value: FlowValue
        public var literal: String
        public var isEqual: Bool
    }

    public init(
        method: ValuePassing.ClosureMethod, sequence: FlowValue, parameters: [String?], body: [FlowStatement], result: FlowValue,
        predicate: Predicate? = nil
    ) {
        self.method = method
        self.sequence = sequence
        self.parameters = parameters
        self.body = body
        self.result = result
        self.predicate = predicate
    }

    /// `allSatisfy`: a search that stops at the first element its predicate does not hold for.
    public var stopsWhenPredicateFails = false

    /// The parameter that holds the element: the second of `reduce`'s, else the first.
    public var elementParameter: String? {
        if method == .accumulate { return parameters.count == 2 ? parameters[1] : nil }
        return parameters.first ?? nil
    }
}

/// A call of a helper, or a read of a helper property (`FlowValue.helper`).
public struct HelperUse: Sendable, Equatable {
    public struct Argument: Sendable, Equatable {
        public var label: String?
        public var value: FlowValue
    }

    public var name: String
    public var isCall: Bool
    /// The type written before the name: `Dog` in `Dog.mock` and `Mock<Dog>.mock(…)`, `Fixtures` in `Fixtures.cat`;
    /// nil for a bare name or `self.`.
    public var owner: String?
    /// `.mock(…)`: the owner is the mock type the context expects.
    public var isImplicitMember: Bool
    public var arguments: [Argument]
    /// The name's bytes.
    public var range: Range<Int>

    public init(name: String, isCall: Bool, owner: String? = nil, isImplicitMember: Bool = false, arguments: [Argument] = [], range: Range<Int>) {
        self.name = name
        self.isCall = isCall
        self.owner = owner
        self.isImplicitMember = isImplicitMember
        self.arguments = arguments
        self.range = range
    }
}

/// Which element of a list is read.
public enum ElementPosition: Sendable, Equatable {
    case first, last
    /// `[n]` with a literal `n`.
    case index(Int)
    /// `[i]` with anything else.
    case unknown
}

/// What a test does with mocks and models, statement by statement, in source order.
public indirect enum FlowStatement: Sendable, Equatable {
    /// `let name[: Mock<T>] = value`, `if let`, `guard let`.
    case bind(name: String, annotation: WrittenTypeName?, value: FlowValue, range: Range<Int>)
    /// `target = value`, where target is a variable or a member chain (`dog.height?.feet = 2`).
    case assign(target: FlowValue, value: FlowValue, range: Range<Int>)
    /// A value computed for its own sake or as an argument: `XCTAssertEqual(animal.height.feet, 2)` reads it.
    case read(FlowValue)
    /// A variable handed to code mockls cannot see (a function, a closure, a return, storage): what happens to it is
    /// unknown from here on.
    case escape(name: String, range: Range<Int>)
    /// A call of the test class's own method: it may change the class's stored mocks.
    case opaqueCall(range: Range<Int>)
    /// A nested block: the names it declares end with it.
    case scope([FlowStatement])
    /// `for name in sequence { body }`.
    case loop(name: String?, sequence: FlowValue, body: [FlowStatement])
    /// `Mock<T>` written as a type (`let d: Mock<Dog>`, a parameter).
    case typeMention(WrittenTypeName, range: Range<Int>)
}

/// One function of a test file with what it does to mocks: the statements of the class's stored properties and
/// `setUp` first (XCTest runs them before each test), then its own.
public struct MockFlow: Sendable, Equatable {
    public var function: String
    public var range: Range<Int>
    /// Statements that run before the function body: stored-property initializers and `setUp`.
    public var preamble: [FlowStatement]
    public var body: [FlowStatement]

    public init(function: String, range: Range<Int>, preamble: [FlowStatement], body: [FlowStatement]) {
        self.function = function
        self.range = range
        self.preamble = preamble
        self.body = body
    }
}

/// A function of a test file before its statements are read: what a cache needs to recognise it (the bytes of the
/// function and of what runs before it) without the cost of reading it.
public struct MockFlowUnit: Sendable {
    public let function: String
    /// The type it is declared in (`AnimalTests`), nil at the top level.
    public let owner: String?
    /// A test the runner runs (XCTest's `test…()`, Swift Testing's `@Test`, Quick's `spec()`), not a helper or `setUp`.
    public let isTest: Bool
    /// The function's bytes.
    public let range: Range<Int>
    /// The bytes of the stored properties and `setUp` that run before it.
    public let preambleRanges: [Range<Int>]
    /// The names its parameters bind inside it (`title` of `func exclaimed(title: String)`).
    public let parameters: [String]
    private let read: @Sendable () -> MockFlow
    private let readPreamble: @Sendable () -> [FlowStatement]

    init(
        function: String, owner: String? = nil, isTest: Bool = false, range: Range<Int>, preambleRanges: [Range<Int>],
        parameters: [String] = [], preamble: @escaping @Sendable () -> [FlowStatement] = { [] },
        read: @escaping @Sendable () -> MockFlow
    ) {
        self.function = function
        self.parameters = parameters
        self.owner = owner
        self.isTest = isTest
        self.range = range
        self.preambleRanges = preambleRanges
        self.readPreamble = preamble
        self.read = read
    }

    /// Reads the statements.
    public func flow() -> MockFlow { read() }

    /// Reads only what runs before the function (shared by the functions of one type).
    public func preamble() -> [FlowStatement] { readPreamble() }
}
