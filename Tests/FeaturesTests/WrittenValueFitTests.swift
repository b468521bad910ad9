import GraphQLIndex
import MocklsTestSupport
import SwiftAnalysis
import XCTest

@testable import Features

/// Renaming the label in front of a value (`Mock<Dog>(spe|ceis: "Lab")`) offers only the fields whose parameter takes
/// that value: a custom scalar's as the schema module declares it (`MockFormat.customScalars`).
final class WrittenValueFitTests: XCTestCase {
    private func labels(_ source: String, customScalars: [String: CustomScalarDeclaration]) throws -> Set<String> {
        var format = MockFormat.apolloTwo
        format.customScalars = customScalars
        let project = try FeatureFixture.animalKingdom(format: format).project
        let marked = MarkedSource(source)
        let offset = try XCTUnwrap(marked.offsets["1️⃣"])
        return Set(MockCompletions.completions(at: offset, in: SwiftFile(marked.text), project: project, placeholders: false).map(\.label))
    }

    /// `houseDetails` is the custom scalar `Object`: a string fits while it is `String` (Apollo's default, and a
    /// declared `typealias Object = String`), not when the app declares `struct Object`.
    func testAStringFitsACustomScalarUnlessItIsATypeOfTheAppsOwn() throws {
        let source = "let dog = Mock<Dog>(spe1️⃣ceis: \"Lab\")"
        let unknown = try labels(source, customScalars: [:])
        XCTAssertTrue(unknown.contains("houseDetails"), "\(unknown)")
        XCTAssertEqual(try labels(source, customScalars: ["Object": .alias(.string)]), unknown)
        XCTAssertEqual(unknown.subtracting(try labels(source, customScalars: ["Object": .ownType])), ["houseDetails"])
    }

    /// An integer fits a custom scalar declared as an alias of `Int`, and neither one of `String` nor one unknown.
    func testAnIntegerFitsACustomScalarThatAliasesInt() throws {
        let source = "let dog = Mock<Dog>(spe1️⃣ceis: 42)"
        let unknown = try labels(source, customScalars: [:])
        XCTAssertFalse(unknown.contains("houseDetails"), "\(unknown)")
        XCTAssertEqual(try labels(source, customScalars: ["Object": .alias(.string)]), unknown)
        XCTAssertEqual(try labels(source, customScalars: ["Object": .alias(.integer)]).subtracting(unknown), ["houseDetails"])
    }
}
