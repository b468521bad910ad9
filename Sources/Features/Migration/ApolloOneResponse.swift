/// Apollo iOS 1.x's `GraphQLResponse(operation:body:)` (a response body to parse with `parseResult()` or
/// `parseResultFast()`), which 2.x replaced with `JSONResponseParser`, whose `parse` is `async`. `mockls migrate --to 2`
/// renames the construction `ApolloOneResponse(operation:body:)` and declares it in the file, on 2.x's parser: the
/// same calls, awaited (`try await response.parseResultFast()`; in a synchronous transport's `queue.async { … }`, in
/// a `Task` that awaits first). `parseResult()` gives the cache records too, as 1.x's did.
///
/// Checked by the compiler (`Apollo2MigrationProofTests`: `StubNetworkTransport.swift`, `ApolloClientTests.swift`) and
/// the runtime (`test_migration_runtime.py[migration-1.x]`, which runs `migration-1.x`'s transports and store test).
public enum ApolloOneResponse {
    /// The type's name where the file writes `GraphQLResponse(operation:body:)`.
    public static let name = "ApolloOneResponse"

    /// 1.x's methods on it, `async` in 2.x.
    public static let methods: Set<String> = ["parseResult", "parseResultFast"]

    /// The declaration, appended to a file whose text is `text`, indented by `step`.
    public static func declaration(after text: [UInt8], step: String) -> String {
        Apollo2Migration.declarations([
            "/// Apollo iOS 1.x's `GraphQLResponse(operation:body:)`, a response body to parse, on Apollo iOS 2's parser, which is",
            "/// `async` (written by `mockls migrate --to 2`).",
            "private struct ApolloOneResponse<Operation: GraphQLOperation> {",
            "^let operation: Operation",
            "^let body: JSONObject",
            "",
            "^/// The response and its cache records.",
            "^func parseResult() async throws -> (GraphQLResponse<Operation>, RecordSet?) {",
            "^^try await parse(includeCacheRecords: true)",
            "^}",
            "",
            "^func parseResultFast() async throws -> GraphQLResponse<Operation> {",
            "^^try await parse(includeCacheRecords: false).0",
            "^}",
            "",
            "^private func parse(includeCacheRecords: Bool) async throws -> (GraphQLResponse<Operation>, RecordSet?) {",
            "^^let parser = JSONResponseParser(",
            "^^^response: HTTPURLResponse(url: URL(string: \"http://localhost/graphql\")!, statusCode: 200, httpVersion: nil, headerFields: nil)!,",
            "^^^operationVariables: operation.__variables, includeCacheRecords: includeCacheRecords)",
            "^^let data = try JSONSerialization.data(withJSONObject: body)",
            "^^guard let parsed: ParsedResult<Operation> = try await parser.parse(dataChunk: data, mergingIncrementalItemsInto: nil) else {",
            "^^^throw URLError(.cannotParseResponse)",
            "^^}",
            "^^return (parsed.result, parsed.cacheRecords)",
            "^}",
            "}",
        ], after: text, step: step)
    }
}
