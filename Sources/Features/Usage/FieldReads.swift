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
    public var fields: Set<SelectionCoverage.FieldID> = []
    /// The Swift names of properties read on values mockls cannot type.
    public var names: Set<String> = []
    public var readsEverything = false

    public init() {}

    /// The reads of `file`: `names` are the Swift property names of the project's selected fields (backticks trimmed).
    public static func of(_ file: SwiftFile, project: ProjectIndex, names: Set<String>, helpers: HelperTypes = .none) -> FieldReads {
        var reads = FieldReads()
        let sites = SelectionSites.of(project)
        let bytes = file.lines.bytes
        for range in file.memberNames(names) {
            guard let (target, _) = SymbolTarget.at(range.lowerBound + 1, in: file, project: project, helpers: helpers) else {
                reads.names.insert(String(decoding: bytes[range], as: UTF8.self).trimmingCharacters(in: ["`"]))
                continue
            }
            switch target {
            case .selectionSetField(let selectionSet, let field):
                for site in sites.sites(of: field, in: selectionSet) { reads.fields.insert(site.id) }
            case .mockField:
                // A mock's property, set or read in a test: no model is read.
                break
            case .mockType, .unmockedType, .selectionSet:
                break
            }
        }
        let resolver = ValueResolver(file: file, project: project, helpers: helpers)
        for use in file.wholeValueUses() {
            let selectionSet = use.value.flatMap { resolver.resolve($0, at: use.offset) }.flatMap(Self.model)
            if let selectionSet {
                reads.fields.formUnion(sites.subtree(of: selectionSet))
            } else if use.kind == .apolloData {
                reads.readsEverything = true
            }
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
