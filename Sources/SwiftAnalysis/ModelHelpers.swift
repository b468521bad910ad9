import SourceText
import SwiftSyntax

/// A function or property that builds a mock and returns it, or a model of it: the factories, fixtures and helpers
/// test suites keep beside their tests (`func makeCharacter() -> CharacterQuery.Data.Character { …; return .from(mock) }`,
/// `extension Mock where O == Dog { static func mock(id: String = "1") -> Mock<Dog> { … } }`,
/// `enum Fixtures { static let cat = Mock<Cat>(…) }`). A caller's reads of what it returns are checked against
/// what its mock sets. Only helpers mockls can follow whole are read: a declared type that is a mock or a
/// selection-set model (or, for a stored fixture, a value that is one), one value returned, at the end of the body
/// (or the body is that value), and no parameter that takes a closure.
public struct ModelHelper: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// Called: `makeCharacter()`, `Mock<Dog>.mock(id: "1")`, `.mock()`, `Fixtures.makeCharacter()`.
        case function
        /// Read: `cat`, `self.cat`, `Fixtures.cat`, `Dog.mock`.
        case property
    }

    /// A parameter of a factory: what the call passes for it, or its default value, is bound to `name` in the body.
    public struct Parameter: Sendable, Equatable {
        /// The argument label (nil for `_`).
        public var label: String?
        public var name: String
        public var defaultValue: FlowValue?
        /// `Mock<T>` when the parameter is declared as one (or an optional one).
        public var mockType: WrittenTypeName?
    }

    public var name: String
    public var kind: Kind
    /// The type it is declared in, as callers write it before the name: `Dog` for `extension Mock where O == Dog`,
    /// `extension Mock<Dog>` and `extension Dog`; `Fixtures` for `enum Fixtures`; nil at the top level.
    public var owner: String?
    public var parameters: [Parameter] = []
    /// A stored fixture (`static let cat = Mock<Cat>()`, a global `let`): one mock shared by every test that reads
    /// it, so unknown as soon as some code of the workspace changes it (`WorkspaceHelpers.mutatedFixtures`).
    public var isStored = false
    /// The statements before the value returned, read as a test function's are.
    public var body: [FlowStatement]
    /// What it returns (`.from(mock)` with the declared model type filled in).
    public var result: FlowValue
    /// Its bytes in its file.
    public var range: Range<Int>
    /// A hash of its text: a cached result that used it stays valid while this stays the same.
    public var fingerprint = 0
    /// The mock type it is declared to return (`-> Mock<Dog>`, `static let cat: Mock<Cat> = .init()`): what an
    /// untyped `Mock(…)` or `.init(…)` it returns builds.
    public var returnedMock: WrittenTypeName?
    /// What it gives, as completion and hover resolve it: its declared type, or a stored fixture's value's
    /// (`Mock<Dog>`, `AllAnimalsQuery.Data`, a list of them).
    public var type: WrittenExpression?

    /// Whether a call with `arguments` fits the parameters: each argument matches the next parameter of its label in
    /// order, and every parameter left out has a default value. Gives each parameter's argument (nil: the default).
    public func bind(_ arguments: [HelperUse.Argument]) -> [HelperUse.Argument?]? {
        var bound: [HelperUse.Argument?] = Array(repeating: nil, count: parameters.count)
        var next = 0
        for argument in arguments {
            while next < parameters.count, parameters[next].label != argument.label, parameters[next].defaultValue != nil { next += 1 }
            guard next < parameters.count, parameters[next].label == argument.label else { return nil }
            bound[next] = argument
            next += 1
        }
        for (index, parameter) in parameters.enumerated() where bound[index] == nil && parameter.defaultValue == nil { return nil }
        return bound
    }
}

/// The helpers of the workspace's other Swift files that return mocks or models (`ModelHelper`; cached diagnostics
/// are kept while the fingerprints of the helpers a function looked up stay the same).
public struct WorkspaceHelpers: Sendable {
    public let helpers: [ModelHelper]
    /// The same by name, grouped once for every function a caller follows with them.
    public let byName: [String: [ModelHelper]]
    /// The stored fixtures that some code of those files changes, or hands to code that may (`Fixtures.cat.id = "1"`,
    /// `let c = Fixtures.cat; c.id = "1"`, `configure(Fixtures.cat)`), by name.
    public let mutatedFixtures: Set<String>

    public init(helpers: [ModelHelper], mutatedFixtures: Set<String> = []) {
        self.helpers = helpers
        byName = Dictionary(grouping: helpers, by: \.name)
        self.mutatedFixtures = mutatedFixtures
    }

    public static let none = WorkspaceHelpers(helpers: [])

    /// The helpers and the fixtures changed, as one number that is the same in every session (what a coverage kept on
    /// disk was computed with).
    public var stableFingerprint: UInt64 {
        var hash = StableHash()
        for helper in helpers {
            hash.combine(helper.name)
            hash.combine(helper.fingerprint)
        }
        for name in mutatedFixtures.sorted() { hash.combine(name) }
        return hash.value
    }

    /// These with `file`'s own: its helpers win over what the workspace read of it from disk (names are looked up by
    /// name; one name defined twice is followed by neither), and its own changes to stored fixtures are added (read
    /// only when it names one).
    public func including(_ file: SwiftFile) -> WorkspaceHelpers {
        let own = file.modelHelpers()
        // Nothing of its own, and no stored fixture it could change: the same helpers (grouped once).
        guard !own.isEmpty || helpers.contains(where: \.isStored) else { return self }
        let ownNames = Set(own.map(\.name))
        let merged = own + helpers.filter { !ownNames.contains($0.name) }
        let fixtures = Set(merged.filter(\.isStored).map(\.name))
        let bytes = file.lines.bytes
        let mutated = fixtures.contains(where: { bytes.contains(bytes: $0) })
            ? mutatedFixtures.union(file.fixtureMutations().intersection(fixtures)) : mutatedFixtures
        return WorkspaceHelpers(helpers: merged, mutatedFixtures: mutated)
    }
}

extension SwiftFile {
    /// The `MockObject` types this file declares itself: classes (`final class Dog: MockObject { … }`, as Apollo's
    /// own tests of `Mock` do) and generic parameters (`func register<Root: MockObject>(data: Mock<Root>)`, `where
    /// Root: MockObject`, as the test transport's API): `Mock<Dog>` there is that type, not a generated mock.
    public func ownMockObjects() -> Set<String> {
        guard lines.bytes.contains(bytes: "MockObject") else { return [] }
        func isMockObject(_ type: TypeSyntax?) -> Bool { type?.trimmedDescription.hasSuffix("MockObject") == true }
        var found: Set<String> = []
        var pending: [Syntax] = [Syntax(tree)]
        while let node = pending.popLast() {
            if let type = node.as(ClassDeclSyntax.self), type.inheritanceClause?.inheritedTypes.contains(where: { isMockObject($0.type) }) == true {
                found.insert(type.name.text)
            } else if let parameter = node.as(GenericParameterSyntax.self), isMockObject(parameter.inheritedType) {
                found.insert(parameter.name.text)
            } else if let requirement = node.as(ConformanceRequirementSyntax.self), isMockObject(requirement.rightType) {
                found.insert(requirement.leftType.trimmedDescription)
            }
            if node.is(CodeBlockSyntax.self) || node.is(ExprSyntax.self) { continue }
            pending += node.children(viewMode: .sourceAccurate)
        }
        return found
    }

    /// Whether the text can declare a helper (`ModelHelper`): a function with a return type (`->`), a property
    /// (`var`, `static let`), or a global `let` at the start of a line (or anywhere in a file with `#if`, where a global
    /// may be indented). Most test files declare none, and are not parsed for them (`mockls check` parses each once,
    /// not twice; coverage walks no tree for them).
    public static func mayDeclareHelpers(_ bytes: [UInt8]) -> Bool {
        if bytes.contains(bytes: "->") || bytes.contains(bytes: "var ") || bytes.contains(bytes: "static ") || bytes.contains(bytes: "#if") {
            return true
        }
        // A line that starts with `let`, or with an access modifier and then `let` (`public let`, `private let`).
        var start = 0
        while start < bytes.count {
            if [UInt8(ascii: "l"), UInt8(ascii: "p"), UInt8(ascii: "i"), UInt8(ascii: "f"), UInt8(ascii: "n")].contains(bytes[start]) {
                var word = start
                for modifier in modifiers where bytes[word...].starts(with: modifier) { word += modifier.count }
                if bytes[word...].starts(with: letKeyword) { return true }
            }
            guard let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) else { break }
            start = end + 1
        }
        return false
    }

    private static let modifiers = ["public ", "internal ", "private ", "fileprivate ", "nonisolated "].map { Array($0.utf8) }
    private static let letKeyword = Array("let ".utf8)

    /// The helpers declared in this file, at the top level or in any type.
    public func modelHelpers() -> [ModelHelper] {
        guard Self.mayDeclareHelpers(lines.bytes) else { return [] }
        var found: [ModelHelper] = []
        var pending: [(node: Syntax, owner: String?)] = [(Syntax(tree), nil)]
        while let (node, owner) = pending.popLast() {
            if let function = node.as(FunctionDeclSyntax.self) {
                if var helper = ModelHelperReader.helper(function) {
                    helper.owner = owner
                    found.append(helper)
                }
                continue  // nested functions are not helpers callers can reach
            }
            if let variable = node.as(VariableDeclSyntax.self) {
                found += ModelHelperReader.helpers(variable, owner: owner)
                continue
            }
            if node.is(CodeBlockSyntax.self) || node.is(ClosureExprSyntax.self) { continue }
            let inner = ModelHelperReader.owner(declaredBy: node) ?? owner
            pending += node.children(viewMode: .sourceAccurate).reversed().map { ($0, inner) }
        }
        let bytes = lines.bytes
        return found.map { helper in
            var helper = helper
            // The same in every session: a coverage kept on disk is keyed by it (`WorkspaceHelpers.stableFingerprint`).
            var hash = StableHash()
            hash.combine(helper.owner ?? "")
            hash.combine(Array(bytes[helper.range]))
            helper.fingerprint = Int(truncatingIfNeeded: hash.value)
            return helper
        }
    }

    /// The names of stored fixtures this file changes or hands to code that may change them: assigned through
    /// (`Fixtures.cat.id = "1"`, `cat.id = "1"` for a name the function does not declare), through a local name bound
    /// to one (`let c = Fixtures.cat; c.id = "1"`), or passed to a call mockls does not follow.
    public func fixtureMutations() -> Set<String> {
        var names: Set<String> = []
        for unit in mockFlowUnits() {
            let flow = unit.flow()
            var aliases: [String: String] = [:]
            // A function's own parameters are its names, not stored fixtures (`func exclaimed(title:)` changing a copy
            // of `title` changes no `Constants.title`).
            var declared = Set(unit.parameters)
            FixtureMutations.collect(flow.preamble + flow.body, aliases: &aliases, declared: &declared, into: &names)
        }
        for helper in modelHelpers() {
            var aliases: [String: String] = [:]
            var declared = Set(helper.parameters.map(\.name))
            FixtureMutations.collect(helper.body + [.read(helper.result)], aliases: &aliases, declared: &declared, into: &names)
        }
        return names
    }
}

enum FixtureMutations {
    static func collect(_ statements: [FlowStatement], aliases: inout [String: String], declared: inout Set<String>, into names: inout Set<String>) {
        for statement in statements {
            switch statement {
            case .bind(let name, _, let value, _):
                values(value, into: &names)
                declared.insert(name)
                switch value {
                case .helper(let use) where !use.isCall: aliases[name] = use.name
                case .variable(let other, _): if let fixture = aliases[other] ?? (declared.contains(other) ? nil : other) { aliases[name] = fixture }
                default: aliases[name] = nil
                }
            case .assign(let target, let value, _):
                values(value, into: &names)
                if let root = root(of: target, aliases: aliases, declared: declared) { names.insert(root) }
            case .read(let value):
                values(value, into: &names)
            case .escape(let name, _):
                if let fixture = aliases[name] ?? (declared.contains(name) ? nil : name) { names.insert(fixture) }
            case .scope(let inner):
                var (innerAliases, innerDeclared) = (aliases, declared)
                collect(inner, aliases: &innerAliases, declared: &innerDeclared, into: &names)
            case .loop(let name, let sequence, let body):
                values(sequence, into: &names)
                var (innerAliases, innerDeclared) = (aliases, declared)
                if let name { innerDeclared.insert(name) }
                collect(body, aliases: &innerAliases, declared: &innerDeclared, into: &names)
            case .opaqueCall, .typeMention:
                break
            }
        }
    }

    /// The fixture an assignment target changes: `Fixtures.cat.id`, `c.id` with `c` an alias, `cat.id` with `cat`
    /// declared nowhere in the function.
    private static func root(of target: FlowValue, aliases: [String: String], declared: Set<String>) -> String? {
        switch target {
        case .member(let base, _, _), .element(let base, _, _):
            switch base {
            case .helper(let use) where !use.isCall: return use.name
            case .variable(let name, _): return aliases[name] ?? (declared.contains(name) ? nil : name)
            default: return root(of: base, aliases: aliases, declared: declared)
            }
        default:
            return nil
        }
    }

    /// Fixtures handed as arguments to a call (which may change them).
    private static func values(_ value: FlowValue, into names: inout Set<String>) {
        switch value {
        case .helper(let use):
            for argument in use.arguments {
                if case .helper(let passed) = argument.value, !passed.isCall { names.insert(passed.name) }
                values(argument.value, into: &names)
            }
        case .construction(let construction):
            for argument in construction.arguments { values(argument.value, into: &names) }
        case .from(_, let mock, _, _), .response(_, let mock, _, _): values(mock, into: &names)
        case .member(let base, _, _), .element(let base, _, _): values(base, into: &names)
        case .list(let elements): for element in elements { values(element, into: &names) }
        case .closureCall(let call):
            values(call.sequence, into: &names)
            var aliases: [String: String] = [:]
            var declared = Set(call.parameters.compactMap { $0 })
            collect(call.body + [.read(call.result)], aliases: &aliases, declared: &declared, into: &names)
        case .immediateClosure(let body, let result):
            var aliases: [String: String] = [:]
            var declared: Set<String> = []
            collect(body + [.read(result)], aliases: &aliases, declared: &declared, into: &names)
        case .elements(let base, _, _), .wrapped(let base, _): values(base, into: &names)
        case .coalesced(let value, let fallback):
            values(value, into: &names)
            values(fallback, into: &names)
        case .variable, .storedProperty, .decoded, .instance, .null, .literal, .other: break
        }
    }
}

enum ModelHelperReader {
    /// The name callers write before a helper declared in `node`: a type's name, or the mock type of
    /// `extension Mock where O == Dog` and `extension Mock<Dog>`.
    static func owner(declaredBy node: Syntax) -> String? {
        if let type = node.as(ClassDeclSyntax.self) { return type.name.text }
        if let type = node.as(StructDeclSyntax.self) { return type.name.text }
        if let type = node.as(EnumDeclSyntax.self) { return type.name.text }
        if let type = node.as(ActorDeclSyntax.self) { return type.name.text }
        guard let extended = node.as(ExtensionDeclSyntax.self) else { return nil }
        if let mock = WrittenExpression.mockType(extended.extendedType) { return mock.name }
        let name: String
        if let identifier = extended.extendedType.as(IdentifierTypeSyntax.self) {
            name = identifier.name.text
        } else if let member = extended.extendedType.as(MemberTypeSyntax.self) {
            name = member.name.text
        } else {
            return nil
        }
        if name == "Mock", let requirement = extended.genericWhereClause?.requirements.first?.requirement.as(SameTypeRequirementSyntax.self),
            requirement.leftType.trimmedDescription == "O"
        {
            return requirement.rightType.as(IdentifierTypeSyntax.self)?.name.text
                ?? requirement.rightType.as(MemberTypeSyntax.self)?.name.text
        }
        return name
    }

    static func helper(_ function: FunctionDeclSyntax) -> ModelHelper? {
        guard function.genericParameterClause == nil, let returned = function.signature.returnClause?.type, let body = function.body
        else { return nil }
        var parameters: [ModelHelper.Parameter] = []
        let reader = FlowReader()
        for parameter in function.signature.parameterClause.parameters {
            // A closure parameter runs code mockls does not see; a variadic one takes any number of arguments.
            guard parameter.ellipsis == nil, !parameter.type.is(FunctionTypeSyntax.self),
                !(parameter.type.as(AttributedTypeSyntax.self)?.baseType.is(FunctionTypeSyntax.self) ?? false)
            else { return nil }
            let label = parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.text
            let name = parameter.secondName ?? parameter.firstName
            guard case .identifier(let text) = name.tokenKind else { return nil }
            parameters.append(ModelHelper.Parameter(
                label: label, name: text, defaultValue: parameter.defaultValue.map { reader.value($0.value) },
                mockType: WrittenExpression.mockType(parameter.type)))
        }
        guard let (statements, result) = read(body.statements, returning: returned) else { return nil }
        return ModelHelper(
            name: function.name.text, kind: .function, parameters: parameters, body: statements, result: result, range: FlowReader.range(function),
            returnedMock: WrittenExpression.mockType(returned), type: SwiftFile.annotated(returned))
    }

    /// `var cat: Mock<Cat> { … }`, `static var cat: Mock<Cat> { … }` (a getter only), and stored fixtures:
    /// `static let cat = Mock<Cat>(…)` in a type, `let cat = Mock<Cat>(…)` at the top level.
    static func helpers(_ variable: VariableDeclSyntax, owner: String?) -> [ModelHelper] {
        let isStatic = variable.modifiers.contains { [.keyword(.static), .keyword(.class)].contains($0.name.tokenKind) }
        let isLazy = variable.modifiers.contains { $0.name.tokenKind == .keyword(.lazy) }
        return variable.bindings.compactMap { binding in
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { return nil }
            guard let accessors = binding.accessorBlock?.accessors else {
                // A stored fixture: one value for every test (a type's `static let`, a global), not an instance's
                // property (XCTest makes a new instance for each test: those are read as the test's own).
                guard owner == nil || isStatic, !isLazy, let initializer = binding.initializer else { return nil }
                let reader = FlowReader()
                let value = FlowReader.contextual(reader.value(initializer.value), path: FlowReader.modelPath(binding.typeAnnotation?.type))
                switch value {
                case .construction, .from, .list, .helper, .immediateClosure: break
                // A constant (`static let hotelID = "h1"`): the literal a mock set to it holds.
                case .literal where variable.bindingSpecifier.tokenKind == .keyword(.let): break
                default: return nil
                }
                if let type = binding.typeAnnotation?.type, SwiftFile.annotated(type) == nil { return nil }
                let type = binding.typeAnnotation.flatMap { SwiftFile.annotated($0.type) } ?? WrittenExpression.read(initializer.value)
                return ModelHelper(
                    name: name, kind: .property, owner: owner, isStored: true, body: reader.inner(initializer.value), result: value,
                    range: FlowReader.range(variable), returnedMock: binding.typeAnnotation.flatMap { WrittenExpression.mockType($0.type) },
                    type: type?.isContextFree == true ? type : nil)
            }
            guard let type = binding.typeAnnotation?.type else { return nil }
            let statements: CodeBlockItemListSyntax
            switch accessors {
            case .getter(let items): statements = items
            case .accessors(let list):
                guard list.count == 1, let getter = list.first, getter.accessorSpecifier.tokenKind == .keyword(.get),
                    let body = getter.body
                else { return nil }
                statements = body.statements
            }
            guard let (body, result) = read(statements, returning: type) else { return nil }
            return ModelHelper(
                name: name, kind: .property, owner: owner, body: body, result: result, range: FlowReader.range(variable),
                returnedMock: WrittenExpression.mockType(type), type: SwiftFile.annotated(type))
        }
    }

    /// The statements before the one value a body returns, and that value; nil when the body returns elsewhere too,
    /// or the declared type is no mock or model.
    private static func read(_ items: CodeBlockItemListSyntax, returning type: TypeSyntax) -> ([FlowStatement], FlowValue)? {
        let declared = SwiftFile.annotated(type)
        guard declared != nil, let last = items.last else { return nil }
        // Only the last statement may return: a `return` inside a branch makes the value depend on the run.
        for item in items.dropLast() where item.tokens(viewMode: .sourceAccurate).contains(where: { $0.tokenKind == .keyword(.return) }) {
            return nil
        }
        let expression: ExprSyntax?
        if let returned = last.item.as(ReturnStmtSyntax.self) {
            expression = returned.expression
        } else if items.count == 1 {
            expression = last.item.as(ExprSyntax.self)
        } else {
            expression = nil
        }
        guard let expression else { return nil }
        let reader = FlowReader()
        // `.from(mock)` (`await .from(mock)` in Apollo iOS 2) takes its type from the declaration:
        // `-> CharacterQuery.Data.Character`.
        var path: [String]? = nil
        if case .selectionSet(let declaredPath)? = declared { path = declaredPath }
        let result = FlowReader.contextual(reader.value(expression), path: path)
        switch result {
        case .other, .instance: return nil
        default: break
        }
        return (items.dropLast().flatMap { reader.statements(of: Syntax($0.item)) } + reader.inner(expression), result)
    }
}
