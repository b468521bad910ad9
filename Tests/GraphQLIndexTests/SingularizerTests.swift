import Foundation
import MocklsTestSupport
import XCTest

@testable import GraphQLIndex

/// The singularizer's byte rules give what InflectorKit's regular expressions give, for every field name of the
/// shared schemas and for words built to hit each rule in both cases.
final class SingularizerTests: XCTestCase {
    /// InflectorKit's rules as Apollo runs them: the oracle.
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

    private static let uncountable: Set<String> = [
        "equipment", "information", "rice", "money", "species", "series", "fish", "sheep", "jeans", "police",
    ]
    private static let irregular = ["people": "person", "men": "man", "children": "child", "sexes": "sex", "moves": "move",
                                    "zombies": "zombie", "People": "Person", "Men": "Man", "Children": "Child",
                                    "Sexes": "Sex", "Moves": "Move", "Zombies": "Zombie"]

    static func oracle(_ word: String) -> String {
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

    func testEveryRuleAgainstInflectorKitsExpressions() throws {
        let stems = [
            "database", "quiz", "matr", "vert", "ind", "ox", "alias", "status", "octop", "vir", "a", "cris", "test", "shoe",
            "o", "bus", "m", "l", "x", "ch", "ss", "sh", "movie", "serie", "qu", "b", "d", "lv", "rv", "tive", "hive", "fv",
            "kn", "analy", "ba", "diagno", "parenthe", "progno", "synop", "the", "t", "i", "new", "animal", "person", "y",
            "ies", "aies", "",
        ]
        let endings = ["", "s", "es", "zes", "ices", "en", "i", "us", "is", "ies", "ves", "sis", "ses", "a", "ews", "ss",
                       "xes", "ie", "ice", "e", "ovies", "eries", "xis", "xes"]
        var words: Set<String> = []
        for stem in stems {
            for ending in endings {
                let word = stem + ending
                words.formUnion([word, word.uppercased(), word.prefix(1).uppercased() + word.dropFirst(), "all" + word.prefix(1).uppercased() + word.dropFirst()])
            }
        }
        for word in ["oxenFoo", "Oxen", "OXEN", "axis", "Axes", "mice", "Lice", "quies", "Quies", "analysis", "ANALYSES", "ies", "s", ""] {
            words.insert(word)
        }
        // Every field name of the shared schemas, as Apollo meets them.
        if let shared = try SharedFolder.ifPresent() {
            for url in SharedFixtures.files(under: shared.appendingPathComponent("fixtures/apollo"), extensions: ["graphqls", "graphql"]) {
                let text = try String(contentsOf: url, encoding: .utf8)
                for word in text.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }) { words.insert(String(word)) }
            }
        }
        XCTAssertGreaterThan(words.count, 1000)
        var differences: [String] = []
        for word in words.sorted() where Singularizer.singularize(word) != Self.oracle(word) {
            differences.append("\(word): \(Singularizer.singularize(word)) vs \(Self.oracle(word))")
        }
        XCTAssertEqual(differences, [])
    }
}
