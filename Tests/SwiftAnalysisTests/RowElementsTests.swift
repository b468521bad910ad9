import SwiftAnalysis
import XCTest

/// SwiftUI's views over a collection hand each element to the closure that builds a row: `ForEach(dogs, id: \.id)
/// { dog in … }`, `List(dogs) { dog in … }`, `$0` without a signature.
final class RowElementsTests: XCTestCase {
    private func value(of name: String, in body: String) -> WrittenExpression? {
        let source = """
            import SwiftUI

            struct DogsView: View {
                let dogs: [DogsQuery.Data.Dog]
                let owner: DogsQuery.Data.Owner?

                var body: some View {
                    \(body)
                }
            }

            """
        let offset = Array(source.utf8).firstRange(of: Array("/*here*/".utf8))!.lowerBound
        return SwiftFile(source).variable(name, visibleAt: offset)?.value
    }

    func testTheRowClosureIsHandedEachElement() {
        // An element of what `dogs` holds (the property's declared type says what that is).
        let dog = WrittenExpression.closureArgument(.variable("dogs"))
        for (body, name) in [
            ("ForEach(dogs, id: \\.id) { dog in Text(dog/*here*/.name) }", "dog"),
            ("ForEach(dogs) { dog in Text(dog/*here*/.name) }", "dog"),
            ("List(dogs) { dog in Text(dog/*here*/.name) }", "dog"),
            ("ForEach(dogs, id: \\.id, content: { dog in Text(dog/*here*/.name) })", "dog"),
            ("ForEach(dogs) { Text($0/*here*/.name) }", "$0"),
        ] {
            XCTAssertEqual(value(of: name, in: body), dog, body)
        }
    }

    func testNothingForOtherViewsOrCollectionsOfUnknownType() {
        XCTAssertNil(value(of: "dog", in: "VStack { ForEach(0..<3) { dog in Text(\"\\(dog/*here*/)\") } }"))
        XCTAssertNil(value(of: "dog", in: "Section(dogs) { dog in Text(dog/*here*/.name) }"))
    }
}
