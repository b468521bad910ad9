import SwiftAnalysis
import XCTest

/// Cursor positions marked `1️⃣` in code as it is typed.
final class MockCompletionContextTests: XCTestCase {
    private func context(_ marked: String, file: StaticString = #filePath, line: UInt = #line) -> MockCompletionContext? {
        let marker = "1️⃣"
        guard let range = marked.range(of: marker) else {
            XCTFail("no marker", file: file, line: line)
            return nil
        }
        let offset = marked.utf8.distance(from: marked.startIndex, to: range.lowerBound)
        return MockCompletionContext.at(offset, in: marked.replacingCharacters(in: range, with: ""))
    }

    private let dog = WrittenTypeName(name: "Dog")

    func testTypeArgument() {
        XCTAssertEqual(context("let m = Mock<1️⃣")?.position, .typeArgument(qualifier: nil))
        let typing = context("let m = Mock<Do1️⃣")
        XCTAssertEqual(typing?.position, .typeArgument(qualifier: nil))
        XCTAssertEqual(typing?.prefix, "Do")
        XCTAssertEqual(typing?.replaceRange, 13..<15)
        XCTAssertEqual(context("let m = Mock<AnimalKingdomAPITestMocks.1️⃣")?.position, .typeArgument(qualifier: "AnimalKingdomAPITestMocks"))
        XCTAssertEqual(context("let m = Mock<AnimalKingdomAPITestMocks.Do1️⃣>()")?.prefix, "Do")
        XCTAssertNil(context("let m = Array<1️⃣"))
    }

    func testArgumentLabels() {
        XCTAssertEqual(context("let m = Mock<Dog>(1️⃣")?.position, .argumentLabel(mock: dog, usedLabels: []))
        XCTAssertEqual(context("let m = Mock<Dog>(spe1️⃣")?.prefix, "spe")
        XCTAssertEqual(
            context("let m = Mock<Dog>(id: \"1\", 1️⃣)")?.position, .argumentLabel(mock: dog, usedLabels: ["id"]))
        XCTAssertEqual(
            context("let m = Mock<Dog>(\n  id: \"a(b\",\n  1️⃣\n  species: \"Lab\"\n)")?.position,
            .argumentLabel(mock: dog, usedLabels: ["id", "species"]))
        XCTAssertEqual(
            context("let q = Mock<Query>(allAnimals: [Mock<Dog>(1️⃣")?.position, .argumentLabel(mock: dog, usedLabels: []))
        XCTAssertEqual(
            context("let m = Mock<AnimalKingdomAPITestMocks.Dog>(1️⃣")?.position,
            .argumentLabel(mock: WrittenTypeName(qualifier: "AnimalKingdomAPITestMocks", name: "Dog"), usedLabels: []))
        XCTAssertEqual(context("let d: Mock<Dog> = Mock(1️⃣")?.position, .argumentLabel(mock: dog, usedLabels: []))
        XCTAssertEqual(context("let d: Mock<Dog> = .init(1️⃣")?.position, .argumentLabel(mock: dog, usedLabels: []))
        XCTAssertEqual(
            context("let m = Mock<Dog>(height: Mock<Height>(feet: 1), 1️⃣")?.position,
            .argumentLabel(mock: dog, usedLabels: ["height"]), "a finished nested call is skipped")
        XCTAssertEqual(
            context("let m = Mock<Dog>(height: Mock<Height>(1️⃣")?.position,
            .argumentLabel(mock: WrittenTypeName(name: "Height"), usedLabels: []))
        XCTAssertNil(context("print(1️⃣"))
        XCTAssertNil(context("let m = Mock<Dog>(owner: [1️⃣"))
    }

    func testArgumentValues() {
        XCTAssertEqual(context("let m = Mock<Dog>(height: 1️⃣")?.position, .argumentValue(mock: dog, label: "height"))
        XCTAssertEqual(context("let m = Mock<Dog>(id: \"1\", skinCovering: .ca1️⃣")?.position, nil, "after a dot: member completion, not here")
        XCTAssertEqual(context("let m = Mock<Dog>(height: Mo1️⃣")?.prefix, "Mo")
    }

    func testCJKBeforeTheCursorAndEndOfFile() {
        let marked = "// 日本語 😀\nlet m = Mock<Dog>(1️⃣"
        XCTAssertEqual(context(marked)?.position, .argumentLabel(mock: dog, usedLabels: []))
        XCTAssertNil(MockCompletionContext.at(0, in: ""))
    }
}
