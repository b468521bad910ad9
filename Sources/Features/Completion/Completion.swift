import GraphQLIndex
import SwiftAnalysis

/// One completion: plain values with UTF-8 offsets; the server turns them into LSP items.
public struct Completion: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case mockType, argument, value, member, variable
        /// In GraphQL documents: a type, a keyword, a directive, a fragment, an enum value.
        case type, keyword, directive, fragment, enumValue
    }

    public var label: String
    public var kind: Kind
    /// The Swift type (and default) of an argument or member, or the GraphQL type of a value.
    public var detail: String?
    /// What to show about it: text, or a field whose documentation is computed when the client asks
    /// (`completionItem/resolve`), as it costs more than picking the item needs.
    public var documentation: CompletionDocumentation?
    public var insertText: String
    /// The same with snippet placeholders, for clients that take snippets.
    public var snippet: String?
    /// Bytes the completion replaces (the typed prefix).
    public var replaceRange: Range<Int>
    public var isDeprecated: Bool
    /// Keeps Apollo's order where the client sorts by it.
    public var sortText: String
}

/// The documentation of a completion: written out, or named so that it can be computed later from the project.
public enum CompletionDocumentation: Sendable, Equatable {
    case markdown(String)
    /// A field of the mock of `object` (a GraphQL object type name), by response key.
    case mockField(object: String, key: String)
    /// A field of the generated selection set at `path`, by response key.
    case selectionSetField(path: String, key: String)

    /// The Markdown, computed against `project` (nil when the field is gone since).
    public func markdown(in project: ProjectIndex) -> String? {
        var reader = Reader()
        return reader.markdown(self, in: project)
    }

    /// Reads the documentation of a reply's items: the fields of one mock or selection set are documented together
    /// once per index revision, and a reply looks them up once rather than once per item (a memo lookup per item
    /// was most of the time documentation took in a completion reply).
    public struct Reader {
        /// What was read last (a mock's object type or a selection set's path), and its fields' documentation by
        /// response key.
        private enum Source: Equatable {
            case mock(String)
            case selectionSet(String)
        }
        private var last: (source: Source, fields: [String: String])?

        public init() {}

        /// `project`: the index the reply was computed from, the same for every item.
        public mutating func markdown(_ documentation: CompletionDocumentation, in project: ProjectIndex) -> String? {
            switch documentation {
            case .markdown(let text):
                return text
            case .mockField(let object, let key):
                return field(key, of: .mock(object), in: project) {
                    project.mockModel.object(object)?.fields.map { ($0.key, MockCompletions.makeDocumentation($0, of: object, project: project)) }
                }
            case .selectionSetField(let path, let key):
                return field(key, of: .selectionSet(path), in: project) {
                    project.selectionSet(path).map { selectionSet in
                        selectionSet.fields.map { ($0.key, MockCompletions.documentation($0, in: selectionSet, project: project)) }
                    }
                }
            }
        }

        /// The documentation of field `key` of `source`, whose fields `document` documents (the first of a key wins).
        private mutating func field(
            _ key: String, of source: Source, in project: ProjectIndex, documenting document: () -> [(String, String)]?
        ) -> String? {
            if last?.source != source {
                let kind: DerivedKind = switch source {
                case .mock: .mockFieldsDocumentation
                case .selectionSet: .selectionSetFieldsDocumentation
                }
                let name = switch source {
                case .mock(let name), .selectionSet(let name): name
                }
                last = (source, project.derived(kind, about: name) { Dictionary(document() ?? []) { first, _ in first } })
            }
            return last?.fields[key]
        }
    }
}

extension DerivedKind {
    static let mockFieldsDocumentation = DerivedKind("mock fields documentation")
    static let selectionSetFieldsDocumentation = DerivedKind("selection set fields documentation")
    static let mockInitializerLabels = DerivedKind("mock initializer labels")
}
