import SourceText

extension LineTable {
    /// The byte offset of an LSP position in `encoding` (clamped as `LineTable.offset(of:unit:)` describes).
    public func offset(of position: Position, encoding: PositionEncodingKind) -> Int {
        offset(of: LineColumn(line: position.line, column: position.character), unit: encoding.columnUnit)
    }

    /// The LSP position of a byte offset in `encoding`.
    public func position(of offset: Int, encoding: PositionEncodingKind) -> Position {
        let lineColumn = position(of: offset, unit: encoding.columnUnit)
        return Position(line: lineColumn.line, character: lineColumn.column)
    }

    public func byteRange(of range: Range, encoding: PositionEncodingKind) -> Swift.Range<Int> {
        let start = offset(of: range.start, encoding: encoding)
        let end = offset(of: range.end, encoding: encoding)
        return min(start, end)..<max(start, end)
    }
}

extension PositionEncodingKind {
    /// mockls negotiates only UTF-8 and UTF-16.
    public var columnUnit: ColumnUnit { self == .utf8 ? .utf8 : .utf16 }
}
