import Features
import Foundation
import GraphQLIndex
import MocklsTestSupport
import SwiftAnalysis
import XCTest

/// `textDocument/documentHighlight`: the occurrences in the document of the name under the cursor, at each of its
/// columns: the references that fall in that document.
final class DocumentHighlightTests: XCTestCase {
    private func texts(_ ranges: [Range<Int>], in source: [UInt8]) -> [String] {
        ranges.map { String(decoding: source[$0], as: UTF8.self) }
    }

    func testAMockFieldWhereTheTestSetsAndReadsIt() throws {
        let project = try FeatureFixture.animalKingdom().project
        let marked = MarkedSource("""
            import AnimalKingdomAPITestMocks
            func test() {
              let dog = Mock<Dog>(spe1️⃣cies: "Lab")
              dog.species = "Pug"
              let data = AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: [dog]))
              _ = data.allAnimals[0].2️⃣species
              _ = dog.height
            }
            """)
        let file = SwiftFile(marked.text)
        let bytes = Array(marked.text.utf8)
        // The `Dog` mock's field: where the test sets it, by label and by assignment (not `height`).
        let set = DocumentHighlights.inSwift(at: try XCTUnwrap(marked.offsets["1️⃣"]), in: file, project: project)
        XCTAssertEqual(texts(set, in: bytes), ["species", "species"])
        XCTAssertEqual(set.map(\.lowerBound), [Array(marked.text.utf8).firstRange(of: Array("species:".utf8))!.lowerBound, Array(marked.text.utf8).firstRange(of: Array("species =".utf8))!.lowerBound])
        // The model's field (`Animal.species`, an interface's): its read, as references name it.
        let read = DocumentHighlights.inSwift(at: try XCTUnwrap(marked.offsets["2️⃣"]), in: file, project: project)
        XCTAssertEqual(texts(read, in: bytes), ["species"])
        XCTAssertEqual(read.first?.lowerBound, marked.offsets["2️⃣"])
        // On nothing mockls knows: none.
        XCTAssertEqual(DocumentHighlights.inSwift(at: Array(marked.text.utf8).firstIndex(of: UInt8(ascii: "{"))!, in: file, project: project), [])
    }

    func testAGraphQLFieldAndAFragmentInTheirDocument() throws {
        let fixture = try FeatureFixture.animalKingdom()
        let path = fixture.graphqlDirectory.appendingPathComponent("AllAnimalsQuery.graphql").path
        let source = try XCTUnwrap(fixture.project.documents[path]?.text)
        let text = String(decoding: source, as: UTF8.self)
        let height = try XCTUnwrap(text.range(of: "height")).lowerBound.utf16Offset(in: text)
        let found = DocumentHighlights.inGraphQL(at: height, in: source, path: path, project: fixture.project)
        XCTAssertEqual(texts(found, in: source), ["height", "height"])
        XCTAssertTrue(found.allSatisfy { String(decoding: source[$0], as: UTF8.self) == "height" })
        // A spread of a fragment defined elsewhere: its spreads in this document only.
        let spread = try XCTUnwrap(text.range(of: "...WarmBloodedDetails")).lowerBound.utf16Offset(in: text) + 3
        let spreads = DocumentHighlights.inGraphQL(at: spread, in: source, path: path, project: fixture.project)
        XCTAssertEqual(texts(spreads, in: source), Array(repeating: "WarmBloodedDetails", count: text.components(separatedBy: "...WarmBloodedDetails").count - 1))
    }
}
