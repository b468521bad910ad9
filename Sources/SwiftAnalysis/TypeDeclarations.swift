import SwiftParser
import SwiftSyntax

/// The types a Swift file declares at its top level, or in an extension there (`public extension MySchema {
/// typealias DateTime = String }`: Apollo's schema types embedded in a target), by name.
public enum TypeDeclarations {
    public enum Declared: Sendable, Equatable {
        /// `typealias Name = Aliased`: the aliased type as written.
        case alias(String)
        /// A struct, an enum, a class or an actor.
        case nominal
    }

    public static func declared(in bytes: [UInt8]) -> [String: Declared] {
        // A file on disk that anyone can edit: parsed behind the same guards as an open document.
        let text = SwiftFile.guardedText(bytes, scan: LookaheadGuard.scan(bytes)) ?? bytes
        let tree = text.withUnsafeBufferPointer {
            Parser.parse(source: $0, maximumNestingLevel: IncrementalParsePolicy.maximumNestingLevel)
        }
        var declared: [String: Declared] = [:]
        func read(_ declaration: DeclSyntax) {
            if let alias = declaration.as(TypeAliasDeclSyntax.self) {
                declared[alias.name.text] = .alias(alias.initializer.value.trimmedDescription)
            } else if let name = declaration.as(StructDeclSyntax.self)?.name ?? declaration.as(EnumDeclSyntax.self)?.name
                ?? declaration.as(ClassDeclSyntax.self)?.name ?? declaration.as(ActorDeclSyntax.self)?.name
            {
                declared[name.text] = .nominal
            }
        }
        for statement in tree.statements {
            guard let declaration = statement.item.as(DeclSyntax.self) else { continue }
            if let extended = declaration.as(ExtensionDeclSyntax.self) {
                for member in extended.memberBlock.members { read(member.decl) }
            } else {
                read(declaration)
            }
        }
        return declared
    }
}
