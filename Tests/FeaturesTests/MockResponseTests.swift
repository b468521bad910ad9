@testable import Features
import Foundation
import GraphQLIndex
import MocklsTestSupport
import SwiftAnalysis
import XCTest

/// The JSON response a mock stands for, on AnimalKingdom as Apollo 2.3 ships it (kept in the repository): written with the mock's values, every
/// `__typename`, only what the operation selects, and read back by the fixture check without a word; an error naming
/// each non-null field the mock leaves unset or sets to what mockls does not read.
final class MockResponseTests: XCTestCase {
    private func response(_ body: String, format: MockFormat = .defaults) throws -> (Result<MockResponse.Written, MockResponse.Failure>, ProjectIndex) {
        let project = try FeatureFixture.animalKingdom(format: format).project
        let source = """
            import ApolloTestSupport
            import AnimalKingdomAPITestMocks
            import XCTest

            final class ResponseTests: XCTestCase {
              func testResponse() throws {
            \(body)
              }
            }
            """
        let marked = MarkedSource(source)
        let offset = try XCTUnwrap(marked.offsets["1️⃣"], "no 1️⃣ marker")
        let result = MockResponse.response(at: offset, in: SwiftFile(marked.text), project: project, options: TestConventions())
        return (result, project)
    }

    /// The written response, checked against its operation by `ResponseFixtureCheck`: nothing to report.
    private func assertReadsBack(_ written: MockResponse.Written, operation: String, in project: ProjectIndex, file: StaticString = #filePath, line: UInt = #line) {
        var fragments: [String: FragmentDefinition] = [:]
        var found: OperationDefinition?
        for document in project.documents.values where document.role == .executable {
            for fragment in document.effective.fragments { fragments[fragment.name.value] = fragment }
            found = found ?? document.effective.operations.first { $0.name?.value == operation }
        }
        guard let found else { return XCTFail("no operation \(operation)", file: file, line: line) }
        let diagnostics = ResponseFixtureCheck.diagnostics(of: Array(written.json.utf8), operation: found, schema: project.schema, fragments: fragments)
        XCTAssertEqual(diagnostics, [], written.json, file: file, line: line)
    }

    func testAnOperationsResponseWithTheMocksValues() throws {
        let (result, project) = try response("""
                let dog = Mock<Dog>(id: "1", skinCovering: .case(.fur), species: "Lab \\"Rex\\"")
                let data = 1️⃣DogQuery.Data.from(Mock<Query>(allAnimals: [dog, Mock<Cat>(id: "2", skinCovering: nil)]))
            """)
        let written = try result.get()
        XCTAssertEqual(written.name, "DogQuery")
        XCTAssertEqual(written.json, """
            {
              "data": {
                "allAnimals": [
                  {
                    "__typename": "Dog",
                    "id": "1",
                    "skinCovering": "FUR",
                    "species": "Lab \\"Rex\\"",
                    "houseDetails": null
                  },
                  {
                    "__typename": "Cat",
                    "id": "2",
                    "skinCovering": null
                  }
                ]
              }
            }

            """)
        assertReadsBack(written, operation: "DogQuery", in: project)
    }

    func testAssignmentsDefaultsAndFragments() throws {
        // Apollo ≥ 1.23 fills `id` with its default (""); `species` is assigned after the construction.
        let (result, project) = try response("""
                let dog = Mock<Dog>(skinCovering: .fur)
                dog.species = "Lab"
                let data = 1️⃣DogQuery.Data.from(Mock<Query>(allAnimals: [dog]))
            """)
        let written = try result.get()
        XCTAssertTrue(written.json.contains(#""id": """#), written.json)
        XCTAssertTrue(written.json.contains(#""species": "Lab""#), written.json)
        assertReadsBack(written, operation: "DogQuery", in: project)

        let (fragment, _) = try response("""
                let details = 1️⃣DogFragment.from(Mock<Dog>(species: "Lab"))
            """)
        XCTAssertEqual(try fragment.get(), MockResponse.Written(name: "DogFragment", json: """
            {
              "__typename": "Dog",
              "species": "Lab"
            }

            """))
    }

    func testANestedSelectionSetsObject() throws {
        let (result, _) = try response("""
                let animal = 1️⃣DogQuery.Data.AllAnimal.from(Mock<Dog>(id: "1", skinCovering: .fur, species: "Lab"))
            """)
        XCTAssertEqual(try result.get(), MockResponse.Written(name: "DogQuery.Data.AllAnimal", json: """
            {
              "__typename": "Dog",
              "id": "1",
              "skinCovering": "FUR",
              "species": "Lab",
              "houseDetails": null
            }

            """))
    }

    func testWhatIsNotSetOrNotReadIsAnErrorNotAnInventedValue() throws {
        // Before Apollo 1.23 nothing is filled in: `id` is not set, and `species` is set to a call.
        let (unset, _) = try response("""
                let name = "lab".capitalized
                let dog = Mock<Dog>(skinCovering: .fur, species: name)
                let data = 1️⃣DogQuery.Data.from(Mock<Query>(allAnimals: [dog]))
            """, format: .optionalParameters)
        XCTAssertEqual(unset, .failure(.unset([
            "`allAnimals[0].id` (`ID!`) is not set on the mock",
            "`allAnimals[0].species`: `name` is not a literal mockls reads",
        ])))
        let (empty, _) = try response("""
                let data = 1️⃣DogQuery.Data.from(Mock<Query>())
            """)
        XCTAssertEqual(empty, .failure(.unset(["`allAnimals` (`[Animal!]!`) is not set on the mock"])))
        let (nothing, _) = try response("""
                1️⃣let dog = Mock<Dog>()
            """)
        XCTAssertEqual(nothing, .failure(.noModel))
    }

    /// Values reached through names are read: a variable, a factory's default value, a constant; `withVariables:`
    /// decides `@include`/`@skip` and comes back as the fixture's variables; a `from(_:)` whose mock mockls does not
    /// follow says what it met, and where.
    func testValuesThroughNamesVariablesAndWhatIsNotFollowed() throws {
        let (followed, _) = try response("""
                let species = "Lab"
                let dog = Mock<Dog>(id: Constants.dogID, skinCovering: .fur, species: species)
                let data = 1️⃣DogQuery.Data.from(Mock<Query>(allAnimals: [dog]))
              }
            }
            enum Constants { static let dogID = "d1" }
            func unused() {
              do {
            """)
        let json = try followed.get().json
        XCTAssertTrue(json.contains(#""id": "d1""#) && json.contains(#""species": "Lab""#), json)

        let (conditional, project) = try response("""
                let crocodile = Mock<Crocodile>(height: Mock<Height>(feet: 3, inches: 1), species: "Nile")
                let data = 1️⃣AllAnimalsIncludeSkipQuery.Data.from(
                  Mock<Query>(allAnimals: [crocodile]),
                  withVariables: ["includeSpecies": false, "skipHeightInMeters": true, "getCat": false, "getWarmBlooded": false, "varA": false])
            """)
        let written = try conditional.get()
        XCTAssertFalse(written.json.contains("species"), written.json)
        XCTAssertEqual(written.variables, """
            {
              "getCat": false,
              "getWarmBlooded": false,
              "includeSpecies": false,
              "skipHeightInMeters": true,
              "varA": false
            }

            """)
        assertReadsBack(written, operation: "AllAnimalsIncludeSkipQuery", in: project)

        let (unknown, _) = try response("""
                let data = 1️⃣DogQuery.Data.from(nowhere)
            """)
        guard case .failure(.notFollowed(let reason)) = unknown else { return XCTFail("\(unknown)") }
        XCTAssertTrue(reason.contains("`nowhere` (line 7), which neither the function declares"), reason)
    }

    func testScalarLiteralsAsJSON() throws {
        let (result, project) = try response("""
                let height = Mock<Height>(centimeters: 12.5, feet: 1, inches: 2, meters: 0, relativeSize: .case(.small))
                let bird = Mock<Bird>(bodyTemperature: 1_000, height: height, id: "b", laysEggs: true, skinCovering: .case(.feathers), species: "Tit", wingspan: -2.5e1)
                let data = 1️⃣AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: [bird]))
            """)
        let written = try result.get()
        for member in [#""bodyTemperature": 1000"#, #""wingspan": -2.5e1"#, #""relativeSize": "SMALL""#, #""favoriteToy": """#, #""owner": null"#] {
            XCTAssertTrue(written.json.contains(member), "\(member) in\n\(written.json)")
        }
        assertReadsBack(written, operation: "AllAnimalsQuery", in: project)
    }

    // MARK: Round trip

    /// A JSON value spelled as the Swift dictionary literal a test passes to `X.Data(data:)`.
    static func swiftLiteral(_ node: JSONNode, indent: String = "") -> String {
        switch node.value {
        case .object(let members):
            if members.isEmpty { return "[:]" }
            let inner = indent + "  "
            return "[\n" + members.map { member in
                let value: String
                if case .null = member.value.value { value = "NSNull()" } else { value = swiftLiteral(member.value, indent: inner) }
                return inner + ScalarLiteralSpelling.string(member.key) + ": " + value
            }.joined(separator: ",\n") + ",\n" + indent + "]"
        case .array(let elements):
            if elements.isEmpty { return "[]" }
            return "[" + elements.map { swiftLiteral($0, indent: indent) }.joined(separator: ", ") + "]"
        case .string(let text): return ScalarLiteralSpelling.string(text)
        case .number(let text): return text
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return "nil"
        }
    }

    /// A JSON value as a Swift literal of `[String: Any]`s, `[Any]`s and `NSNull()` (what `same` compares).
    static func anyLiteral(_ node: JSONNode) -> String {
        switch node.value {
        case .object(let members):
            guard !members.isEmpty else { return "[String: Any]()" }
            return "[" + members.map { ScalarLiteralSpelling.string($0.key) + ": " + anyLiteral($0.value) }.joined(separator: ", ") + "] as [String: Any]"
        case .array(let elements): return "[" + elements.map(anyLiteral).joined(separator: ", ") + "] as [Any]"
        case .string(let text): return ScalarLiteralSpelling.string(text)
        case .number(let text): return text
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return "NSNull()"
        }
    }

    /// Run against stand-ins of Apollo compiled with the project's generated mocks: the response written for each
    /// converted mock of the scenarios holds exactly the data the mock hands `from(_:)` (`_selectionSetMockData`),
    /// for every field the operation reads.
    func testAnimalKingdomsWrittenResponsesHoldExactlyTheMocksData() throws {
        try checkWrittenResponses(of: ResponseConversionTests.apis[1])
    }

    func testStarWarsWrittenResponsesHoldExactlyTheMocksData() throws {
        try checkWrittenResponses(of: ResponseConversionTests.apis[0])
    }

    private func checkWrittenResponses(of scenario: (api: String, file: String, golden: String)) throws {
        let (api, path, golden) = scenario
        for (name, format) in ResponseConversionTests.formats {
            let source = try ResponseConversionTests.read(path, for: format)
            let file = SwiftFile(source)
            let project = try ResponseConversionTests.fixture(api, format: format).project
            var checks: [ResponseConversionTests.MockCheck] = []
            for site in ResponseConversionTests.sites("convert", in: source) {
                guard let found = ResponseConversionTests.converted(at: site, in: file, project: project) else {
                    return XCTFail("\(name): line \(site.line) does not convert")
                }
                let (use, statements, model, call) = (found.use, found.statements, found.model, found.call)
                let converted = ResponseConversionTests.applying(found.action.edits, to: source)
                let text = String(decoding: converted, as: UTF8.self)
                let modelStart = try XCTUnwrap(text.range(of: model)).lowerBound
                let offset = text.utf8.distance(from: text.startIndex, to: modelStart) + model.utf8.distance(from: model.startIndex, to: call.lowerBound) + 1
                guard case .success(let written) = MockResponse.response(at: offset, in: SwiftFile(converted), project: project, options: TestConventions())
                else { continue }  // a dictionary without a selected non-null field (checkRoundTrips)
                let root = try JSONSyntax.parse(Array(written.json.utf8)).get()
                let unread = ResponseConversionTests.keysUnread(from: try XCTUnwrap(ValueResolver(file: file, project: project).selectionSet(use.consumer.path)), in: project)
                checks.append(ResponseConversionTests.MockCheck(
                    statements: statements, mock: String(model[call.upperBound...].prefix { $0.isLetter || $0.isNumber }),
                    expected: Self.anyLiteral(root.member("data") ?? root), line: site.line, unread: unread))
            }
            try ResponseConversionTests.assertMocksHold(checks, api: api, project: project, format: format, runName: "response-\(golden)-\(name)")
        }
    }

    /// Every dictionary of Tests/scenarios/conversions (each API, each mock format), converted into a mock: the
    /// response written for that mock, spelled again as a dictionary and converted (`mockls convert`), writes the
    /// same response. JSON → mock → JSON is a fixed point, and the response reads back as its operation's fixture.
    func testAnimalKingdomsResponsesRoundTripThroughTheConversion() throws {
        try checkRoundTrips(of: ResponseConversionTests.apis[1], dictionaries: 9, withoutANonNullField: 0)
    }

    func testStarWarsResponsesRoundTripThroughTheConversion() throws {
        try checkRoundTrips(of: ResponseConversionTests.apis[0], dictionaries: 27, withoutANonNullField: 3)
    }

    /// `dictionaries`: the scenario's in the three formats; `withoutANonNullField`: those among them that lack a
    /// selected non-null field, for which no response is written.
    private func checkRoundTrips(of scenario: (api: String, file: String, golden: String), dictionaries: Int, withoutANonNullField: Int) throws {
        let (api, path, _) = scenario
        var roundTrips = 0
        var unwritable: [String] = []
        for (name, format) in ResponseConversionTests.formats {
            let source = try ResponseConversionTests.read(path, for: format)
            let project = try ResponseConversionTests.fixture(api, format: format).project
            let file = SwiftFile(source)
            for site in ResponseConversionTests.sites("convert", in: source) {
                let mocks = "\(project.namespace)TestMocks"
                guard case .converted(let action)? = ResponseConversion.convert(at: site.offset, in: file, project: project, mocksModule: mocks)
                else { XCTFail("\(name) line \(site.line) does not convert"); continue }
                let converted = ResponseConversionTests.applying(action.edits, to: source)
                // The consumer, now `X.Data.from(mock)`, is the first `from(` at or after the edit of the site's line.
                let consumerEdit = try XCTUnwrap(action.edits.last)
                let shift = action.edits.dropLast().reduce(0) { $0 + $1.text.utf8.count - $1.range.count }
                let convertedText = String(decoding: converted, as: UTF8.self)
                let from = try XCTUnwrap(convertedText.utf8.indices.map { convertedText.utf8.distance(from: convertedText.utf8.startIndex, to: $0) }
                    .first { $0 >= consumerEdit.range.lowerBound + shift && converted[$0...].starts(with: Array("from(".utf8)) })
                let first: MockResponse.Written
                switch MockResponse.response(at: from, in: SwiftFile(converted), project: project, options: TestConventions()) {
                case .success(let written): first = written
                case .failure(.unset(let problems)) where problems.allSatisfy({ $0.hasSuffix("is not set on the mock") }):
                    // The dictionary itself lacks a non-null field (Apollo's `init(data:)` would throw): the
                    // mock faithfully leaves it unset, and no response is invented for it.
                    unwritable.append("\(api) \(name) line \(site.line)")
                    continue
                case .failure(let failure): XCTFail("\(api) \(name) line \(site.line): \(failure)"); continue
                }
                // Spelled again as a dictionary, in a test of its own, and converted.
                let root = try JSONSyntax.parse(Array(first.json.utf8)).get()
                let isFragment = root.member("data") == nil
                let dictionary = Self.swiftLiteral(root.member("data") ?? root, indent: "    ")
                let consumer = isFragment
                    ? "\(first.name)(_dataDict: DataDict(data: data, fulfilledFragments: []))"
                    : "try \(format.release == .two ? "await " : "")\(first.name).Data(data: data)"
                let again = Array("""
                    import XCTest
                    import ApolloTestSupport
                    import \(project.namespace)
                    import \(mocks)

                    final class RoundTripTests: XCTestCase {
                      func testRoundTrip() \(format.release == .two ? "async " : "")throws {
                        let data: [String: Any] = \(dictionary)
                        let model = \(consumer)
                      }
                    }

                    """.utf8)
                let againText = String(decoding: again, as: UTF8.self)
                let call = try XCTUnwrap(againText.range(of: isFragment ? "(_dataDict:" : "(data:")).lowerBound
                let callOffset = againText.utf8.distance(from: againText.startIndex, to: call) + 1
                let againFile = SwiftFile(again)
                guard case .converted(let second)? = ResponseConversion.convert(at: callOffset, in: againFile, project: project, mocksModule: mocks)
                else { XCTFail("\(api) \(name) line \(site.line): the written response does not convert:\n\(String(decoding: again, as: UTF8.self))"); continue }
                let reconverted = ResponseConversionTests.applying(second.edits, to: again)
                let text = String(decoding: reconverted, as: UTF8.self)
                let fromAgain = try XCTUnwrap(text.range(of: isFragment ? "\(first.name).from(" : "\(first.name).Data.from(")).lowerBound
                let offset = text.utf8.distance(from: text.startIndex, to: fromAgain)
                // The same response (the conversion's `withVariables:` now say the variables too).
                let roundTripped = try MockResponse.response(at: offset, in: SwiftFile(reconverted), project: project, options: TestConventions()).get()
                XCTAssertEqual([roundTripped.name, roundTripped.json], [first.name, first.json], "\(api) \(name) line \(site.line):\n\(text)")
                if !isFragment {
                    let operation = project.documents.values.flatMap(\.effective.operations).compactMap(\.name?.value)
                        .first { first.name == $0 || first.name.lowercased() == ($0 + "query").lowercased() }
                    assertReadsBack(first, operation: try XCTUnwrap(operation), in: project)
                }
                roundTrips += 1
            }
        }
        print("round trips: \(roundTrips); dictionaries without a selected non-null field: \(unwritable)")
        XCTAssertEqual(roundTrips + unwritable.count, dictionaries, "every dictionary of \(api) in the three formats")
        XCTAssertEqual(unwritable.count, withoutANonNullField, "\(unwritable)")
    }
}

/// Swift string literals for the round trip.
enum ScalarLiteralSpelling {
    static func string(_ text: String) -> String {
        var result = "\""
        for character in text {
            switch character {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            default: result.append(character)
            }
        }
        return result + "\""
    }
}
