/// Apollo iOS 2.3+'s `options.additionalCapitalizationRules` (apollo-ios-codegen `Capitalizer.swift`): each rule
/// re-cases the camelCase word segments of a generated name that match its term. Apollo applies them to test mock
/// properties and labels (`Mock<User>(userID:)`), selection-set accessors and initializer parameters
/// (`data.user.userID`) and enum cases, and since 2.4 to the names of operations and fragments
/// (`UserByIDQuery`); response keys stay as written (`@Field<ID>("userId")`).
public struct CapitalizationRule: Sendable, Hashable {
    public enum Term: Sendable, Hashable {
        /// A whole segment, compared without case: `id` matches `Id` and `ID`, not `Ids` or `Hidden`.
        case string(String)
        /// A regular expression found anywhere in a segment (unanchored, case-sensitive); the whole segment is re-cased.
        case regex(String)
    }

    public enum Strategy: Sendable, Hashable {
        /// Upper-cases a segment that starts with a capital (`Id` → `ID`; a leading `id` stays, as SwiftFormat's
        /// `acronyms` rule has it).
        case upper
        case lower
        /// The segment becomes this text.
        case replace(String)
    }

    public var term: Term
    public var strategy: Strategy

    public init(term: Term, strategy: Strategy) {
        self.term = term
        self.strategy = strategy
    }
}

/// Applies capitalization rules to generated names, as Apollo's codegen does (no rules: names unchanged).
public struct Capitalizer: Sendable, Hashable {
    public var rules: [CapitalizationRule]

    public init(rules: [CapitalizationRule] = []) { self.rules = rules }

    /// `name` split into camelCase segments, each re-cased by every rule that matches it (in order), joined again.
    public func apply(to name: String) -> String {
        guard !rules.isEmpty, !name.isEmpty else { return name }
        var segments = Self.segments(of: name)
        for rule in rules {
            for index in segments.indices where Self.matches(rule.term, segments[index]) {
                segments[index] = Self.apply(rule.strategy, to: segments[index])
            }
        }
        return Self.joined(segments)
    }

    /// A new segment starts at an upper-case letter after a lower-case one, or at the last of a run of capitals
    /// that a lower-case letter follows (`XMLParser` → `XML`, `Parser`). Digits and `_` never split.
    static func segments(of name: String) -> [String] {
        let characters = Array(name)
        var segments: [String] = []
        var current = ""
        for (index, character) in characters.enumerated() {
            if index > 0, character.isUppercase {
                let previous = characters[index - 1]
                let startsWord = previous.isLowercase
                    || (previous.isUppercase && index + 1 < characters.count && characters[index + 1].isLowercase)
                if startsWord {
                    segments.append(current)
                    current = ""
                }
            }
            current.append(character)
        }
        if !current.isEmpty { segments.append(current) }
        return segments
    }

    private static func matches(_ term: CapitalizationRule.Term, _ segment: String) -> Bool {
        switch term {
        case .string(let text):
            return segment.lowercased() == text.lowercased()
        case .regex(let pattern):
            // A pattern Apollo would reject (its validation fails the codegen) matches nothing here.
            guard let regex = try? Regex(pattern) else { return false }
            return (try? regex.firstMatch(in: segment)) != nil
        }
    }

    private static func apply(_ strategy: CapitalizationRule.Strategy, to segment: String) -> String {
        switch strategy {
        case .upper: segment.first?.isUppercase == true ? segment.uppercased() : segment
        case .lower: segment.lowercased()
        case .replace(let replacement): replacement
        }
    }

    /// The first segment as it is; the others capitalized unless they are all capitals; empty ones dropped.
    private static func joined(_ segments: [String]) -> String {
        guard var result = segments.first else { return "" }
        for segment in segments.dropFirst() where !segment.isEmpty {
            result += segment == segment.uppercased() ? segment : segment.prefix(1).uppercased() + segment.dropFirst()
        }
        return result
    }
}
