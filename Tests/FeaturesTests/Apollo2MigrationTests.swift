import Features
import GraphQLIndex
import SwiftAnalysis
import XCTest

/// `Apollo2Migration`: the edits that move 1.x tests to Apollo iOS 2, on files as suites write them. The migrated
/// files are type-checked against the real 2.4.0 modules in `Apollo2MigrationProofTests`.
final class Apollo2MigrationTests: XCTestCase {
    /// Every capitalized path counts as a model here (the project's selection sets decide it in the workspace).
    func migrated(
        _ texts: [String], isModel: @escaping (String) -> Bool = { $0.first?.isUppercase == true }, appTakingClientProtocol: [String] = []
    ) -> [(text: String, left: [String])] {
        let files = texts.map { SwiftFile(Array($0.utf8)) }
        return zip(files, Apollo2Migration.plan(files, isModel: isModel, appTakingClientProtocol: appTakingClientProtocol)).map { file, plan in
            (String(decoding: plan.applied(to: file.lines.bytes), as: UTF8.self), plan.left.map(\.reason))
        }
    }

    func testAwaitsFromAndMakesTheTestAsync() {
        let result = migrated(["""
            func test_a() throws {
              let data = DogQuery.Data.from(Mock<Query>())
              XCTAssertEqual(data.dog.id, "1")
            }
            func test_b() async {
              let data = await DogQuery.Data.from(Mock<Query>())
            }
            """])[0]
        XCTAssertEqual(result.text, """
            func test_a() async throws {
              let data = await DogQuery.Data.from(Mock<Query>())
              XCTAssertEqual(data.dog.id, "1")
            }
            func test_b() async {
              let data = await DogQuery.Data.from(Mock<Query>())
            }
            """)
        XCTAssertEqual(result.left, [])
    }

    func testAssertionArgumentsMoveToALetBeforeTheStatement() {
        let result = migrated(["""
            func test_a() {
                XCTAssertEqual(PetDetails.from(Mock<Dog>()).id, "1")
                XCTAssertEqual(PetDetails.from(Mock<Dog>()).name, "Rex")
                let petDetails = 1
            }
            """])[0]
        XCTAssertEqual(result.text, """
            func test_a() async {
                let petDetails2 = await PetDetails.from(Mock<Dog>())
                XCTAssertEqual(petDetails2.id, "1")
                let petDetails3 = await PetDetails.from(Mock<Dog>())
                XCTAssertEqual(petDetails3.name, "Rex")
                let petDetails = 1
            }
            """)
    }

    func testAwaitGoesFirstInAnOperatorSequenceAndAfterAssignment() {
        let result = migrated(["""
            func test_a() {
                let n = 1 + PetDetails.from(Mock<Dog>()).age
                n = PetDetails.from(Mock<Dog>()).age + 1
                #expect(PetDetails.from(Mock<Dog>()).id == "1")
            }
            """])[0]
        XCTAssertEqual(result.text, """
            func test_a() async {
                let n = await 1 + PetDetails.from(Mock<Dog>()).age
                n = await PetDetails.from(Mock<Dog>()).age + 1
                #expect(await PetDetails.from(Mock<Dog>()).id == "1")
            }
            """)
    }

    /// A helper that calls `from` becomes `async`, and so do its callers, in other files too; `try` stays first.
    func testHelpersAndTheirCallersAcrossFiles() {
        let result = migrated([
            """
            enum Fixtures {
                static func animal(species: String = "Lab") -> AllAnimalsQuery.Data.AllAnimal {
                    return .from(Mock<Dog>(species: species))
                }
                static func owned() throws -> AllAnimalsQuery.Data.AllAnimal { try wrap(animal()) }
            }
            """,
            """
            final class T: XCTestCase {
                func test_a() throws {
                    let animal = try Fixtures.owned()
                    XCTAssertEqual(Fixtures.animal(species: "Lab").species, "Lab")
                }
            }
            """,
        ])
        XCTAssertEqual(result[0].text, """
            enum Fixtures {
                static func animal(species: String = "Lab") async -> AllAnimalsQuery.Data.AllAnimal {
                    return await .from(Mock<Dog>(species: species))
                }
                static func owned() async throws -> AllAnimalsQuery.Data.AllAnimal { try wrap(await animal()) }
            }
            """)
        XCTAssertEqual(result[1].text, """
            final class T: XCTestCase {
                func test_a() async throws {
                    let animal = try await Fixtures.owned()
                    let animalResult = await Fixtures.animal(species: "Lab")
                    XCTAssertEqual(animalResult.species, "Lab")
                }
            }
            """)
    }

    func testSetUpBecomesAsyncThrowsAndStoredFixturesMoveIntoIt() {
        let result = migrated(["""
            final class T: XCTestCase {
              private let data = AllAnimalsQuery.Data.from(Mock<Query>())
              let details: PetDetails = {
                let dog = Mock<Dog>()
                return PetDetails.from(dog)
              }()

              override func setUp() {
                super.setUp()
              }
            }
            """])[0]
        XCTAssertEqual(result.text, """
            final class T: XCTestCase {
              private var data: AllAnimalsQuery.Data!
              var details: PetDetails!

              override func setUp() async throws {
                try await super.setUp()
                data = await AllAnimalsQuery.Data.from(Mock<Query>())
                details = await {
                  let dog = Mock<Dog>()
                  return await PetDetails.from(dog)
                }()
              }
            }
            """)
    }

    func testASetUpIsWrittenWhereNoneIsAndSuitesSetInInit() {
        let result = migrated(["""
            final class T: XCTestCase {
                let data = AllAnimalsQuery.Data.from(Mock<Query>())
            }
            @Suite struct S {
                let details: PetDetails = PetDetails.from(Mock<Dog>())
                @Test func a() {}
            }
            """])[0]
        XCTAssertEqual(result.text, """
            final class T: XCTestCase {
                var data: AllAnimalsQuery.Data!

                override func setUp() async throws {
                    try await super.setUp()
                    data = await AllAnimalsQuery.Data.from(Mock<Query>())
                }
            }
            @Suite struct S {
                let details: PetDetails

                init() async {
                    details = await PetDetails.from(Mock<Dog>())
                }
                @Test func a() {}
            }
            """)
    }

    /// A `static let` fixture cannot await: it becomes an `async` getter, and its readers await it.
    func testStaticFixturesBecomeAsyncGetters() {
        let result = migrated(["""
            enum F {
                static let tabby = AllAnimalsQuery.Data.from(Mock<Query>())
            }
            func test_a() {
                let cat = F.tabby.allAnimals[0]
            }
            """])[0]
        XCTAssertEqual(result.text, """
            enum F {
                static var tabby: AllAnimalsQuery.Data { get async { await AllAnimalsQuery.Data.from(Mock<Query>()) } }
            }
            func test_a() async {
                let cat = await F.tabby.allAnimals[0]
            }
            """)
    }

    func testGraphQLResultBecomesGraphQLResponse() {
        let result = migrated(["""
            func test_a() {
                let data = AllAnimalsQuery.Data.from(Mock<Query>())
                let result = GraphQLResult(data: data, extensions: nil, errors: nil, source: .server, dependentKeys: nil)
                let wrapped: Result<GraphQLResult<AllAnimalsQuery.Data>, Error> = .success(result)
            }
            func make<D: RootSelectionSet>(_ d: D) -> GraphQLResult<D> { fatalError() }
            func makeResult<Data: RootSelectionSet>(_ data: Data?, source: GraphQLResult<Data>.Source = .server) -> GraphQLResult<Data> {
                GraphQLResult(data: data, extensions: nil, errors: nil, source: source, dependentKeys: nil)
            }
            func pair<A: RootSelectionSet, B: RootSelectionSet>(_ a: A, _ b: B) -> (GraphQLResult<A>, GraphQLResult<B>) { fatalError() }
            """])[0]
        XCTAssertEqual(result.text, """
            func test_a() async {
                let data = await AllAnimalsQuery.Data.from(Mock<Query>())
                let result = GraphQLResponse<AllAnimalsQuery>(data: data, extensions: nil, errors: nil, source: .server, dependentKeys: nil)
                let wrapped: Result<GraphQLResponse<AllAnimalsQuery>, Error> = .success(result)
            }
            func make<Operation: GraphQLOperation>(_ d: Operation.Data) -> GraphQLResponse<Operation> { fatalError() }
            func makeResult<Operation: GraphQLOperation>(_ data: Operation.Data?, source: GraphQLResponse<Operation>.Source = .server) -> GraphQLResponse<Operation> {
                GraphQLResponse(data: data, extensions: nil, errors: nil, source: source, dependentKeys: nil)
            }
            func pair<A: RootSelectionSet, B: RootSelectionSet>(_ a: A, _ b: B) -> (GraphQLResult<A>, GraphQLResult<B>) { fatalError() }
            """)
        // A function generic over two results' data is left (one helper, one operation: what the helpers write).
        XCTAssertEqual(result.left.count, 4, "\(result.left)")
        XCTAssert(result.left.allSatisfy { $0.contains("generic over") }, "\(result.left)")
    }

    /// 1.x's `CachePolicy` as the tests' own type becomes 2.x's deprecated `CachePolicy_v1` (the same cases): the cases
    /// the tests pass and compare stay as they are; `dependentKeys`, `@_spi(Execution)` in 2.x, gets Apollo's SPI.
    func testCachePolicyTypesBecomeV1AndDependentKeysImportTheSPI() {
        let result = migrated(["""
            import Apollo
            import ApolloAPI

            protocol Client { func all(cachePolicy: CachePolicy) -> [String] }
            final class T: XCTestCase {
              var sent: [Apollo.CachePolicy] = []
              func test_a() {
                CachePolicy.default = .fetchIgnoringCacheData
                XCTAssertEqual(sent, [.returnCacheDataAndFetch, CachePolicy.returnCacheDataElseFetch])
                XCTAssertEqual(result.dependentKeys?.count, 1)
                let policy: CachePolicy.Query.SingleResponse = .networkOnly
              }
            }
            """])[0]
        XCTAssertEqual(result.left, [])
        XCTAssertEqual(result.text, """
            @_spi(Execution) import Apollo
            import ApolloAPI

            protocol Client { func all(cachePolicy: CachePolicy_v1) -> [String] }
            final class T: XCTestCase {
              var sent: [Apollo.CachePolicy_v1] = []
              func test_a() {
                CachePolicy_v1.default = .fetchIgnoringCacheData
                XCTAssertEqual(sent, [.returnCacheDataAndFetch, CachePolicy_v1.returnCacheDataElseFetch])
                XCTAssertEqual(result.dependentKeys?.count, 1)
                let policy: CachePolicy.Query.SingleResponse = .networkOnly
              }
            }
            """)
        // Where the tests write no `CachePolicy`, a 1.x case outside a deprecated fetch is the app's to say: left.
        let app = migrated(["""
            func test_a() {
              service.load(policy: .returnCacheDataDontFetch)
            }
            """])[0]
        XCTAssertEqual(app.left.count, 1)
        XCTAssert(app.left.first?.contains("CachePolicy_v1") == true, "\(app.left)")
    }

    /// `map` (and kin) cannot run an `async` closure: it becomes a `fileprivate` twin written into the file, awaited,
    /// moved out of an assertion; a second run changes nothing.
    func testClosuresOfMapBecomeAsyncTwins() {
        let original = """
            final class T: XCTestCase {
              func test_a() {
                let all = dogs.map { PetDetails.from($0) }
                XCTAssertEqual(dogs.compactMap { PetDetails.from($0).name }, ["Rex"])
              }
            }

            """
        let once = migrated([original])[0]
        XCTAssertEqual(once.left, [])
        XCTAssert(once.text.hasPrefix("""
            final class T: XCTestCase {
              func test_a() async {
                let all = await dogs.asyncMap { await PetDetails.from($0) }
                let mapped = await dogs.asyncCompactMap { await PetDetails.from($0).name }
                XCTAssertEqual(mapped, ["Rex"])
              }
            }

            // Written by `mockls migrate --to 2`
            """), once.text)
        XCTAssert(once.text.contains("  func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {\n    var result"), once.text)
        XCTAssert(once.text.contains("func asyncCompactMap<T>"), once.text)
        XCTAssertFalse(once.text.contains("func asyncFilter"), once.text)
        XCTAssertEqual(migrated([once.text])[0].text, once.text)
    }

    /// What cannot await is left, with the reason; a second run changes nothing.
    func testWhatCannotAwaitIsLeftAndASecondRunChangesNothing() {
        let original = """
            func test_a() {
                let all = dogs.sorted { PetDetails.from($0).id < $1.id }
                let x = y ?? PetDetails.from(Mock<Dog>())
                async let z = PetDetails.from(Mock<Dog>())
            }
            final class MockRequestChain: RequestChain, @unchecked Sendable {}
            """
        let once = migrated([original])[0]
        XCTAssertEqual(once.left.count, 3, "\(once.left)")
        XCTAssert(once.left.contains { $0.contains("interceptor API") }, "\(once.left)")
        XCTAssert(once.left.contains { $0.contains("`sorted` runs") }, "\(once.left)")
        XCTAssert(once.left.contains { $0.contains("right of `??`") }, "\(once.left)")
        // `async let` needs no `await`; the function still becomes async.
        XCTAssertEqual(once.text, original.replacingOccurrences(of: "func test_a() {", with: "func test_a() async {"))
        let twice = migrated([once.text])[0]
        XCTAssertEqual(twice.text, once.text)
    }

    /// A fake of `ApolloClientProtocol` whose code under test is in the tests: 1.x's protocol is declared for 2.x after
    /// it (with `ApolloClient` conforming), its handlers take the operation; once, and a second run changes nothing.
    /// Where the app takes the protocol, the tests cannot declare it for the app: left, naming the app's files.
    func testAFakeOfApolloClientProtocolGetsTheProtocolDeclaredForTwo() {
        let fake = """
            import Apollo

            final class MockApolloClient: ApolloClientProtocol {
              typealias FetchImpl<Query: GraphQLQuery> = (Query, CachePolicy, GraphQLResultHandler<Query.Data>?) -> Cancellable
              func perform<Mutation: GraphQLMutation>(mutation: Mutation, resultHandler: GraphQLResultHandler<Mutation.Data>?) {}
            }

            """
        let service = """
            final class Service {
              let apollo: ApolloClientProtocol
            }

            """
        let once = migrated([fake, service])
        XCTAssertEqual(once.map(\.left), [[], []])
        XCTAssertEqual(once[1].text, service)
        XCTAssert(once[0].text.hasPrefix("""
            import Apollo
            import ApolloAPI

            final class MockApolloClient: ApolloClientProtocol {
              typealias FetchImpl<Query: GraphQLQuery> = (Query, CachePolicy_v1, GraphQLResultHandler<Query>?) -> Cancellable
              func perform<Mutation: GraphQLMutation>(mutation: Mutation, resultHandler: GraphQLResultHandler<Mutation>?) {}
            }

            // MARK: - `ApolloClientProtocol` for Apollo iOS 2
            """), once[0].text)
        XCTAssert(once[0].text.contains("\nprotocol ApolloClientProtocol: AnyObject {\n  var store: ApolloStore { get }\n"), once[0].text)
        XCTAssert(once[0].text.contains("\nextension ApolloClient: ApolloClientProtocol {\n"), once[0].text)
        // A second run changes nothing and leaves nothing (2.x's `GraphQLResultHandler<Query>` is no 1.x handler).
        let twice = migrated(once.map(\.text))
        XCTAssertEqual(twice.map(\.text), once.map(\.text))
        XCTAssertEqual(twice.map(\.left), [[], []])

        let app = migrated([fake, service], appTakingClientProtocol: ["Sources/App/Service.swift"])
        XCTAssertFalse(app[0].text.contains("protocol ApolloClientProtocol"), app[0].text)
        XCTAssertEqual(app[0].left.count, 1, "\(app[0].left)")
        XCTAssert(app[0].left.first?.contains("the app's `Sources/App/Service.swift` takes it") == true, "\(app[0].left)")
    }

    /// A model a stub's closure builds from literals and types only moves before the statement the closure is written
    /// in (the closure cannot await): a `let` that holds it moves whole, keeping its name; an implicit `.from(…)` gets
    /// the type its `GraphQLResponse<X>(data:)` gives. One that reads a variable (a mock the test may change before
    /// the stub runs) is left. Where the function uses the `let`'s name outside the closure, the model gets a name of
    /// its own.
    func testModelsBuiltInAStubsClosureMoveBeforeIt() {
        let result = migrated(["""
            func test_a() {
              apollo.stubFetch { (query: DogQuery, queue, completion) -> Cancellable in
                let data = DogQuery.Data.from(Mock<Query>(allAnimals: [Mock<Dog>(id: "1")]))
                queue.async { completion?(.success(GraphQLResponse<DogQuery>(data: .from(Mock<Query>(allAnimals: [])), extensions: nil))) }
                return MockCancellable()
              }
            }
            func test_b() {
              let mock = Mock<Query>()
              apollo.stubFetch { query, completion in completion(DogQuery.Data.from(mock)) }
            }
            """])[0]
        XCTAssertEqual(result.text, """
            func test_a() async {
              let data = await DogQuery.Data.from(Mock<Query>(allAnimals: [Mock<Dog>(id: "1")]))
              let data2: DogQuery.Data = await .from(Mock<Query>(allAnimals: []))
              apollo.stubFetch { (query: DogQuery, queue, completion) -> Cancellable in
                queue.async { completion?(.success(GraphQLResponse<DogQuery>(data: data2, extensions: nil))) }
                return MockCancellable()
              }
            }
            func test_b() {
              let mock = Mock<Query>()
              apollo.stubFetch { query, completion in completion(DogQuery.Data.from(mock)) }
            }
            """)
        XCTAssertEqual(result.left.count, 1, "\(result.left)")
        XCTAssert(result.left.first?.contains("`stubFetch` runs") == true, "\(result.left)")
        let clash = migrated(["""
            func test_a() {
              let data = 1
              apollo.stubFetch { completion in
                let data = DogQuery.Data.from(Mock<Query>())
                completion(data)
              }
            }
            """])[0]
        XCTAssertEqual(clash.text, """
            func test_a() async {
              let data = 1
              let data2 = await DogQuery.Data.from(Mock<Query>())
              apollo.stubFetch { completion in
                let data = data2
                completion(data)
              }
            }
            """)
    }

    /// 1.x's response body parser: `GraphQLResponse(operation:body:)` becomes `ApolloOneResponse`, declared in the file on
    /// 2.x's `async` parser; its `parseResult()` is awaited in an async test, and in a synchronous transport's
    /// `queue.async { … }` through a `Task` that awaits first (`Result { … }` gets an `async` initializer); a store
    /// transaction's reads are awaited in its body, which is `async` in 2.x. A second run changes nothing.
    func testBodyParsingAndStoreTransactions() {
        let original = """
            import Foundation
            import Apollo
            import ApolloAPI

            final class BodyTransport {
              func send<Operation: GraphQLOperation>(operation: Operation, callbackQueue: DispatchQueue, completionHandler: @escaping (Result<GraphQLResult<Operation.Data>, Error>) -> Void) -> Cancellable {
                let response = GraphQLResponse(operation: operation, body: body)
                callbackQueue.async {
                  completionHandler(Result { try response.parseResultFast() })
                }
                return EmptyCancellable()
              }
            }

            final class CacheTests: XCTestCase {
              func test_read() throws {
                let (result, records) = try GraphQLResponse(operation: DogQuery(), body: [:]).parseResult()
                store.withinReadTransaction { transaction in
                  let dog = try transaction.readObject(ofType: DogQuery.Data.self, withKey: "Dog:1")
                  let other = try other.readObject(ofType: DogQuery.Data.self, withKey: "Dog:1")
                }
              }
            }

            """
        let once = migrated([original])[0]
        XCTAssertEqual(once.left, [])
        XCTAssert(once.text.contains("""
                let response = ApolloOneResponse(operation: operation, body: body)
                Task {
                  let result = await Result { try await response.parseResultFast() }
                  callbackQueue.async {
                    completionHandler(result)
                  }
                }
                return EmptyCancellable()
            """), once.text)
        XCTAssert(once.text.contains("""
              func test_read() async throws {
                let (result, records) = try await ApolloOneResponse(operation: DogQuery(), body: [:]).parseResult()
                store.withinReadTransaction { transaction in
                  let dog = try await transaction.readObject(ofType: DogQuery.Data.self, withKey: "Dog:1")
                  let other = try other.readObject(ofType: DogQuery.Data.self, withKey: "Dog:1")
            """), once.text)
        XCTAssert(once.text.hasPrefix("import Foundation\n#if canImport(FoundationNetworking)\nimport FoundationNetworking\n#endif\nimport Apollo\n@_spi(Unsafe) import ApolloAPI\n") ||
                  once.text.hasPrefix("import Foundation\nimport Apollo\n@_spi(Unsafe) import ApolloAPI\n#if canImport(FoundationNetworking)"), once.text)
        XCTAssert(once.text.contains("private struct ApolloOneResponse<Operation: GraphQLOperation> {"), once.text)
        XCTAssert(once.text.contains("fileprivate extension Result where Failure == any Error {"), once.text)
        XCTAssertEqual(migrated([once.text])[0].text, once.text)
    }

    /// A stub's `queue.async { … }` that calls back with what now awaits (Pocket's `fixture.asGraphQLResult(from:
    /// query)`, built on 1.x's body parser): the statement moves into a `Task` that awaits first, inside the stub's
    /// closure; the test stays synchronous (its `wait(for:)` with it).
    func testAStubsQueueAsyncAwaitsInATask() {
        let fixture = """
            struct ResponseFixture {
              func asGraphQLResult<Operation: GraphQLOperation>(from operation: Operation) -> GraphQLResult<Operation.Data> {
                try! GraphQLResponse(operation: operation, body: body).parseResultFast()
              }
            }

            """
        let test = """
            func test_a() {
              apollo.stubFetch { (query: DogQuery, queue, completion) -> Cancellable in
                queue.async {
                  completion?(.success(fixture.asGraphQLResult(from: query)))
                  handler?()
                }
                return MockCancellable()
              }
              wait(for: [fetched], timeout: 1)
            }

            """
        let result = migrated([fixture, test])
        XCTAssertEqual(result.map(\.left), [[], []])
        XCTAssert(result[0].text.contains("-> GraphQLResponse<Operation> {\n    try! await ApolloOneResponse(operation: operation, body: body).parseResultFast()"), result[0].text)
        XCTAssertEqual(result[1].text, """
            func test_a() {
              apollo.stubFetch { (query: DogQuery, queue, completion) -> Cancellable in
                Task {
                  let graphQLResult = await fixture.asGraphQLResult(from: query)
                  queue.async {
                    completion?(.success(graphQLResult))
                    handler?()
                  }
                }
                return MockCancellable()
              }
              wait(for: [fetched], timeout: 1)
            }

            """)
        XCTAssertEqual(migrated(result.map(\.text)).map(\.text), result.map(\.text))
    }

    /// A method made `async` that two types declare (the same `Fixture` helper in two test targets) is awaited on a
    /// value whose type is not read: whichever type it is, its method is `async`. Where only one of them became
    /// `async`, the call is not awaited (it may be the other's).
    func testAMethodEveryDeclaringTypeMadeAsyncIsAwaitedOnAValue() {
        let fixture = { (type: String, body: String) in
            """
            struct \(type) {
              func details() -> PetDetails {
                \(body)
              }
            }

            """
        }
        let test = """
            func test_a() {
              let details = fixture.details()
            }

            """
        let both = migrated([fixture("Fixture", "PetDetails.from(Mock<Dog>())"), fixture("Fixture", "PetDetails.from(Mock<Cat>())"), test])
        XCTAssertEqual(both[2].text, "func test_a() async {\n  let details = await fixture.details()\n}\n")
        let one = migrated([fixture("Fixture", "PetDetails.from(Mock<Dog>())"), fixture("Other", "PetDetails(name: nil)"), test])
        XCTAssertEqual(one[2].text, test)
    }

    /// Only Apollo's `from`: a type that is no model keeps its own.
    func testOnlyModelsFromIsAwaited() {
        let result = migrated(["""
            func test_a() {
                let date = DateParser.from("2020")
                let data = DogQuery.Data.from(Mock<Query>())
            }
            """], isModel: { $0 == "DogQuery.Data" })[0]
        XCTAssertEqual(result.text, """
            func test_a() async {
                let date = DateParser.from("2020")
                let data = await DogQuery.Data.from(Mock<Query>())
            }
            """)
    }
}

extension Apollo2MigrationTests {
    /// The crash warning reads what the migration writes as it read the 1.x form: a model inside
    /// `GraphQLResponse<Q>(data: …)` is followed as inside `GraphQLResult(data: …)`, with `await`, in an async test.
    func testTheCrashWarningReadsTheMigratedForm() throws {
        let project = try FeatureFixture.animalKingdom().project
        func warnings(_ text: String) -> [String] {
            MockDiagnostics.diagnostics(in: SwiftFile(text), project: project, options: TestConventions())
                .filter { $0.code == .unsetFieldRead }.map { String(text.utf8[text.utf8.index(text.utf8.startIndex, offsetBy: $0.range.lowerBound)...].prefix(7)) ?? "" }
        }
        let original = """
            func test_graphQLResult() {
              let data = AllAnimalsQuery.Data.from(Mock<Query>(allAnimals: [Mock<Cat>()]))
              let result = GraphQLResult(data: data, extensions: nil, errors: nil, source: .server, dependentKeys: nil)
              XCTAssertEqual(result.data?.allAnimals.first?.species, "Tabby")
            }
            """
        let migrated = self.migrated([original])[0].text
        XCTAssert(migrated.contains("GraphQLResponse<AllAnimalsQuery>(data: data"), migrated)
        XCTAssertEqual(warnings(original), ["species"])
        XCTAssertEqual(warnings(migrated), ["species"])
    }
}

extension Apollo2MigrationTests {
    /// A fetch with a result handler waited on with an expectation becomes 2.x's `try await`: the handler's body runs
    /// after it on the `Result` it was handed; a generic operation gets 2.x's single-response requirement; callers await.
    func testWaitedCallbackFetchesBecomeTryAwait() {
        let result = migrated(["""
            final class T: XCTestCase {
              private func fetch<Query: GraphQLQuery>(_ query: Query) -> Result<GraphQLResult<Query.Data>, any Error> {
                let done = expectation(description: "fetched")
                var outcome: Result<GraphQLResult<Query.Data>, any Error>?
                client.fetch(query: query, cachePolicy: .fetchIgnoringCacheCompletely) { result in
                  outcome = result
                  done.fulfill()
                }
                wait(for: [done], timeout: 10)
                return outcome!
              }

              func test_a() throws {
                XCTAssertEqual(try fetch(DogQuery()).get().data?.id, "1")
              }

              func test_b() {
                let expectation = self.expectation(description: "fetching")
                client.fetch(query: DogQuery()) { result in
                  defer { expectation.fulfill() }
                  switch result {
                  case .success(let response):
                    XCTAssertEqual(response.data?.id, "1")
                  case .failure(let error):
                    XCTFail("\\(error)")
                  }
                }
                waitForExpectations(timeout: 1)
              }
            }
            """])[0]
        XCTAssertEqual(result.left, [])
        XCTAssertEqual(result.text, """
            final class T: XCTestCase {
              private func fetch<Query: GraphQLQuery>(_ query: Query) async -> Result<GraphQLResponse<Query>, any Error> where Query.ResponseFormat == SingleResponseFormat {
                var outcome: Result<GraphQLResponse<Query>, any Error>?
                let result: Result<GraphQLResponse<Query>, any Error>
                do {
                  result = .success(try await client.fetch(query: query, cachePolicy: .networkOnly, requestConfiguration: RequestConfiguration(writeResultsToCache: false)))
                } catch {
                  result = .failure(error)
                }
                outcome = result
                return outcome!
              }

              func test_a() async throws {
                let fetchResult = try await fetch(DogQuery())
                XCTAssertEqual(try fetchResult.get().data?.id, "1")
              }

              func test_b() async {
                let result: Result<GraphQLResponse<DogQuery>, any Error>
                do {
                  result = .success(try await client.fetch(query: DogQuery()))
                } catch {
                  result = .failure(error)
                }
                switch result {
                case .success(let response):
                  XCTAssertEqual(response.data?.id, "1")
                case .failure(let error):
                  XCTFail("\\(error)")
                }
              }
            }
            """)
    }
}

extension Apollo2MigrationTests {
    /// A helper is awaited where it is called, not where another of that name is: each test case's own `subject()`,
    /// a static factory through its type, a method through a value only when no other type declares one of its name.
    func testHelpersAreFoundByWhereTheyAreDeclared() {
        let result = migrated([
            """
            final class DogTests: XCTestCase {
                private func subject() -> PetDetails { PetDetails.from(Mock<Dog>()) }
                func test_a() { let details = subject() }
            }
            final class CatTests: XCTestCase {
                private func subject() -> CatViewModel { CatViewModel() }
                func test_b() { let model = self.subject() }
            }
            extension Mock where O == Dog {
                static func owned() -> PetDetails { .from(Mock<Dog>()) }
            }
            func test_c() {
                let a = Mock<Dog>.owned()
                let b = Mock<Cat>.owned()
                let c = viewModel.subject()
            }
            """,
        ])[0]
        XCTAssert(result.text.contains("func test_a() async { let details = await subject() }"), result.text)
        XCTAssert(result.text.contains("func test_b() { let model = self.subject() }"), result.text)
        XCTAssert(result.text.contains("let a = await Mock<Dog>.owned()"), result.text)
        // `Mock<Cat>.owned()` names the same extension's function (Swift would reject it); a value's `subject()` is one
        // of two types' and is not awaited.
        XCTAssert(result.text.contains("let c = viewModel.subject()"), result.text)
    }
}

extension Apollo2MigrationTests {
    /// A hand-written 1.x `NetworkTransport` keeps its `send` and its stubs: 2.x's requirements are written after them,
    /// each request going through the 1.x `send` with the cache policy 1.x's `ApolloClient` gave it; `EmptyCancellable`,
    /// gone in 2.x, is declared in the file. A transport whose `send` takes what 2.x does not give is left.
    func testAHandWrittenTransportAnswersThroughItsOneXSend() {
        let original = """
            final class StubTransport: NetworkTransport {
              var sent: [CachePolicy] = []

              func send<Operation: GraphQLOperation>(
                operation: Operation, cachePolicy: CachePolicy, contextIdentifier: UUID?, context: RequestContext?,
                callbackQueue: DispatchQueue, completionHandler: @escaping (Result<GraphQLResult<Operation.Data>, Error>) -> Void
              ) -> Cancellable {
                sent.append(cachePolicy)
                callbackQueue.async { completionHandler(.failure(URLError(.badURL))) }
                return EmptyCancellable()
              }
            }
            final class OddTransport: NetworkTransport {
              func send<Operation: GraphQLOperation>(operation: Operation, priority: Int, completionHandler: @escaping (Result<GraphQLResult<Operation.Data>, Error>) -> Void) -> Cancellable {
                fatalError()
              }
            }

            """
        let once = migrated([original])[0]
        XCTAssertEqual(once.left.count, 1, "\(once.left)")
        XCTAssert(once.left.first?.contains("`OddTransport` implements 1.x's `NetworkTransport`") == true, "\(once.left)")
        XCTAssert(once.text.contains("""
                return EmptyCancellable()
              }

              // MARK: Apollo iOS 2's `NetworkTransport` (written by `mockls migrate --to 2`): each request goes through the
              // 1.x `send` above, with the cache policy 1.x's `ApolloClient` gave it.

              func send<Query: GraphQLQuery>(
                query: Query, fetchBehavior: FetchBehavior, requestConfiguration: RequestConfiguration
              ) throws -> AsyncThrowingStream<GraphQLResponse<Query>, any Error> {
            """), once.text)
        XCTAssert(once.text.contains("      _ = send(operation: operation, cachePolicy: cachePolicy, contextIdentifier: nil, context: nil, callbackQueue: DispatchQueue.global()) { result in\n"), once.text)
        XCTAssert(once.text.contains("  var sent: [CachePolicy_v1] = []"), once.text)
        XCTAssert(once.text.contains("(Result<GraphQLResponse<Operation>, Error>) -> Void"), once.text)
        XCTAssert(once.text.hasSuffix("""
              }
            }

            /// Apollo iOS 1.x's `EmptyCancellable`, which 2.x does not have (written by `mockls migrate --to 2`).
            private struct EmptyCancellable: Cancellable {
              func cancel() {}
            }

            """), once.text)
        // Once written, the transport is 2.x's: a second run changes nothing.
        XCTAssertEqual(migrated([once.text])[0].text, once.text)
    }

    /// A test made `async` waits with `await fulfillment(of:timeout:)`: XCTest's `wait(for:timeout:)` and
    /// `waitForExpectations(timeout:)` are unavailable from `async` functions (an error in Swift 6 mode).
    func testWaitsInTestsMadeAsyncBecomeFulfillment() {
        let result = migrated(["""
            final class T: XCTestCase {
              func test_a() {
                let data = DogQuery.Data.from(Mock<Query>())
                let done = expectation(description: "done")
                let other = self.expectation(description: "other")
                service.load(data) { done.fulfill(); other.fulfill() }
                waitForExpectations(timeout: 1)
              }
              func test_b() {
                let data = DogQuery.Data.from(Mock<Query>())
                let done = XCTestExpectation(description: "done")
                service.load(data) { done.fulfill() }
                self.wait(for: [done], timeout: 2, enforceOrder: true)
              }
              func test_c() {
                let data = DogQuery.Data.from(Mock<Query>())
                service.load(data, expectation(description: "unnamed"))
                waitForExpectations(timeout: 1)
              }
              func test_untouched() {
                let done = expectation(description: "done")
                wait(for: [done], timeout: 1)
              }
            }
            """])[0]
        XCTAssert(result.text.contains("    await fulfillment(of: [done, other], timeout: 1)\n"), result.text)
        XCTAssert(result.text.contains("    await fulfillment(of: [done], timeout: 2, enforceOrder: true)\n"), result.text)
        XCTAssert(result.text.contains("  func test_untouched() {\n    let done = expectation(description: \"done\")\n    wait(for: [done], timeout: 1)"), result.text)
        XCTAssertEqual(result.left.count, 1, "\(result.left)")
        XCTAssert(result.left.first?.contains("not every expectation it waits for has a name") == true, "\(result.left)")
    }
}
