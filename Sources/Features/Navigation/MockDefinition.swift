import GraphQLIndex
import SwiftAnalysis

public enum MockDefinition {
    /// Where the name at `offset` is defined: a field or type in the schema, a selection in an operation.
    public static func definition(
        at offset: Int, in file: SwiftFile, project: ProjectIndex, helpers: HelperTypes = .none
    ) -> SourceLocation? {
        guard let (target, _) = SymbolTarget.at(offset, in: file, project: project, helpers: helpers) else { return nil }
        switch target {
        case .mockField(_, let field): return field.definition
        case .selectionSetField(let selectionSet, let field):
            return field.definition ?? project.schema[selectionSet.parentType]?.field(field.key)?.location
        case .mockType(let object): return object.definition
        case .unmockedType(let type): return type.location
        case .selectionSet(let selectionSet): return selectionSet.selection
        }
    }
}
