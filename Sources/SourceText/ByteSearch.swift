#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Array where Element == UInt8 {
    /// Whether `other` holds the same bytes: the same buffer at once, else one `memcmp` (where `==` of arrays compares
    /// element by element, and a hash walks every byte).
    public func hasSameBytes(as other: [UInt8]) -> Bool {
        count == other.count && withUnsafeBytes { a in
            other.withUnsafeBytes { b in a.count == 0 || a.baseAddress == b.baseAddress || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 }
        }
    }

    /// Whether the bytes contain `needle`, without converting them to a String.
    public func contains(bytes needle: String) -> Bool { firstOffset(of: needle) != nil }

    /// Where `needle` first occurs, as a byte offset: `memchr` to each candidate first byte, then a comparison.
    public func firstOffset(of needle: String, from start: Int = 0) -> Int? {
        var needle = needle
        return needle.withUTF8 { pattern -> Int? in
            guard !pattern.isEmpty else { return Swift.min(Swift.max(start, 0), count) }
            return withUnsafeBufferPointer { haystack -> Int? in
                guard let base = haystack.baseAddress else { return nil }
                var offset = Swift.max(start, 0)
                let last = haystack.count - pattern.count
                while offset <= last {
                    guard let found = memchr(base + offset, Int32(pattern[0]), last - offset + 1) else { return nil }
                    let candidate = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                    if memcmp(base + candidate, pattern.baseAddress!, pattern.count) == 0 { return candidate }
                    offset = candidate + 1
                }
                return nil
            }
        }
    }
}
