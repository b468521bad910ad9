/// Apollo's singularizer (`Pluralizer.swift` default rules on InflectorKit 1.0): how list fields name the
/// selection set of their elements (`allAnimals` → `AllAnimal`, `people` → `Person`, `species` → `Specy`).
///
/// InflectorKit's rules are case-insensitive regular expressions; they are written out here as byte comparisons
/// (Swift's `Regex` made naming a third of the cost of building a project's selection sets). Each rule keeps what
/// its capture matched as written and adds its literal text in lower case, as the expression's template does.
/// `SingularizerTests` checks every rule against the expressions themselves.
public enum Singularizer {
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

    public static func singularize(_ word: String) -> String {
        if uncountable.contains(word) { return word }
        if let singular = irregular[word] { return singular }
        let bytes = Array(word.utf8)
        guard let (keep, replacement, rest) = rule(bytes) else { return word }
        return String(decoding: bytes[..<keep] + Array(replacement.utf8) + bytes[rest...], as: UTF8.self)
    }

    /// The first rule that applies, in InflectorKit's order: keep `bytes[..<keep]`, add `replacement`, keep
    /// `bytes[rest...]`.
    private static func rule(_ bytes: [UInt8]) -> (keep: Int, replacement: String, rest: Int)? {
        let lower = bytes.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }
        let count = lower.count
        func ends(_ suffix: String) -> Bool { lower.count >= suffix.utf8.count && lower.suffix(suffix.utf8.count).elementsEqual(suffix.utf8) }
        func ends(_ suffixes: [String]) -> Bool { suffixes.contains(where: ends) }
        func whole(_ words: [String]) -> Bool { words.contains { lower.elementsEqual($0.utf8) } }
        func isVowel(_ byte: UInt8) -> Bool { "aeiouy".utf8.contains(byte) }
        /// Drops the last `dropping` bytes and adds `adding`.
        func end(dropping: Int, adding: String = "") -> (Int, String, Int) { (count - dropping, adding, count) }

        if ends("databases") { return end(dropping: 1) }                                   // (database)s$
        if ends("quizzes") { return end(dropping: 3) }                                     // (quiz)zes$
        if ends("matrices") { return end(dropping: 4, adding: "ix") }                      // (matr)ices$
        if ends(["vertices", "indices"]) { return end(dropping: 4, adding: "ex") }         // (vert|ind)ices$
        if lower.starts(with: "oxen".utf8) { return (2, "", 4) }                           // ^(ox)en
        if ends(["alias", "status"]) { return end(dropping: 0) }                           // (alias|status)(es)?$
        if ends(["aliases", "statuses"]) { return end(dropping: 2) }
        if ends(["octopus", "virus"]) { return end(dropping: 2, adding: "us") }            // (octop|vir)(us|i)$
        if ends(["octopi", "viri"]) { return end(dropping: 1, adding: "us") }
        if whole(["axis", "axes"]) { return end(dropping: 3, adding: "xis") }              // ^(a)x[ie]s$
        if ends(["crisis", "crises", "testis", "testes"]) { return end(dropping: 2, adding: "is") } // (cris|test)(is|es)$
        if ends("shoes") { return end(dropping: 1) }                                       // (shoe)s$
        if ends("oes") { return end(dropping: 2) }                                         // (o)es$
        if ends("bus") { return end(dropping: 0) }                                         // (bus)(es)?$
        if ends("buses") { return end(dropping: 2) }
        if whole(["mice", "lice"]) { return end(dropping: 3, adding: "ouse") }             // ^(m|l)ice$
        if ends(["xes", "ches", "sses", "shes"]) { return end(dropping: 2) }               // (x|ch|ss|sh)es$
        if ends("movies") { return end(dropping: 5, adding: "ovie") }                      // (m)ovies$
        if ends("series") { return end(dropping: 5, adding: "eries") }                     // (s)eries$
        if ends("ies"), count >= 4, !isVowel(lower[count - 4]) || ends("quies") {          // ([^aeiouy]|qu)ies$
            return end(dropping: 3, adding: "y")
        }
        if ends(["lves", "rves"]) { return end(dropping: 3, adding: "f") }                 // ([lr])ves$
        if ends(["tives", "hives"]) { return end(dropping: 1) }                            // (tive)s$, (hive)s$
        if ends("ves"), count >= 4, lower[count - 4] != UInt8(ascii: "f") {                // ([^f])ves$
            return end(dropping: 3, adding: "fe")
        }
        if whole(["analysis", "analyses"]) { return end(dropping: 3, adding: "sis") }      // (^analy)(sis|ses)$
        let stems = ["analy", "ba", "diagno", "parenthe", "progno", "synop", "the"]       // (…)(sis|ses)$
        if stems.contains(where: { ends($0 + "sis") || ends($0 + "ses") }) { return end(dropping: 3, adding: "sis") }
        if ends(["ta", "ia"]) { return end(dropping: 1, adding: "um") }                    // ([ti])a$
        if ends("news") { return end(dropping: 3, adding: "ews") }                         // (n)ews$
        if ends("ss") { return end(dropping: 0) }                                          // (ss)$
        if ends("s") { return end(dropping: 1) }                                           // s$
        return nil
    }
}
