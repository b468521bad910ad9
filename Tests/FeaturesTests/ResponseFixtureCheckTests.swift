import Features
import Foundation
import GraphQLIndex
import MocklsTestSupport
import XCTest

/// JSON response fixtures checked against AnimalKingdom's operations (../shared): correct ones stay silent, each kind
/// of mistake is reported where it is, and each fix, applied, leaves a fixture with that diagnostic gone.
final class ResponseFixtureCheckTests: XCTestCase {
    private func check(_ json: String, _ operationName: String, variables: String? = nil) throws -> [Diagnostic] {
        let project = try FeatureFixture(api: "AnimalKingdomAPI").project
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

    func testCorrectFixturesAreSilent() throws {
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

    func testBadJSONGetsOneDiagnosticAndNoCrash() throws {
        for (text, offset) in [("{\"data\": {,}}", 10), ("", 0), ("{\"a\": 1} x", 9), ("[1, 2", 5), ("\"\\q\"", 2)] {
            let found = try check(text, "DogQuery")
            XCTAssertEqual(found.map(\.code), [.fixtureSyntax], text)
            XCTAssertEqual(found.first?.range.lowerBound, offset, text)
        }
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        XCTAssertEqual(try check(deep, "DogQuery").map(\.code), [.fixtureSyntax])
        // A large fixture reads through (a hundred thousand animals).
        let animal = #"{"__typename": "Cat", "id": "1", "skinCovering": null}"#
        let large = #"{"data": {"allAnimals": ["# + Array(repeating: animal, count: 100_000).joined(separator: ",") + "]}}"
        XCTAssertEqual(try check(large, "DogQuery"), [])
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

    func testStringsAndNumbersAsJSONWritesThem() throws {
        let node = try JSONSyntax.parse(Array(#"{"a": "é\"\u00e9\ud83d\ude00\n", "b": -1.5e3, "c": [true, false, null]}"#.utf8)).get()
        XCTAssertEqual(node.member("a")?.string, "é\"é😀\n")
        XCTAssertEqual(node.member("b")?.value, .number("-1.5e3"))
        guard case .array(let elements)? = node.member("c")?.value else { return XCTFail("c is not a list") }
        XCTAssertEqual(elements.map(\.value), [.bool(true), .bool(false), .null])
        XCTAssertEqual(elements.map(\.range.count), [4, 5, 4])
        for bad in ["01", "1.", "-", "[1,]", "{\"a\" 1}", "tru", "\"\u{1}\""] {
            XCTAssertThrowsError(try JSONSyntax.parse(Array(bad.utf8)).get(), bad)
        }
    }
}
