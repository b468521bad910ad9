import GraphQLIndex
import SwiftAnalysis

/// Moving Apollo iOS 1.x tests to 2.x, as edits of their text: `await` on every `from(_:)` (2.x's is `async`) and on
/// every helper that calls one, `async` on what encloses them (`setUp() async throws` with `try await super.setUp()`),
/// a stored fixture built with `from(_:)` moved into set-up (an `XCTestCase`'s `setUp`, a suite's `init()`) or behind an
/// `async` getter (`static` and global ones), a use inside an XCTest assertion moved to a `let` before it (an
/// assertion's autoclosure cannot await), and `GraphQLResult<X.Data>` → `GraphQLResponse<X>`. What it cannot move is
/// left, with the reason. A pure function of the files' trees: `mockls migrate --to 2` plans the workspace's files
/// together (a helper in one file makes its callers in others `async`), the editor one file (`Apollo2Diagnostics`).
public enum Apollo2Migration {
    /// One replacement of a file's bytes.
    public struct Edit: Sendable, Hashable, Comparable {
        public let range: Range<Int>
        public let text: String

        public init(range: Range<Int>, text: String) {
            self.range = range
            self.text = text
        }

        public static func < (lhs: Edit, rhs: Edit) -> Bool {
            (lhs.range.lowerBound, lhs.range.upperBound) < (rhs.range.lowerBound, rhs.range.upperBound)
        }
    }

    /// What was not migrated, and why (said to the user).
    public struct Left: Sendable, Hashable {
        public let range: Range<Int>
        public let reason: String
    }

    /// A `from(_:)` of 1.x form, found in a file (`Apollo2Diagnostics` reports each).
    public struct FromCall: Sendable, Hashable {
        /// The call's `from` and its base (`AllAnimalsQuery.Data.from`), what a diagnostic covers.
        public let range: Range<Int>
        public let model: String?
    }

    /// One file's migration.
    public struct FilePlan: Sendable {
        public var edits: [Edit] = []
        public var left: [Left] = []
        public var fromCalls: [FromCall] = []

        /// The text of `range` with `edits` (inside it, in order) made.
        static func applying(_ edits: [Edit], to text: [UInt8], in range: Range<Int>) -> String {
            var result: [UInt8] = []
            var at = range.lowerBound
            for edit in edits.sorted() {
                result += text[at..<edit.range.lowerBound]
                result += Array(edit.text.utf8)
                at = edit.range.upperBound
            }
            return String(decoding: result + text[at..<range.upperBound], as: UTF8.self)
        }

        /// The file's text with the edits applied.
        public func applied(to text: [UInt8]) -> [UInt8] {
            var result: [UInt8] = []
            var at = 0
            for edit in edits.sorted() {
                result += text[at..<edit.range.lowerBound]
                result += Array(edit.text.utf8)
                at = edit.range.upperBound
            }
            return result + text[at...]
        }
    }

    /// The migration of `files` together. `isModel` says whether a type path (`AllAnimalsQuery.Data`, `PetDetails`)
    /// names a generated selection set, whose `from(_:)` is Apollo's. `seeds`, when given, picks the `from(_:)` calls
    /// (by file and range) to start from: a quick fix of one call moves only what it needs.
    /// `appTakingClientProtocol`: the app's files (not among `files`) that name `ApolloClientProtocol`, which the
    /// tests cannot declare for them (`ClientProtocolShim`), unless the app declares its own
    /// (`appDeclaresClientProtocol`).
    public static func plan(
        _ files: [SwiftFile], isModel: @escaping (String) -> Bool, seeds: ((Int, Range<Int>) -> Bool)? = nil,
        appTakingClientProtocol: [String] = [], appDeclaresClientProtocol: Bool = false
    ) -> [FilePlan] {
        var planner = Planner(
            files: files, isModel: isModel, seeds: seeds, appTakingClientProtocol: appDeclaresClientProtocol ? [] : appTakingClientProtocol,
            appDeclaresClientProtocol: appDeclaresClientProtocol)
        return planner.plan()
    }

    /// `AllAnimalsQuery.Data` → `AllAnimalsQuery`: the operation of a `GraphQLResult`'s data type.
    static func operation(ofData type: String) -> String? {
        guard type.hasSuffix(".Data"), type.count > 5 else { return nil }
        return String(type.dropLast(5))
    }

    /// Whether `use` is Apollo's `from(_:)`: one unlabeled argument, maybe `withVariables:`, on a model type or the
    /// type the context gives (`.from(mock)`).
    static func isFrom(_ use: AsyncSites.Use, isModel: (String) -> Bool) -> Bool {
        guard case .call(let name, let labels, let base, let implicit, _, _) = use, name == "from", let first = labels.first, first == nil,
            labels.count == 1 || labels.count == 2 && labels[1] == "withVariables"
        else { return false }
        if implicit { return true }
        guard let base else { return false }
        return base == ["Self"] || isModel(base.joined(separator: "."))
    }
}

/// The fixed point: a site's declaration becomes `async`, its callers' uses become sites, until nothing changes.
private struct Planner {
    let files: [SwiftFile]
    let isModel: (String) -> Bool
    let seeds: ((Int, Range<Int>) -> Bool)?
    let callables: [[AsyncSites.Callable]]

    /// Functions made (or found) `async`, by name: their labels, and the type that declares them.
    var asyncFunctions: [String: [AsyncFunction]] = [:]
    /// Every function the files declare, by name.
    var declaredFunctions: [String: [AsyncFunction]] = [:]

    struct AsyncFunction {
        let labels: [String?]
        let owner: String?
        let isStatic: Bool

        init(_ callable: AsyncSites.Callable) {
            labels = callable.labels
            owner = callable.owner
            isStatic = callable.isStatic
        }
    }
    var asyncMembers: Set<[String]> = []
    var asyncGlobals: Set<String> = []
    /// Per file: the callables to make `async` (by range), those that need `throws` too, the properties to move.
    var madeAsync: [Set<Range<Int>>]
    var needsThrows: [Set<Range<Int>>]
    var moved: [[Range<Int>: AsyncSites.StoredProperty]]
    var sites: [[AsyncSites.Site]]
    /// Per file: the fetches with a result handler, waited on, that become `try await` (not for one call's fix).
    let fetches: [[CallbackFetch]]
    /// Per file: the 1.x constructs besides `from(_:)` (nil: the file names none).
    let constructs: [ApolloOneConstructs?]
    /// Whether the tests write 1.x's `CachePolicy` as a type somewhere (each becomes `CachePolicy_v1`, whose cases are
    /// 1.x's): then a 1.x case the tests pass or compare is one of those, not 2.x's `CachePolicy`.
    let testsTypeCachePolicies: Bool

    /// The file the tests' own `ApolloClientProtocol` is declared in (`ClientProtocolShim`): the first with a fake of
    /// it, when no file declares one and no app file takes one.
    let clientProtocolFile: Int?
    let appTakingClientProtocol: [String]
    /// Some file parses a response body with 1.x's `GraphQLResponse(operation:body:)`: its `parseResult()` and
    /// `parseResultFast()` are awaited (`ApolloOneResponse`).
    let parsesBodies: Bool
    /// Some file declares `ApolloClientProtocol` (the app's own, or the tests' from a migration before).
    let clientProtocolDeclared: Bool

    init(
        files: [SwiftFile], isModel: @escaping (String) -> Bool, seeds: ((Int, Range<Int>) -> Bool)?, appTakingClientProtocol: [String],
        appDeclaresClientProtocol: Bool
    ) {
        self.files = files
        self.isModel = isModel
        self.seeds = seeds
        self.appTakingClientProtocol = appTakingClientProtocol
        callables = files.map { AsyncSites.callables(in: $0) }
        madeAsync = Array(repeating: [], count: files.count)
        needsThrows = Array(repeating: [], count: files.count)
        moved = Array(repeating: [:], count: files.count)
        sites = Array(repeating: [], count: files.count)
        // Helpers written `async` already (a file migrated before, or 2.x code) are awaited by their callers.
        for list in callables {
            for callable in list where callable.kind == .function {
                declaredFunctions[callable.name, default: []].append(AsyncFunction(callable))
                if callable.isAsync { asyncFunctions[callable.name, default: []].append(AsyncFunction(callable)) }
            }
        }
        let constructs = files.map { ApolloOneConstructs.mayHold($0.lines.bytes) ? ApolloOneConstructs($0) : nil }
        self.constructs = constructs
        testsTypeCachePolicies = constructs.contains { $0?.cachePolicyTypes.isEmpty == false || $0?.writesCachePolicyV1 == true }
        parsesBodies = constructs.contains { $0?.bodyResponses.isEmpty == false || $0?.declaresApolloOneResponse == true }
        let declared = appDeclaresClientProtocol || constructs.contains { $0?.declaresClientProtocol == true }
        clientProtocolDeclared = declared
        clientProtocolFile = declared || !appTakingClientProtocol.isEmpty ? nil
            : constructs.firstIndex { $0?.conformances.contains { $0.kind == .clientProtocol } == true }
        fetches = files.map { file in
            seeds == nil && (file.lines.bytes.contains(bytes: "fetch(") || file.lines.bytes.contains(bytes: "perform(")) ? CallbackFetch.find(in: file) : []
        }
        // A function that fetches with `try await` is `async`, and its callers await it.
        for (index, list) in fetches.enumerated() {
            for fetch in list {
                guard let callable = callables[index].first(where: { $0.range == fetch.function }), !callable.isAsync else { continue }
                madeAsync[index].insert(callable.range)
                if callable.kind == .function { asyncFunctions[callable.name, default: []].append(AsyncFunction(callable)) }
            }
        }
    }

    func isAsyncCall(_ use: AsyncSites.Use) -> Bool {
        switch use {
        case .call(let name, let labels, let base, let implicit, let onValue, let context):
            if base == ["super"] { return false }
            if parsesBodies, labels.isEmpty, onValue || base?.first?.first?.isLowercase == true, ApolloOneResponse.methods.contains(name) { return true }
            let candidates = (asyncFunctions[name] ?? []).filter { Self.fits(labels, $0.labels) }
            guard !candidates.isEmpty else { return false }
            // `T.f()`, `Self.f()`: a static function of that type.
            if let base {
                let owners: Set<String?> = base == ["Self"] ? [context] : [base.last, base.joined(separator: ".")]
                return candidates.contains { $0.isStatic && owners.contains($0.owner) }
            }
            // `.f()`: a static function of the type the context expects.
            if implicit { return candidates.contains(where: \.isStatic) }
            // `value.f()`: the value's type is not read; a method every type that declares it has made `async` (one
            // type, or the same helper in two test targets' `Fixture`).
            if onValue {
                let declared = (declaredFunctions[name] ?? []).filter { Self.fits(labels, $0.labels) }
                return !declared.isEmpty && candidates.count == declared.count && candidates.allSatisfy { !$0.isStatic && $0.owner != nil }
            }
            // `f()`, `self.f()`: a free function, or a method of the type the call is written in (each test case's own
            // `subject()` is its own).
            return candidates.contains { $0.owner == nil || $0.owner == context }
        case .transaction:
            return true
        case .member(let base, let name):
            // `Self.template` inside the type: any type's `template`.
            if base == ["Self"] { return asyncMembers.contains { $0.last == name } }
            return base.last.map { asyncMembers.contains([$0, name]) } == true
        case .identifier(let name):
            return asyncGlobals.contains(name)
        }
    }

    /// Whether a call's labels fit a declaration's: in order, the ones left out defaulted.
    static func fits(_ call: [String?], _ declared: [String?]) -> Bool {
        var index = 0
        for label in call {
            while index < declared.count, declared[index] != label { index += 1 }
            if index == declared.count { return false }
            index += 1
        }
        return true
    }

    mutating func plan() -> [Apollo2Migration.FilePlan] {
        var changed = true
        var rounds = 0
        while changed, rounds < 64 {
            changed = false
            rounds += 1
            for index in files.indices {
                let found = AsyncSites.sites(in: files[index]) { use in
                    Apollo2Migration.isFrom(use, isModel: isModel) || isAsyncCall(use)
                }.filter { site in
                    guard let seeds, Apollo2Migration.isFrom(site.use, isModel: isModel) else { return true }
                    return seeds(index, site.range)
                }
                sites[index] = found
                for site in found {
                    switch site.boundary {
                    case .callable(let callable):
                        if !callable.isAsync, madeAsync[index].insert(callable.range).inserted {
                            changed = true
                            if callable.kind == .function { asyncFunctions[callable.name, default: []].append(AsyncFunction(callable)) }
                        }
                        if site.hoist != nil, site.isTried, !callable.isThrowing, callable.kind != .setUp, callable.kind != .tearDown {
                            needsThrows[index].insert(callable.range)
                        }
                    case .property(let property):
                        guard moved[index][property.declaration] == nil, type(of: property, site: site, in: index) != nil else { continue }
                        moved[index][property.declaration] = property
                        changed = true
                        switch property.place {
                        case .staticOrGlobal:
                            if let owner = property.owner { asyncMembers.insert([owner, property.name]) } else { asyncGlobals.insert(property.name) }
                        case .testCase:
                            if let setUp = callables[index].first(where: { $0.kind == .setUp && $0.owner == property.owner }), !setUp.isAsync {
                                madeAsync[index].insert(setUp.range)
                            }
                        case .suite:
                            if let initializer = callables[index].first(where: { $0.kind == .initializer && $0.owner == property.owner && $0.labels.isEmpty }),
                                !initializer.isAsync
                            {
                                madeAsync[index].insert(initializer.range)
                            }
                        case .other:
                            break
                        }
                    case .none, .asyncClosure:
                        break
                    }
                }
            }
        }
        return files.indices.map { edits(of: $0) }
    }

    /// The type a moved property is declared with: as written, or the model its initializer's `from(_:)` or helper
    /// builds.
    func type(of property: AsyncSites.StoredProperty, site: AsyncSites.Site, in index: Int) -> String? {
        if let type = property.type { return type }
        guard site.covered == property.initializer || site.range == property.initializer else { return nil }
        if case .call(let name, let labels, let base, _, _, _) = site.use {
            if name == "from", let base, base != ["Self"] { return base.joined(separator: ".") }
            for list in callables {
                if let callable = list.first(where: { $0.name == name && Self.fits(labels, $0.labels) && $0.returnType != nil }) {
                    return callable.returnType == "Self" ? callable.owner : callable.returnType
                }
            }
        }
        return nil
    }

    // MARK: Edits

    func edits(of index: Int) -> Apollo2Migration.FilePlan {
        var plan = Apollo2Migration.FilePlan()
        let text = files[index].lines.bytes
        func slice(_ range: Range<Int>) -> String { String(decoding: text[range], as: UTF8.self) }
        var edits: [Apollo2Migration.Edit] = []
        for site in sites[index] where Apollo2Migration.isFrom(site.use, isModel: isModel) && !site.isAwaited {
            var model: String?
            if case .call(_, _, let base, _, _, _) = site.use { model = base?.joined(separator: ".") }
            plan.fromCalls.append(.init(range: site.range, model: model))
        }
        // Moved properties: their initializers go with them, one `await` before (and the uses in a closure that
        // initialises one awaited in it).
        var covered: [Range<Int>] = moved[index].values.map(\.initializer).filter { initializer in
            !sites[index].contains { $0.inPropertyClosure && initializer.contains($0.range.lowerBound) }
        }
        var hoistedNames: [Int: [String]] = [:]
        var awaitAt: Set<Int> = []
        // A use in the closure of `map` (and kin) is awaited in the closure, the method becomes its `async` twin, and
        // the method's call is the site awaited where it is.
        var inClosures: [AsyncSites.Site] = []
        var all: [AsyncSites.Site] = []
        for site in sites[index] {
            if let outer = site.outer.first, site.method != nil {
                inClosures.append(site)
                all.append(outer)
                continue
            }
            all.append(site)
        }
        var closureCovered: [Range<Int>] = []
        var twins: Set<String> = []
        for site in inClosures.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) {
            guard let method = site.method else { continue }
            if case .none = site.boundary { continue }
            twins.insert(method.name)
            if method.name != "Result" { edits.append(.init(range: method.range, text: AsyncSites.twinName(of: method.name))) }
            if site.isAwaited || closureCovered.contains(where: { $0.contains(site.range.lowerBound) }) { continue }
            if awaitAt.insert(site.awaitOffset).inserted {
                edits.append(.init(range: site.awaitOffset..<site.awaitOffset, text: "await "))
                closureCovered.append(site.covered)
            }
        }
        // Hoisted uses: their text as it moves, with the edits inside it, once those are known.
        var hoisted: [(site: AsyncSites.Site, at: Int, name: String, indentation: String)] = []
        for site in all.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) where !site.isAwaited {
            if case .property(let property) = site.boundary, moved[index][property.declaration] != nil, !site.inPropertyClosure { continue }
            if covered.contains(where: { $0.contains(site.range.lowerBound) }) { continue }
            switch site.boundary {
            case .none(let reason):
                plan.left.append(.init(range: site.range, reason: reason))
                continue
            case .property(let property) where moved[index][property.declaration] == nil:
                plan.left.append(.init(range: site.range, reason: "`\(property.name)` has no written type to move it by: give it one"))
                continue
            default:
                break
            }
            if let hoist = site.hoist {
                let taken = hoistedNames[hoist.scope.lowerBound, default: []]
                // `let data = X.Data.from(…)` in a stub's closure moves whole, its name kept, where the function does not
                // use the name outside the closure.
                if let binding = site.binding, !taken.contains(binding.name),
                    !Self.mentions(slice(hoist.scope.lowerBound..<binding.closure.lowerBound) + slice(binding.closure.upperBound..<hoist.scope.upperBound), binding.name)
                {
                    hoistedNames[hoist.scope.lowerBound, default: []].append(binding.name)
                    hoisted.append((site, hoist.offset, binding.name, hoist.indentation))
                    edits.append(.init(range: Self.wholeLines(binding.statement, in: text), text: ""))
                    covered.append(site.range)
                    continue
                }
                // The function's text but the use itself: its own name is no clash.
                let scope = slice(hoist.scope.lowerBound..<site.range.lowerBound) + slice(site.range.upperBound..<hoist.scope.upperBound)
                let name = hoistName(site, scope: scope, taken: taken)
                hoistedNames[hoist.scope.lowerBound, default: []].append(name)
                hoisted.append((site, hoist.offset, name, hoist.indentation))
                edits.append(.init(range: site.range, text: name))
                covered.append(site.range)
            } else if awaitAt.insert(site.awaitOffset).inserted {
                edits.append(.init(range: site.awaitOffset..<site.awaitOffset, text: "await "))
                covered.append(site.covered)
            }
        }
        for (site, at, name, indentation) in hoisted {
            let inside = edits.filter { site.range.lowerBound <= $0.range.lowerBound && $0.range.upperBound <= site.range.upperBound && $0.range != site.range }
            edits.removeAll { inside.contains($0) }
            let call = Apollo2Migration.FilePlan.applying(inside, to: text, in: site.range)
            let type = site.hoistType.map { ": " + $0 } ?? ""
            let binding = "let \(name)\(type) = \(site.isTried ? "try " : "")await \(call)"
            guard let hoist = site.hoist, hoist.inTask else {
                edits.append(.init(range: at..<at, text: "\(binding)\n\(indentation)"))
                continue
            }
            // `queue.async { … }` moves into a `Task` that awaits first: the statement one step in, line by line.
            let step = Self.indentationStep(of: text)
            edits.append(.init(range: at..<at, text: "Task {\n\(indentation)\(step)\(binding)\n\(indentation)\(step)"))
            for offset in at..<hoist.end where text[offset] == 10 && !site.range.contains(offset + 1) && offset + 1 < hoist.end {
                edits.append(.init(range: offset + 1..<offset + 1, text: step))
            }
            edits.append(.init(range: hoist.end..<hoist.end, text: "\n\(indentation)}"))
        }
        if twins.remove("Result") != nil, !text.contains(bytes: AsyncSites.asyncResultMarker) {
            edits.append(.init(range: text.count..<text.count, text: (text.last == 10 ? "" : "\n") + AsyncSites.asyncResultInitializer(indentation: Self.indentationStep(of: text))))
        }
        let missing = twins.filter { !text.contains(bytes: "func " + AsyncSites.twinName(of: $0)) }
        if !missing.isEmpty {
            let step = Self.indentationStep(of: text)
            edits.append(.init(range: text.count..<text.count, text: (text.last == 10 ? "" : "\n") + AsyncSites.asyncTwins(Set(missing), indentation: step)))
        }
        // Declarations made async.
        for callable in callables[index] where madeAsync[index].contains(callable.range) {
            switch callable.kind {
            case .setUp, .tearDown:
                let base = callable.kind == .setUp ? "setUp" : "tearDown"
                if slice(callable.nameRange) != base { edits.append(.init(range: callable.nameRange, text: base)) }
                if let effects = callable.effects {
                    edits.append(.init(range: effects.lowerBound..<effects.lowerBound, text: "async "))
                } else {
                    edits.append(.init(range: callable.effectsOffset..<callable.effectsOffset, text: " async throws"))
                }
                for call in callable.superCalls { edits.append(.init(range: call, text: "try await super.\(base)()")) }
            case .function, .initializer:
                let throwsToo = needsThrows[index].contains(callable.range) && callable.effects == nil
                if let effects = callable.effects {
                    edits.append(.init(range: effects.lowerBound..<effects.lowerBound, text: "async "))
                } else {
                    edits.append(.init(range: callable.effectsOffset..<callable.effectsOffset, text: throwsToo ? " async throws" : " async"))
                }
            }
        }
        edits = fetchEdits(index, edits: edits)
        // XCTest's blocking waits in what became `async` (unavailable there): `await fulfillment(of:timeout:)`. The
        // waits of the fetches that became `try await` are gone with them.
        let asyncBodies = Set(callables[index].filter { madeAsync[index].contains($0.range) }.compactMap(\.body))
        let removedWaits = fetches[index].map(\.wait)
        for wait in asyncBodies.isEmpty ? [] : ExpectationWait.find(in: files[index]) where asyncBodies.contains(wait.body) && !removedWaits.contains(where: { $0.overlaps(wait.range) }) {
            if let replacement = wait.replacement {
                edits.append(.init(range: wait.range, text: replacement))
            } else if let reason = wait.reason {
                plan.left.append(.init(range: wait.range, reason: reason))
            }
        }
        // The edits inside a moved initializer are made to the text that moves.
        var inside: [Range<Int>: [Apollo2Migration.Edit]] = [:]
        for property in moved[index].values {
            inside[property.initializer] = edits.filter { property.initializer.contains($0.range.lowerBound) && $0.range.upperBound <= property.initializer.upperBound }
        }
        let insideAll = Set(inside.values.joined())
        edits.removeAll { insideAll.contains($0) }
        edits += movedPropertyEdits(index) { range in
            Apollo2Migration.FilePlan.applying(Self.merged(inside[range] ?? [], left: &plan.left), to: text, in: range)
        }
        let constructs = self.constructs[index]
        // One call's fix is that call's edits alone.
        if let constructs, seeds == nil {
            edits += resultEdits(constructs, left: &plan.left)
            edits += constructs.cachePolicyTypes.map { .init(range: $0, text: "CachePolicy_v1") }
        }
        for (range, reason) in constructs?.oneOnly ?? [] { plan.left.append(.init(range: range, reason: reason)) }
        if !testsTypeCachePolicies {
            for (range, name) in constructs?.cachePolicyValues ?? [] {
                plan.left.append(.init(range: range, reason: "`.\(name)` is a case of 1.x's `CachePolicy`, `CachePolicy_v1` in Apollo iOS 2, which only the deprecated fetches take (2.x's `CachePolicy.Query.SingleResponse` has `.cacheFirst`, `.networkOnly`, `.cacheOnly`)"))
            }
        }
        // `query.__variables` is `@_spi(Unsafe)` in 2.x: the file imports ApolloAPI's SPI, as Apollo's own tests do;
        // `result.dependentKeys` is `@_spi(Execution)`: the file imports Apollo's.
        if constructs?.spiVariables.isEmpty == false, seeds == nil, !text.contains(bytes: "@_spi(Unsafe) import ApolloAPI") {
            edits.append(Self.importEdit("@_spi(Unsafe) import ApolloAPI", replacing: "import ApolloAPI", in: text))
        }
        if constructs?.spiDependentKeys.isEmpty == false, seeds == nil, !text.contains(bytes: "@_spi(Execution) import Apollo\n") {
            edits.append(Self.importEdit("@_spi(Execution) import Apollo", replacing: "import Apollo", in: text))
        }
        for conformance in constructs?.conformances ?? [] {
            if seeds == nil, let send = conformance.send, let bridge = Self.transportBridge(send, step: Self.indentationStep(of: text), in: text) {
                edits.append(.init(range: send.membersEnd..<send.membersEnd, text: bridge))
                continue
            }
            if conformance.kind == .clientProtocol, clientProtocolDeclared || clientProtocolFile != nil && seeds == nil {
                continue
            }
            var reason = Apollo2Migration.reason(conformance)
            if conformance.kind == .clientProtocol, !appTakingClientProtocol.isEmpty {
                let names = appTakingClientProtocol.prefix(3).map { "`\($0)`" }.joined(separator: ", ")
                reason += "; the app's \(names)\(appTakingClientProtocol.count > 3 ? " and others" : "") take\(appTakingClientProtocol.count == 1 ? "s" : "") it: declare 1.x's protocol for 2.x in the app (as `mockls migrate` does in tests whose code under test takes it: docs/apollo-2.md), or make the app take an `ApolloClient`"
            }
            plan.left.append(.init(range: conformance.range, reason: reason))
        }
        if let constructs, seeds == nil, !constructs.bodyResponses.isEmpty {
            edits += constructs.bodyResponses.map { .init(range: $0, text: ApolloOneResponse.name) }
            if !constructs.declaresApolloOneResponse {
                edits.append(.init(range: text.count..<text.count, text: ApolloOneResponse.declaration(after: text, step: Self.indentationStep(of: text))))
            }
            // `operation.__variables` is `@_spi(Unsafe)`; `HTTPURLResponse` is FoundationNetworking's off Apple's platforms.
            if !text.contains(bytes: "@_spi(Unsafe) import ApolloAPI"), constructs.spiVariables.isEmpty {
                edits.append(Self.importEdit("@_spi(Unsafe) import ApolloAPI", replacing: "import ApolloAPI", in: text))
            }
            if !text.contains(bytes: "import FoundationNetworking") {
                edits.append(Self.importEdit("#if canImport(FoundationNetworking)\nimport FoundationNetworking\n#endif", replacing: "#if canImport(FoundationNetworking)", in: text))
            }
        }
        if clientProtocolFile == index, seeds == nil {
            if !text.contains(bytes: "import ApolloAPI") { edits.append(Self.importEdit("import ApolloAPI", replacing: "import ApolloAPI", in: text)) }
            edits.append(.init(range: text.count..<text.count, text: ClientProtocolShim.text(after: text, step: Self.indentationStep(of: text))))
        }
        if let constructs, seeds == nil, !constructs.emptyCancellables.isEmpty {
            edits.append(.init(range: text.count..<text.count, text: Self.emptyCancellable(after: text)))
        }
        plan.edits = Self.merged(edits, left: &plan.left)
        return plan
    }

    /// Apollo iOS 2's `NetworkTransport` requirements for a 1.x transport, written at the end of its members: each
    /// request goes through the 1.x `send` (its `completionHandler` answering the stream), with the cache policy 1.x's
    /// `ApolloClient` gave it for the same request (`CachePolicy_v1`: 2.x's fetch behavior and `writeResultsToCache`
    /// name one each; a mutation's is the default, or `.fetchIgnoringCacheCompletely` when it is not published to the
    /// store). Nil when the 1.x `send` takes what 2.x does not give.
    static func transportBridge(_ send: ApolloOneConstructs.TransportSend, step: String, in text: [UInt8]) -> String? {
        var arguments: [String] = []
        for parameter in send.parameters.dropLast() {
            switch parameter.label {
            case "operation": arguments.append("operation: operation")
            case "cachePolicy": arguments.append("cachePolicy: cachePolicy")
            case "contextIdentifier", "context": arguments.append("\(parameter.label): nil")
            case "callbackQueue": arguments.append("callbackQueue: DispatchQueue.global()")
            default: if !parameter.hasDefault { return nil }
            }
        }
        guard send.parameters.last?.label == "completionHandler", arguments.first == "operation: operation" else { return nil }
        var start = send.declaration
        while start > 0, text[start - 1] == 32 || text[start - 1] == 9 { start -= 1 }
        let indent = String(decoding: text[start..<send.declaration], as: UTF8.self)
        let access = send.access
        let lines = [
            "",
            "// MARK: Apollo iOS 2's `NetworkTransport` (written by `mockls migrate --to 2`): each request goes through the",
            "// 1.x `send` above, with the cache policy 1.x's `ApolloClient` gave it.",
            "",
            "\(access)func send<Query: GraphQLQuery>(",
            "\(step)query: Query, fetchBehavior: FetchBehavior, requestConfiguration: RequestConfiguration",
            ") throws -> AsyncThrowingStream<GraphQLResponse<Query>, any Error> {",
            "\(step)let cachePolicy: CachePolicy_v1",
            "\(step)switch fetchBehavior {",
            "\(step)case .CacheOnly: cachePolicy = .returnCacheDataDontFetch",
            "\(step)case .CacheAndNetwork: cachePolicy = .returnCacheDataAndFetch",
            "\(step)case .NetworkOnly, .NetworkFirst:",
            "\(step)\(step)cachePolicy = requestConfiguration.writeResultsToCache ? .fetchIgnoringCacheData : .fetchIgnoringCacheCompletely",
            "\(step)default: cachePolicy = .returnCacheDataElseFetch",
            "\(step)}",
            "\(step)return sendThroughApolloOneSend(query, cachePolicy: cachePolicy)",
            "}",
            "",
            "\(access)func send<Mutation: GraphQLMutation>(",
            "\(step)mutation: Mutation, requestConfiguration: RequestConfiguration",
            ") throws -> AsyncThrowingStream<GraphQLResponse<Mutation>, any Error> {",
            "\(step)sendThroughApolloOneSend(mutation, cachePolicy: requestConfiguration.writeResultsToCache ? .default : .fetchIgnoringCacheCompletely)",
            "}",
            "",
            "private func sendThroughApolloOneSend<Operation: GraphQLOperation>(",
            "\(step)_ operation: Operation, cachePolicy: CachePolicy_v1",
            ") -> AsyncThrowingStream<GraphQLResponse<Operation>, any Error> {",
            "\(step)AsyncThrowingStream { continuation in",
            "\(step)\(step)_ = send(\(arguments.joined(separator: ", "))) { result in",
            "\(step)\(step)\(step)continuation.yield(with: result)",
            "\(step)\(step)\(step)continuation.finish()",
            "\(step)\(step)}",
            "\(step)}",
            "}",
        ]
        // Written before the closing brace, at the members' indentation; the brace keeps its own line's.
        var at = send.membersEnd
        while at > 0, text[at - 1] == 32 || text[at - 1] == 9 { at -= 1 }
        let braceIndent = String(decoding: text[at..<send.membersEnd], as: UTF8.self)
        return lines.map { $0.isEmpty ? "" : indent + $0 }.joined(separator: "\n") + "\n" + braceIndent
    }

    /// 1.x's `EmptyCancellable`, which 2.x does not have, declared once at the end of a file that uses it.
    static func emptyCancellable(after text: [UInt8]) -> String {
        let separator = text.last == 10 ? "\n" : "\n\n"
        return separator + """
            /// Apollo iOS 1.x's `EmptyCancellable`, which 2.x does not have (written by `mockls migrate --to 2`).
            private struct EmptyCancellable: Cancellable {
            \(indentationStep(of: text))func cancel() {}
            }

            """
    }

    /// An import added after the file's last import (or in place of `replacing`, when the file has that line).
    static func importEdit(_ line: String, replacing: String, in text: [UInt8]) -> Apollo2Migration.Edit {
        var offset = 0
        var lastImportEnd = 0
        for raw in text.split(separator: 10, omittingEmptySubsequences: false) {
            let lineText = String(decoding: raw, as: UTF8.self)
            let trimmed = String(lineText.drop { $0 == " " || $0 == "\t" })
            if trimmed == replacing || trimmed == replacing + "\r" { return .init(range: offset..<offset + raw.count, text: line) }
            if trimmed.hasPrefix("import ") || trimmed.hasPrefix("@testable import ") || trimmed.hasPrefix("@_spi(") && trimmed.contains(" import ") {
                lastImportEnd = offset + raw.count
            }
            offset += raw.count + 1
        }
        return lastImportEnd == 0 ? .init(range: 0..<0, text: line + "\n") : .init(range: lastImportEnd..<lastImportEnd, text: "\n" + line)
    }

    /// `edits` with each waited-on callback fetch written as 2.x's `try await` (`CallbackFetch`): the expectation and the
    /// wait go, the handler's body follows the fetch on the `Result` it was handed, with the edits made inside it.
    func fetchEdits(_ index: Int, edits: [Apollo2Migration.Edit]) -> [Apollo2Migration.Edit] {
        guard !fetches[index].isEmpty else { return edits }
        let text = files[index].lines.bytes
        var edits = edits
        for fetch in fetches[index] {
            let inside = edits.filter { fetch.call.lowerBound <= $0.range.lowerBound && $0.range.upperBound <= fetch.call.upperBound }
            edits.removeAll { inside.contains($0) }
            let indentation = fetch.indentation
            let step = Self.indentationStep(of: text)
            // Each statement of the body, one level less indented, with its edits made.
            var bodyIndentation: String?
            var body: [String] = []
            for range in fetch.body {
                let statement = Apollo2Migration.FilePlan.applying(inside.filter { range.contains($0.range.lowerBound) }, to: text, in: range)
                if bodyIndentation == nil {
                    var start = range.lowerBound
                    while start > 0, text[start - 1] == 32 || text[start - 1] == 9 { start -= 1 }
                    bodyIndentation = String(decoding: text[start..<range.lowerBound], as: UTF8.self)
                }
                let own = bodyIndentation ?? ""
                body.append(statement.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                    line.hasPrefix(own) ? indentation + line.dropFirst(own.count) : String(line)
                }.joined(separator: "\n").drop { $0 == " " || $0 == "\t" }.description)
            }
            let result = "Result<GraphQLResponse<\(fetch.operation)>, any Error>"
            var lines = [
                "let \(fetch.parameter): \(result)",
                "do {",
                "\(step)\(fetch.parameter) = .success(try await \(fetch.client).\(fetch.method)(\(fetch.arguments.joined(separator: ", "))))",
                "} catch {",
                "\(step)\(fetch.parameter) = .failure(error)",
                "}",
            ]
            lines += body
            edits.append(.init(range: fetch.call, text: lines.joined(separator: "\n" + indentation)))
            edits.append(.init(range: Self.wholeLines(fetch.expectation, in: text), text: ""))
            edits.append(.init(range: Self.wholeLines(fetch.wait, in: text), text: ""))
            if fetch.genericParameter, fetch.method == "fetch" {
                let requirement = "\(fetch.operation).ResponseFormat == SingleResponseFormat"
                if let clause = fetch.whereClause {
                    edits.append(.init(range: clause.upperBound..<clause.upperBound, text: ", " + requirement))
                } else {
                    edits.append(.init(range: fetch.signatureEnd..<fetch.signatureEnd, text: " where " + requirement))
                }
            }
        }
        return edits
    }

    /// `range` with the blanks before it on its line and the line's end after it, when nothing else is on the line.
    static func wholeLines(_ range: Range<Int>, in text: [UInt8]) -> Range<Int> {
        var start = range.lowerBound
        while start > 0, text[start - 1] == 32 || text[start - 1] == 9 { start -= 1 }
        var end = range.upperBound
        while end < text.count, text[end] == 32 || text[end] == 9 { end += 1 }
        guard start == 0 || text[start - 1] == 10, end == text.count || text[end] == 10 else { return range }
        return start..<min(end + 1, text.count)
    }

    /// The file's unit of indentation: its first indented line's leading blanks (four spaces if none).
    static func indentationStep(of text: [UInt8]) -> String {
        var index = 0
        while index < text.count {
            if text[index] == 10, index + 1 < text.count, text[index + 1] == 32 || text[index + 1] == 9 {
                var end = index + 1
                while end < text.count, text[end] == 32 || text[end] == 9 { end += 1 }
                if end < text.count, text[end] != 10 { return String(decoding: text[(index + 1)..<end], as: UTF8.self) }
            }
            index += 1
        }
        return "    "
    }

    /// A name for a hoisted use: the model's (`petDetails`, `data`), the helper's (`animal` for `makeAnimal`,
    /// `fetchResult` for `fetch`), the property's (`tabby` for `F.tabby`), unused in the function (`scope`).
    func hoistName(_ site: AsyncSites.Site, scope: String, taken: [String]) -> String {
        var stem: String
        switch site.use {
        case .call(let name, _, let base, _, _, _) where name == "from":
            let last = base?.last ?? site.hoistType?.split(separator: ".").last.map(String.init) ?? "model"
            stem = last == "Data" ? "data" : SwiftNames.firstLowercased(last)
        case .call(let name, _, _, _, _, _) where name == "Result":
            stem = "result"
        case .call(let name, _, _, _, _, _) where name.hasPrefix("async") && name.count > 5:
            stem = name == "asyncFilter" ? "filtered" : "mapped"
        case .call(let name, _, _, _, _, _):
            // `makeAnimal()` → `animal`, `asGraphQLResult(from:)` → `graphQLResult`; else not the function's own name,
            // which the `let` would shadow in its value.
            let named = ["make", "as"].first { name.hasPrefix($0) && name.dropFirst($0.count).first?.isUppercase == true }
            stem = named.map { SwiftNames.firstLowercased(String(name.dropFirst($0.count))) } ?? name + "Result"
        case .member(_, let name):
            stem = name
        case .transaction(let name):
            stem = name + "Result"
        case .identifier(let name):
            stem = name + "Value"
        }
        if stem.isEmpty || stem == "self" { stem = "value" }
        var candidate = stem
        var number = 2
        while taken.contains(candidate) || Self.mentions(scope, candidate) {
            candidate = "\(stem)\(number)"
            number += 1
        }
        return candidate
    }

    static func mentions(_ text: String, _ name: String) -> Bool {
        var search = text[...]
        while let found = search.range(of: name) {
            let before = found.lowerBound == text.startIndex ? nil : text[text.index(before: found.lowerBound)]
            let after = found.upperBound == text.endIndex ? nil : text[found.upperBound]
            let isPart = { (c: Character?) in c.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false }
            if !isPart(before), !isPart(after) { return true }
            search = text[found.upperBound...]
        }
        return false
    }

    func movedPropertyEdits(_ index: Int, slice: (Range<Int>) -> String) -> [Apollo2Migration.Edit] {
        // `slice` gives an initializer's text as it moves, its own edits made.
        var edits: [Apollo2Migration.Edit] = []
        // Assignments into set-ups to create, by owner type.
        var created: [String: (after: Int, indentation: String, lines: [String], place: AsyncSites.StoredProperty.Place)] = [:]
        for property in moved[index].values.sorted(by: { $0.declaration.lowerBound < $1.declaration.lowerBound }) {
            guard let sites = sites[index].first(where: { property.initializer.contains($0.range.lowerBound) }),
                let type = type(of: property, site: sites, in: index)
            else { continue }
            let step = property.indentation.isEmpty ? "    " : property.indentation.contains("\t") ? "\t" : property.indentation
            // Its lines after the first, one level deeper, in a set-up.
            let value = property.place == .staticOrGlobal
                ? slice(property.initializer)
                : slice(property.initializer).replacingOccurrences(of: "\n" + property.indentation, with: "\n" + property.indentation + step)
            switch property.place {
            case .staticOrGlobal:
                edits.append(.init(range: property.declaration, text: "\(property.modifiers)var \(property.name): \(type) { get async { await \(value) } }"))
            case .testCase, .suite:
                let declared = property.place == .testCase
                    ? "\(property.modifiers)var \(property.name): \(type.hasSuffix("?") || type.hasSuffix("!") ? type : type + "!")"
                    : "\(property.modifiers)\(property.isLet ? "let" : "var") \(property.name): \(type)"
                edits.append(.init(range: property.declaration, text: declared))
                let assignment = "\(property.name) = await \(value)"
                let owner = property.owner ?? ""
                let existing = callables[index].first { callable in
                    callable.owner == owner && (property.place == .testCase ? callable.kind == .setUp : callable.kind == .initializer && callable.labels.isEmpty)
                }
                if let existing, let body = existing.body {
                    // After `super.setUp()` when it comes first, else first in the body.
                    let at = existing.superCalls.first.map { $0.upperBound } ?? body.lowerBound + 1
                    edits.append(.init(range: at..<at, text: "\n\(property.indentation)\(step)\(assignment)"))
                } else {
                    created[owner, default: (property.declaration.upperBound, property.indentation, [], property.place)].lines.append(assignment)
                    let after = max(created[owner]?.after ?? 0, property.declaration.upperBound)
                    created[owner]?.after = after
                }
            case .other:
                continue
            }
        }
        for (_, setUp) in created {
            let step = setUp.indentation.isEmpty ? "    " : setUp.indentation.contains("\t") ? "\t" : setUp.indentation
            var lines: [String]
            if setUp.place == .testCase {
                lines = ["override func setUp() async throws {", "\(step)try await super.setUp()"]
            } else {
                lines = ["init() async {"]
            }
            lines += setUp.lines.map { step + $0 }
            lines.append("}")
            let body = lines.enumerated().map { $0.offset == 0 ? $0.element : setUp.indentation + $0.element }.joined(separator: "\n")
            edits.append(.init(range: setUp.after..<setUp.after, text: "\n\n\(setUp.indentation)\(body)"))
        }
        return edits
    }

    /// `GraphQLResult<X.Data>` → `GraphQLResponse<X>`; `GraphQLResult(data: d, …)` → `GraphQLResponse<X>(data: d, …)`
    /// where the file says `d` is an `X.Data`.
    func resultEdits(_ constructs: ApolloOneConstructs, left: inout [Apollo2Migration.Left]) -> [Apollo2Migration.Edit] {
        var edits: [Apollo2Migration.Edit] = []
        for generic in constructs.genericResults {
            edits.append(.init(range: generic.parameter, text: "\(generic.operation): GraphQLOperation"))
            edits += generic.dataTypes.map { .init(range: $0, text: "\(generic.operation).Data") }
        }
        for type in constructs.resultTypes {
            guard let operation = type.operation ?? Self.operation(ofData: type.argument) else {
                left.append(.init(range: type.range, reason: "`GraphQLResult<\(type.argument)>` is `GraphQLResponse<Operation>` in Apollo iOS 2, generic over the operation, not its data: rewrite it by hand"))
                continue
            }
            edits.append(.init(range: type.range, text: "GraphQLResponse<\(operation)>"))
        }
        // `GraphQLResultHandler<X.Data>`: 2.x's takes the operation (`GraphQLResultHandler<Query>` over an operation
        // is 2.x's already).
        for (range, argument) in constructs.handlerArguments where !argument.contains("<") {
            if let operation = Self.operation(ofData: argument) { edits.append(.init(range: range, text: operation)) }
        }
        for construction in constructs.resultConstructions {
            // Named when the file says which operation's data it holds; else the context names it (a `Result` of a
            // `GraphQLResponse<X>`, a property of that type), as it named `GraphQLResult`'s.
            let operation = construction.dataType.flatMap { Self.operation(ofData: $0) }
            edits.append(.init(range: construction.name, text: operation.map { "GraphQLResponse<\($0)>" } ?? "GraphQLResponse"))
        }
        return edits
    }

    /// `AllAnimalsQuery.Data` → `AllAnimalsQuery`.
    static func operation(ofData type: String) -> String? { Apollo2Migration.operation(ofData: type) }

    /// The edits in order; of two that overlap, the first is kept and the second's place is left with the reason.
    static func merged(_ edits: [Apollo2Migration.Edit], left: inout [Apollo2Migration.Left]) -> [Apollo2Migration.Edit] {
        var result: [Apollo2Migration.Edit] = []
        var seen: Set<Apollo2Migration.Edit> = []
        let unique = edits.filter { seen.insert($0).inserted }
        // In order of place; insertions at one place in the order they were made.
        let ordered = unique.indices.sorted { (unique[$0].range.lowerBound, unique[$0].range.upperBound, $0) < (unique[$1].range.lowerBound, unique[$1].range.upperBound, $1) }
        for edit in ordered.map({ unique[$0] }) {
            if let last = result.last, edit.range.lowerBound < last.range.upperBound {
                left.append(.init(range: edit.range, reason: "two changes of the same code: migrate it by hand"))
                continue
            }
            result.append(edit)
        }
        return result
    }
}

extension Apollo2Migration {
    /// Declarations a migration appends to a file whose text is `text`: `lines`, each `^` at its start one step of the
    /// file's indentation (`step`), after a blank line.
    static func declarations(_ lines: [String], after text: [UInt8], step: String) -> String {
        let separator = text.last == 10 ? "\n" : "\n\n"
        return separator + lines.map { line in
            let depth = line.prefix { $0 == "^" }.count
            return String(repeating: step, count: depth) + line.dropFirst(depth)
        }.joined(separator: "\n") + "\n"
    }

    /// What to do about a conformance 2.x does not have.
    static func reason(_ conformance: ApolloOneConstructs.Conformance) -> String {
        switch conformance.kind {
        case .clientProtocol:
            "`\(conformance.typeName)` conforms to `ApolloClientProtocol`, which Apollo iOS 2 does not have: test through an `ApolloClient` over `TestNetworkTransport` (`mockls test-transport`), registering each operation's response"
        case .interceptor:
            "`\(conformance.typeName)` implements 1.x's interceptor API (`ApolloInterceptor`, the `RequestChain` protocol), which Apollo iOS 2 replaced (`GraphQLInterceptor`, `HTTPInterceptor`, a `RequestChain` struct): rewrite it against 2.x's, or test through `TestNetworkTransport` (`mockls test-transport`)"
        case .networkTransport:
            "`\(conformance.typeName)` implements 1.x's `NetworkTransport` (`send(operation:…completionHandler:)`); 2.x's returns an `AsyncThrowingStream`: use `TestNetworkTransport` (`mockls test-transport`), registering each operation's response"
        }
    }
}
