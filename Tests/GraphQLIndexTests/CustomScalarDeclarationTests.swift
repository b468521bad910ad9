import GraphQLIndex
import XCTest

/// A custom scalar takes the literals of the Swift type its declaration aliases (Apollo's default, `String`, when the
/// project's declaration is not known) and none when the app declares a type of its own.
final class CustomScalarDeclarationTests: XCTestCase {
    func testAnAliasOfALiteralTypeTakesItsLiteralsAndAnyOtherTypeNone() {
        let aliased: [String: CustomScalarDeclaration] = [
            "String": .alias(.string), "Swift.String": .alias(.string), "ID": .alias(.string), "PetAPI.ID": .alias(.string),
            "Int": .alias(.integer), "Int64": .alias(.integer), "Double": .alias(.double), "Float": .alias(.double),
            "Bool": .alias(.boolean), "Date": .ownType, "Foundation.Date": .ownType, "[String: String]": .ownType,
        ]
        for (written, expected) in aliased {
            XCTAssertEqual(CustomScalarDeclaration(aliasing: written), expected, written)
        }
    }

    /// Looked up by the scalar's Swift name (`customTypeNames` renames it), the built-in scalars never.
    func testTheFormatSaysWhichLiteralAScalarTakes() throws {
        var format = MockFormat.apolloTwo
        format.customTypeNames = ["Instant": "Moment"]
        format.customScalars = ["Moment": .ownType, "Count": .alias(.integer), "Int": .ownType]
        let index = ProjectIndex(namespace: "PetAPI", format: format, sources: [
            ("schema.graphqls", .schema, Array("scalar Instant scalar Count scalar Location type Query { a: Instant b: Count c: Location d: Int }".utf8)),
        ])
        let kinds = ["Instant", "Count", "Location", "Int", "ID"].map { name in
            index.schema[name].map { format.literalKind(ofScalar: $0) }
        }
        XCTAssertEqual(kinds, [.some(nil), .integer, .string, .integer, .string])
    }
}
