import Analysis
import Features
import Foundation
import GraphQLIndex
import JSONRPC
import LSP
import SourceText

/// The one place where mockls's values (UTF-8 byte offsets) become LSP values and LSP positions become offsets, in
/// the position encoding negotiated at `initialize` (UTF-16, or UTF-8 when the client prefers it). Every handler and
/// the diagnostics publisher convert through it; nothing else knows the encoding.
public struct ProtocolConversion: Sendable {
    public let encoding: PositionEncodingKind

    public init(encoding: PositionEncodingKind) { self.encoding = encoding }

    var unit: ColumnUnit { encoding == .utf8 ? .utf8 : .utf16 }

    // MARK: Files

    /// The file a URI names: where a URI becomes the `FileID` everything below the server knows a file by. An open
    /// document's is looked up in `documents` (a request about it parses no URI).
    public func file(_ uri: DocumentURI, in documents: DocumentStore? = nil) -> FileID {
        documents?.file(forURI: uri) ?? FileID(uri: uri)
    }

    /// The file or folder a URI names, for the disk (a watched file, a workspace folder); nil for one that names none.
    public func url(_ uri: DocumentURI) -> URL? { FileID.fileURL(uri) }

    /// The URI of `file`, for a location or an edit in it.
    public func uri(_ file: FileID) -> DocumentURI { file.uri }

    // MARK: Positions

    /// The byte offset of an LSP position (clamped as `LineTable.offset(of:unit:)` describes).
    public func offset(of position: Position, in lines: LineTable) -> Int {
        lines.offset(of: LineColumn(line: position.line, column: position.character), unit: unit)
    }

    /// The offset of a request's position, or `InvalidParams` for one on a line the document does not have: the
    /// client broke its promise, and an answer made for the document's end (a completion edit there) would not
    /// contain the position it asked at. A character past its line's end is clamped, as LSP says.
    public func requestOffset(of position: Position, in lines: LineTable) throws -> Int {
        guard position.line >= 0, position.line < lines.lineCount, position.character >= 0 else {
            throw ResponseError.invalidParams("position \(position.line):\(position.character) is outside the document (\(lines.lineCount) lines)")
        }
        return offset(of: position, in: lines)
    }

    /// The bytes a `didChange` edit replaces, or `InvalidParams` for a range with an end on a line the text does not
    /// have (or ending before it starts): applied at the document's end, it would make a text the client does not have.
    /// The line just past the last is the document's end: Neovim deletes a whole buffer as `0:0-1:0` (neovim#27383),
    /// and servers take it.
    public func editRange(of range: PositionRange, in lines: LineTable) throws -> Range<Int> {
        for position in [range.start, range.end] where position.line < 0 || position.line > lines.lineCount || position.character < 0 {
            throw ResponseError.invalidParams(
                "the edit \(range.start.line):\(range.start.character)-\(range.end.line):\(range.end.character) is outside the document (\(lines.lineCount) lines); the change is not applied")
        }
        let (start, end) = (offset(of: range.start, in: lines), offset(of: range.end, in: lines))
        guard start <= end else {
            throw ResponseError.invalidParams(
                "the edit \(range.start.line):\(range.start.character)-\(range.end.line):\(range.end.character) ends before it starts; the change is not applied")
        }
        return start..<end
    }

    public func position(of offset: Int, in lines: LineTable) -> Position {
        let lineColumn = lines.position(of: offset, unit: unit)
        return Position(line: lineColumn.line, character: lineColumn.column)
    }

    public func byteRange(of range: PositionRange, in lines: LineTable) -> Range<Int> {
        let start = offset(of: range.start, in: lines)
        let end = offset(of: range.end, in: lines)
        return min(start, end)..<max(start, end)
    }

    public func range(of bytes: Range<Int>, in lines: LineTable) -> PositionRange {
        PositionRange(start: position(of: bytes.lowerBound, in: lines), end: position(of: bytes.upperBound, in: lines))
    }
}

extension Position {
    /// As a command's argument carries it.
    var json: JSONValue { .object(["line": .int(Int64(line)), "character": .int(Int64(character))]) }
}
