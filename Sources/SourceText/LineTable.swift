/// The unit in which a column counts characters of a line.
///
/// LSP counts UTF-16 code units unless UTF-8 was negotiated; swiftc and the CLI count UTF-8 bytes.
public enum ColumnUnit: Sendable, Equatable {
    case utf8
    case utf16
}

/// A line/column position, both zero-based.
public struct LineColumn: Sendable, Equatable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public var description: String { "\(line):\(column)" }
}

/// UTF-8 text with the byte offset of every line start: the one place that converts between byte offsets and
/// line/column positions.
///
/// Lines end at `\n`, `\r\n` or a lone `\r`, as LSP defines them. Columns are counted in the requested unit;
/// a column that falls inside a character, or beyond the end of its line, is clamped to the character's start or
/// the line's end — clients send such positions and must not be able to corrupt a document with them.
public struct LineTable: Sendable {
    public let bytes: [UInt8]
    /// Byte offset at which each line starts; the first is always 0.
    public let lineStarts: [Int]

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        self.lineStarts = Self.lineStarts(of: bytes)
    }

    public init(_ text: String) {
        self.init(Array(text.utf8))
    }

    public var byteCount: Int { bytes.count }
    public var lineCount: Int { lineStarts.count }
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The zero-based line that contains `offset` (clamped to the text).
    public func line(containing offset: Int) -> Int {
        let offset = min(max(offset, 0), bytes.count)
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return low
    }

    /// The byte range of a line's content, without its line break.
    public func contentRange(ofLine line: Int) -> Range<Int> {
        guard line >= 0, line < lineStarts.count else { return bytes.count..<bytes.count }
        let start = lineStarts[line]
        var end = line + 1 < lineStarts.count ? lineStarts[line + 1] : bytes.count
        if end > start, bytes[end - 1] == UInt8(ascii: "\n") { end -= 1 }
        if end > start, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        return start..<end
    }

    /// The byte offset of a position. Lines past the end map to the end of the text.
    public func offset(of position: LineColumn, unit: ColumnUnit) -> Int {
        if position.line < 0 { return 0 }
        if position.line >= lineStarts.count { return bytes.count }
        let range = contentRange(ofLine: position.line)
        let target = max(position.column, 0)
        return bytes.withUnsafeBufferPointer { buffer in
            var index = range.lowerBound
            var units = 0
            while index < range.upperBound, units < target {
                let length = Self.sequenceLength(buffer, at: index, end: range.upperBound)
                let width = unit == .utf8 ? length : (length == 4 ? 2 : 1)
                if units + width > target { break }
                units += width
                index += length
            }
            return index
        }
    }

    /// The position of a byte offset (clamped to the text; an offset inside a character counts as its start).
    public func position(of offset: Int, unit: ColumnUnit) -> LineColumn {
        let offset = min(max(offset, 0), bytes.count)
        let line = line(containing: offset)
        let range = contentRange(ofLine: line)
        let stop = min(offset, range.upperBound)
        let column = bytes.withUnsafeBufferPointer { buffer in
            var index = range.lowerBound
            var units = 0
            while index < stop {
                let length = Self.sequenceLength(buffer, at: index, end: range.upperBound)
                if index + length > stop { break }
                units += unit == .utf8 ? length : (length == 4 ? 2 : 1)
                index += length
            }
            return units
        }
        return LineColumn(line: line, column: column)
    }

    /// The positions of many offsets at once, as `position(of:unit:)` gives each: one walk along each line they are on,
    /// however many there are. A position alone walks its line from the start, and a one-line JSON file of 50 MB with
    /// thousands of diagnostics would be walked once for each.
    public func positions(of offsets: [Int], unit: ColumnUnit) -> [LineColumn] {
        let order = offsets.indices.sorted { offsets[$0] < offsets[$1] }
        var result = Array(repeating: LineColumn(line: 0, column: 0), count: offsets.count)
        var line = -1
        var lineRange = 0..<0
        var index = 0
        var units = 0
        bytes.withUnsafeBufferPointer { buffer in
            for position in order {
                let offset = min(max(offsets[position], 0), buffer.count)
                let containing = self.line(containing: offset)
                if containing != line {
                    line = containing
                    lineRange = contentRange(ofLine: line)
                    index = lineRange.lowerBound
                    units = 0
                }
                let stop = min(offset, lineRange.upperBound)
                while index < stop {
                    let length = Self.sequenceLength(buffer, at: index, end: lineRange.upperBound)
                    if index + length > stop { break }
                    units += unit == .utf8 ? length : (length == 4 ? 2 : 1)
                    index += length
                }
                result[position] = LineColumn(line: line, column: units)
            }
        }
        return result
    }

    /// A new table with `range` (byte offsets, clamped) replaced by `replacement`.
    /// Whether `offset` has the same position here as in `other`, in any column unit: the same line, starting at the
    /// same offset, with the same bytes before it on that line.
    public func samePosition(_ offset: Int, as other: LineTable) -> Bool {
        let line = line(containing: offset)
        guard line == other.line(containing: offset), offset <= byteCount, offset <= other.byteCount else { return false }
        let start = contentRange(ofLine: line).lowerBound
        return start == other.contentRange(ofLine: line).lowerBound && bytes[start..<offset] == other.bytes[start..<offset]
    }

    public func replacing(_ range: Range<Int>, with replacement: some Collection<UInt8>) -> LineTable {
        let lower = min(max(range.lowerBound, 0), bytes.count)
        let upper = min(max(range.upperBound, lower), bytes.count)
        var edited = bytes
        edited.replaceSubrange(lower..<upper, with: replacement)
        return LineTable(edited)
    }

    // MARK: - Scanning

    private static func lineStarts(of bytes: [UInt8]) -> [Int] {
        bytes.withUnsafeBufferPointer { buffer in
            var starts = [0]
            starts.reserveCapacity(buffer.count / 32 + 1)
            var index = 0
            let count = buffer.count
            while index < count {
                let byte = buffer[index]
                if byte == UInt8(ascii: "\n") {
                    starts.append(index + 1)
                } else if byte == UInt8(ascii: "\r") {
                    if index + 1 < count, buffer[index + 1] == UInt8(ascii: "\n") { index += 1 }
                    starts.append(index + 1)
                }
                index += 1
            }
            return starts
        }
    }

    /// Length in bytes of the UTF-8 sequence starting at `index`; a malformed byte counts as a one-byte character
    /// (it decodes to U+FFFD, one UTF-16 unit).
    @inline(__always)
    private static func sequenceLength(_ buffer: UnsafeBufferPointer<UInt8>, at index: Int, end: Int) -> Int {
        let lead = buffer[index]
        let length: Int
        switch lead {
        case 0x00..<0x80: return 1
        case 0xC2..<0xE0: length = 2
        case 0xE0..<0xF0: length = 3
        case 0xF0..<0xF5: length = 4
        default: return 1
        }
        guard index + length <= end else { return 1 }
        for next in (index + 1)..<(index + length) where buffer[next] & 0xC0 != 0x80 { return 1 }
        return length
    }
}
