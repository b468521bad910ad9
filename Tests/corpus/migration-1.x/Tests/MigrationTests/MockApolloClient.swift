import Foundation
import Apollo
import ApolloAPI

/// A stubbable `ApolloClientProtocol`: each operation type gets its implementation, each call is recorded.
class MockApolloClient: ApolloClientProtocol {
  private var implementations: [String: Any] = [:]
  private var calls: [String: [Any]] = [:]
  private let lock = DispatchQueue(label: "MockApolloClient")
}

// MARK: - fetch
extension MockApolloClient {
  private static let fetch = "fetch"

  struct FetchCall<Query: GraphQLQuery> {
    let query: Query
    let cachePolicy: CachePolicy
    let contextIdentifier: UUID?
    let context: RequestContext?
    let queue: DispatchQueue
  }

  typealias FetchImpl<Query: GraphQLQuery> = (
    Query, CachePolicy, UUID?, RequestContext?, DispatchQueue, GraphQLResultHandler<Query.Data>?
  ) -> Cancellable

  @discardableResult
  func fetch<Query: GraphQLQuery>(
    query: Query,
    cachePolicy: CachePolicy,
    contextIdentifier: UUID?,
    context: RequestContext?,
    queue: DispatchQueue,
    resultHandler: GraphQLResultHandler<Query.Data>? = nil
  ) -> Cancellable {
    let functionID = "\(Self.fetch)<\(Query.self)>"
    guard let impl = implementations[functionID] as? FetchImpl<Query> else {
      fatalError("\(Self.self).\(#function) has not been stubbed for \(Query.self)")
    }
    lock.sync {
      calls[functionID, default: []].append(
        FetchCall(query: query, cachePolicy: cachePolicy, contextIdentifier: contextIdentifier, context: context, queue: queue)
      )
    }
    return impl(query, cachePolicy, contextIdentifier, context, queue, resultHandler)
  }

  func stubFetch<Query: GraphQLQuery>(impl: @escaping FetchImpl<Query>) {
    implementations["\(Self.fetch)<\(Query.self)>"] = impl
  }

  func fetchCall<Query: GraphQLQuery>(at index: Int) -> FetchCall<Query>? {
    let calls = fetchCalls(withQueryType: Query.self)
    return calls.count > index ? calls[index] : nil
  }

  func fetchCalls<Query: GraphQLQuery>(withQueryType: Query.Type) -> [FetchCall<Query>] {
    lock.sync { (calls["\(Self.fetch)<\(Query.self)>"] ?? []).compactMap { $0 as? FetchCall<Query> } }
  }
}

// MARK: - perform
extension MockApolloClient {
  private static let perform = "perform"

  struct PerformCall<Mutation: GraphQLMutation> {
    let mutation: Mutation
    let publishResultToStore: Bool
    let queue: DispatchQueue
  }

  typealias PerformImpl<Mutation: GraphQLMutation> = (
    Mutation, Bool, DispatchQueue, GraphQLResultHandler<Mutation.Data>?
  ) -> Cancellable

  @discardableResult
  func perform<Mutation: GraphQLMutation>(
    mutation: Mutation,
    publishResultToStore: Bool,
    contextIdentifier: UUID?,
    context: RequestContext?,
    queue: DispatchQueue,
    resultHandler: GraphQLResultHandler<Mutation.Data>?
  ) -> Cancellable {
    let functionID = "\(Self.perform)<\(Mutation.self)>"
    guard let impl = implementations[functionID] as? PerformImpl<Mutation> else {
      fatalError("\(Self.self).\(#function) has not been stubbed for \(Mutation.self)")
    }
    lock.sync {
      calls[functionID, default: []].append(
        PerformCall(mutation: mutation, publishResultToStore: publishResultToStore, queue: queue)
      )
    }
    return impl(mutation, publishResultToStore, queue, resultHandler)
  }

  func stubPerform<Mutation: GraphQLMutation>(impl: @escaping PerformImpl<Mutation>) {
    implementations["\(Self.perform)<\(Mutation.self)>"] = impl
  }

  func performCall<Mutation: GraphQLMutation>(at index: Int) -> PerformCall<Mutation>? {
    let calls = lock.sync { self.calls["\(Self.perform)<\(Mutation.self)>"] ?? [] }
    return calls.count > index ? calls[index] as? PerformCall<Mutation> : nil
  }
}

// MARK: - not implemented
extension MockApolloClient {
  var store: ApolloStore {
    fatalError("\(Self.self).\(#function) is not implemented")
  }

  func clearCache(callbackQueue: DispatchQueue, completion: ((Result<Void, Error>) -> Void)?) {
    fatalError("\(Self.self).\(#function) is not implemented")
  }

  func watch<Query: GraphQLQuery>(
    query: Query,
    cachePolicy: CachePolicy,
    context: RequestContext?,
    callbackQueue: DispatchQueue,
    resultHandler: @escaping GraphQLResultHandler<Query.Data>
  ) -> GraphQLQueryWatcher<Query> {
    fatalError("\(Self.self).\(#function) is not implemented")
  }

  func upload<Operation: GraphQLOperation>(
    operation: Operation,
    files: [GraphQLFile],
    context: RequestContext?,
    queue: DispatchQueue,
    resultHandler: GraphQLResultHandler<Operation.Data>?
  ) -> Cancellable {
    fatalError("\(Self.self).\(#function) is not implemented")
  }

  func subscribe<Subscription: GraphQLSubscription>(
    subscription: Subscription,
    context: RequestContext?,
    queue: DispatchQueue,
    resultHandler: @escaping GraphQLResultHandler<Subscription.Data>
  ) -> Cancellable {
    fatalError("\(Self.self).\(#function) is not implemented")
  }
}

final class MockCancellable: Cancellable {
  private(set) var cancelCount = 0
  func cancel() { cancelCount += 1 }
}
