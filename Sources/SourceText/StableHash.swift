/// A 64-bit FNV-1a hash: the same for the same bytes in every process (Swift's `Hasher` is seeded anew at each launch),
/// for what is kept on disk between sessions and compared in the next one.
public struct StableHash: Sendable {
    public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    public init() {}

    public mutating func combine(_ bytes: UnsafeRawBufferPointer) {
        var value = value
        for byte in bytes {
            value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        self.value = value
    }

    public mutating func combine(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { combine($0) }
        // The length ends each part: ("ab", "c") and ("a", "bc") differ.
        combine(bytes.count)
    }

    public mutating func combine(_ string: String) {
        var string = string
        string.withUTF8 { combine(UnsafeRawBufferPointer($0)) }
        combine(string.utf8.count)
    }

    public mutating func combine(_ number: Int) {
        withUnsafeBytes(of: UInt64(bitPattern: Int64(number)).littleEndian) { combine($0) }
    }

    public mutating func combine(_ number: UInt64) {
        withUnsafeBytes(of: number.littleEndian) { combine($0) }
    }

    /// The hash of `bytes` alone.
    public static func of(_ bytes: [UInt8]) -> UInt64 {
        var hash = StableHash()
        hash.combine(bytes)
        return hash.value
    }
}
