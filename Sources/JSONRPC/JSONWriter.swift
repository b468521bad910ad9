/// A value that writes its own JSON text: for the replies that are both large and frequent (completion lists of
/// hundreds of items, answered at every keystroke), where building a json-c tree through `Encodable` costs more than
/// computing the reply. The text must equal what `JSONCEncoder` writes for the same value.
public protocol JSONWritable {
    func write(to writer: inout JSONWriter)
}

/// Compact JSON text written straight into bytes.
///
/// The text grows in a buffer of its own, not an array: a byte appended to an array pays a uniqueness and a
/// capacity check, and a completion reply appends some thirty thousand (its writing was a third of the server's work
/// for a completion, counted with callgrind). Not copyable, as it owns that buffer; `bytes` copies the text out.
public struct JSONWriter: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var count = 0
    private var capacity: Int
    /// Whether the innermost open container has a member written (the next one needs a comma); the same for the
    /// containers around it in `outerHasMembers`.
    private var hasMembers = false
    private var outerHasMembers: [Bool] = []
    /// How many containers are open.
    private var depth = 0
    /// Set between a key and its value.
    private var afterKey = false

    public init(capacity: Int = 4096) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// The text written so far.
    public var bytes: [UInt8] { Array(UnsafeBufferPointer(start: base, count: count)) }

    /// How many bytes are written: taken before and after a value, the range of its text, for `value(copying:)`.
    public var byteCount: Int { count }

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

    /// An object written member by member between `beginObject()` and `endObject()`: for a value written from an
    /// array in place, which `object`'s closure would capture, and so copy, whole.
    public mutating func beginObject() {
        open(UInt8(ascii: "{"))
    }

    public mutating func endObject() {
        close(UInt8(ascii: "}"))
    }

    /// An array of values that write themselves, each read in place (a sequence's iterator copies every element out).
    @inlinable
    public mutating func array<Element: JSONWritable>(_ elements: [Element]) {
        open(UInt8(ascii: "["))
        for index in elements.indices { elements[index].write(to: &self) }
        close(UInt8(ascii: "]"))
    }

    @usableFromInline
    mutating func open(_ bracket: UInt8) {
        separate()
        append(bracket)
        if depth > 0 { outerHasMembers.append(hasMembers) }
        depth += 1
        hasMembers = false
    }

    @usableFromInline
    mutating func close(_ bracket: UInt8) {
        depth -= 1
        hasMembers = depth > 0 ? outerHasMembers.removeLast() : false
        append(bracket)
    }

    /// A member's key; its value is written next.
    public mutating func key(_ key: StaticString) {
        reserve(key.utf8CodeUnitCount + 4)
        if hasMembers { put(UInt8(ascii: ",")) }
        hasMembers = true
        put(UInt8(ascii: "\""))
        put(UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
        put(UInt8(ascii: "\""))
        put(UInt8(ascii: ":"))
        afterKey = true
    }

    /// A member's key that is not known at compile time (a `JSONValue` object's), escaped as a string value is.
    public mutating func key(_ key: String) {
        if hasMembers { append(UInt8(ascii: ",")) }
        hasMembers = true
        if key.utf8.withContiguousStorageIfAvailable({ appendQuoted($0) }) == nil {
            var key = key
            key.withUTF8 { appendQuoted($0) }
        }
        append(UInt8(ascii: ":"))
        afterKey = true
    }

    /// Before a value: a comma when it is an array element after another.
    private mutating func separate() {
        if afterKey {
            afterKey = false
            return
        }
        guard depth > 0 else { return }
        if hasMembers { append(UInt8(ascii: ",")) }
        hasMembers = true
    }

    // MARK: Values

    public mutating func value(_ string: String) {
        separate()
        // A native string's bytes are read in place; a bridged one is copied first.
        if string.utf8.withContiguousStorageIfAvailable({ appendQuoted($0) }) == nil {
            var string = string
            string.withUTF8 { appendQuoted($0) }
        }
    }

    public mutating func value(_ number: Int) {
        separate()
        // Digits written in place: positions and kinds are most of a completion list's values.
        reserve(20)
        if number < 0 { put(UInt8(ascii: "-")) }
        var magnitude = number.magnitude
        let start = count
        repeat {
            put(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        var digits = UnsafeMutableBufferPointer(start: base + start, count: count - start)
        digits.reverse()
    }

    /// A value equal to one this writer wrote before, by the range of that value's text: its text copied rather than
    /// written again (the edit range every item of a completion list repeats).
    public mutating func value(copying earlier: Range<Int>) {
        precondition(earlier.upperBound <= count, "a value is copied from text already written")
        separate()
        reserve(earlier.count)
        (base + count).initialize(from: base + earlier.lowerBound, count: earlier.count)
        count += earlier.count
    }

    /// A double in Swift's shortest round-trip form, as `JSONCEncoder` writes it; JSON has no infinity or NaN, which
    /// `JSONCEncoder` refuses to encode and this writes as `null`.
    public mutating func value(_ number: Double) {
        guard number.isFinite else { return null() }
        separate()
        var text = number.description
        text.withUTF8 { append($0) }
    }

    public mutating func null() {
        separate()
        let text: StaticString = "null"
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    public mutating func value(_ flag: Bool) {
        separate()
        let text: StaticString = flag ? "true" : "false"
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
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
        // Room for the text and its quotes; an escape reserves what it adds.
        reserve(utf8.count + 2)
        put(UInt8(ascii: "\""))
        guard let source = utf8.baseAddress else {
            put(UInt8(ascii: "\""))
            return
        }
        let end = utf8.count
        var runStart = 0
        var index = 0
        while true {
            // To the next byte that needs an escape: eight bytes at a time while none does (most text has none),
            // then byte by byte.
            while end - index >= 8, !Self.needsEscape(UnsafeRawPointer(source + index).loadUnaligned(as: UInt64.self)) { index += 8 }
            while index < end, !Self.needsEscape(source[index]) { index += 1 }
            guard index < end else { break }
            let byte = source[index]
            put(UnsafeBufferPointer(start: source + runStart, count: index - runStart))
            index += 1
            runStart = index
            reserve(6 + end - index + 1)
            put(UInt8(ascii: "\\"))
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): put(byte)
            case 0x0A: put(UInt8(ascii: "n"))
            case 0x0D: put(UInt8(ascii: "r"))
            case 0x09: put(UInt8(ascii: "t"))
            case 0x08: put(UInt8(ascii: "b"))
            case 0x0C: put(UInt8(ascii: "f"))
            default:
                let hex: StaticString = "0123456789abcdef"
                put(UInt8(ascii: "u"))
                put(UInt8(ascii: "0"))
                put(UInt8(ascii: "0"))
                put(hex.utf8Start[Int(byte >> 4)])
                put(hex.utf8Start[Int(byte & 0xF)])
            }
        }
        put(UnsafeBufferPointer(start: source + runStart, count: end - runStart))
        put(UInt8(ascii: "\""))
    }

    @inline(__always)
    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    /// Whether any of the eight bytes of `word` is a control character, a quote or a backslash (the bit tricks of
    /// "Bit Twiddling Hacks": a byte is below `n` when subtracting `n` borrows into its high bit, and equal to `c`
    /// when it is zero after an exclusive or with `c`; bytes of 0x80 and above, UTF-8's multi-byte sequences, never
    /// count).
    @inline(__always)
    private static func needsEscape(_ word: UInt64) -> Bool {
        // The three tests' high bits together, tested once (no branch per test).
        let quotes = word ^ 0x2222_2222_2222_2222
        let backslashes = word ^ 0x5C5C_5C5C_5C5C_5C5C
        let below0x20 = (word &- 0x2020_2020_2020_2020) & ~word
        let isQuote = (quotes &- 0x0101_0101_0101_0101) & ~quotes
        let isBackslash = (backslashes &- 0x0101_0101_0101_0101) & ~backslashes
        return (below0x20 | isQuote | isBackslash) & 0x8080_8080_8080_8080 != 0
    }

    // MARK: The buffer

    /// Makes room for `extra` more bytes.
    @inline(__always)
    private mutating func reserve(_ extra: Int) {
        if count + extra > capacity { grow(toHold: count + extra) }
    }

    private mutating func grow(toHold needed: Int) {
        capacity = max(needed, capacity * 2)
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        grown.initialize(from: base, count: count)
        base.deallocate()
        base = grown
    }

    private mutating func append(_ byte: UInt8) {
        reserve(1)
        put(byte)
    }

    private mutating func append(_ text: UnsafeBufferPointer<UInt8>) {
        reserve(text.count)
        put(text)
    }

    /// A byte where room has been reserved.
    @inline(__always)
    private mutating func put(_ byte: UInt8) {
        base[count] = byte
        count += 1
    }

    /// Bytes where room has been reserved.
    @inline(__always)
    private mutating func put(_ text: UnsafeBufferPointer<UInt8>) {
        guard let start = text.baseAddress, !text.isEmpty else { return }
        (base + count).initialize(from: start, count: text.count)
        count += text.count
    }
}

extension Array: JSONWritable where Element: JSONWritable {
    /// An array reply (references' locations, lenses) writes its elements as they write themselves.
    public func write(to writer: inout JSONWriter) {
        writer.array(self)
    }
}
