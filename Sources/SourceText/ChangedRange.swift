/// Where two texts differ, as one replacement: the bytes of `old` to replace (`old`) and those of `new` that replace
/// them (`new`), found by their common prefix and suffix.
public func changedRange(from old: [UInt8], to new: [UInt8]) -> (old: Range<Int>, new: Range<Int>) {
    let common = min(old.count, new.count)
    var prefix = 0
    while prefix < common, old[prefix] == new[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < common - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
    return (prefix..<(old.count - suffix), prefix..<(new.count - suffix))
}
