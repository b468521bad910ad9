/// Apollo's singularizer (`Pluralizer.swift` default rules on InflectorKit 1.0): how list fields name the
/// selection set of their elements (`allAnimals` → `AllAnimal`, `people` → `Person`, `species` → `Specy`).
enum Singularizer {
    /// Tried in order; the first that matches wins (InflectorKit tries the last added first).
    // Regex is not Sendable; these are built once and only read.
    nonisolated(unsafe) private static let rules: [(Regex<AnyRegexOutput>, String)] = [
        ("(database)s$", "$1"), ("(quiz)zes$", "$1"), ("(matr)ices$", "$1ix"), ("(vert|ind)ices$", "$1ex"),
        ("^(ox)en", "$1"), ("(alias|status)(es)?$", "$1"), ("(octop|vir)(us|i)$", "$1us"), ("^(a)x[ie]s$", "$1xis"),
        ("(cris|test)(is|es)$", "$1is"), ("(shoe)s$", "$1"), ("(o)es$", "$1"), ("(bus)(es)?$", "$1"),
        ("^(m|l)ice$", "$1ouse"), ("(x|ch|ss|sh)es$", "$1"), ("(m)ovies$", "$1ovie"), ("(s)eries$", "$1eries"),
        ("([^aeiouy]|qu)ies$", "$1y"), ("([lr])ves$", "$1f"), ("(tive)s$", "$1"), ("(hive)s$", "$1"),
        ("([^f])ves$", "$1fe"), ("(^analy)(sis|ses)$", "$1sis"),
        ("((a)naly|(b)a|(d)iagno|(p)arenthe|(p)rogno|(s)ynop|(t)he)(sis|ses)$", "$1sis"), ("([ti])a$", "$1um"),
        ("(n)ews$", "$1ews"), ("(ss)$", "$1"), ("s$", ""),
    ].map { (try! Regex($0.0).ignoresCase(), $0.1) }

    /// Compared exactly, so Apollo's already capitalised names never match them.
    private static let uncountable: Set<String> = [
        "equipment", "information", "rice", "money", "species", "series", "fish", "sheep", "jeans", "police",
    ]

    private static let irregular: [String: String] = {
        var table: [String: String] = [:]
        for (singular, plural) in [("person", "people"), ("man", "men"), ("child", "children"), ("sex", "sexes"),
                                   ("move", "moves"), ("zombie", "zombies")] {
            table[plural] = singular
            table[SwiftNames.firstUppercased(plural)] = SwiftNames.firstUppercased(singular)
        }
        return table
    }()

    static func singularize(_ word: String) -> String {
        if uncountable.contains(word) { return word }
        if let singular = irregular[word] { return singular }
        for (pattern, template) in rules {
            guard let match = word.firstMatch(of: pattern) else { continue }
            var replacement = ""
            var iterator = template.makeIterator()
            while let character = iterator.next() {
                if character == "$", let digit = iterator.next(), let group = digit.wholeNumberValue {
                    if group < match.output.count, let captured = match.output[group].substring { replacement += captured }
                } else {
                    replacement.append(character)
                }
            }
            return String(word[..<match.range.lowerBound]) + replacement + String(word[match.range.upperBound...])
        }
        return word
    }
}
