import Analysis
import Features
import Foundation
import GraphQLIndex
import JSONRPC
import LSP
import SourceText

/// Where things are, as the protocol carries it: locations, highlights, symbols, rename edits, coverage lenses and the
/// documents a command shows.
extension ProtocolConversion {
    func location(_ uri: DocumentURI, _ bytes: Range<Int>, in lines: LineTable) -> Location {
        Location(uri: uri, range: range(of: bytes, in: lines))
    }

    /// A location of a file given by its path.
    func location(ofFile path: String, _ bytes: Range<Int>, in lines: LineTable) -> Location {
        location(uri(FileID(path: path)), bytes, in: lines)
    }

    /// Locations in files given by their paths, each file's URI made once: a reply of 24,000 references names a
    /// thousand files.
    func locations(_ found: [(document: String, range: Range<Int>, lines: LineTable)]) -> [Location] {
        var uris: [String: DocumentURI] = [:]
        var locations: [Location] = []
        locations.reserveCapacity(found.count)
        for item in found {
            let uri = uris[item.document] ?? uri(FileID(path: item.document))
            uris[item.document] = uri
            locations.append(location(uri, item.range, in: item.lines))
        }
        return locations
    }

    /// A definition's answer: nothing, one location, or the several a merged model property has.
    func definitionResult(_ found: [(location: SourceLocation, lines: LineTable)]) -> DefinitionResult? {
        let locations = found.map { location(ofFile: $0.location.document, $0.location.range, in: $0.lines) }
        switch locations.count {
        case 0: return nil
        case 1: return .location(locations[0])
        default: return .locations(locations)
        }
    }

    func highlights(_ ranges: [Range<Int>], in lines: LineTable) -> [DocumentHighlight] {
        ranges.map { DocumentHighlight(range: range(of: $0, in: lines)) }
    }

    // MARK: Symbols

    func documentSymbol(_ info: GraphQLSymbolInfo, in lines: LineTable) -> DocumentSymbol {
        DocumentSymbol(
            name: info.name, detail: info.detail, kind: Self.symbolKind(info.kind), range: range(of: info.range, in: lines),
            selectionRange: range(of: info.selectionRange, in: lines),
            children: info.children.isEmpty ? nil : info.children.map { documentSymbol($0, in: lines) })
    }

    func symbolInformation(_ found: WorkspaceSymbol, namespace: String, in lines: LineTable) -> SymbolInformation {
        SymbolInformation(
            name: found.swiftName.map { $0 == found.symbol.name ? $0 : "\(found.symbol.name) (\($0))" } ?? found.symbol.name,
            kind: Self.symbolKind(found.symbol.kind),
            location: location(ofFile: found.document, found.symbol.selectionRange, in: lines),
            containerName: namespace)
    }

    static func symbolKind(_ kind: GraphQLSymbolInfo.Kind) -> SymbolKind {
        switch kind {
        case .operation: .function
        case .fragment: .struct
        case .object: .class
        case .interface: .interface
        case .union: .class
        case .enumeration: .enum
        case .inputObject: .struct
        case .scalar: .typeParameter
        case .field: .field
        case .enumValue: .enumMember
        }
    }

    // MARK: Rename

    /// The name to rename and its range.
    func prepareRename(_ range: Range<Int>, in lines: LineTable) -> PrepareRenameResult {
        PrepareRenameResult(range: self.range(of: range, in: lines), placeholder: String(decoding: lines.bytes[range], as: UTF8.self))
    }

    /// Every file's edits of a rename.
    func workspaceEdit(_ edits: [(edit: RenameEdit, lines: LineTable)]) -> WorkspaceEdit {
        var changes: [DocumentURI: [TextEdit]] = [:]
        for (edit, lines) in edits {
            changes[uri(FileID(path: edit.document)), default: []].append(
                TextEdit(range: range(of: edit.range, in: lines), newText: edit.text))
        }
        return WorkspaceEdit(changes: changes)
    }

    // MARK: Coverage lenses

    /// The places a lens's command shows, the first in file order: a field thousands of tests touch would otherwise
    /// send megabytes with every lens request, for a list nobody reads to the end (the title counts them all).
    static let lensLocations = 100

    /// A field's lenses: the tests' (their counts; its command opens the tests, the first `lensLocations`, each the
    /// whole first line of its function; no command when no test touches it), and the app's where its code is followed
    /// into the operation or fragment ("read in 2 app files", whose command opens the reads). Each command is the
    /// client's own where it says it runs it (`experimental.mocklsCommands`), else the one the server runs.
    /// The lenses of `rows`, each file's URI made once (a test file has many tests, in many rows).
    func lenses(
        of rows: [SelectionCoverageReport.Row], uri: DocumentURI, in lines: LineTable, capabilities: ClientCapabilities
    ) -> [CodeLens] {
        var uris: [FileID: DocumentURI] = [:]
        return rows.flatMap { row in
            lenses(row, uri: uri, in: lines, capabilities: capabilities) { file in
                if let known = uris[file] { return known }
                let made = self.uri(file)
                uris[file] = made
                return made
            }
        }
    }

    func lenses(
        _ row: SelectionCoverageReport.Row, uri: DocumentURI, in lines: LineTable, capabilities: ClientCapabilities,
        uriOf: (FileID) -> DocumentURI
    ) -> [CodeLens] {
        let range = range(of: row.field.range, in: lines)
        let clientRuns = capabilities.experimental?.mocklsCommands ?? []
        func command(_ kind: LensLocations) -> String {
            clientRuns.contains(kind.clientCommand.rawValue) ? kind.clientCommand.rawValue : kind.serverCommand.rawValue
        }
        func lens(_ title: String, _ kind: LensLocations, _ locations: [Location]) -> CodeLens {
            let arguments = LensLocationsArguments(document: uri, position: range.start, locations: locations).arguments
            return CodeLens(
                range: range,
                command: Command(title: title, command: locations.isEmpty ? "" : command(kind), arguments: locations.isEmpty ? nil : arguments))
        }
        let tests = row.tests.prefix(Self.lensLocations).map { test in
            Location(
                uri: uriOf(test.file),
                range: PositionRange(start: Position(line: test.line, character: 0), end: Position(line: test.line + 1, character: 0)))
        }
        var lenses = [lens(Self.lensTitle(row), .tests, Array(tests))]
        if let reads = row.appReads, let title = Self.appLensTitle(row) {
            let locations = reads.prefix(Self.lensLocations).map { location(ofFile: $0.file.path, $0.range, in: $0.lines) }
            lenses.append(lens(title, .appReads, Array(locations)))
        }
        return lenses
    }

    /// "set in 3 tests · read in 1", "set in 2 tests · no test reads this", "no test sets or reads this", with the
    /// tests mockls could not follow there.
    static func lensTitle(_ row: SelectionCoverageReport.Row) -> String {
        let (set, read) = (row.setCount, row.readCount)
        var parts: [String] = []
        if set == 0, read == 0 {
            parts.append("no test sets or reads this")
        } else {
            if set > 0 { parts.append("set in \(set) test\(set == 1 ? "" : "s")") }
            if read > 0 { parts.append(set > 0 ? "read in \(read)" : "read in \(read) test\(read == 1 ? "" : "s")") }
            else { parts.append("no test reads this") }
        }
        if row.unknown > 0 { parts.append("\(row.unknown) not followed") }
        return parts.joined(separator: " · ")
    }

    /// "read in 2 app files" or "no app code reads this"; nil where the app's code is not followed into the field's
    /// operation or fragment.
    static func appLensTitle(_ row: SelectionCoverageReport.Row) -> String? {
        row.appFiles.map { $0 == 0 ? "no app code reads this" : "read in \($0) app file\($0 == 1 ? "" : "s")" }
    }

    /// `window/showDocument` of `uri`, with the cursor at the start of `line` when given.
    func showDocument(_ file: URL, line: Int?) -> ShowDocumentParams {
        showDocument(uri(FileID(url: file)), line: line)
    }

    func showDocument(_ uri: DocumentURI, line: Int?) -> ShowDocumentParams {
        let selection = line.map { PositionRange(start: Position(line: $0, character: 0), end: Position(line: $0, character: 0)) }
        return ShowDocumentParams(uri: uri, takeFocus: true, selection: selection)
    }
}
