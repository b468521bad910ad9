import Foundation
import Apollo
import ApolloAPI

/// A `NetworkTransport` that answers each operation type with the result a test stubbed for it.
final class StubNetworkTransport: NetworkTransport {
  let clientName = "MigrationTests"
  let clientVersion = "1"

  private var results: [String: Any] = [:]
  private(set) var sentOperationNames: [String] = []
  private(set) var sentCachePolicies: [CachePolicy] = []

  func stub<Operation: GraphQLOperation>(
    _ operationType: Operation.Type,
    with result: Result<GraphQLResult<Operation.Data>, Error>
  ) {
    results[Operation.operationName] = result
  }

  func stub<Operation: GraphQLOperation>(_ operationType: Operation.Type, data: Operation.Data) {
    stub(operationType, with: .success(
      GraphQLResult(data: data, extensions: nil, errors: nil, source: .server, dependentKeys: nil)
    ))
  }

  func send<Operation: GraphQLOperation>(
    operation: Operation,
    cachePolicy: CachePolicy,
    contextIdentifier: UUID?,
    context: RequestContext?,
    callbackQueue: DispatchQueue,
    completionHandler: @escaping (Result<GraphQLResult<Operation.Data>, Error>) -> Void
  ) -> Cancellable {
    sentOperationNames.append(Operation.operationName)
    sentCachePolicies.append(cachePolicy)

    guard let result = results[Operation.operationName] as? Result<GraphQLResult<Operation.Data>, Error> else {
      callbackQueue.async { completionHandler(.failure(TestError.notStubbed)) }
      return EmptyCancellable()
    }
    callbackQueue.async { completionHandler(result) }
    return EmptyCancellable()
  }
}

/// A transport that parses one canned response body with Apollo's own parser, as the server's answer would be.
final class BodyNetworkTransport: NetworkTransport {
  private let body: JSONObject

  init(body: JSONObject) {
    self.body = body
  }

  func send<Operation: GraphQLOperation>(
    operation: Operation,
    cachePolicy: CachePolicy,
    contextIdentifier: UUID?,
    context: RequestContext?,
    callbackQueue: DispatchQueue,
    completionHandler: @escaping (Result<GraphQLResult<Operation.Data>, Error>) -> Void
  ) -> Cancellable {
    let response = GraphQLResponse(operation: operation, body: body)
    callbackQueue.async {
      completionHandler(Result { try response.parseResultFast() })
    }
    return EmptyCancellable()
  }
}
