// A stand-in for the part of Apollo iOS's `Apollo` module that tests wrap models in (`GraphQLResult.swift`): a
// result of an operation, with the data a test builds from mocks, for type-checking the idiom corpus (Tests/corpus).
@_exported import ApolloAPI

public typealias CacheKey = String

public struct GraphQLError: Error, Hashable, Sendable {
    public let message: String?
    public init(message: String?) { self.message = message }
}

public struct GraphQLResult<Data: RootSelectionSet> {
    public enum Source: Hashable, Sendable {
        case cache
        case server
    }

    public let data: Data?
    public let extensions: [String: AnyHashable]?
    public let errors: [GraphQLError]?
    public let source: Source

    public init(data: Data?, extensions: [String: AnyHashable]?, errors: [GraphQLError]?, source: Source, dependentKeys: Set<CacheKey>?) {
        self.data = data
        self.extensions = extensions
        self.errors = errors
        self.source = source
    }
}
