/// Every diagnostic code mockls reports, stable so that users can filter them, each with what it means. The README's
/// tables list the same codes (`DiagnosticCodeTests` keeps them in step).
public enum DiagnosticCode: String, CaseIterable, Sendable, Hashable, Comparable, CustomStringConvertible {
    // GraphQL documents
    case syntax
    case unknownType = "unknown-type"
    case unknownRoot = "unknown-root"
    case unknownField = "unknown-field"
    case unknownFragment = "unknown-fragment"
    case fragmentCycle = "fragment-cycle"
    case duplicateOperation = "duplicate-operation"
    case duplicateFragment = "duplicate-fragment"
    case missingSelection = "missing-selection"
    case leafSelection = "leaf-selection"
    case unionField = "union-field"
    case fragmentOnLeaf = "fragment-on-leaf"
    case duplicateType = "duplicate-type"
    case duplicateField = "duplicate-field"
    case extensionKind = "extension-kind"
    case inputType = "input-type"
    case outputType = "output-type"
    case unionMember = "union-member"
    case rootType = "root-type"
    case duplicateSchema = "duplicate-schema"
    case noSchema = "no-schema"
    case schemaInOperations = "schema-in-operations"
    case executableInSchema = "executable-in-schema"
    case staleGeneratedMock = "stale-generated-mock"
    case unusedOperation = "unused-operation"
    case unusedFragment = "unused-fragment"
    case unusedField = "unused-field"
    case readOnlyByTests = "read-only-by-tests"
    // Swift test files
    case unsetFieldRead = "unset-field-read"
    case unknownMockField = "unknown-mock-field"
    case unknownMockType = "unknown-mock-type"
    case abstractMockType = "abstract-mock-type"
    case mockTypeMismatch = "mock-type-mismatch"
    case incompleteResponse = "incomplete-response"
    case registeredFixture = "registered-fixture"
    // Swift test files of a project on Apollo iOS 2
    case syncFrom = "sync-from"
    case graphQLResult = "graphql-result"
    case apolloOneFake = "apollo-1-fake"
    case callbackFetch = "callback-fetch"
    // Configuration files
    case invalidConfiguration = "invalid-configuration"
    // JSON response fixtures
    case fixtureSyntax = "fixture-syntax"
    case fixtureMissingField = "fixture-missing-field"
    case fixtureNull = "fixture-null"
    case fixtureWrongType = "fixture-wrong-type"
    case fixtureUnknownEnumValue = "fixture-unknown-enum-value"
    case fixtureUnselectedField = "fixture-unselected-field"
    case fixtureTypename = "fixture-typename"
    case fixtureUnknownOperation = "fixture-unknown-operation"

    /// Found by checking an operation against the schema: not reported when the project has no schema (`no-schema`
    /// says so once).
    public var needsSchema: Bool {
        switch self {
        case .unknownType, .unknownRoot, .unknownField, .missingSelection, .leafSelection, .unionField, .fragmentOnLeaf: true
        case .syntax, .unknownFragment, .fragmentCycle, .duplicateOperation, .duplicateFragment, .duplicateType, .duplicateField,
            .extensionKind, .inputType, .outputType, .unionMember, .rootType, .duplicateSchema, .noSchema, .schemaInOperations,
            .executableInSchema, .staleGeneratedMock, .unusedOperation, .unusedFragment, .unusedField, .readOnlyByTests,
            .unsetFieldRead, .unknownMockField, .unknownMockType, .abstractMockType, .mockTypeMismatch, .incompleteResponse,
            .registeredFixture, .syncFrom, .graphQLResult, .apolloOneFake, .callbackFetch, .invalidConfiguration, .fixtureSyntax, .fixtureMissingField, .fixtureNull, .fixtureWrongType,
            .fixtureUnknownEnumValue, .fixtureUnselectedField, .fixtureTypename, .fixtureUnknownOperation:
            false
        }
    }

    /// Where the code is reported.
    public enum Source: Sendable { case graphQLDocument, swiftTestFile, configurationFile, responseFixture }

    public var source: Source {
        switch self {
        case .syntax, .unknownType, .unknownRoot, .unknownField, .unknownFragment, .fragmentCycle, .duplicateOperation,
            .duplicateFragment, .missingSelection, .leafSelection, .unionField, .fragmentOnLeaf, .duplicateType, .duplicateField,
            .extensionKind, .inputType, .outputType, .unionMember, .rootType, .duplicateSchema, .noSchema, .schemaInOperations,
            .executableInSchema, .staleGeneratedMock, .unusedOperation, .unusedFragment, .unusedField, .readOnlyByTests:
            .graphQLDocument
        case .unsetFieldRead, .unknownMockField, .unknownMockType, .abstractMockType, .mockTypeMismatch, .incompleteResponse, .registeredFixture, .syncFrom, .graphQLResult,
            .apolloOneFake, .callbackFetch:
            .swiftTestFile
        case .invalidConfiguration: .configurationFile
        case .fixtureSyntax, .fixtureMissingField, .fixtureNull, .fixtureWrongType, .fixtureUnknownEnumValue, .fixtureUnselectedField,
            .fixtureTypename, .fixtureUnknownOperation:
            .responseFixture
        }
    }

    /// What it means, in a sentence.
    public var documentation: String {
        switch self {
        case .syntax: "the document does not parse (or nests deeper than 500 levels); the index keeps its last good version"
        case .unknownType: "a type condition, variable type, field type or extension names no type"
        case .unknownRoot: "the schema has no root type for the operation's kind"
        case .unknownField: "the type has no such field"
        case .unknownFragment: "a spread names no fragment of the project"
        case .fragmentCycle: "a fragment spreads itself, directly or through others; its selections are left out"
        case .duplicateOperation: "two operations of one name in a project"
        case .duplicateFragment: "two fragments of one name in a project"
        case .missingSelection: "an object field without `{ … }`"
        case .leafSelection: "a scalar or enum field with `{ … }`"
        case .unionField: "a field selected on a union outside `... on Member`"
        case .fragmentOnLeaf: "a fragment on a scalar or enum"
        case .duplicateType: "a type defined twice"
        case .duplicateField: "a field defined twice in one type"
        case .extensionKind: "an extension of a type of another kind"
        case .inputType: "an argument or input field of an output type"
        case .outputType: "a field of an input type"
        case .unionMember: "a union member that is not an object type"
        case .rootType: "a root operation type that is not an object type"
        case .duplicateSchema: "the schema is defined more than once"
        case .noSchema: "the project has operations but no schema"
        case .schemaInOperations: "type definitions among the operations"
        case .executableInSchema: "operations or fragments among the schema documents"
        case .staleGeneratedMock: "a generated mock file no longer matches the documents"
        case .unusedOperation: "an operation whose generated type (`DogQuery`) no Swift file of the workspace names (hint)"
        case .unusedFragment: "a fragment no operation or fragment spreads and whose generated type no Swift file names (hint)"
        case .unusedField: "a field a query or fragment selects whose generated property no Swift code reads: fetched for nothing (hint)"
        case .readOnlyByTests: "a field a query or fragment selects that only tests read, no app code (hint; `check` reports it with `--include read-only-by-tests`)"
        case .unsetFieldRead: "a non-null field read from a model whose mock never set it: the test crashes there"
        case .unknownMockField: "a label or member that the mock does not have"
        case .unknownMockType: "`Mock<Foo>` where Foo has no mock"
        case .abstractMockType: "`Mock<Interface>` or `Mock<Union>`"
        case .mockTypeMismatch: "a mock given where another type is expected"
        case .incompleteResponse: "a test transport's response, registered as a mock, lacks a non-null field the operation selects: Apollo rejects it"
        case .registeredFixture: "a test transport's response, registered as a JSON fixture, is not in the workspace or is no response of that operation"
        case .syncFrom: "a project on Apollo iOS 2 calls `from(_:)` without `await`: 2.x's is `async` (`mockls migrate --to 2`)"
        case .graphQLResult: "a project on Apollo iOS 2 names `GraphQLResult`, which 2.x calls `GraphQLResponse<Operation>`"
        case .apolloOneFake: "a project on Apollo iOS 2 fakes `ApolloClientProtocol` (gone in 2.x), 1.x's callback `NetworkTransport` or its interceptor API"
        case .callbackFetch: "a project on Apollo iOS 2 fetches with a result handler, deprecated in 2.x for `try await client.fetch(query:)`"
        case .invalidConfiguration: "an `apollo-codegen-config.json` or graphql-config file mockls cannot use; the workspace's other projects are still indexed"
        case .fixtureSyntax: "a JSON response fixture that does not parse"
        case .fixtureMissingField: "a field the operation selects is missing from its JSON response fixture"
        case .fixtureNull: "`null` in a fixture where the field's type is non-null"
        case .fixtureWrongType: "a fixture value of another type than the field's (a string for an Int, an object for a list)"
        case .fixtureUnknownEnumValue: "a fixture string that is not a case of the field's enum"
        case .fixtureUnselectedField: "a fixture field the operation does not select"
        case .fixtureTypename: "a fixture object without `__typename`, or with one its field cannot hold"
        case .fixtureUnknownOperation: "a JSON response (`{\"data\": …}`) named after no operation, but close to one"
        }
    }

    /// Off in `mockls check` unless asked for (`--include`): the editor shows it, CI need not.
    public var isOptionalInCheck: Bool { self == .readOnlyByTests }

    /// Says that code can go: editors show it faded (LSP's `Unnecessary` tag).
    public var marksUnnecessaryCode: Bool { [.unusedOperation, .unusedFragment, .unusedField].contains(self) }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The code as users see and filter it.
    public var description: String { rawValue }
}
