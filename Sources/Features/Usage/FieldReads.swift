import GraphQLIndex
import SwiftAnalysis

/// What one Swift file reads of a project's selected fields: what `unused-field` and `read-only-by-tests` are decided
/// from, and the coverage's "read in N app files". Conservative by construction: what mockls cannot follow counts as
/// reading, never as not reading.
///
/// - A property read on a model mockls follows (`data.hero.name`, with the value-flow rules of definition and hover)
///   reads the selections that generate it (several when Apollo merges them).
/// - A property read on a value mockls cannot type (`thing.name`) counts as reading every selected field of that Swift
///   name, wherever it is selected.
/// - A model used whole (compared, hashed, printed, reflected, encoded, passed to a generic function of the file, or
///   read through Apollo's storage) reads every field it holds, nested ones too.
/// - Apollo's storage (`__data`, `_fieldData`, `asDictionary`) read on a value mockls cannot type may read any field:
///   `readsEverything`.
public struct FieldReads: Sendable, Equatable {
    /// The fields read through models mockls follows.
    public private(set) var fields: Set<SelectionCoverage.FieldID> = []
    /// The Swift names of properties read on values mockls cannot type.
    public private(set) var names: Set<String> = []
    public var readsEverything = false
    /// Where the file reads each field of `fields` (the bytes of the property's name; for a model used whole, where
    /// it is written, for every field it holds) and each name of `names`, in file order.
    public private(set) var fieldLocations: [SelectionCoverage.FieldID: [Range<Int>]] = [:]
    public private(set) var nameLocations: [String: [Range<Int>]] = [:]

    public init() {}

    mutating func read(_ field: SelectionCoverage.FieldID, at range: Range<Int>) {
        fields.insert(field)
        fieldLocations[field, default: []].append(range)
    }

    mutating func read(name: String, at range: Range<Int>) {
        names.insert(name)
        nameLocations[name, default: []].append(range)
    }

    /// Where the file reads the field `field` (Swift name `name`): its reads of it and of the fields nested in it (a
    /// read of `hero.name` reads `hero`), and of `name` on values of unknown type; in file order. Empty when it does
    /// not read it.
    public func locations(of field: SelectionCoverage.FieldID, name: String) -> [Range<Int>] {
        var found = nameLocations[name] ?? []
        for (read, ranges) in fieldLocations where read.definition == field.definition {
            if read.path == field.path || read.path.hasPrefix(field.path) && read.path.dropFirst(field.path.count).first == "." {
                found += ranges
            }
        }
        return found.sorted { ($0.lowerBound, $0.upperBound) < ($1.lowerBound, $1.upperBound) }
    }

    /// The reads of a file in which no value can be typed, read from its bytes without a parse: every member name of
    /// `names` it spells counts by name. Nil when a value in it may be typed, or it may read Apollo's storage or a model's
    /// own properties in an extension: `of(_:project:names:helpers:)` reads it then. A value can be typed only through a
    /// name: a generated type's (`DogQuery`, `PetDetails`, which result handlers and typed parameters spell too), a
    /// helper's (`makeDog()`) or a mock's (`Mock<`).
    /// `mentioning`: its capitalized names (`CapitalizedNames`), when they were read already.
    public static func unparsed(
        _ bytes: [UInt8], mentioning mentioned: Set<String>? = nil, names: Set<String>, typeNames: Set<String>, helperNames: Set<String>
    ) -> FieldReads? {
        let markers = ["Mock<", "extension", "__data", "_fieldData", "asDictionary"]
        guard !markers.contains(where: { bytes.contains(bytes: $0) }),
            (mentioned ?? CapitalizedNames.names(in: bytes)).isDisjoint(with: typeNames),
            !helperNames.contains(where: { bytes.contains(bytes: $0) })
        else { return nil }
        var reads = FieldReads()
        for (name, range) in DottedNames.occurrences(in: bytes, among: names) { reads.read(name: name, at: range) }
        return reads
    }

    /// The reads of `file`: `names` are the Swift property names of the project's selected fields (backticks trimmed).
    public static func of(_ file: SwiftFile, project: ProjectIndex, names: Set<String>, helpers: HelperTypes = .none) -> FieldReads {
        var reads = FieldReads()
        let sites = SelectionSites.of(project)
        let bytes = file.lines.bytes
        let resolver = ValueResolver(file: file, project: project, helpers: helpers)
        let uses = file.modelUses(names: names)
        // A name read on a value of unknown type counts for every field of that name; its other reads are still
        // resolved, for the models they say the file follows (`state.user = .loading`, then `data.user`), but a few
        // times only once none has resolved, and not at all once one has: each costs a lookup of the variable it is
        // read on.
        var resolvedNames: Set<String> = []
        var attemptsAfterReadByName: [String: Int] = [:]
        for read in uses.members {
            let range = read.range
            let name = String(decoding: bytes[range], as: UTF8.self).trimmingCharacters(in: ["`"])
            if reads.names.contains(name) {
                let attempts = attemptsAfterReadByName[name, default: 0]
                guard !resolvedNames.contains(name), attempts < Self.resolutionsAfterReadByName else {
                    reads.read(name: name, at: range)
                    continue
                }
                attemptsAfterReadByName[name] = attempts + 1
            }
            let target: SymbolTarget?
            if case .some(let base) = read.base {
                // `x.name`: what definition finds at the name (`SymbolTarget.at`), from the tree's reading of `x`.
                target = base.flatMap { SymbolTarget.member(name, of: $0, at: range.lowerBound, resolver: resolver) }
            } else {
                target = SymbolTarget.at(range.lowerBound + 1, in: file, project: project, helpers: helpers)?.target
            }
            guard let target else {
                reads.read(name: name, at: range)
                continue
            }
            switch target {
            case .selectionSetField(let selectionSet, let field):
                resolvedNames.insert(name)
                for site in sites.sites(of: field, in: selectionSet) { reads.read(site.id, at: range) }
            case .mockField:
                // A mock's property, set or read in a test: no model is read.
                break
            case .mockType, .unmockedType, .selectionSet:
                break
            }
        }
        for use in uses.whole {
            let selectionSet = use.value.flatMap { resolver.resolve($0, at: use.offset) }.flatMap(Self.model)
            if let selectionSet {
                for field in sites.subtree(of: selectionSet) { reads.read(field, at: use.offset..<use.offset) }
            } else if use.kind == .apolloData {
                reads.readsEverything = true
            }
        }
        return reads
    }

    /// How many reads of a name already read on a value of unknown type are resolved, while none resolves.
    static let resolutionsAfterReadByName = 4

    /// The same reads by name only: the Swift names of the fields read through models of `index` join the names read
    /// on values of unknown type (what a file of another project reads, for this one).
    public func byName(index: ProjectIndex) -> FieldReads {
        var reads = FieldReads()
        reads.readsEverything = readsEverything
        for (name, ranges) in nameLocations {
            for range in ranges { reads.read(name: name, at: range) }
        }
        for (field, ranges) in fieldLocations {
            for range in ranges { reads.read(name: field.swiftName(in: index), at: range) }
        }
        return reads
    }

    /// The model a value holds, through lists, optionals' wrappers and `fragments`.
    private static func model(_ value: ResolvedValue) -> GeneratedSelectionSet? {
        switch value {
        case .selectionSet(let selectionSet), .fragments(let selectionSet): selectionSet
        case .list(let element): model(element)
        case .wrapper(let wrapped, _): model(wrapped)
        case .mock, .abstractMock, .other: nil
        }
    }
}
