import XCTest

@testable import SwiftAnalysis

/// `SwiftFile.modelHelpers()` skips the walk of a text that cannot declare a helper (`mayDeclareHelpers`): every
/// shape of helper must still be found, and a file of tests alone has none.
final class ModelHelpersTests: XCTestCase {
    func testEveryShapeOfHelperIsFoundThroughThePrefilter() {
        let helpers = [
            "func makeDog() -> Mock<Dog> { Mock<Dog>(name: \"Rex\") }",
            "extension Mock where O == Dog {\n    static func mock(name: String = \"Rex\") -> Mock<Dog> { Mock<Dog>(name: name) }\n}",
            "enum Fixtures {\n    static let dog = Mock<Dog>(name: \"Rex\")\n}",
            "var dog: Mock<Dog> { Mock<Dog>(name: \"Rex\") }",
            "let dog = Mock<Dog>(name: \"Rex\")",
            "public let dog = Mock<Dog>(name: \"Rex\")",
            "#if DEBUG\n    let dog = Mock<Dog>(name: \"Rex\")\n#endif",
        ]
        for source in helpers {
            XCTAssertTrue(SwiftFile.mayDeclareHelpers(Array(source.utf8)), source)
            XCTAssertEqual(SwiftFile(source).modelHelpers().map(\.name), source.contains("mock(") ? ["mock"] : source.contains("makeDog") ? ["makeDog"] : ["dog"], source)
        }
        let tests = """
            import XCTest
            final class DogTests: XCTestCase {
                let shared = Mock<Dog>(name: "Rex")
                func testName() {
                    let dog = Mock<Dog>(name: "Rex")
                    XCTAssertEqual(dog.name, "Rex")
                }
            }
            """
        XCTAssertFalse(SwiftFile.mayDeclareHelpers(Array(tests.utf8)))
        XCTAssertEqual(SwiftFile(tests).modelHelpers().map(\.name), [])
    }
}
