extension String {
    /// Whether the name starts with an upper-case letter (`first?.isUppercase`): a type, by Swift's conventions.
    /// ASCII is told from the first byte; other letters by their Unicode properties, which cost a table lookup
    /// (every name of every test expression is asked).
    var startsUppercase: Bool {
        guard let byte = utf8.first else { return false }
        if byte < 0x80 { return byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") }
        return first?.isUppercase == true
    }

    /// Whether the name starts with a lower-case letter (`first?.isLowercase`): a value or a function.
    var startsLowercase: Bool {
        guard let byte = utf8.first else { return false }
        if byte < 0x80 { return byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") }
        return first?.isLowercase == true
    }
}
