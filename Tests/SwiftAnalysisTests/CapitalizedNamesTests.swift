import SwiftAnalysis
import XCTest

final class CapitalizedNamesTests: XCTestCase {
    func testCapitalizedNamesInCodeCommentsAndStrings() {
        let text = """
            let query = DogQuery(id: 0x1F) // see CatQuery
            let s = "PetDetails"; let x = lowerCase.UpperMember
            let é = ÉtéQuery(); _ = `Backticked`
            """
        XCTAssertEqual(
            CapitalizedNames.names(in: Array(text.utf8)),
            ["DogQuery", "CatQuery", "PetDetails", "UpperMember", "Backticked"])
    }
}
