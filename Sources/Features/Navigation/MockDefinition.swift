import GraphQLIndex
import SwiftAnalysis

public enum MockDefinition {
    /// Where the name at `offset` is defined: a field or type in the schema, a selection in an operation. A model's
    /// property (`book.title`, in a test or in the app) goes to the selections that generate it: one, or several when
    /// Apollo merges the same field from the operation, its fragments and its type cases.
    public static func definitions(
        at offset: Int, in file: SwiftFile, project: ProjectIndex, helpers: HelperTypes = .none
    ) -> [SourceLocation] {
        guard let (target, _) = SymbolTarget.at(offset, in: file, project: project, helpers: helpers) else { return [] }
        switch target {
        case .mockField(_, let field): return [field.definition]
        case .selectionSetField(let selectionSet, let field):
            let selections = selections(of: field, in: selectionSet, project: project)
            guard selections.isEmpty else { return selections }
            return (field.definition ?? project.schema[selectionSet.parentType]?.field(field.key)?.location).map { [$0] } ?? []
        case .mockType(let object): return object.definition.map { [$0] } ?? []
        case .unmockedType(let type): return type.location.map { [$0] } ?? []
        case .selectionSet(let selectionSet): return [selectionSet.selection]
        }
    }

    /// The first of `definitions(at:…)`.
    public static func definition(
        at offset: Int, in file: SwiftFile, project: ProjectIndex, helpers: HelperTypes = .none
    ) -> SourceLocation? {
        definitions(at: offset, in: file, project: project, helpers: helpers).first
    }

    /// The written selections of `field` that the selection set's property reads: the response key (alias or name) of
    /// each, in the operation or the fragments spread into it, through the inline fragments whose type condition the
    /// selection set's type meets.
    static func selections(
        of field: GeneratedSelectionSet.Field, in selectionSet: GeneratedSelectionSet, project: ProjectIndex
    ) -> [SourceLocation] {
        let sites = SelectionSites.of(project)
        return sites.sites(of: field, in: selectionSet).compactMap { site in
            guard let document = sites.definitions[site.owner]?.document else { return nil }
            return SourceLocation(document: document, range: (site.field.alias ?? site.field.name).range)
        }
    }
}
