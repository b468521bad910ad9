@testable import Features
import GraphQLIndex
import SwiftAnalysis
import XCTest

/// `unused-field` and `read-only-by-tests` from what app code and tests read (`FieldReads`), every verdict asserted.
final class UnusedFieldsTests: XCTestCase {
    private let schema = """
        type Query { dog: Dog cats: [Cat!]! }
        type Mutation { rename(name: String!): Dog }
        type Dog { id: ID! name: String! breed: String age: Int owner: Person }
        type Cat { id: ID! name: String! lives: Int! color: String }
        type Person { name: String! email: String }
        """
    private let operations = """
        query Dog {
          dog {
            id
            name
            breed
            age
            owner {
              name
              email
            }
          }
        }
        query Cats {
          cats {
            ...CatDetails
          }
        }
        fragment CatDetails on Cat {
          name
          lives
          color
        }
        mutation Rename {
          rename(name: "x") { id name breed }
        }

        """

    private func index() -> ProjectIndex {
        ProjectIndex(namespace: "PetAPI", sources: [
            ("schema.graphqls", .schema, Array(schema.utf8)), ("Operations.graphql", .executable, Array(operations.utf8)),
        ])
    }

    private func reads(_ source: String, in index: ProjectIndex) -> FieldReads {
        let names = Set(SelectionCoverage.selectedFields(of: index).map { index.modelProperty(ofResponseKey: String($0.id.path.split(separator: ".").last!)) })
        return FieldReads.of(SwiftFile(Array(source.utf8)), project: index, names: names)
    }

    private func hints(app: [String], tests: [String] = []) -> [String] {
        let index = index()
        let found = UnusedFields.diagnostics(of: index, app: app.map { reads($0, in: index) }, tests: tests.map { reads($0, in: index) })
        return (found["Operations.graphql"] ?? []).map { diagnostic in
            "\(diagnostic.code.rawValue) \(String(decoding: Array(operations.utf8)[diagnostic.range], as: UTF8.self))"
        }
    }

    /// 1.x: a result handler, `result.get().data`, a typed parameter, `if case .success(let r) = result, let x = r.data?…`,
    /// a `for` loop and `fragments`.
    private let appWithHandlers = """
        import PetAPI
        import Apollo

        final class DogModel {
            func load(client: ApolloClient) {
                client.fetch(query: DogQuery()) { result in
                    guard let data = try? result.get().data else { return }
                    self.show(data.dog)
                }
                client.fetch(query: CatsQuery()) { result in
                    if case .success(let graphQLResult) = result, let cats = graphQLResult.data?.cats {
                        for cat in cats { print(cat.fragments.catDetails.lives) }
                    }
                }
            }

            func show(_ dog: DogQuery.Data.Dog?) {
                print(dog?.name ?? "")
                print(dog?.owner?.name ?? "")
            }
        }
        """

    private let test = """
        import XCTest
        import ApolloTestSupport
        import PetAPITestMocks
        @testable import PetAPI

        final class DogTests: XCTestCase {
            func testDog() {
                let data = DogQuery.Data.from(Mock<Query>(dog: Mock<Dog>(age: 3, name: "Rex")))
                XCTAssertEqual(data.dog?.age, 3)
            }
        }
        """

    func testWhatNoCodeReadsAndWhatOnlyTestsReadIn1x() {
        XCTAssertEqual(hints(app: [appWithHandlers], tests: [test]), [
            "unused-field breed", "read-only-by-tests age", "unused-field email", "unused-field name", "unused-field color",
        ])
        // Without the test, `age` is read by nothing.
        XCTAssertEqual(hints(app: [appWithHandlers]), [
            "unused-field breed", "unused-field age", "unused-field email", "unused-field name", "unused-field color",
        ])
    }

    /// A field the schema does not have is its `unknown-field` error, not also a field nothing reads (found in the
    /// example's scripted session once it had app code: `publishd` got both).
    func testAFieldThatIsAnErrorIsNotAlsoUnused() {
        let misspelled = operations.replacingOccurrences(of: "    breed\n    age", with: "    braed\n    age")
        let index = ProjectIndex(namespace: "PetAPI", sources: [
            ("schema.graphqls", .schema, Array(schema.utf8)), ("Operations.graphql", .executable, Array(misspelled.utf8)),
        ])
        XCTAssertEqual(index.diagnostics["Operations.graphql"]?.map(\.code), [.unknownField])
        let found = UnusedFields.diagnostics(of: index, app: [reads(appWithHandlers, in: index)], tests: [])["Operations.graphql"] ?? []
        let named = found.map { String(decoding: Array(misspelled.utf8)[$0.range], as: UTF8.self) }
        XCTAssertFalse(named.contains("braed"), "\(named)")
        XCTAssertTrue(named.contains("age"), "the others still are: \(named)")
    }

    func testAnAwaitedFetchIn2x() {
        let app = """
            import PetAPI
            import Apollo

            struct DogLoader {
                let client: ApolloClient
                func load() async throws -> String {
                    let response = try await client.fetch(query: DogQuery())
                    guard let dog = response.data?.dog else { return "" }
                    return dog.name + (dog.breed ?? "") + (dog.owner?.email ?? "")
                }
            }
            """
        // CatsQuery is not followed into from any app code: nothing is said of it.
        XCTAssertEqual(hints(app: [app]), ["unused-field age", "unused-field name"])
    }

    func testAPropertyReadOnAValueOfUnknownTypeCountsForEveryFieldOfItsName() {
        let elsewhere = "func describe(_ thing: SomeViewState) -> String { \"\\(thing.breed ?? \"\") \\(thing.color ?? \"\")\" }\n"
        XCTAssertEqual(hints(app: [appWithHandlers, elsewhere]), ["unused-field age", "unused-field email", "unused-field name"])
    }

    func testAReadOfANameReadOnAValueOfUnknownTypeStillSaysWhichModelTheFileFollows() {
        // A reducer's state holds `dog` (a value mockls cannot type) before the response's `data.dog` is read: the
        // file still follows DogQuery, and `dog`'s name counts for every field of that name. (The state is read
        // elsewhere: what its views read of the dog counts by name there.)
        let app = """
            import PetAPI

            enum Action { case dogResponse(Result<DogQuery.Data, Error>) }

            func reduce(_ state: inout ScreenState, _ action: Action) {
                state.dog = nil
                switch action {
                case let .dogResponse(.success(data)):
                    state.dog = data.dog
                case .dogResponse(.failure):
                    state.dog = nil
                }
            }
            """
        let view = "func render(_ state: ScreenState) -> String { state.dog?.name ?? \"\" }\n"
        XCTAssertEqual(hints(app: [app, view]), ["unused-field breed", "unused-field age", "unused-field owner"])
        let found = reads(app, in: index())
        XCTAssertEqual(found.names, ["dog"])
        XCTAssertEqual(found.fields.map(\.path), ["dog"])
    }

    func testASwiftUIRowReadsTheElementItIsHanded() {
        let view = """
            import SwiftUI
            import PetAPI

            struct CatsView: View {
                let cats: [CatsQuery.Data.Cat]

                var body: some View {
                    List {
                        ForEach(cats, id: \\.name) { cat in
                            Text("\\(cat.name): \\(cat.lives)")
                        }
                    }
                }
            }
            """
        // DogQuery is not followed into: nothing is said of it.
        XCTAssertEqual(hints(app: [view]), ["unused-field color"])
    }

    func testAModelUsedWholeReadsEveryFieldItHolds() {
        // Printed, compared, passed to the file's generic function, read through Apollo's storage in an extension.
        for use in ["dump(data.dog)", "if data.dog == previous { return }", "log(data.dog)"] {
            let app = """
                import PetAPI
                import Apollo

                final class DogModel {
                    var previous: DogQuery.Data.Dog?
                    func log<T>(_ value: T) {}
                    func load(client: ApolloClient) {
                        client.fetch(query: DogQuery()) { result in
                            guard let data = try? result.get().data else { return }
                            \(use)
                        }
                    }
                }
                """
            XCTAssertEqual(hints(app: [app]), [], use)
        }
        let extended = """
            import PetAPI

            extension DogQuery.Data.Dog {
                var summary: String { "\\(__data["name"] as String)" }
            }
            """
        XCTAssertEqual(hints(app: [appWithHandlers, extended]), ["unused-field name", "unused-field color"])
        // A property of the model read by its own extension, without `self.` (timfether/DungeonsAndDragonsMonsters).
        let ownProperty = """
            import PetAPI

            extension DogQuery.Data.Dog {
                var label: String { (breed ?? "") + "\\(age ?? 0)" }
            }
            """
        XCTAssertEqual(hints(app: [appWithHandlers, ownProperty]), ["unused-field email", "unused-field name", "unused-field color"])
        // A local of the same name inside another type's extension is no read (0x1-company/god-ios: `guard let status`).
        let local = """
            import PetAPI

            extension DogScreen {
                func label(_ age: Int?) -> String {
                    guard let breed = Optional("x") else { return "" }
                    return breed + "\\(age ?? 0)" + [1].map { color in "\\(color)" }.joined()
                }
            }
            """
        XCTAssertEqual(hints(app: [appWithHandlers, local]), hints(app: [appWithHandlers]))
    }

    func testApollosStorageReadOnAValueOfUnknownTypeSilencesTheProject() {
        let storage = "func keys(of model: AnyModel) -> [String] { Array(model.__data._data.keys) }\n"
        XCTAssertEqual(hints(app: [appWithHandlers, storage]), [])
    }

    func testAppCodeThatDoesNotParseCrashesNothingAndCountsByName() {
        let broken = "import PetAPI\nfunc f( { let x = y.breed.\n"
        XCTAssertEqual(hints(app: [appWithHandlers, broken]), ["unused-field age", "unused-field email", "unused-field name", "unused-field color"])
    }

    func testAFileThatCanTypeNoValueIsReadByNameWithoutAParse() {
        let names: Set<String> = ["name", "breed", "age", "lives"]
        func unparsed(_ text: String) -> Set<String>? {
            FieldReads.unparsed(Array(text.utf8), names: names, typeNames: ["DogQuery", "CatDetails"], helperNames: ["makeDog"])?.names
        }
        XCTAssertEqual(unparsed("struct Row { let title: String; var label: String { item.name + item?.`breed` + \\.age } }\n"), ["name", "breed", "age"])
        // A name of a generated type, a helper, a mock, an extension or Apollo's storage: the file is parsed.
        XCTAssertNil(unparsed("let query = DogQuery()\n"))
        XCTAssertNil(unparsed("let dog = makeDog()\n"))
        XCTAssertNil(unparsed("let dog = Mock<Dog>()\n"))
        XCTAssertNil(unparsed("extension Row { var n: String { name } }\n"))
        XCTAssertNil(unparsed("let keys = thing.__data\n"))
        // What a parse finds in the same text it finds too (or more: a comment's names count without a parse).
        let text = "func label(_ thing: Thing) -> String { thing.name + (thing.breed ?? \"\") }\n"
        XCTAssertEqual(unparsed(text), reads(text, in: index()).names)
    }

    func testTheFixRemovesTheFieldAndAnEmptiedParent() throws {
        let index = index()
        let found = UnusedFields.diagnostics(of: index, app: [reads(appWithHandlers, in: index)], tests: [])
        let bytes = Array(operations.utf8)
        func applied(_ diagnostic: Diagnostic) throws -> String {
            let fix = try XCTUnwrap(diagnostic.fixes.first)
            return String(decoding: bytes[..<fix.range.lowerBound] + Array(fix.text.utf8) + bytes[fix.range.upperBound...], as: UTF8.self)
        }
        let breed = try XCTUnwrap(found["Operations.graphql"]?.first { String(decoding: bytes[$0.range], as: UTF8.self) == "breed" })
        XCTAssertEqual(breed.fixes.first?.title, "Remove breed from query Dog")
        XCTAssertEqual(try applied(breed), operations.replacingOccurrences(of: "    breed\n", with: ""))
        let email = try XCTUnwrap(found["Operations.graphql"]?.first { String(decoding: bytes[$0.range], as: UTF8.self) == "email" })
        XCTAssertEqual(try applied(email), operations.replacingOccurrences(of: "      email\n", with: ""))
        // `owner { email }` alone: the fix takes `owner` with it.
        let ownerOnlyEmail = FieldRemoval(schema: schema, operations: "query Dog {\n  dog {\n    name\n    owner {\n      email\n    }\n  }\n}\n")
        XCTAssertEqual(ownerOnlyEmail.removing("dog.owner.email"), "query Dog {\n  dog {\n    name\n  }\n}\n")
        // On one line.
        let inline = FieldRemoval(schema: schema, operations: "query Dog { dog { id name breed } }\n")
        XCTAssertEqual(inline.removing("dog.name"), "query Dog { dog { id breed } }\n")
        XCTAssertEqual(inline.removing("dog.breed"), "query Dog { dog { id name } }\n")
        // A field selected in two inline fragments goes from both; the last field of a definition cannot go.
        let twice = FieldRemoval(schema: schema, operations: "query Dog {\n  dog {\n    name\n    ... on Dog {\n      breed\n    }\n    ... on Dog {\n      breed\n      age\n    }\n  }\n}\n")
        XCTAssertEqual(twice.removing("dog.breed"), "query Dog {\n  dog {\n    name\n    ... on Dog {\n      age\n    }\n  }\n}\n")
        let cases = FieldRemoval(schema: schema, operations: "query Dog {\n  dog {\n    name\n  }\n}\n")
        XCTAssertNil(cases.fix("dog"))
    }
}

/// The fix of `UnusedFields` on a document of its own.
private struct FieldRemoval {
    let index: ProjectIndex
    let operations: String

    init(schema: String, operations: String) {
        self.operations = operations
        index = ProjectIndex(namespace: "PetAPI", sources: [
            ("schema.graphqls", .schema, Array(schema.utf8)), ("Operations.graphql", .executable, Array(operations.utf8)),
        ])
    }

    func fix(_ path: String) -> Diagnostic.Fix? {
        UnusedFields.removal(of: SelectionCoverage.FieldID(definition: "Dog", path: path), in: index, sites: SelectionSites.of(index))
    }

    func removing(_ path: String) -> String? {
        guard let fix = fix(path) else { return nil }
        let bytes = Array(operations.utf8)
        return String(decoding: bytes[..<fix.range.lowerBound] + Array(fix.text.utf8) + bytes[fix.range.upperBound...], as: UTF8.self)
    }
}
