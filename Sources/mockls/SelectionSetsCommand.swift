import ArgumentParser
import Foundation
import GraphQLIndex
import JSONRPC
import Analysis

struct SelectionSetsCommand: ParsableCommand, WorkspaceCommand {
    static let configuration = CommandConfiguration(
        commandName: "selection-sets",
        abstract: "Print the selection sets Apollo iOS generates for the workspace's operations and fragments.",
        discussion: """
            One record per generated struct (AllAnimalsQuery.Data.AllAnimal.AsDog, PetDetails.Owner): its fields \
            with accessor types (direct and merged), fragment and type-case accessors, typealiases and initializer. \
            json: an array, or one array per project in an object keyed by namespace when the workspace has several. \
            text: each selection set as a block of lines, in the same order.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable { case json, text }

    @OptionGroup var workspace: WorkspaceOptions

    @Option(help: "Output format: \(Format.allCases.map(\.rawValue).joined(separator: " or ")).")
    var format: Format = .json

    func run() throws {
        let loaded = try workspace.loadForGenerating()
        let projects = loaded.projects.map { project in
            (namespace: project.configuration.namespace, root: project.configuration.root.path,
             selectionSets: project.index.selectionSetModel().selectionSets)
        }
        switch format {
        case .json:
            let reports = projects.map { project in
                (project.namespace, project.selectionSets.map { SelectionSetReport($0, relativeTo: project.root) })
            }
            let encoder = JSONCEncoder(prettyPrinted: true, writesNilAsNull: true)
            let bytes = reports.count == 1
                ? try encoder.encode(reports[0].1)
                : try encoder.encode(Dictionary(reports, uniquingKeysWith: { first, _ in first }))
            FileHandle.standardOutput.write(Data(bytes + [UInt8(ascii: "\n")]))
        case .text:
            var blocks: [String] = []
            for project in projects {
                if projects.count > 1 { blocks.append("# \(project.namespace)") }
                blocks += project.selectionSets.map { Self.text(of: $0, relativeTo: project.root) }
            }
            print(blocks.joined(separator: "\n\n"))
        }
    }

    /// One selection set as lines: what it is and where it is written, then its fields (`property: Type`, with the
    /// selection set of an entity field, `merged` for fields it does not select itself, the `@include`/`@skip`
    /// condition, the deprecation), fragment accessors, type-case accessors, typealiases and initializer.
    static func text(of selectionSet: GeneratedSelectionSet, relativeTo root: String) -> String {
        let prefix = root.hasSuffix("/") ? root : root + "/"
        let document = selectionSet.document.hasPrefix(prefix) ? String(selectionSet.document.dropFirst(prefix.count)) : selectionSet.document
        let kind = switch selectionSet.kind {
        case .operationData: "operation data"
        case .localCacheMutationData: "local cache mutation data"
        case .fragment: "fragment"
        case .localCacheMutationFragment: "local cache mutation fragment"
        case .entity: "entity"
        case .inlineFragment:
            switch selectionSet.inlineFragmentKind {
            case .typeCaseWithCondition: "type case with condition"
            case .condition: "inclusion condition"
            default: "type case"
            }
        }
        var header = "\(selectionSet.path): \(kind) on \(selectionSet.parentType) (\(selectionSet.parentKind.rawValue))"
        if let root = selectionSet.rootEntityType { header += " of \(root)" }
        var lines = [header + ", in \(document)"]
        for field in selectionSet.fields {
            var line = "  \(field.property): \(field.type)"
            if let nested = field.selectionSet { line += " -> \(nested)" }
            var notes: [String] = []
            if field.key != field.property.trimmingCharacters(in: ["`"]) { notes.append("response key \(field.key)") }
            if !field.isDirect { notes.append("merged") }
            if let condition = field.condition { notes.append("if \(condition)") }
            if let reason = field.deprecationReason { notes.append("deprecated: \(reason)") }
            if !notes.isEmpty { line += "  (\(notes.joined(separator: ", ")))" }
            lines.append(line)
        }
        for accessor in selectionSet.fragmentAccessors {
            lines.append("  fragments.\(accessor.accessor): \(accessor.type)\(accessor.isOptional ? "?" : "")")
        }
        for inline in selectionSet.inlineFragments {
            lines.append("  \(inline.accessor): \(inline.type)? -> \(inline.path)")
        }
        for alias in selectionSet.typealiases {
            lines.append("  typealias \(alias.name) = \(alias.target)\(alias.resolved == alias.target ? "" : " (\(alias.resolved))")")
        }
        let parameters = selectionSet.initializer.map { "\($0.label): \($0.type)\($0.defaultValue.map { " = \($0)" } ?? "")" }
        lines.append("  init(\(parameters.joined(separator: ", ")))")
        return lines.joined(separator: "\n")
    }
}
