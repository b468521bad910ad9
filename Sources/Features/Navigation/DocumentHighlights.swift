import GraphQLIndex
import SwiftAnalysis

/// The occurrences in one document of what the cursor is on (`textDocument/documentHighlight`): a mock field and
/// where the test sets and reads it, a GraphQL field, fragment, operation, type or alias wherever the document names
/// it. They are the references (`References`) that fall in that document, so the two never disagree.
public enum DocumentHighlights {
    /// In the GraphQL document at `path` (the project's text of it).
    public static func inGraphQL(at offset: Int, in source: [UInt8], path: String, project: ProjectIndex) -> [Range<Int>] {
        guard let target = References.target(at: offset, inGraphQL: source, path: path, project: project) else { return [] }
        return References.inGraphQL(target, project: project, includingDeclaration: true)
            .filter { $0.document == path }.map(\.range).sorted { $0.lowerBound < $1.lowerBound }
    }

    /// In the Swift file, its values read with `helpers` (the workspace's, and the properties other files declare).
    public static func inSwift(at offset: Int, in file: SwiftFile, project: ProjectIndex, helpers: HelperTypes = .none) -> [Range<Int>] {
        guard let target = References.target(at: offset, inSwift: file, project: project, helpers: helpers) else { return [] }
        return References.inSwift(target, file: file, project: project, helpers: helpers).sorted { $0.lowerBound < $1.lowerBound }
    }
}
