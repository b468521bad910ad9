import Features
import Foundation
import GraphQLIndex
import MocklsTestSupport
import SwiftAnalysis
import XCTest

/// The JSON response a mock stands for, on ../shared's AnimalKingdom: written with the mock's values, every
/// `__typename`, only what the operation selects, and read back by the fixture check without a word; an error naming
/// each non-null field the mock leaves unset or sets to what mockls does not read.
final class MockResponseTests: XCTestCase {
    private func response(_ body: String, format: MockFormat = .defaults) throws -> (Result<MockResponse.Written, MockResponse.Failure>, ProjectIndex) {
        let project = try FeatureFixture(api: "AnimalKingdomAPI", format: format).project
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
        let result = MockResponse.response(at: offset, in: SwiftTestFile(marked.text), project: project, options: FixOptions())
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

    func testWhatIsNotSetOrNotReadIsAnErrorNotAnInventedValue() throws {
        // Before Apollo 1.23 nothing is filled in: `id` and `species` are not set.
        let (unset, _) = try response("""
                let name = "Lab"
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
}
