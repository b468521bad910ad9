/// A value that writes its own JSON text: for the replies that are both large and frequent (completion lists of
/// hundreds of items, answered at every keystroke), where building a json-c tree through `Encodable` costs more than
/// computing the reply. The text must equal what `JSONCEncoder` writes for the same value.
public protocol JSONWritable {
    func write(to writer: inout JSONWriter)
}

/// Compact JSON text written straight into bytes.
public struct JSONWriter {
    public private(set) var bytes: [UInt8] = []
    /// Per open container: whether a member has been written (the next one needs a comma).
    private var hasMembers: [Bool] = []

    public init(capacity: Int = 4096) {
        bytes.reserveCapacity(capacity)
    }

    // MARK: Containers

    // The generic and closure-taking entry points are inlinable, so that the modules writing replies specialize
    // them for their own types: unspecialized, a completion reply spent a tenth of its time instantiating generic
    // metadata at run time (perf, `make bench`'s stdio round trips).

    @inlinable
    public mutating func object(_ body: (inout JSONWriter) -> Void) {
        open(UInt8(ascii: "{"))
        body(&self)
        close(UInt8(ascii: "}"))
    }

    @inlinable
    public mutating func array<S: Sequence>(_ elements: S, _ body: (inout JSONWriter, S.Element) -> Void) {
        open(UInt8(ascii: "["))
        for element in elements { body(&self, element) }
        close(UInt8(ascii: "]"))
    }

    @usableFromInline
    mutating func open(_ bracket: UInt8) {
        separate()
        bytes.append(bracket)
        hasMembers.append(false)
    }

    @usableFromInline
    mutating func close(_ bracket: UInt8) {
        hasMembers.removeLast()
        bytes.append(bracket)
    }

    /// A member's key; its value is written next.
    public mutating func key(_ key: StaticString) {
        if hasMembers[hasMembers.count - 1] { bytes.append(UInt8(ascii: ",")) }
        hasMembers[hasMembers.count - 1] = true
        bytes.append(UInt8(ascii: "\""))
        key.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        afterKey = true
    }

    /// Set between a key and its value.
    private var afterKey = false

    /// Before a value: a comma when it is an array element after another.
    private mutating func separate() {
        if afterKey {
            afterKey = false
            return
        }
        guard !hasMembers.isEmpty else { return }
        if hasMembers[hasMembers.count - 1] { bytes.append(UInt8(ascii: ",")) }
        hasMembers[hasMembers.count - 1] = true
    }

    // MARK: Values

    public mutating func value(_ string: String) {
        separate()
        var string = string
        string.withUTF8 { appendQuoted($0) }
    }

    public mutating func value(_ number: Int) {
        separate()
        // Digits written in place: positions and kinds are most of a completion list's values.
        if number < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = number.magnitude
        let start = bytes.count
        repeat {
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        bytes[start...].reverse()
    }

    public mutating func value(_ flag: Bool) {
        separate()
        let text: StaticString = flag ? "true" : "false"
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    @inlinable
    public mutating func value(_ writable: some JSONWritable) {
        writable.write(to: &self)
    }

    // MARK: Members, absent when nil (as `JSONCEncoder` leaves out nil optionals)

    public mutating func member(_ key: StaticString, _ value: String?) {
        guard let value else { return }
        self.key(key)
        self.value(value)
    }

    public mutating func member(_ key: StaticString, _ value: Int?) {
        guard let value else { return }
        self.key(key)
        self.value(value)
    }

    public mutating func member(_ key: StaticString, _ value: Bool?) {
        guard let value else { return }
        self.key(key)
        self.value(value)
    }

    @inlinable
    public mutating func member(_ key: StaticString, _ value: (some JSONWritable)?) {
        guard let value else { return }
        self.key(key)
        value.write(to: &self)
    }

    /// A string with JSON's escapes: quotes, backslashes and control characters; everything else as UTF-8.
    private mutating func appendQuoted(_ utf8: UnsafeBufferPointer<UInt8>) {
        bytes.append(UInt8(ascii: "\""))
        var runStart = 0
        for index in 0..<utf8.count {
            let byte = utf8[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
            runStart = index + 1
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0x08: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
            case 0x0C: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
            default:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                                          hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
            }
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
        bytes.append(UInt8(ascii: "\""))
    }
}
