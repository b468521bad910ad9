import Features
import Foundation
import GraphQLIndex
import MocklsTestSupport
import SourceText
import XCTest

/// JSON response fixtures checked against the operations of the repository's own API (Examples/Bookshelf) and of
/// AnimalKingdom as Apollo 2.3 ships it (kept in the repository): correct ones stay silent, each kind of mistake is
/// reported where it is, and each fix, applied, leaves a fixture with that diagnostic gone.
final class ResponseFixtureCheckTests: XCTestCase {
    /// Checks fixtures against the operations of Examples/Bookshelf or of AnimalKingdom.
    private struct Check {
        let project: ProjectIndex

        init(bookshelf: Bool = false) throws {
            project = bookshelf ? try FeatureFixture.bookshelf().project : try FeatureFixture.animalKingdom().project
        }

        func callAsFunction(_ json: String, _ operationName: String, variables: String? = nil) throws -> [Diagnostic] {
            var fragments: [String: FragmentDefinition] = [:]
            var operation: OperationDefinition?
            for document in project.documents.values where document.role == .executable {
                for fragment in document.effective.fragments { fragments[fragment.name.value] = fragment }
                operation = operation ?? document.effective.operations.first { $0.name?.value == operationName }
            }
            let variablesNode = try variables.map { try JSONSyntax.parse(Array($0.utf8)).get() }
            return ResponseFixtureCheck.diagnostics(
                of: Array(json.utf8), operation: try XCTUnwrap(operation), schema: project.schema, fragments: fragments, variables: variablesNode)
        }
    }

    /// `code` at the text the diagnostic covers.
    private func summary(_ diagnostics: [Diagnostic], in json: String) -> [String] {
        let bytes = Array(json.utf8)
        return diagnostics.map { "\($0.code.rawValue) \(String(decoding: bytes[$0.range], as: UTF8.self))" }
    }

    private func applying(_ fix: Diagnostic.Fix, to json: String) -> String {
        var bytes = Array(json.utf8)
        bytes.replaceSubrange(fix.range, with: Array(fix.text.utf8))
        return String(decoding: bytes, as: UTF8.self)
    }

    func testCorrectFixturesOfTheOwnAPIAreSilent() throws {
        let check = try Check(bookshelf: true)
        // A fragment's fields beside the operation's, a custom scalar, an enum, a nullable field left null.
        let book = #"""
        {"data": {"book": {"__typename": "Book", "id": "1", "title": "Dune", "rating": null, "genre": "FICTION",
          "author": {"__typename": "Author", "name": "Frank Herbert"}, "published": "1965-08-01",
          "coAuthors": [{"__typename": "Author", "name": "Brian Herbert", "born": 1947}]}}}
        """#
        XCTAssertEqual(try check(book, "Book"), [])
        // Without the `data` wrapper, a union's type cases.
        let search = #"""
        {"search": [
          {"__typename": "Book", "title": "Dune", "author": {"__typename": "Author", "name": "Frank Herbert"}},
          {"__typename": "Author", "name": "Frank Herbert", "born": null}
        ]}
        """#
        XCTAssertEqual(try check(search, "Search"), [])
    }

    func testEachMistakeOfTheOwnAPIWhereItIs() throws {
        let check = try Check(bookshelf: true)
        let json = #"""
        {"data": {"book": {"__typename": "Book", "id": "1", "title": 7, "rating": "high", "genre": "fiction",
          "author": null, "coAuthors": [{"__typename": "Author", "name": "A", "born": "x"}], "shelf": {}}}}
        """#
        let found = try check(json, "Book")
        XCTAssertEqual(summary(found, in: json), [
            "fixture-missing-field {",
            "fixture-wrong-type 7",
            #"fixture-wrong-type "high""#,
            #"fixture-unknown-enum-value "fiction""#,
            "fixture-null null",
            #"fixture-wrong-type "x""#,
            #"fixture-unselected-field "shelf""#,
        ])
        XCTAssertTrue(found[0].message.contains("`published`"), found[0].message)
    }

    func testEveryFixOfTheOwnAPIRemovesItsDiagnostic() throws {
        let check = try Check(bookshelf: true)
        let json = #"""
        {"data": {"book": {"__typename": "Book", "id": "1", "title": "Dune", "rating": 4.5, "genre": "Fiction",
          "author": {"__typename": "Author", "name": "Frank Herbert", "born": 1920}, "published": null,
          "coAuthors": [{"__typename": "Author", "born": 1947}]}}}
        """#
        let found = try check(json, "Book")
        XCTAssertEqual(found.map(\.code), [.fixtureUnknownEnumValue, .fixtureUnselectedField, .fixtureMissingField])
        for diagnostic in found {
            let fix = try XCTUnwrap(diagnostic.fixes.first, "\(diagnostic)")
            let fixed = applying(fix, to: json)
            let after = try check(fixed, "Book")
            XCTAssertEqual(after.count, found.count - 1, "\(fix.title):\n\(fixed)\n\(after)")
            XCTAssertNoThrow(try JSONSyntax.parse(Array(fixed.utf8)).get(), fixed)
        }
        XCTAssertEqual(found[0].fixes.first?.text, #""FICTION""#)
    }

    func testIncludeFollowsTheVariablesOfTheOwnAPI() throws {
        let check = try Check(bookshelf: true)
        let json = #"{"shelves": [{"__typename": "Shelf", "id": "s1", "label": "Fiction", "books": [{"__typename": "Book", "title": "Dune"}]}]}"#
        XCTAssertEqual(try check(json, "Shelves", variables: #"{"withBooks": true}"#), [])
        XCTAssertEqual(try check(json, "Shelves", variables: #"{"withBooks": false}"#).map(\.code), [.fixtureUnselectedField])
        let withoutBooks = #"{"shelves": [{"__typename": "Shelf", "id": "s1", "label": "Fiction"}]}"#
        XCTAssertEqual(try check(withoutBooks, "Shelves", variables: #"{"withBooks": true}"#).map(\.code), [.fixtureMissingField])
        // Without variables, what they decide is neither required nor unexpected.
        XCTAssertEqual(try check(withoutBooks, "Shelves"), [])
    }

    func testCorrectFixturesAreSilent() throws {
        let check = try Check()
        let dog = #"{"data": {"allAnimals": [{"__typename": "Dog", "id": "1", "skinCovering": "FUR", "species": "Lab", "houseDetails": null}, {"__typename": "Cat", "id": 2, "skinCovering": null}]}}"#
        XCTAssertEqual(try check(dog, "DogQuery"), [])
        // Without the `data` wrapper, with a union and its fragments' type cases.
        let pets = #"""
        {"classroomPets": [
          {"__typename": "Cat", "species": "Cat", "humanName": null, "laysEggs": false, "bodyTemperature": 38, "isJellicle": true},
          {"__typename": "PetRock", "humanName": "Rocky", "favoriteToy": "Moss"},
          null
        ]}
        """#
        XCTAssertEqual(try check(pets, "ClassroomPets"), [])
    }

    func testEachMistakeWhereItIs() throws {
        let check = try Check()
        let json = #"""
        {"data": {"allAnimals": [
          {"__typename": "Dog", "id": "1", "skinCovering": "fur", "species": "Lab", "houseDetails": {}, "wings": 2},
          {"id": "3", "skinCovering": null},
          {"__typename": "Dog", "id": null, "skinCovering": "HAIR"},
          {"__typename": "Query", "id": "5", "skinCovering": 4},
          {"__typename": "Cat", "id": 1.5, "skinCovering": null}
        ]}}
        """#
        let found = try check(json, "DogQuery")
        XCTAssertEqual(summary(found, in: json), [
            #"fixture-unknown-enum-value "fur""#,
            #"fixture-unselected-field "wings""#,
            "fixture-typename {",
            "fixture-missing-field {",
            "fixture-missing-field {",
            "fixture-null null",
            #"fixture-typename "Query""#,
            "fixture-wrong-type 4",
            "fixture-wrong-type 1.5",
        ])
        XCTAssertEqual(found.map(\.severity), [.warning, .warning, .error, .error, .warning, .error, .error, .error, .error])
        XCTAssertTrue(found[3].message.contains("`species` (`String!`)"), found[3].message)
        XCTAssertTrue(found[4].message.contains("`houseDetails`"), found[4].message)
    }

    func testEveryFixRemovesItsDiagnostic() throws {
        let check = try Check()
        let json = #"""
        {"data": {"allAnimals": [
          {"__typename": "Dog", "id": "1", "skinCovering": "Fur", "species": "Lab", "houseDetails": null, "wings": 2},
          {"__typename": "Dog", "id": "2", "skinCovering": "HAIR"},
          {"__typename": "Cat", "id": "3", "skinCovering": null, "extra": true}
        ]}}
        """#
        let found = try check(json, "DogQuery")
        XCTAssertEqual(found.map(\.code), [.fixtureUnknownEnumValue, .fixtureUnselectedField, .fixtureMissingField, .fixtureMissingField, .fixtureUnselectedField])
        for diagnostic in found {
            let fix = try XCTUnwrap(diagnostic.fixes.first, "\(diagnostic)")
            let fixed = applying(fix, to: json)
            let after = try check(fixed, "DogQuery")
            XCTAssertEqual(after.count, found.count - 1, "\(fix.title):\n\(fixed)\n\(after)")
            XCTAssertNoThrow(try JSONSyntax.parse(Array(fixed.utf8)).get(), fixed)
        }
        XCTAssertEqual(found[0].fixes.first?.text, #""FUR""#)
        XCTAssertEqual(found[2].fixes.first?.text, #""species": "", "#)
    }

    func testIncludeAndSkipFollowTheVariables() throws {
        let check = try Check()
        let json = #"{"allAnimals": [{"__typename": "Crocodile", "height": {"__typename": "Height", "feet": 1, "inches": 2}, "skinCovering": null, "predators": [], "species": "Crocodile"}]}"#
        let includes = #"{"includeSpecies": true, "skipHeightInMeters": true, "getCat": false, "getWarmBlooded": false, "varA": false}"#
        XCTAssertEqual(try check(json, "AllAnimalsIncludeSkipQuery", variables: includes), [])
        let excludes = includes.replacingOccurrences(of: #""includeSpecies": true"#, with: #""includeSpecies": false"#)
        XCTAssertEqual(try check(json, "AllAnimalsIncludeSkipQuery", variables: excludes).map(\.code), [.fixtureUnselectedField])
        let needsMeters = includes.replacingOccurrences(of: #""skipHeightInMeters": true"#, with: #""skipHeightInMeters": false"#)
        XCTAssertEqual(try check(json, "AllAnimalsIncludeSkipQuery", variables: needsMeters).map(\.code), [.fixtureMissingField])
        // Without variables, what they decide is neither required nor unexpected.
        XCTAssertEqual(try check(json, "AllAnimalsIncludeSkipQuery"), [])
    }

    /// Apollo reads `__typename` to pick type cases: on `height`, of the one type `Height` with none, any name reads
    /// (Pocket's fixtures write "[some-type-name]"; the same response runs through Apollo 1.25.7 in
    /// test_test_transport.py). On `allAnimals`, an interface, the name picks the type cases: an error.
    func testAPlaceholderTypenameMattersOnlyWhereItPicksTypeCases() throws {
        let check = try Check()
        let includes = #"{"includeSpecies": true, "skipHeightInMeters": true, "getCat": false, "getWarmBlooded": false, "varA": false}"#
        let height = #"{"allAnimals": [{"__typename": "Crocodile", "height": {"__typename": "[some-type-name]", "feet": 1, "inches": 2}, "skinCovering": null, "predators": [], "species": "Crocodile"}]}"#
        XCTAssertEqual(try check(height, "AllAnimalsIncludeSkipQuery", variables: includes), [])
        let animal = height.replacingOccurrences(of: #""__typename": "Crocodile""#, with: #""__typename": "[some-type-name]""#)
        XCTAssertEqual(summary(try check(animal, "AllAnimalsIncludeSkipQuery", variables: includes), in: animal), [#"fixture-typename "[some-type-name]""#])
    }

    /// On `author`, of the one type `Author` with no type cases, any name reads; on `search`, a union, the name picks
    /// the type cases: an error, and so is a missing one.
    func testAPlaceholderTypenameOfTheOwnAPIMattersOnlyWhereItPicksTypeCases() throws {
        let check = try Check(bookshelf: true)
        let book = #"{"search": [{"__typename": "Book", "title": "Dune", "author": {"__typename": "[some-type-name]", "name": "Frank Herbert"}}]}"#
        XCTAssertEqual(try check(book, "Search"), [])
        let result = book.replacingOccurrences(of: #""__typename": "Book""#, with: #""__typename": "[some-type-name]""#)
        XCTAssertEqual(summary(try check(result, "Search"), in: result), [#"fixture-typename "[some-type-name]""#])
        let missing = #"{"search": [{"name": "Frank Herbert", "born": null}]}"#
        XCTAssertEqual(summary(try check(missing, "Search"), in: missing), ["fixture-typename {"])
    }

    /// `@skip` as `@include` the other way round (Examples/Bookshelf has only `@include`).
    func testSkipFollowsTheVariables() throws {
        let project = ProjectIndex(namespace: "Library", format: .newest, sources: [
            ("schema.graphqls", .schema, Array("type Query { books: [Book!]! }\ntype Book { title: String! rating: Float }".utf8)),
            ("Books.graphql", .executable, Array("query Books($brief: Boolean!) { books { title rating @skip(if: $brief) } }".utf8)),
        ])
        let operation = try XCTUnwrap(project.documents["Books.graphql"]?.effective.operations.first)
        func check(_ json: String, brief: Bool?) throws -> [DiagnosticCode] {
            let variables = try brief.map { try JSONSyntax.parse(Array(#"{"brief": \#($0)}"#.utf8)).get() }
            return ResponseFixtureCheck.diagnostics(of: Array(json.utf8), operation: operation, schema: project.schema, fragments: [:], variables: variables)
                .map(\.code)
        }
        let rated = #"{"books": [{"__typename": "Book", "title": "Dune", "rating": 4.5}]}"#
        let unrated = #"{"books": [{"__typename": "Book", "title": "Dune"}]}"#
        XCTAssertEqual(try check(rated, brief: false), [])
        XCTAssertEqual(try check(rated, brief: true), [.fixtureUnselectedField])
        XCTAssertEqual(try check(unrated, brief: true), [])
        XCTAssertEqual(try check(unrated, brief: false), [.fixtureMissingField])
        XCTAssertEqual(try check(unrated, brief: nil), [])
        XCTAssertEqual(try check(rated, brief: nil), [])
    }

    func testBadJSONGetsOneDiagnosticAndNoCrash() throws {
        let check = try Check(bookshelf: true)
        for (text, offset) in [("{\"data\": {,}}", 10), ("", 0), ("{\"a\": 1} x", 9), ("[1, 2", 5), ("\"\\q\"", 2)] {
            let found = try check(text, "Shelves")
            XCTAssertEqual(found.map(\.code), [.fixtureSyntax], text)
            XCTAssertEqual(found.first?.range.lowerBound, offset, text)
        }
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        XCTAssertEqual(try check(deep, "Shelves").map(\.code), [.fixtureSyntax])
        // A large fixture reads through (a hundred thousand shelves).
        let shelf = #"{"__typename": "Shelf", "id": "1", "label": "Fiction"}"#
        let large = #"{"data": {"shelves": ["# + Array(repeating: shelf, count: 100_000).joined(separator: ",") + "]}}"
        XCTAssertEqual(try check(large, "Shelves"), [])
    }

    func testAResponseNamedAfterNoOperationGetsAHintNamingTheClosest() {
        let operations = ["AllAnimalsQuery", "ClassroomPets", "DogQuery", "PetAdoptionMutation"]
        let response = Array(#"{"data": {"allAnimals": []}}"#.utf8)
        let hint = ResponseFixtureCheck.unknownOperationHint(of: response, fileName: "DogQeury", operations: operations)
        XCTAssertEqual(hint?.code, .fixtureUnknownOperation)
        XCTAssertEqual(hint?.severity, .information)
        XCTAssertTrue(hint?.message.contains("the closest is `DogQuery`") ?? false, hint?.message ?? "")
        XCTAssertEqual(hint?.range, 1..<7, "on the \"data\" key")
        XCTAssertEqual(ResponseFixtureCheck.unknownOperationHint(of: response, fileName: "petAdoptin", operations: operations)?.message
            .contains("`PetAdoptionMutation`"), true)
        // Far from every operation, or not a GraphQL response: silent.
        XCTAssertNil(ResponseFixtureCheck.unknownOperationHint(of: response, fileName: "settings", operations: operations))
        XCTAssertNil(ResponseFixtureCheck.unknownOperationHint(of: Array(#"{"dogs": []}"#.utf8), fileName: "DogQeury", operations: operations))
        XCTAssertNil(ResponseFixtureCheck.unknownOperationHint(of: Array(#"{"data": 3}"#.utf8), fileName: "DogQeury", operations: operations))
        XCTAssertNil(ResponseFixtureCheck.unknownOperationHint(of: Array("{".utf8), fileName: "DogQeury", operations: operations))
    }

    func testAFixtureNamesItsOperationByATopLevelKeyThatIsNotAField() throws {
        let check = try Check(bookshelf: true)
        // Where the app loads it (`Mock Data/shelves.json`), a fixture keeps its name and says which operation it answers.
        let wrapped = #"{"@operation": "Shelves", "data": {"shelves": []}}"#
        XCTAssertEqual(ResponseFixtureCheck.declaredOperation(in: Array(wrapped.utf8))?.name, "Shelves")
        XCTAssertEqual(try check(wrapped, "Shelves"), [])
        let unwrapped = #"{"@operation": "Shelves", "shelves": [], "wings": 1}"#
        XCTAssertEqual(summary(try check(unwrapped, "Shelves"), in: unwrapped), [#"fixture-unselected-field "wings""#])
        XCTAssertNil(ResponseFixtureCheck.declaredOperation(in: Array(#"{"data": {"op": "@operation"}}"#.utf8)))
        XCTAssertNil(ResponseFixtureCheck.declaredOperation(in: Array(#"{"@operation": 3}"#.utf8)))
    }

    func testTheHintOffersToNameTheOperationInTheFile() throws {
        let check = try Check(bookshelf: true)
        let json = "{\n  \"data\": {\"shelves\": []}\n}"
        let hint = try XCTUnwrap(ResponseFixtureCheck.unknownOperationHint(of: Array(json.utf8), fileName: "shelves_query", operations: ["Shelves", "Search"]))
        XCTAssertTrue(hint.message.contains(#"add "@operation": "Shelves""#), hint.message)
        let named = applying(try XCTUnwrap(hint.fixes.first), to: json)
        XCTAssertEqual(named, "{\n  \"@operation\": \"Shelves\",\n  \"data\": {\"shelves\": []}\n}")
        XCTAssertEqual(ResponseFixtureCheck.declaredOperation(in: Array(named.utf8))?.name, "Shelves")
        XCTAssertEqual(try check(named, "Shelves"), [])
    }

    func testOneFixAddsEveryMissingTypename() throws {
        // A fixture written before Apollo read `__typename` lacks it on every object below the root.
        let project = ProjectIndex(namespace: "Library", format: .newest, sources: [
            ("schema.graphqls", .schema, Array("type Query { books: [Book!]! }\ntype Book { title: String! author: Author! }\ntype Author { name: String! }".utf8)),
            ("Books.graphql", .executable, Array("query Books { books { title author { name } } }".utf8)),
        ])
        let operation = try XCTUnwrap(project.documents["Books.graphql"]?.effective.operations.first)
        let books = (1...20).map { #"{"title": "T\#($0)", "author": {"name": "A"}}"# }.joined(separator: ",\n  ")
        let json = "{\"data\": {\"books\": [\n  \(books)\n]}}"
        let check = { (text: String) in
            ResponseFixtureCheck.diagnostics(of: Array(text.utf8), operation: operation, schema: project.schema, fragments: [:], variables: nil)
        }
        let found = check(json)
        XCTAssertEqual(Set(found.map(\.code)), [.fixtureTypename])
        XCTAssertEqual(found.count, 40)
        // Asked on the first book's line: its own fixes, and one for all.
        let lines = LineTable(Array(json.utf8))
        let second = lines.offset(of: LineColumn(line: 1, column: 0), unit: .utf8)
        let actions = ResponseFixtureActions.actions(at: second..<second, lines: lines, diagnostics: found)
        XCTAssertEqual(actions.map(\.title), [#"Add "__typename""#, #"Add "__typename""#, #"Add every missing "__typename" (40)"#])
        var bytes = Array(json.utf8)
        for edit in actions[2].edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            bytes.replaceSubrange(edit.range, with: Array(edit.text.utf8))
        }
        let fixed = String(decoding: bytes, as: UTF8.self)
        XCTAssertEqual(check(fixed), [], fixed)
        XCTAssertTrue(fixed.contains(#"{"__typename": "Book", "title": "T1", "author": {"__typename": "Author", "name": "A"}}"#), fixed)
        // One missing: its own fix only.
        let one = #"{"data": {"books": [{"__typename": "Book", "title": "T", "author": {"name": "A"}}]}}"#
        XCTAssertEqual(ResponseFixtureActions.actions(at: 0..<0, lines: LineTable(Array(one.utf8)), diagnostics: check(one)).count, 1)
    }

    func testStringsAndNumbersAsJSONWritesThem() throws {
        let node = try JSONSyntax.parse(Array(#"{"a": "é\"\u00e9\ud83d\ude00\n", "b": -1.5e3, "c": [true, false, null]}"#.utf8)).get()
        XCTAssertEqual(node.member("a")?.string, "é\"é😀\n")
        XCTAssertEqual(node.member("b")?.value, .number("-1.5e3"))
        guard case .array(let elements)? = node.member("c")?.value else { return XCTFail("c is not a list") }
        XCTAssertEqual(elements.map(\.value), [.bool(true), .bool(false), .null])
        XCTAssertEqual(elements.map(\.range.count), [4, 5, 4])
        for bad in ["01", "1.", "-", "[1,,]", "[,]", "{,}", "{\"a\": 1,,}", "{\"a\" 1}", "tru", "\"\u{1}\""] {
            XCTAssertThrowsError(try JSONSyntax.parse(Array(bad.utf8)).get(), bad)
        }
        // One trailing comma, as Darwin's JSONSerialization takes it (Pocket's iOS fixtures have them).
        let trailing = try JSONSyntax.parse(Array("{\"a\": [1, 2,\n],\n}".utf8)).get()
        guard case .array(let numbers)? = trailing.member("a")?.value else { return XCTFail("a is not a list") }
        XCTAssertEqual(numbers.map(\.value), [.number("1"), .number("2")])
    }
}
