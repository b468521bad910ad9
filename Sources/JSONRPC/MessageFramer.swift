/// Splits a byte stream into LSP base-protocol messages (`Content-Length` header block, blank line, body).
///
/// It is lenient where that loses nothing (header names in any case, `\n` line ends, unknown headers, an optional
/// `Content-Type`) and recovers where it must: a header block without a valid `Content-Length` is reported and the
/// stream resynchronises at the next `Content-Length` header, so one bad message never ends the session.
public struct MessageFramer: Sendable {
    public enum Event: Sendable, Equatable {
        case message([UInt8])
        /// A header problem, for the log; the framer has already recovered.
        case headerError(String)
    }

    /// Bodies larger than this are refused (their header is reported and skipped).
    public static let maximumBodyLength = 512 << 20
    /// A header block longer than this without its blank line is garbage.
    static let maximumHeaderLength = 16 << 10

    private var buffer: [UInt8] = []
    private var start = 0
    private var pendingBodyLength: Int?
    private var resynchronising = false

    public init() {}

    /// Adds bytes read from the stream and returns every event they complete.
    public mutating func feed(_ bytes: some Collection<UInt8>) -> [Event] {
        buffer.append(contentsOf: bytes)
        var events: [Event] = []
        while let event = next() { events.append(event) }
        compact()
        return events
    }

    /// True when the stream ended in the middle of a message (for the log).
    public var hasPartialMessage: Bool { start < buffer.count }

    private mutating func next() -> Event? {
        if resynchronising {
            guard let header = findContentLength(from: start) else {
                // Keep a tail that may be the beginning of a split "Content-Length".
                start = max(start, buffer.count - Self.contentLength.count)
                return nil
            }
            start = header
            resynchronising = false
        }
        if let length = pendingBodyLength {
            guard buffer.count - start >= length else { return nil }
            let body = Array(buffer[start..<(start + length)])
            start += length
            pendingBodyLength = nil
            return .message(body)
        }
        guard let (headerEnd, bodyStart) = findHeaderEnd() else {
            if buffer.count - start > Self.maximumHeaderLength {
                resynchronising = true
                start += 1
                return .headerError("header block longer than \(Self.maximumHeaderLength) bytes without a blank line; skipping to the next Content-Length header")
            }
            return nil
        }
        let header = buffer[start..<headerEnd]
        switch Self.parseHeader(header) {
        case .success(let length):
            start = bodyStart
            pendingBodyLength = length
            return next()
        case .failure(let problem):
            // The next header may hide inside this block (after garbage on the same line): look from just past
            // where this block began.
            start += 1
            resynchronising = true
            return .headerError("\(problem.message); skipping to the next Content-Length header")
        }
    }

    private struct HeaderProblem: Error { var message: String }

    private static let contentLength = Array("content-length".utf8)

    private static func parseHeader(_ header: ArraySlice<UInt8>) -> Result<Int, HeaderProblem> {
        var length: Int?
        var problems: [String] = []
        for rawLine in header.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
            var line = rawLine
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
                problems.append("malformed header line \"\(printable(line))\"")
                continue
            }
            let name = line[line.startIndex..<colon].map { $0 | 0x20 }
            let value = String(decoding: line[(colon + 1)...], as: UTF8.self).trimmingSpaces
            if name.elementsEqual(contentLength) {
                guard let parsed = Int(value), parsed >= 0, value.allSatisfy(\.isASCIIDigit) else {
                    return .failure(HeaderProblem(message: "invalid Content-Length \"\(value)\""))
                }
                guard parsed <= maximumBodyLength else {
                    return .failure(HeaderProblem(message: "Content-Length \(parsed) exceeds the \(maximumBodyLength)-byte limit"))
                }
                length = parsed
            }
        }
        guard let length else {
            let detail = problems.isEmpty ? "" : " (\(problems.joined(separator: ", ")))"
            return .failure(HeaderProblem(message: "header block without Content-Length\(detail)"))
        }
        return .success(length)
    }

    private static func printable(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes.prefix(60), as: UTF8.self).unicodeScalars
            .map { $0.value < 0x20 ? "\\u{\(String($0.value, radix: 16))}" : String($0) }.joined()
    }

    /// The end of the header block and the start of the body: the first empty line.
    private func findHeaderEnd() -> (Int, Int)? {
        var index = start
        let count = buffer.count
        while index < count {
            if buffer[index] == UInt8(ascii: "\n") {
                if index + 1 < count, buffer[index + 1] == UInt8(ascii: "\n") { return (index, index + 2) }
                if index + 2 < count, buffer[index + 1] == UInt8(ascii: "\r"), buffer[index + 2] == UInt8(ascii: "\n") {
                    return (index, index + 3)
                }
            }
            index += 1
        }
        return nil
    }

    /// The offset of the next "Content-Length" (any case). A header follows the previous body directly, so it
    /// need not start a line.
    private func findContentLength(from: Int) -> Int? {
        let needle = Self.contentLength
        guard buffer.count >= needle.count else { return nil }
        var index = from
        while index + needle.count <= buffer.count {
            if buffer[index] | 0x20 == needle[0], (1..<needle.count).allSatisfy({ buffer[index + $0] | 0x20 == needle[$0] }) {
                return index
            }
            index += 1
        }
        return nil
    }

    private mutating func compact() {
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: buffer.capacity <= 1 << 20)
            start = 0
        } else if start > 1 << 16, start > buffer.count / 2 {
            buffer.removeFirst(start)
            start = 0
        }
    }
}

extension String {
    var trimmingSpaces: String {
        var scalars = Substring(self)
        while scalars.first == " " || scalars.first == "\t" { scalars.removeFirst() }
        while scalars.last == " " || scalars.last == "\t" { scalars.removeLast() }
        return String(scalars)
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
