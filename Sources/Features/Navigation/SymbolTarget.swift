import GraphQLIndex
import SwiftAnalysis

/// What a name in a test stands for in the GraphQL documents.
enum SymbolTarget {
    case mockField(MockObject, MockField)
    case selectionSetField(GeneratedSelectionSet, GeneratedSelectionSet.Field)
    case mockType(MockObject)
    /// A type with no mock class: an interface, a union, or an object no document selects.
    case unmockedType(NamedType)
    case selectionSet(GeneratedSelectionSet)

    /// Resolves the symbol at `offset`, if it names something in the project.
    static func at(
        _ offset: Int, in file: SwiftFile, project: ProjectIndex, helpers: HelperTypes = .none
    ) -> (target: SymbolTarget, range: Range<Int>)? {
        guard let symbol = file.symbol(at: offset) else { return nil }
        let resolver = ValueResolver(file: file, project: project, helpers: helpers)
        let target: SymbolTarget?
        switch symbol.reference {
        case .mockType(let name):
            if let object = project.mockModel.object(swiftName: name.name) {
                target = .mockType(object)
            } else {
                target = project.schema[name.name].map { .unmockedType($0) }
            }
        case .field(let base, let name):
            target = member(name, of: base, at: symbol.range.lowerBound, resolver: resolver)
        case .selectionSet(let path):
            // An operation's own name stands for its data, qualified by its module or not (`BFFGraphAPI.BrandsQuery`).
            target = (resolver.selectionSet(path) ?? (path.last != "Data" ? resolver.selectionSet(path + ["Data"]) : nil))
                .map { .selectionSet($0) }
        }
        return target.map { ($0, symbol.range) }
    }

    /// `base.name`: a field of the mock or model `base` is at `offset`.
    static func member(_ name: String, of base: WrittenExpression, at offset: Int, resolver: ValueResolver) -> SymbolTarget? {
        switch resolver.resolve(base, at: offset) {
        case .mock(let object): resolver.field(name, of: object).map { .mockField(object, $0) }
        case .selectionSet(let selectionSet): resolver.field(name, of: selectionSet).map { .selectionSetField(selectionSet, $0) }
        default: nil
        }
    }
}
