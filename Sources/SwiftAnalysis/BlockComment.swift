/// Swift's `/* … */` comments, read from bytes: they nest.
enum BlockComment {
    /// The offset after the `*/` closing the block comment at `start` (comments nest), or the bytes' end.
    static func end<Bytes: RandomAccessCollection<UInt8>>(in bytes: Bytes, from start: Int) -> Int where Bytes.Index == Int {
        let (slash, star) = (UInt8(ascii: "/"), UInt8(ascii: "*"))
        var depth = 0
        var index = start
        while index + 1 < bytes.endIndex {
            if bytes[index] == slash, bytes[index + 1] == star {
                depth += 1
                index += 2
            } else if bytes[index] == star, bytes[index + 1] == slash {
                depth -= 1
                index += 2
                if depth == 0 { return index }
            } else {
                index += 1
            }
        }
        return bytes.endIndex
    }
}
