import GraphQLIndex
import SwiftAnalysis

/// Which fields of its operations and fragments a project's tests set on mocks and read from models: each test is
/// followed as the crash diagnostics follow it (`FlowEvaluator`, with the workspace's helpers and fixtures), so a
/// field counts where a diagnostic would see it. A test mockls cannot follow through an operation (a mock it does not
/// know, a model handed to code it does not see) counts for that operation as unknown, not as setting or reading nothing.
public enum SelectionCoverage {
    /// A field as an operation or fragment selects it: its name and the response keys from its root, aliases as written.
    public struct FieldID: Sendable, Hashable, Comparable {
        public var definition: String
        public var path: String

        public init(definition: String, path: String) {
            self.definition = definition
            self.path = path
        }

        public static func < (lhs: FieldID, rhs: FieldID) -> Bool { (lhs.definition, lhs.path) < (rhs.definition, rhs.path) }

        /// The field's own response key: the last of `path`.
        public var key: String { path.split(separator: ".").last.map(String.init) ?? path }

        /// The Swift property Apollo generates for it on its model, backticks trimmed (what code reading it spells).
        public func swiftName(in index: ProjectIndex) -> String {
            index.modelProperty(ofResponseKey: key).trimmingCharacters(in: ["`"])
        }
    }

    /// One selected field: where it is written first (a field selected in several type conditions is one field).
    public struct SelectedField: Sendable {
        public var id: FieldID
        /// `query`, `mutation`, `subscription` or `fragment`.
        public var kind: String
        public var document: String
        /// The field's name (or alias) in the document.
        public var range: Range<Int>
    }

    /// The fields every named operation and fragment of `project` selects, by document path, then as written; never
    /// `__typename`.
    public static func selectedFields(of project: ProjectIndex) -> [SelectedField] {
        project.derived(.selectionCoverageFields) {
            let sites = SelectionSites.of(project)
            var result: [SelectedField] = []
            for name in sites.order {
                guard let definition = sites.definitions[name] else { continue }
                var seen: Set<String> = []
                func walk(_ set: SelectionSet, path: [String]) {
                    for selection in set.selections {
                        switch selection {
                        case .field(let field):
                            let key = field.responseKey
                            guard key != "__typename" else { continue }
                            let full = (path + [key]).joined(separator: ".")
                            if seen.insert(full).inserted {
                                result.append(SelectedField(
                                    id: FieldID(definition: name, path: full), kind: definition.kind, document: definition.document,
                                    range: (field.alias ?? field.name).range))
                            }
                            if let nested = field.selectionSet { walk(nested, path: path + [key]) }
                        case .inlineFragment(let fragment):
                            walk(fragment.selectionSet, path: path)
                        case .fragmentSpread:
                            continue
                        }
                    }
                }
                walk(definition.selectionSet, path: [])
            }
            return result
        }
    }

    /// Each selected field's place in `selectedFields(of:)`, by its id: what tests' sets and reads are numbered by.
    static func fieldNumbers(of project: ProjectIndex) -> [FieldID: Int] {
        project.derived(.selectionCoverageNumbers) {
            Dictionary(selectedFields(of: project).enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        }
    }

    /// What one test does with the selected fields.
    public struct TestUse: Sendable {
        /// `AnimalTests.test_typeCase`; the function alone at the top level.
        public var name: String
        /// The test function's bytes in its file.
        public var range: Range<Int>
        /// The fields it sets and reads, by their place in `selectedFields(of:)` (numbers cost less to gather than
        /// ids), in order, each once.
        public internal(set) var setNumbers: [Int] = []
        public internal(set) var readNumbers: [Int] = []
        /// `selectedFields(of:)`, which the numbers index.
        let fields: [SelectedField]
        public var set: Set<FieldID> { Set(setNumbers.map { fields[$0].id }) }
        public var read: Set<FieldID> { Set(readNumbers.map { fields[$0].id }) }
        /// The operations and fragments its mocks reach, or its models come from, where it cannot be followed.
        public var unfollowed: Set<String> = []
        /// The operations and fragments it builds models of or reads from, followed or not.
        public var reached: Set<String> = []
    }

    /// The tests of `file` (`MockFlowUnit.isTest`) and the fields each sets and reads; `helpers` are the workspace's
    /// other files' (the file's own are read from it); `declaredProperty` reads the properties of types other files
    /// declare (`viewModel.character?.name` where the view model's file declares `character`).
    public static func uses(
        in file: SwiftFile, project: ProjectIndex, helpers: WorkspaceHelpers = .none,
        declaredProperty: (@Sendable (_ name: String, _ type: String) -> WrittenExpression?)? = nil
    ) -> [TestUse] {
        let units = file.mockFlowUnits().filter(\.isTest)
        guard !units.isEmpty else { return [] }
        let withFile = helpers.including(file)
        let sites = SelectionSites.of(project)
        var result: [TestUse] = []
        // One for the file: its tests read the same selections over and over.
        var recorder = Recorder(sites: sites, numbers: fieldNumbers(of: project))
        let fields = selectedFields(of: project)
        let setting = FlowEvaluator.Setting(
            file: file, project: project, helpers: withFile, ownMockObjects: file.ownMockObjects(), declaredProperty: declaredProperty)
        for unit in units {
            var evaluator = FlowEvaluator(setting: setting)
            evaluator.recordsCoverage = true
            evaluator.run(unit.flow())
            var use = TestUse(name: unit.owner.map { "\($0).\(unit.function)" } ?? unit.function, range: unit.range, fields: fields)
            recorder.record(evaluator.coverage, into: &use)
            // What reaches an operation reaches the fragments it spreads.
            for name in use.unfollowed { use.unfollowed.formUnion(sites.fragments(spreadIn: name)) }
            if !use.reached.isEmpty || !use.unfollowed.isEmpty { result.append(use) }
        }
        return result
    }

    /// Turns what the evaluator saw into fields, through the documents.
    private struct Recorder {
        let sites: SelectionSites
        /// `fieldNumbers(of:)`.
        let numbers: [FieldID: Int]
        /// The lists of scopes asked about, each once, by number: a test's sets and reads go through the same few, so
        /// a list is looked up by a number rather than hashed whole at each step.
        private var lists: [[SelectionSites.Scope]] = []
        private var listsByPlace: [ScopesKey: Int] = [:]
        /// `SelectionSites.fields` by the list of scopes asked about and the object's type.
        private var fieldsMemo: [FieldsKey: [Fields]] = [:]

        /// The sites of one response key, with their fields' numbers found once (every test's sets and reads record
        /// them), and the list of the selection sets below it (nil when it selects none).
        private struct Fields {
            var key: String
            var numbers: [Int]
            var nested: Int?
        }

        private struct ScopesKey: Hashable {
            var definition: String
            var path: [String]
        }

        private struct FieldsKey: Hashable {
            var list: Int
            var runtimeType: String?
        }

        init(sites: SelectionSites, numbers: [FieldID: Int]) {
            self.sites = sites
            self.numbers = numbers
        }

        private mutating func list(_ scopes: [SelectionSites.Scope]) -> Int {
            lists.append(scopes)
            return lists.count - 1
        }

        private mutating func fields(in list: Int, runtimeType: String?) -> [Fields] {
            let key = FieldsKey(list: list, runtimeType: runtimeType)
            if let known = fieldsMemo[key] { return known }
            var found: [Fields] = []
            for (key, fieldSites) in sites.fields(in: lists[list], runtimeType: runtimeType) {
                let nested = fieldSites.compactMap { site in
                    site.field.selectionSet.map { SelectionSites.Scope(owner: site.owner, path: site.path, selectionSet: $0) }
                }
                found.append(Fields(
                    key: key, numbers: fieldSites.compactMap { numbers[$0.id] }, nested: nested.isEmpty ? nil : self.list(nested)))
            }
            fieldsMemo[key] = found
            return found
        }

        mutating func record(_ events: CoverageEvents, into use: inout TestUse) {
            for model in events.reached {
                let scopes = scopes(of: model.selectionSet.definitionName, at: model.selectionSet.responsePath)
                use.reached.formUnion(lists[scopes].map(\.owner))
                markSets(in: scopes, on: model.data, into: &use)
                markPath(to: model.selectionSet, into: &use)
            }
            for read in events.reads {
                let scopes = scopes(of: read.selectionSet.definition, at: read.selectionSet.responsePath)
                use.reached.formUnion(lists[scopes].map(\.owner))
                guard let found = fields(in: scopes, runtimeType: read.runtimeType).first(where: { $0.key == read.key }) else { continue }
                use.readNumbers += found.numbers
            }
            for definition in events.unfollowed {
                use.unfollowed.insert(definition)
                use.reached.insert(definition)
            }
            use.setNumbers = Self.ordered(use.setNumbers)
            use.readNumbers = Self.ordered(use.readNumbers)
        }

        /// Numbers in order, each once (sorted in place: every test's are).
        private static func ordered(_ numbers: [Int]) -> [Int] {
            guard numbers.count > 1 else { return numbers }
            var result = numbers
            result.sort()
            var kept = 1
            for index in 1..<result.count where result[index] != result[kept - 1] {
                result[kept] = result[index]
                kept += 1
            }
            result.removeLast(result.count - kept)
            return result
        }

        /// The list of the scopes of `definition` at `path`.
        private mutating func scopes(of definition: String, at path: [String]) -> Int {
            let key = ScopesKey(definition: definition, path: path)
            if let known = listsByPlace[key] { return known }
            let found = list(sites.scopes(of: definition, at: path))
            listsByPlace[key] = found
            return found
        }

        /// The fields `instance`'s code names (its call's labels, the members assigned on it), wherever the scopes of
        /// `list` select them for its type, then the same for the mocks it holds, one level of selections down (the
        /// selections end, so a mock that holds itself ends too).
        private mutating func markSets(in list: Int, on instance: MockInstance, into use: inout TestUse) {
            guard !lists[list].isEmpty else { return }
            if instance.escaped {
                use.unfollowed.formUnion(lists[list].map(\.owner))
                return
            }
            // A mock names a few fields: a look through them costs less than a set of their keys.
            let named = instance.namedFields
            for found in fields(in: list, runtimeType: instance.object.name) {
                if named.contains(where: { $0.key == found.key }) { use.setNumbers += found.numbers }
                guard let nested = found.nested, let slot = instance.slots[found.key] else { continue }
                markSets(in: nested, on: slot, into: &use)
            }
        }

        /// `X.Data.AllAnimal.from(mock)`: the mock stands for what `allAnimals` holds, so the fields on the way from the
        /// operation's root to that selection set count as set (the test gives them their object).
        private mutating func markPath(to selectionSet: GeneratedSelectionSet, into use: inout TestUse) {
            let path = selectionSet.responsePath
            for (depth, key) in path.enumerated() {
                let parent = scopes(of: selectionSet.definitionName, at: Array(path.prefix(depth)))
                guard let found = fields(in: parent, runtimeType: nil).first(where: { $0.key == key }) else { return }
                use.setNumbers += found.numbers
            }
        }

        private mutating func markSets(in list: Int, on slot: Slot, into use: inout TestUse) {
            switch slot {
            case .mock(let child):
                markSets(in: list, on: child, into: &use)
            case .list(let elements):
                for element in elements { markSets(in: list, on: element, into: &use) }
            case .unknown:
                // Set to something mockls does not follow: what it sets below is not known.
                use.unfollowed.formUnion(lists[list].map(\.owner))
            case .scalar, .null:
                break
            }
        }
    }
}

/// What a function does with the selections of operations and fragments, as `FlowEvaluator` follows it.
struct CoverageEvents {
    /// The models `from(_:)` built, each with the mock as the call read it.
    var reached: [Model] = []
    /// Fields read from models: where the model's selection set is, the field's response key, the type of the mock it
    /// was built from (nil when that is not known: every type condition may hold).
    var reads: [(selectionSet: Place, key: String, runtimeType: String?)] = []
    /// The operations and fragments of models built from mocks mockls does not know, or handed to code it does not see.
    var unfollowed: [String] = []

    /// Where a selection set is, all coverage needs of it: its operation or fragment and the response keys from there
    /// (not the selection set itself, whose copy at every read would cost more than the read).
    struct Place {
        var definition: String
        var responsePath: [String]

        init(_ selectionSet: GeneratedSelectionSet) {
            definition = selectionSet.definitionName
            responsePath = selectionSet.responsePath
        }
    }
}

extension DerivedKind {
    static let selectionCoverageFields = DerivedKind("selection coverage fields")
    static let selectionCoverageSites = DerivedKind("selection coverage sites")
    static let selectionCoverageNumbers = DerivedKind("selection coverage numbers")
}
