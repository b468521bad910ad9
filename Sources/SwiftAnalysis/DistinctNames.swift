/// The distinct names read from a text's bytes, each made a `String` once and numbered in the order first read: a file
/// spells the same few names again and again (`Mock`, `Dog`, `XCTAssertEqual`), and hashing a `String` for each costs
/// more than reading the bytes. An open-addressed table keyed by the bytes' FNV-1a hash.
struct DistinctNames {
    /// The names, by number.
    private(set) var names: [String] = []
    /// Where each name was first read, by number.
    private var spans: [Range<Int>] = []
    /// Each slot holds a name's number plus one, or 0 when empty; its count is a power of two, at most half full.
    private var slots = [Int](repeating: 0, count: 64)
    private var hashes: [UInt64] = []

    /// The number of the name `bytes[range]` spells (not empty), made a new one when first read.
    mutating func number(of range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for index in range {
            hash = (hash ^ UInt64(bytes[index])) &* 0x100_0000_01b3
        }
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 {
            let number = slots[slot] - 1
            if hashes[number] == hash, Self.equal(spans[number], range, in: bytes) { return number }
            slot = (slot + 1) & mask
        }
        let number = names.count
        names.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self))
        spans.append(range)
        hashes.append(hash)
        slots[slot] = number + 1
        if names.count * 2 > slots.count { grow() }
        return number
    }

    private static func equal(_ first: Range<Int>, _ second: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard first.count == second.count else { return false }
        for offset in 0..<first.count where bytes[first.lowerBound + offset] != bytes[second.lowerBound + offset] { return false }
        return true
    }

    private mutating func grow() {
        slots = [Int](repeating: 0, count: slots.count * 2)
        let mask = slots.count - 1
        for (number, hash) in hashes.enumerated() {
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = number + 1
        }
    }
}
