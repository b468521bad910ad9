import Features
import GraphQLIndex
import SourceText

/// A JSON response fixture checked against the project's operations as the server checks an open fixture (deep
/// nesting, huge numbers, bad escapes, long strings among the inputs), with the quick fixes of every line: each one's
/// edits inside the text and apart, and a fix applied to valid JSON leaves valid JSON.
///
/// Input: the first byte picks the operation, the rest is the fixture's text.
public final class FixtureSurface: FuzzSurface {
    private let fixture: FuzzFixture
    private let operations: [OperationDefinition]
    private let fragments: [String: FragmentDefinition]

    public init(_ fixture: FuzzFixture) {
        self.fixture = fixture
        var operations: [OperationDefinition] = []
        var fragments: [String: FragmentDefinition] = [:]
        for document in fixture.project.documents.values where document.role == .executable {
            operations += document.effective.operations
            for fragment in document.effective.fragments { fragments[fragment.name.value] = fragment }
        }
        self.operations = operations.sorted { ($0.name?.value ?? "") < ($1.name?.value ?? "") }
        self.fragments = fragments
    }

    public func run(_ input: [UInt8]) {
        guard let pick = input.first, !operations.isEmpty else { return }
        let text = Array(input.dropFirst())
        let operation = operations[Int(pick) % operations.count]
        let schema = fixture.project.schema
        let diagnostics = ResponseFixtureCheck.diagnostics(of: text, operation: operation, schema: schema, fragments: fragments)
        let wasValid = (try? JSONSyntax.parse(text).get()) != nil
        let lines = LineTable(text)
        var judged: Set<[Diagnostic.Fix]> = []
        for line in 0..<lines.lineCount {
            let range = lines.contentRange(ofLine: line)
            for action in ResponseFixtureActions.actions(at: range, lines: lines, diagnostics: diagnostics) where judged.insert(action.edits).inserted {
                EditCheck.edits(action.edits, in: text, what: "the fixture's quick fix \(action.title)")
                guard wasValid else { continue }
                let fixed = MockCodeAction.applying(action.edits, to: text)
                if case .failure(let error) = JSONSyntax.parse(fixed) {
                    fatalError("the fixture's quick fix \(action.title) makes valid JSON invalid (\(error.message)):\n\(String(decoding: fixed, as: UTF8.self))")
                }
            }
        }
    }

    /// Responses of AnimalKingdom's operations (and Bookshelf's, without `../shared`), as tests keep them.
    static let seeds: [String] = [
        #"{"data":{"allAnimals":[{"__typename":"Dog","id":"1","species":"Lab","height":{"__typename":"Height","feet":1,"inches":2},"skinCovering":"FUR","houseDetails":"kennel"},{"__typename":"Cat","id":"2","species":"Tabby","skinCovering":null}]}}"#,
        #"{"data":{"dog":{"__typename":"Dog","id":"1","species":"Lab","houseDetails":null}}}"#,
        #"{"data":{"classroomPets":[{"__typename":"Cat","species":"Felis catus","humanName":"Tom","laysEggs":false,"bodyTemperature":38,"isJellicle":true},{"__typename":"PetRock","humanName":"Rocky","favoriteToy":"Pebble"},null]}}"#,
        #"{"@operation":"DogQuery","data":{"dog":{"id":"1","species":"Lab"}}}"#,
        #"{"data":null,"errors":[{"message":"no"}]}"#,
        #"{"data":{"book":{"__typename":"Book","id":"1","title":"Dune","author":{"__typename":"Author","name":"Frank"}}}}"#,
    ]

    /// What JSON fixtures hold that parsers stumble on.
    static let hostile: [String] = [
        String(repeating: "[", count: 300), String(repeating: "{\"a\":", count: 200), "1e999999", "-0.0e-0",
        "123456789012345678901234567890", "\"\\u12\"", "\"\\x\"", "\"\\ud800\"", "\u{0}", "\"\u{7}\"", "tru", "nul",
        ",,", "}", "]", "\"__typename\":\"Bird\"", "\"__typename\":7", "\"FUR\"", "\"SCALES\"", "null", "\n",
    ]

    public func generate(_ random: inout SeededRandom) -> [UInt8] {
        var text = Array(random.pick(Self.seeds).utf8)
        for _ in 0..<random.below(4) {
            let at = random.below(text.count + 1)
            if random.chance(12) {
                // A long string: a megabyte and more now and then.
                let long = "\"" + String(repeating: "x", count: random.chance(8) ? 1_200_000 : 5_000) + "\""
                text.insert(contentsOf: Array(long.utf8), at: at)
            } else if random.chance(2) {
                text.insert(contentsOf: Array(random.pick(Self.hostile).utf8), at: at)
            } else {
                text.removeSubrange(at..<min(text.count, at + random.below(8)))
            }
        }
        return [UInt8(truncatingIfNeeded: random.next())] + text
    }
}
