/// Apollo iOS 1.x's `ApolloClientProtocol`, which 2.x removed (1.x's changelog calls its custom implementations
/// "usually used for unit testing"), declared for 2.x by `mockls migrate --to 2` where the tests fake it and the code
/// under test that takes it is in the tests too: the same requirements, with 2.x's types (`CachePolicy_v1`, handlers
/// of the operation's `GraphQLResponse`, `watch` `async` as 2.x's is), and `ApolloClient` conforming through its
/// deprecated callback API. The fakes keep their stubs and the code under test its calls; what a fake's stub hands
/// back arrives as it did (a stub that calls back at once still does). Where the app takes the protocol, the app must
/// declare it (or take an `ApolloClient`): the tests cannot declare it for another module.
///
/// Checked by the compiler (`Apollo2MigrationProofTests`: `MockApolloClient.swift` and `PetServiceTests.swift` of
/// `Tests/corpus/migration-1.x`, against the real Apollo iOS 2.4.0) and the runtime (`test_test_transport.py::test_a_fake_of_apollo_client_protocol_migrated_runs_on_2_as_on_1`).
public enum ClientProtocolShim {
    /// The declaration, appended to a file whose text is `text`, indented by `step`.
    public static func text(after text: [UInt8], step: String) -> String {
        Apollo2Migration.declarations([
            "// MARK: - `ApolloClientProtocol` for Apollo iOS 2 (written by `mockls migrate --to 2`)",
            "",
            "/// Apollo iOS 2 has no `ApolloClientProtocol`: 1.x's, in 2.x's types, so that its fakes and the code that takes one",
            "/// keep working; `ApolloClient` conforms through its deprecated callback API. Apollo iOS 2 tests through an",
            "/// `ApolloClient` over a test transport (`mockls test-transport`).",
            "protocol ApolloClientProtocol: AnyObject {",
            "^var store: ApolloStore { get }",
            "^func clearCache(callbackQueue: DispatchQueue, completion: (@Sendable (Result<Void, any Error>) -> Void)?)",
            "^func fetch<Query: GraphQLQuery>(query: Query, cachePolicy: CachePolicy_v1, contextIdentifier: UUID?, context: (any RequestContext)?, queue: DispatchQueue, resultHandler: GraphQLResultHandler<Query>?) -> (any Cancellable)",
            "^func watch<Query: GraphQLQuery>(query: Query, cachePolicy: CachePolicy_v1, context: (any RequestContext)?, callbackQueue: DispatchQueue, resultHandler: @escaping GraphQLResultHandler<Query>) async -> GraphQLQueryWatcher<Query>",
            "^func perform<Mutation: GraphQLMutation>(mutation: Mutation, publishResultToStore: Bool, contextIdentifier: UUID?, context: (any RequestContext)?, queue: DispatchQueue, resultHandler: GraphQLResultHandler<Mutation>?) -> (any Cancellable)",
            "^func upload<Operation: GraphQLOperation>(operation: Operation, files: [GraphQLFile], context: (any RequestContext)?, queue: DispatchQueue, resultHandler: GraphQLResultHandler<Operation>?) -> (any Cancellable)",
            "^func subscribe<Subscription: GraphQLSubscription>(subscription: Subscription, context: (any RequestContext)?, queue: DispatchQueue, resultHandler: @escaping GraphQLResultHandler<Subscription>) -> any Cancellable",
            "}",
            "",
            "/// 1.x's calls without a context identifier.",
            "extension ApolloClientProtocol {",
            "^func fetch<Query: GraphQLQuery>(query: Query, cachePolicy: CachePolicy_v1, context: (any RequestContext)?, queue: DispatchQueue, resultHandler: GraphQLResultHandler<Query>?) -> (any Cancellable) {",
            "^^fetch(query: query, cachePolicy: cachePolicy, contextIdentifier: nil, context: context, queue: queue, resultHandler: resultHandler)",
            "^}",
            "",
            "^func perform<Mutation: GraphQLMutation>(mutation: Mutation, publishResultToStore: Bool, context: (any RequestContext)?, queue: DispatchQueue, resultHandler: GraphQLResultHandler<Mutation>?) -> (any Cancellable) {",
            "^^perform(mutation: mutation, publishResultToStore: publishResultToStore, contextIdentifier: nil, context: context, queue: queue, resultHandler: resultHandler)",
            "^}",
            "}",
            "",
            "/// 2.x's client answers each requirement with its deprecated callback method (which takes no context identifier, and",
            "/// no context for a mutation, an upload or a subscription).",
            "extension ApolloClient: ApolloClientProtocol {",
            "^func fetch<Query: GraphQLQuery>(query: Query, cachePolicy: CachePolicy_v1, contextIdentifier: UUID?, context: (any RequestContext)?, queue: DispatchQueue, resultHandler: GraphQLResultHandler<Query>?) -> (any Cancellable) {",
            "^^fetch(query: query, cachePolicy: cachePolicy as CachePolicy_v1?, context: context, queue: queue, resultHandler: resultHandler)",
            "^}",
            "",
            "^func watch<Query: GraphQLQuery>(query: Query, cachePolicy: CachePolicy_v1, context: (any RequestContext)?, callbackQueue: DispatchQueue, resultHandler: @escaping GraphQLResultHandler<Query>) async -> GraphQLQueryWatcher<Query> {",
            "^^await watch(query: query, cachePolicy: cachePolicy as CachePolicy_v1?, context: context, callbackQueue: callbackQueue, resultHandler: resultHandler)",
            "^}",
            "",
            "^func perform<Mutation: GraphQLMutation>(mutation: Mutation, publishResultToStore: Bool, contextIdentifier: UUID?, context: (any RequestContext)?, queue: DispatchQueue, resultHandler: GraphQLResultHandler<Mutation>?) -> (any Cancellable) {",
            "^^perform(mutation: mutation, publishResultToStore: publishResultToStore, queue: queue, resultHandler: resultHandler)",
            "^}",
            "",
            "^func upload<Operation: GraphQLOperation>(operation: Operation, files: [GraphQLFile], context: (any RequestContext)?, queue: DispatchQueue, resultHandler: GraphQLResultHandler<Operation>?) -> (any Cancellable) {",
            "^^upload(operation: operation, files: files, queue: queue, resultHandler: resultHandler)",
            "^}",
            "",
            "^func subscribe<Subscription: GraphQLSubscription>(subscription: Subscription, context: (any RequestContext)?, queue: DispatchQueue, resultHandler: @escaping GraphQLResultHandler<Subscription>) -> any Cancellable {",
            "^^subscribe(subscription: subscription, queue: queue, resultHandler: resultHandler)",
            "^}",
            "}",
        ], after: text, step: step)
    }
}
