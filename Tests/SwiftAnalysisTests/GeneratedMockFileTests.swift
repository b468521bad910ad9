import SwiftAnalysis
import XCTest

final class GeneratedMockFileTests: XCTestCase {
    func testReadsApollosMockFileOfEitherFormat() {
        let modern = """
            // @generated
            import ApolloTestSupport
            @testable import AnimalKingdomAPI

            public class Dog: MockObject {
              public static let objectType: ApolloAPI.Object = AnimalKingdomAPI.Objects.Dog
              public static let _mockFields = MockFields()
              public typealias MockValueCollectionType = Array<Mock<Dog>>

              public struct MockFields {
                @Field<Height>("height") public var height
                @available(*, deprecated, message: "old")
                @Field<String>("species") public var species
                @Field<String>("self") public var `self`
              }
            }

            public extension Mock where O == Dog {
              convenience init(
                height: Mock<Height> = Mock<Height>(),
                species: String = "",
                `self` self_value: String? = nil
              ) {
                self.init()
                _setEntity(height, for: \\.height)
              }
            }
            """
        let mocks = GeneratedMockFile.mocks(in: modern)
        XCTAssertEqual(mocks.count, 1)
        let dog = mocks[0]
        XCTAssertEqual(dog.className, "Dog")
        XCTAssertEqual(dog.fields.map(\.key), ["height", "species", "self"])
        XCTAssertEqual(dog.fields.map(\.type), ["Height", "String", "String"])
        XCTAssertEqual(dog.fields.last?.property, "`self`")
        XCTAssertEqual(dog.initializer.map(\.label), ["height", "species", "`self`"])
        XCTAssertEqual(dog.parameter("species")?.type, "String")
        XCTAssertEqual(dog.parameter("species")?.defaultValue, "\"\"")
        XCTAssertEqual(dog.parameter("height")?.defaultValue, "Mock<Height>()")
        XCTAssertEqual(Array(modern.utf8)[dog.nameRange].count, 3)
    }

    func testAMockWithoutFieldsHasNoInitializer() {
        let mocks = GeneratedMockFile.mocks(in: "public class Query: MockObject { public struct MockFields {} }")
        XCTAssertEqual(mocks.first?.initializer, [])
        XCTAssertEqual(GeneratedMockFile.mocks(in: "class NotAMock {}"), [])
    }
}
