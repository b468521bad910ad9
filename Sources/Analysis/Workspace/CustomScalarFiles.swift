import Foundation
import GraphQLIndex
import SwiftAnalysis

/// The custom scalars' declarations of a project's schema module, read from the `CustomScalars/<Name>.swift` files
/// Apollo's codegen writes once under `output.schemaTypes.path` (`public typealias Name = String`) and leaves to the
/// app, which may declare a type of its own there; most projects commit them. `MockFormat.customScalars`.
public enum CustomScalarFiles {
    /// Whether the file at `path` is one: a Swift file in a `CustomScalars` folder.
    public static func contains(_ path: String) -> Bool {
        path.hasSuffix(".swift") && path.split(separator: "/").dropLast().last == "CustomScalars"
    }

    /// What the custom scalar files among `files` below `folder` declare, by Swift name.
    public static func declarations(in files: WorkspaceFiles, under folder: URL) -> [String: CustomScalarDeclaration] {
        var declarations: [String: CustomScalarDeclaration] = [:]
        for path in files.paths(under: folder) where contains(path) {
            guard let text = files.text(of: path) else { continue }
            for (name, declared) in TypeDeclarations.declared(in: text) {
                switch declared {
                case .alias(let aliased): declarations[name] = CustomScalarDeclaration(aliasing: aliased)
                case .nominal: declarations[name] = .ownType
                }
            }
        }
        return declarations
    }

    /// Those of the project `configuration` describes, among the workspace's Swift files `files` below `root` (read
    /// from the disk when its schema types are generated outside the workspace).
    static func declarations(for configuration: ProjectConfiguration, in files: WorkspaceFiles, root: URL) -> [String: CustomScalarDeclaration] {
        let folder = configuration.schemaTypesPath ?? configuration.root
        let inWorkspace = folder.path == root.path || folder.path.hasPrefix(root.path + "/")
        return declarations(in: inWorkspace ? files : WorkspaceFiles(walking: folder), under: folder)
    }
}
