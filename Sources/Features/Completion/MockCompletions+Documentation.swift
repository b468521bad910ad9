import GraphQLIndex
import SwiftAnalysis

/// The Markdown a field's completion shows, computed when the client asks for it (`CompletionDocumentation`).
extension MockCompletions {
    static func documentation(_ field: MockField, of object: String, project: ProjectIndex) -> String {
        var reader = CompletionDocumentation.Reader()
        return reader.markdown(.mockField(object: object, key: field.key), in: project) ?? makeDocumentation(field, of: object, project: project)
    }

    static func makeDocumentation(_ field: MockField, of object: String, project: ProjectIndex) -> String {
        var lines = ["`\(field.key): \(field.graphqlType)`"]
        if let description = field.description?.value { lines.append(description) }
        if let reason = field.deprecationReason { lines.append("**Deprecated:** \(reason)") }
        if let selectedBy = selectedBy(field.key, on: object, project: project) { lines.append(selectedBy) }
        return lines.joined(separator: "\n\n")
    }

    /// "Selected by `A`, `B`": at most ten names, so that a field every operation selects stays readable and
    /// costs the same in a project of two thousand operations.
    static func selectedBy(_ key: String, on object: String, project: ProjectIndex) -> String? {
        let (names, more) = project.definitions(selecting: key, on: object, limit: 10)
        guard !names.isEmpty else { return nil }
        return "Selected by " + names.map { "`\($0)`" }.joined(separator: ", ") + (more ? " and others" : "")
    }

    static func documentation(_ field: GeneratedSelectionSet.Field, in selectionSet: GeneratedSelectionSet, project: ProjectIndex) -> String {
        var lines = ["`\(field.key): \(field.graphqlType)` on `\(selectionSet.parentType)`"]
        if let description = project.schema[selectionSet.parentType]?.field(field.key)?.description?.value {
            lines.append(description)
        }
        if let reason = field.deprecationReason { lines.append("**Deprecated:** \(reason)") }
        if field.isConditional { lines.append("Conditionally included: `nil` when its condition is not met.") }
        return lines.joined(separator: "\n\n")
    }
}
