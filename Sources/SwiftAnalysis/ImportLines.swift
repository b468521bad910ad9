import SourceText

/// An `import` declaration on a line of its own (`import XCTest`, `@testable import App`, `import struct Foo.Bar`).
public struct ImportLine: Sendable, Equatable {
    /// The top-level module (`Foo` of `Foo.Bar`).
    public var module: String
    /// The whole line, from its start to after its line break.
    public var lineRange: Range<Int>
}

extension LineTable {
    /// The `import` lines of a Swift source, in order, read line by line without a parse (files the workspace scan
    /// does not parse are read with it too). Imports stand at the start of a line in any code that compiles; an
    /// `import` line inside a multi-line string or comment is taken for one.
    public func importLines() -> [ImportLine] {
        var found: [ImportLine] = []
        for line in 0..<lineCount {
            let content = contentRange(ofLine: line)
            guard let module = Self.importedModule(bytes[content]) else { continue }
            let end = line + 1 < lineCount ? lineStarts[line + 1] : byteCount
            found.append(ImportLine(module: module, lineRange: lineStarts[line]..<end))
        }
        return found
    }

    /// The words an import line that has no attribute starts with.
    private static let importPrefixes: [[UInt8]] = ["import", "public", "package", "internal", "fileprivate", "private"].map { Array($0.utf8) }

    private static let importKinds: Set<String> = ["typealias", "struct", "class", "enum", "protocol", "let", "var", "func"]

    /// The module a line imports, if it is an import declaration.
    static func importedModule(_ line: ArraySlice<UInt8>) -> String? {
        // Most lines are not imports: one that is starts with `import`, an attribute or an access level (`internal`,
        // `public`, `package`, `private`, `fileprivate`), compared as bytes. Only those are split into words.
        guard let start = line.firstIndex(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") }),
            line[start] == UInt8(ascii: "@") || importPrefixes.contains(where: { line[start...].starts(with: $0) })
        else { return nil }
        var words = String(decoding: line, as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\t" })[...]
        // Attributes (`@testable`, `@_implementationOnly`, `@preconcurrency`) and access levels come first.
        while let first = words.first, first.hasPrefix("@") || ["public", "package", "internal", "fileprivate", "private"].contains(first) {
            words = words.dropFirst()
        }
        guard words.first == "import", words.count >= 2 else { return nil }
        words = words.dropFirst()
        if let kind = words.first, importKinds.contains(String(kind)), words.count >= 2 { words = words.dropFirst() }
        guard let path = words.first else { return nil }
        let module = path.prefix { $0 != "." && $0 != ";" }
        guard let first = module.first, first.isLetter || first == "_", module.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
            return nil
        }
        return String(module)
    }
}
