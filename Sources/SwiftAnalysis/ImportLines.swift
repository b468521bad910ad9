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
    public func importLines() -> [ImportLine] { ImportLine.lines(in: bytes) }
}

extension ImportLine {
    /// The `import` lines of `bytes` (`LineTable.importLines()`), without a line table: one pass that looks at each
    /// line's first letter and reads only the lines that may be imports (every workspace file is read at each load).
    public static func lines(in bytes: [UInt8]) -> [ImportLine] {
        var found: [ImportLine] = []
        let count = bytes.count
        // Through the buffer: every byte of every workspace file is looked at, and most lines are skipped whole.
        bytes.withUnsafeBufferPointer { buffer in
            var start = 0
            while start < count {
                // The line's content and the start of the next line (`\n`, `\r\n` or a lone `\r` ends it).
                var end = start
                while end < count, buffer[end] != UInt8(ascii: "\n"), buffer[end] != UInt8(ascii: "\r") { end += 1 }
                var next = end
                if next < count {
                    next += buffer[next] == UInt8(ascii: "\r") && next + 1 < count && buffer[next + 1] == UInt8(ascii: "\n") ? 2 : 1
                }
                var first = start
                while first < end, buffer[first] == UInt8(ascii: " ") || buffer[first] == UInt8(ascii: "\t") { first += 1 }
                // `import`, `internal`, `public`, `package`, `private`, `fileprivate` or an attribute: any other line is none.
                if first < end, Self.mayStartImport(bytes, at: first, end: end), let module = LineTable.importedModule(bytes[start..<end]) {
                    found.append(ImportLine(module: module, lineRange: start..<next))
                }
                start = next
            }
        }
        return found
    }

    /// The words an import line that has no attribute may start with.
    private static let importWords = [Array("import".utf8)] + LineTable.accessLevels

    /// Whether the line whose first letter is at `first` starts with an attribute or one of `importWords` (most
    /// lines start with another word: `func`, `let`, `final`).
    private static func mayStartImport(_ bytes: [UInt8], at first: Int, end: Int) -> Bool {
        let byte = bytes[first]
        if byte == UInt8(ascii: "@") { return true }
        guard byte == UInt8(ascii: "i") || byte == UInt8(ascii: "p") || byte == UInt8(ascii: "f") else { return false }
        var wordEnd = first
        while wordEnd < end, bytes[wordEnd] >= UInt8(ascii: "a"), bytes[wordEnd] <= UInt8(ascii: "z") { wordEnd += 1 }
        return importWords.contains { $0.elementsEqual(bytes[first..<wordEnd]) }
    }
}

extension LineTable {
    fileprivate static let accessLevels: [[UInt8]] = ["public", "package", "internal", "fileprivate", "private"].map { Array($0.utf8) }
    private static let importKinds: [[UInt8]] = ["typealias", "struct", "class", "enum", "protocol", "let", "var", "func"].map { Array($0.utf8) }

    /// The module a line imports, if it is an import declaration: attributes (`@testable`) and access levels first,
    /// then `import`, a kind (`struct`) when a path follows it, and the path, whose first component is the module.
    /// Read as bytes, word by word.
    static func importedModule(_ line: ArraySlice<UInt8>) -> String? {
        var cursor = line.startIndex
        func nextWord() -> ArraySlice<UInt8>? {
            while cursor < line.endIndex, line[cursor] == UInt8(ascii: " ") || line[cursor] == UInt8(ascii: "\t") { cursor += 1 }
            let start = cursor
            while cursor < line.endIndex, line[cursor] != UInt8(ascii: " "), line[cursor] != UInt8(ascii: "\t") { cursor += 1 }
            return cursor > start ? line[start..<cursor] : nil
        }
        var word = nextWord()
        while let current = word, current.first == UInt8(ascii: "@") || accessLevels.contains(where: { $0.elementsEqual(current) }) {
            word = nextWord()
        }
        guard let keyword = word, keyword.elementsEqual("import".utf8), var path = nextWord() else { return nil }
        if importKinds.contains(where: { $0.elementsEqual(path) }), let kindPath = nextWord() { path = kindPath }
        let name = path.prefix { $0 != UInt8(ascii: ".") && $0 != UInt8(ascii: ";") }
        // An ASCII name is told byte by byte; any other by its characters' Unicode properties.
        if name.allSatisfy({ $0 < 0x80 }) {
            guard let first = name.first, isLetter(first) || first == UInt8(ascii: "_"),
                name.allSatisfy({ isLetter($0) || $0 == UInt8(ascii: "_") || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) })
            else { return nil }
            return String(decoding: name, as: UTF8.self)
        }
        let module = String(decoding: name, as: UTF8.self)
        guard let first = module.first, first.isLetter || first == "_", module.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else {
            return nil
        }
        return module
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }
}
