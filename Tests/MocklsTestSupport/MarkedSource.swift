import SourceText

/// Source text with cursor markers (`1️⃣`, `2️⃣`, … `9️⃣`), as sourcekit-lsp's tests write them: the text without
/// the markers, and where each marker was, in UTF-8 offsets.
public struct MarkedSource: Sendable {
    public static let markers = ["1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣"]

    public let text: String
    public let offsets: [String: Int]

    public init(_ marked: String) {
        var text = ""
        var offsets: [String: Int] = [:]
        var rest = Substring(marked)
        while let (marker, range) = Self.markers.compactMap({ marker in rest.range(of: marker).map { (marker, $0) } })
            .min(by: { $0.1.lowerBound < $1.1.lowerBound })
        {
            text += rest[..<range.lowerBound]
            precondition(offsets[marker] == nil, "\(marker) appears twice")
            offsets[marker] = text.utf8.count
            rest = rest[range.upperBound...]
        }
        text += rest
        self.text = text
        self.offsets = offsets
    }

    public var bytes: [UInt8] { Array(text.utf8) }

    /// The offset of a marker (a test that names a marker the source lacks fails).
    public subscript(_ marker: String) -> Int {
        guard let offset = offsets[marker] else { preconditionFailure("no \(marker) in the source") }
        return offset
    }

    /// A marker's line and column (UTF-16, as LSP clients count by default), zero-based.
    public func position(_ marker: String) -> (line: Int, character: Int) {
        let position = LineTable(bytes).position(of: self[marker], unit: .utf16)
        return (position.line, position.column)
    }
}
