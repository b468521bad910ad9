import GraphQLIndex
import XCTest

/// `additionalCapitalizationRules` as Apollo's codegen applies them: the cases of apollo-ios-dev's
/// `CapitalizerTests` (2.3.0), and where mockls's models carry them (mock labels and properties, selection-set
/// accessors and initializer parameters, enum cases, rendered mocks and placeholders; response keys untouched).
final class CapitalizerTests: XCTestCase {
    private func rule(_ term: String, _ strategy: CapitalizationRule.Strategy) -> CapitalizationRule {
        CapitalizationRule(term: .string(term), strategy: strategy)
    }

    func testApolloCapitalizerCases() {
        let id = rule("id", .upper), url = rule("url", .upper), api = rule("api", .upper), xml = rule("xml", .upper)
        let cases: [([CapitalizationRule], String, String)] = [
            ([], "userId", "userId"),
            ([id], "", ""),
            ([id], "userId", "userID"),
            ([url], "imageUrl", "imageURL"),
            ([id], "idField", "idField"),
            ([id], "IdField", "IDField"),
            ([api, id], "apiKey", "apiKey"),
            ([api, id], "idToken", "idToken"),
            ([id], "id", "id"),
            ([id], "Id", "ID"),
            ([id], "userIdAndGroupId", "userIDAndGroupID"),
            ([rule("id", .lower)], "userID", "userId"),
            ([rule("graphql", .replace("GraphQL"))], "myGraphqlClient", "myGraphQLClient"),
            ([rule("graphql", .replace("GraphQL"))], "graphqlEndpoint", "GraphQLEndpoint"),
            ([CapitalizationRule(term: .regex("^[Ii]d$"), strategy: .upper)], "userId", "userID"),
            ([CapitalizationRule(term: .regex("^[Aa]pi$"), strategy: .upper)], "restApi", "restAPI"),
            ([id], "userName", "userName"),
            ([id, url], "urlForUserId", "urlForUserID"),
            ([xml], "parserForXml", "parserForXML"),
            ([xml], "xmlParser", "xmlParser"),
            ([rule("url", .lower)], "imageURL", "imageUrl"),
            // Segments: a digit or `_` never splits; a plural is another word; an unanchored regex re-cases the segment.
            ([id], "user2Id", "user2Id"),
            ([id], "user_id", "user_id"),
            ([id], "userIds", "userIds"),
            ([id], "XMLParserId", "XMLParserID"),
            ([CapitalizationRule(term: .regex("id"), strategy: .upper)], "isHidden", "isHIDDEN"),
            ([rule("id", .replace(""))], "userId", "user"),
        ]
        for (rules, input, expected) in cases {
            XCTAssertEqual(Capitalizer(rules: rules).apply(to: input), expected, "\(rules) \(input)")
        }
    }

    private static let schema = """
        type Query { user(userId: ID!): User, users: [User!]! }
        type User { userId: ID!, name: String!, role: UserRole!, avatarUrl: String }
        enum UserRole { ADMIN_USER_ID, MEMBER }
        """
    private static let operation = "query UserQuery { user(userId: \"1\") { userId name role avatarUrl } }"

    private func project(_ rules: [CapitalizationRule]) -> ProjectIndex {
        var format = MockFormat.apolloTwo
        format.capitalizer = Capitalizer(rules: rules)
        return ProjectIndex(namespace: "API", format: format, sources: [
            ("/p/schema.graphqls", .schema, Array(Self.schema.utf8)), ("/p/UserQuery.graphql", .executable, Array(Self.operation.utf8)),
        ])
    }

    func testRulesRenameMockAndModelPropertiesButNotKeys() throws {
        let project = project([rule("id", .upper), rule("url", .upper)])
        let user = try XCTUnwrap(project.mockModel.object("User"))
        XCTAssertEqual(user.fields.map(\.property), ["avatarURL", "name", "role", "userID"], "sorted by their response keys")
        XCTAssertEqual(user.fields.map(\.key), ["avatarUrl", "name", "role", "userId"])
        // The enum's first case, as its default: `ADMIN_USER_ID` → `adminUserId` → `adminUserID`.
        XCTAssertEqual(user.field("role")?.defaultValue, ".case(.adminUserID)")

        let rendered = try XCTUnwrap(MockFileRenderer.files(for: project.mockModel).first { $0.name == "User+Mock.graphql.swift" }).contents
        XCTAssertTrue(rendered.contains(#"@Field<API.ID>("userId") public var userID"#), rendered)
        XCTAssertTrue(rendered.contains("userID: API.ID = \"\""), rendered)
        XCTAssertTrue(rendered.contains(#"_setScalar(userID, for: \.userID)"#), rendered)

        let selectionSet = try XCTUnwrap(project.selectionSet("UserQuery.Data.User"))
        XCTAssertEqual(selectionSet.fields.map(\.property), ["userID", "name", "role", "avatarURL"])
        XCTAssertEqual(selectionSet.fields.map(\.key), ["userId", "name", "role", "avatarUrl"])
        XCTAssertEqual(selectionSet.initializer.map(\.label).filter { $0 != "__typename" }, ["userID", "name", "role", "avatarURL"])

        let placeholders = PlaceholderFileRenderer.render(
            model: project.mockModel, schema: project.schema, mocksModule: nil, selectionSets: project.selectionSetModel(),
            initializers: SelectionSetInitializerOptions(operations: true, namedFragments: true))
        XCTAssertTrue(placeholders.contains(".case(.adminUserID)"), placeholders)
        XCTAssertTrue(placeholders.contains("userID:"), placeholders)
        XCTAssertFalse(placeholders.contains("userId:"), placeholders)
    }

    /// Apollo iOS 2.4 applies the rules to the names of operations and fragments too (2.3 does not); the
    /// operation's name in the document stays.
    func testOperationAndFragmentNamesSince2_4() throws {
        let operation = "query UserById { user(userId: \"1\") { ...userIdDetails } }\nfragment userIdDetails on User { userId }"
        func paths(_ version: [Int]) -> [String] {
            var format = MockFormat(release: .two, version: version)
            format.capitalizer = Capitalizer(rules: [rule("id", .upper)])
            let project = ProjectIndex(namespace: "API", format: format, sources: [
                ("/p/schema.graphqls", .schema, Array(Self.schema.utf8)), ("/p/UserById.graphql", .executable, Array(operation.utf8)),
            ])
            return project.selectionSetModel().selectionSets.map(\.path)
        }
        XCTAssertEqual(paths([2, 4, 0]), ["UserByIDQuery.Data", "UserByIDQuery.Data.User", "UserIDDetails"])
        XCTAssertEqual(paths([2, 3, 0]), ["UserByIdQuery.Data", "UserByIdQuery.Data.User", "UserIdDetails"])
        XCTAssertEqual(
            Capitalizer(rules: [rule("id", .upper)]).apply(to: "IdLookup"), "IDLookup", "type names are upper-cased before the rules")
    }

    func testNoRulesChangeNothing() throws {
        let project = project([])
        XCTAssertEqual(try XCTUnwrap(project.mockModel.object("User")).fields.map(\.property), ["avatarUrl", "name", "role", "userId"])
        XCTAssertEqual(try XCTUnwrap(project.selectionSet("UserQuery.Data.User")).fields.map(\.property), ["userId", "name", "role", "avatarUrl"])
    }
}
