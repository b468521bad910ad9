import GraphQLIndex
import SwiftAnalysis

/// What mockls can rename completely, in the GraphQL documents and the Swift tests together: a fragment (its
/// definition, spreads, `PetDetails` and `.fragments.petDetails`), an operation (its name, and Apollo's class
/// `AllAnimalsQuery` in tests), and a field alias (every `alias:` of that key on the types it is selected on, and the
/// mock labels and members and model reads that name it). Schema fields and types belong to the server: refused.
public enum RenameTarget: Sendable, Equatable {
    case fragment(String)
    case operation(String)
    /// An alias: its response key, and the object types it may be selected on.
    case alias(key: String, types: Set<String>)

    var operationName: String? {
        if case .operation(let name) = self { name } else { nil }
    }

    /// What its references are.
    public var referenceTarget: ReferenceTarget {
        switch self {
        case .fragment(let name): .fragment(name)
        case .operation(let name): .operation(name)
        case .alias(let key, let types): .alias(key: key, types: types)
        }
    }
}

public struct RenameRefusal: Error, Sendable, Equatable {
    public var reason: String
}

/// An edit of a document (by path): replace `range` with `text`.
public struct RenameEdit: Sendable, Equatable {
    public var document: String
    public var range: Range<Int>
    public var text: String

    public init(document: String, range: Range<Int>, text: String) {
        (self.document, self.range, self.text) = (document, range, text)
    }
}

public enum Rename {
    // MARK: What the cursor stands on

    public static func prepare(atGraphQL offset: Int, in source: [UInt8], path: String, project: ProjectIndex) -> Result<(RenameTarget, Range<Int>), RenameRefusal> {
        let tokens = GraphQLCursor.tokens(source)
        guard let index = GraphQLCursor.nameToken(at: offset, in: tokens) else { return .failure(RenameRefusal(reason: "no name here")) }
        let range = tokens[index].range
        let word = String(decoding: source[range], as: UTF8.self)
        switch References.target(at: offset, inGraphQL: source, path: path, project: project) {
        case .alias(let key, let types): return .success((.alias(key: key, types: types), range))
        case .fragment(let name): return .success((.fragment(name), range))
        case .operation(let name): return .success((.operation(name), range))
        case .field(let type, let name):
            return .failure(RenameRefusal(reason: "`\(type).\(name)` is a field of the schema, which the server defines: mockls renames fragments, operations and field aliases"))
        case .type(let name):
            return .failure(RenameRefusal(reason: "`\(name)` is a type of the schema, which the server defines: mockls renames fragments, operations and field aliases"))
        case .argument, .enumValue, .inputField:
            return .failure(RenameRefusal(reason: "`\(word)` is declared by the schema, which the server defines: mockls renames fragments, operations and field aliases"))
        case nil:
            return .failure(RenameRefusal(reason: "mockls renames fragments, operations and field aliases; `\(word)` is none of them"))
        }
    }

    public static func prepare(
        atSwift offset: Int, in file: SwiftFile, project: ProjectIndex, helpers: HelperTypes = .none
    ) -> Result<(RenameTarget, Range<Int>), RenameRefusal> {
        guard let symbol = file.symbol(at: offset) else { return .failure(RenameRefusal(reason: "no name mockls knows here")) }
        switch References.target(at: offset, inSwift: file, project: project, helpers: helpers) {
        case .alias(let key, let types): return .success((.alias(key: key, types: types), symbol.range))
        case .fragment(let name): return .success((.fragment(name), symbol.range))
        case .operation(let name): return .success((.operation(name), symbol.range))
        case .field(let type, let name):
            return .failure(RenameRefusal(reason: "`\(type).\(name)` is a field of the schema, which the server defines: mockls renames fragments, operations and field aliases"))
        case .type(let name):
            return .failure(RenameRefusal(reason: "`\(name)` is a type of the schema, which the server defines: mockls renames fragments, operations and field aliases"))
        case .argument, .enumValue, .inputField, nil:
            return .failure(RenameRefusal(reason: "no fragment, operation or field alias here"))
        }
    }

    /// Why `newName` cannot be given, if it cannot.
    public static func refusal(renaming target: RenameTarget, to newName: String, project: ProjectIndex) -> RenameRefusal? {
        guard let first = newName.utf8.first, first == UInt8(ascii: "_") || (first | 0x20 >= UInt8(ascii: "a") && first | 0x20 <= UInt8(ascii: "z")),
            newName.utf8.allSatisfy({ $0 == UInt8(ascii: "_") || ($0 | 0x20 >= UInt8(ascii: "a") && $0 | 0x20 <= UInt8(ascii: "z")) || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) })
        else { return RenameRefusal(reason: "`\(newName)` is no GraphQL name") }
        let definitions = project.documents.values.filter { $0.role == .executable }.map(\.effective)
        switch target {
        case .fragment:
            if definitions.contains(where: { $0.fragments.contains { $0.name.value == newName } }) {
                return RenameRefusal(reason: "a fragment `\(newName)` exists already")
            }
        case .operation:
            if definitions.contains(where: { $0.operations.contains { $0.name?.value == newName } }) {
                return RenameRefusal(reason: "an operation `\(newName)` exists already")
            }
        case .alias(_, let types):
            if let type = types.sorted().first(where: { project.mockModel.object($0)?.fields.contains { $0.key == newName } == true }) {
                return RenameRefusal(reason: "`\(type)` has a field `\(newName)` already")
            }
        }
        return nil
    }

    // MARK: Edits

    /// The edits of the project's GraphQL documents.
    public static func graphQLEdits(_ target: RenameTarget, to newName: String, project: ProjectIndex) -> [RenameEdit] {
        switch target {
        case .fragment(let name):
            return References.inGraphQL(.fragment(name), project: project, includingDeclaration: true)
                .map { RenameEdit(document: $0.document, range: $0.range, text: newName) }
        case .operation(let name):
            return References.inGraphQL(.operation(name), project: project, includingDeclaration: true)
                .map { RenameEdit(document: $0.document, range: $0.range, text: newName) }
        case .alias(let key, let types):
            return References.inGraphQL(.alias(key: key, types: types), project: project, includingDeclaration: true)
                .map { RenameEdit(document: $0.document, range: $0.range, text: newName) }
        }
    }

    /// The edits of one Swift file: the names that stand for the target, renamed as Apollo will name them.
    public static func swiftEdits(_ target: RenameTarget, to newName: String, in file: SwiftFile, project: ProjectIndex) -> [(range: Range<Int>, text: String)] {
        swiftEdits(target, to: newName, at: References.inSwift(target.referenceTarget, file: file, project: project), in: file.lines.bytes, project: project)
    }

    /// The same at `references`, the target's references in the Swift text `bytes` (from an occurrence index).
    public static func swiftEdits(
        _ target: RenameTarget, to newName: String, at references: [Range<Int>], in bytes: [UInt8], project: ProjectIndex
    ) -> [(range: Range<Int>, text: String)] {
        func text(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
        switch target {
        case .fragment(let name):
            guard let fragment = References.fragments(project).first(where: { $0.name.value == name }) else { return [] }
            var renamed = fragment
            renamed.name = Name(newName, fragment.name.range)
            return references.map { range in
                (range, text(range) == fragment.apolloStructName(project.format.typeNameCapitalizer) ? renamed.apolloStructName(project.format.typeNameCapitalizer) : SwiftNames.firstLowercased(newName))
            }
        case .operation:
            guard var renamed = References.operations(project).first(where: { $0.name?.value == target.operationName }) else { return [] }
            renamed.name = Name(newName, renamed.name?.range ?? 0..<0)
            return references.map { ($0, renamed.apolloClassName(project.format.typeNameCapitalizer)) }
        case .alias:
            return references.map { ($0, SwiftNames.mockProperty(newName)) }
        }
    }

}
