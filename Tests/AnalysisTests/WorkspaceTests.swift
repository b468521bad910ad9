import Foundation
import GraphQLIndex
import SourceText
@testable import Analysis
import XCTest

/// Workspaces on disk: discovery, generated mocks, mock format.
final class WorkspaceTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("mockls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("graphql"), withIntermediateDirectories: true)
        try write("apollo-codegen-config.json", """
            {"schemaNamespace": "PetAPI", "input": {"schemaSearchPaths": ["graphql/*.graphqls"], "operationSearchPaths": ["graphql/*.graphql"]},
             "output": {"testMocks": {"absolute": {"path": "Mocks"}}}}
            """)
        try write("graphql/schema.graphqls", "type Query { dog: Dog } type Dog { name: String! age: Int }")
        try write("graphql/Dog.graphql", "query Dog { dog { name age } }")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    private func write(_ path: String, _ text: String) throws {
        let url = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    private func mockFile(_ parameters: String, fields: String = "@Field<String>(\"name\") public var name\n@Field<Int>(\"age\") public var age") -> String {
        """
        public class Dog: MockObject {
          public struct MockFields {
            \(fields)
          }
        }
        public extension Mock where O == Dog {
          convenience init(\(parameters)) { self.init() }
        }
        """
    }

    /// JSON files named after an operation are its fixtures; the list follows files created and deleted, and JSON in
    /// skipped folders (`node_modules`, dot folders) changes nothing.
    func testResponseFixturesAreFoundAndFollowTheDisk() throws {
        try write("Tests/Fixtures/DogQuery.json", #"{"data": {"dog": {"__typename": "Dog", "name": "Rex"}}}"#)
        try write("Tests/Fixtures/dog.variables.json", "{}")
        try write("package.json", "{}")
        var workspace = Workspace(folder: folder)
        XCTAssertEqual(workspace.responseFixtureFiles.map(\.lastPathComponent), ["DogQuery.json"])
        let analysis = AnalysisSnapshot(workspaces: [workspace])
        let found = try XCTUnwrap(analysis.responseFixtureDiagnostics[FileID(url: folder.appendingPathComponent("Tests/Fixtures/DogQuery.json"))])
        XCTAssertEqual(found.diagnostics.map(\.code), [.fixtureMissingField], "`age` (nullable) is missing")

        try write("Tests/Fixtures/dog.json", "{}")
        XCTAssertTrue(workspace.update(folder.appendingPathComponent("Tests/Fixtures/dog.json")))
        XCTAssertEqual(workspace.responseFixtureFiles.map(\.lastPathComponent), ["DogQuery.json", "dog.json"])
        try write("node_modules/dog/dog.json", "{}")
        XCTAssertFalse(workspace.update(folder.appendingPathComponent("node_modules/dog/dog.json")))
        XCTAssertFalse(workspace.update(folder.appendingPathComponent("package.json"), text: Array("{}".utf8)), "not a fixture")
        XCTAssertFalse(workspace.update(folder.appendingPathComponent("Tests/Fixtures/dog.variables.json")), "a fixture's variables, unchanged")
        XCTAssertTrue(workspace.update(folder.appendingPathComponent("Tests/Fixtures/dog.json"), text: Array("{\"data\": {}}".utf8)),
                      "an open fixture edited in the editor: its diagnostics change, the file on disk does not")
        try write("Tests/Fixtures/dog.variables.json", #"{"withAge": true}"#)
        XCTAssertTrue(workspace.update(folder.appendingPathComponent("Tests/Fixtures/dog.variables.json")), "a fixture's variables, changed")
        try FileManager.default.removeItem(at: folder.appendingPathComponent("Tests/Fixtures/dog.json"))
        XCTAssertTrue(workspace.update(folder.appendingPathComponent("Tests/Fixtures/dog.json")))
        XCTAssertEqual(workspace.responseFixtureFiles.map(\.lastPathComponent), ["DogQuery.json"])
    }

    /// A JSON file a test reads into an operation is that operation's fixture, whatever its name.
    func testAFixtureIsTheOperationsATestReadsItInto() throws {
        try write("Tests/Fixtures/rex-response.json", #"{"data": {"dog": {"__typename": "Dog", "name": 3, "age": null}}}"#)
        try write("Tests/DogTests.swift", #"""
            import XCTest
            @testable import PetAPI

            final class DogTests: XCTestCase {
              func testRex() throws {
                let url = try XCTUnwrap(Bundle.module.url(forResource: "rex-response", withExtension: "json"))
                let json = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
                let data = try DogQuery.Data(data: json["data"] as! [String: Any])
                XCTAssertEqual(data.dog?.name, "Rex")
              }
            }
            """#)
        let workspace = Workspace(folder: folder)
        XCTAssertEqual(workspace.responseFixtureReads["rex-response"]?.map(\.operationType), ["DogQuery"])
        let found = AnalysisSnapshot(workspaces: [workspace]).responseFixtureDiagnostics
        let rex = try XCTUnwrap(found[FileID(url: folder.appendingPathComponent("Tests/Fixtures/rex-response.json"))])
        XCTAssertEqual(rex.diagnostics.map(\.code), [.fixtureWrongType], "`name` is a number")
    }

    func testNewestFormatWithoutAnyEvidence() {
        let workspace = Workspace(folder: folder)
        XCTAssertEqual(workspace.projects.map(\.configuration.namespace), ["PetAPI"])
        XCTAssertEqual(workspace.projects[0].index.format.release, .two)
        XCTAssertEqual(workspace.projects[0].index.mockModel.object("Dog")?.field("name")?.initParamType, "String")
        XCTAssertEqual(workspace.projects[0].formatReason, "no apollo-ios pin in a Package.resolved or Podfile.lock, so the newest Apollo iOS")
    }

    func testPackageResolvedPinsAnOlderApollo() throws {
        try write("App.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved", """
            {"pins": [{"identity": "apollo-ios", "kind": "remoteSourceControl", "location": "https://github.com/apollographql/apollo-ios.git",
                       "state": {"revision": "abc", "version": "1.15.3"}}], "version": 2}
            """)
        let project = Workspace(folder: folder).projects[0]
        XCTAssertEqual(project.index.format.release, .beforeOneTwentyThree)
        XCTAssertEqual(project.index.mockModel.object("Dog")?.field("name")?.initParamType, "String?")
        // Why, as hover, the log and `check` say it.
        XCTAssertEqual(project.formatReason, "apollo-ios 1.15.3 pinned in \(folder.lastPathComponent)/App.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved")
        let test = Document(FileID(url: folder.appendingPathComponent("Tests/DogTests.swift")), languageID: "swift", version: 0,
                            lines: LineTable(Array("import PetAPITestMocks\nlet dog = Mock<Dog>()\n".utf8)))
        let context = try XCTUnwrap(TestFileContext(test, in: [Workspace(folder: folder)]))
        let hover = try XCTUnwrap(context.hover(at: 40))
        XCTAssertTrue(hover.contents.hasSuffix("Mocks as Apollo iOS pre-1.23 generates them (\(project.formatReason))."), hover.contents)
    }

    /// A repository that holds projects on several Apollo versions: each project takes the nearest pin that is its
    /// own (not one inside another project's folder), and a test file the project whose folder holds it.
    func testEachProjectTakesItsOwnPin() throws {
        try write("App.xcodeproj/project.xcworkspace/xcshareddata/swiftpm/Package.resolved", """
            {"pins": [{"identity": "apollo-ios", "location": "https://github.com/apollographql/apollo-ios.git",
                       "state": {"revision": "abc", "version": "1.25.3"}}], "version": 2}
            """)
        try write("Legacy/apollo-codegen-config.json", """
            {"schemaNamespace": "PetAPI", "input": {"schemaSearchPaths": ["../graphql/*.graphqls"], "operationSearchPaths": ["../graphql/*.graphql"]},
             "output": {"testMocks": {"absolute": {"path": "Mocks"}}}}
            """)
        try write("Legacy/Package.resolved", """
            {"pins": [{"identity": "apollo-ios", "location": "https://github.com/apollographql/apollo-ios.git",
                       "state": {"revision": "abc", "version": "1.15.3"}}], "version": 2}
            """)
        let workspace = Workspace(folder: folder)
        let formats = Dictionary(uniqueKeysWithValues: workspace.projects.map { ($0.configuration.root.lastPathComponent, $0.index.format.release) })
        XCTAssertEqual(formats[folder.lastPathComponent], .oneTwentyThree)
        XCTAssertEqual(formats["Legacy"], .beforeOneTwentyThree)
        let test = Array("import PetAPI\nlet dog = Mock<Dog>()\n".utf8)
        XCTAssertEqual(workspace.project(forSwiftFile: FileID(url: folder.appendingPathComponent("Legacy/Tests/T.swift")), text: test)?.configuration.root.lastPathComponent, "Legacy")
        XCTAssertEqual(workspace.project(forSwiftFile: FileID(url: folder.appendingPathComponent("Tests/T.swift")), text: test)?.configuration.root.lastPathComponent, folder.lastPathComponent)
    }

    /// `options.schemaCustomization.customTypeNames` renames schema types in everything Apollo generates: the mock of
    /// `Dog` is `Mock<CustomDog>` (an enum's and an input object's object form give their `name`).
    func testCustomTypeNamesNameTheMocks() throws {
        try write("apollo-codegen-config.json", """
            {"schemaNamespace": "PetAPI", "input": {"schemaSearchPaths": ["graphql/*.graphqls"], "operationSearchPaths": ["graphql/*.graphql"]},
             "output": {"testMocks": {"absolute": {"path": "Mocks"}}},
             "options": {"schemaCustomization": {"customTypeNames": {"Dog": "CustomDog", "Size": {"enum": {"name": "CustomSize", "cases": {"BIG": "HUGE"}}}}}}}
            """)
        try write("graphql/schema.graphqls", "type Query { dog: Dog } type Dog { name: String! size: Size } enum Size { BIG SMALL }")
        try write("graphql/Dog.graphql", "query Dog { dog { name size } }")
        let project = try XCTUnwrap(Workspace(folder: folder).projects.first)
        XCTAssertEqual(project.configuration.customTypeNames, ["Dog": "CustomDog", "Size": "CustomSize"])
        let dog = try XCTUnwrap(project.index.mockModel.object(swiftName: "CustomDog"))
        XCTAssertEqual(dog.name, "Dog")
        XCTAssertEqual(dog.field("size")?.initParamType, "GraphQLEnum<PetAPI.CustomSize>?")
        XCTAssertNil(project.index.mockModel.object(swiftName: "Dog"))
    }

    func testPodfileLockPinsApollo() throws {
        // CocoaPods on Apollo 1.9: scalars are not defaulted, so the mocks take optional parameters.
        try write("Podfile.lock", """
            PODS:
              - Alamofire (5.8.1)
              - "Apollo (1.9.3)":
                - Apollo/AutomaticPersistedQueries (= 1.9.3)
              - Apollo/AutomaticPersistedQueries (1.9.3)
              - ApolloCodegenLib (0.9.0)

            DEPENDENCIES:
              - Apollo (= 1.9.3)

            COCOAPODS: 1.15.2
            """)
        XCTAssertEqual(Workspace(folder: folder).projects[0].index.format.release, .beforeOneTwentyThree)
        // Only a subspec named, and on 1.23 or later: Apollo's defaults.
        try write("Podfile.lock", "PODS:\n  - Apollo/Core (1.23.0)\n  - ApolloAPI (0.1.0)\n\nCOCOAPODS: 1.16.2\n")
        XCTAssertEqual(Workspace(folder: folder).projects[0].index.format.release, .oneTwentyThree)
        try write("Podfile.lock", "PODS:\n  - Apollo (2.0.1)\n\nCOCOAPODS: 1.16.2\n")
        XCTAssertEqual(Workspace(folder: folder).projects[0].index.format, MockFormat(release: .two, version: [2, 0, 1]))
        // Pods named like Apollo are not Apollo iOS; a dependency line is not a resolved pod: the newest format.
        try write("Podfile.lock", "PODS:\n  - ApolloSQLite (1.2.0)\n  - Foo (1.0):\n    - Apollo (1.2.0)\n\nDEPENDENCIES:\n  - Apollo (1.0.0)\n")
        XCTAssertEqual(Workspace(folder: folder).projects[0].index.format.release, .two)
    }

    func testGeneratedMocksDecideTheFormatAndReportWhenStale() throws {
        // Generated by an Apollo older than 1.23 (a non-null field's parameter is optional), though nothing is pinned.
        try write("Mocks/Dog+Mock.graphql.swift", mockFile("name: String? = nil, age: Int? = nil"))
        var project = Workspace(folder: folder).projects[0]
        XCTAssertEqual(project.index.format.release, .beforeOneTwentyThree)
        XCTAssertEqual(project.generatedMockDiagnostics.values.joined().count, 0)

        try write("Mocks/Dog+Mock.graphql.swift", mockFile("name: String = \"\", age: Int? = nil"))
        project = Workspace(folder: folder).projects[0]
        XCTAssertEqual(project.index.format.release, .oneTwentyThree)

        // The documents now select a field the generated mock lacks, and no longer one it has.
        try write("graphql/Dog.graphql", "query Dog { dog { name } }")
        try write("Mocks/Dog+Mock.graphql.swift", mockFile("name: String = \"\", breed: String? = nil",
                                                          fields: "@Field<String>(\"name\") public var name\n@Field<String>(\"breed\") public var breed"))
        var workspace = Workspace(folder: folder)
        let messages = workspace.projects[0].generatedMockDiagnostics.values.joined().map(\.message)
        XCTAssertEqual(messages, ["the generated Dog mock differs from the GraphQL documents (no longer selected: breed): re-run Apollo's codegen"])
        // Selecting `breed` again (an alias is a mock field too) clears the report.
        workspace.update(folder.appendingPathComponent("graphql/Dog.graphql"), text: Array("query Dog { dog { name breed: age } }".utf8))
        XCTAssertEqual(workspace.projects[0].generatedMockDiagnostics.values.joined().map(\.code), [])
    }

    /// A schema not downloaded yet (`no-schema`) gives no mocks to compare with: the generated mocks are not all
    /// reported stale beside it (found on Pocket's iOS app, whose schema is fetched at build time).
    func testGeneratedMocksAreNotStaleWithoutASchema() throws {
        try write("Mocks/Dog+Mock.graphql.swift", mockFile("name: String = \"\", age: Int? = nil"))
        try FileManager.default.removeItem(at: folder.appendingPathComponent("graphql/schema.graphqls"))
        let workspace = Workspace(folder: folder)
        XCTAssertEqual(workspace.projects[0].generatedMockDiagnostics.values.joined().map(\.code), [])
        XCTAssertEqual(workspace.configurationErrors.map(\.code), [.noSchema])
    }

    func testApolloTwoFromItsPinItsMocksAndItsOptions() throws {
        try write("Package.resolved", """
            {"pins": [{"identity": "apollo-ios", "location": "https://github.com/apollographql/apollo-ios.git",
                       "state": {"revision": "abc", "version": "2.3.0"}}], "version": 3}
            """)
        var project = Workspace(folder: folder).projects[0]
        XCTAssertEqual(project.index.format, MockFormat(release: .two, version: [2, 3, 0]))
        XCTAssertEqual(project.index.mockModel.object("Dog")?.field("name")?.initParamType, "String")
        XCTAssertTrue(project.index.format.fromIsAsync)

        // Mocks a 2.x codegen wrote (`final`, `MockFields: Sendable`) win over a 1.x pin.
        try write("Package.resolved", """
            {"pins": [{"identity": "apollo-ios", "location": "https://github.com/apollographql/apollo-ios.git",
                       "state": {"revision": "abc", "version": "1.25.7"}}], "version": 3}
            """)
        XCTAssertEqual(Workspace(folder: folder).projects[0].index.format.release, .oneTwentyThree)
        let twoMock = mockFile("name: String = \"\", age: Int? = nil")
            .replacingOccurrences(of: "public class Dog", with: "nonisolated public final class Dog")
            .replacingOccurrences(of: "struct MockFields {", with: "struct MockFields: Sendable {")
        try write("Mocks/Dog+Mock.graphql.swift", twoMock)
        XCTAssertEqual(Workspace(folder: folder).projects[0].index.format.release, .two)
        // …and 2.x mocks whose non-null parameters are optional were written with requireNonOptionalMockFields: false.
        try write("Mocks/Dog+Mock.graphql.swift", twoMock.replacingOccurrences(of: "name: String = \"\"", with: "name: String? = nil"))
        project = Workspace(folder: folder).projects[0]
        XCTAssertEqual(project.index.format.release, .two)
        XCTAssertFalse(project.index.format.requireNonOptionalMockFields)
        XCTAssertEqual(project.index.mockModel.object("Dog")?.field("name")?.initParamType, "String?")

        // Without mocks, the option is read from the configuration.
        try FileManager.default.removeItem(at: folder.appendingPathComponent("Mocks"))
        try write("apollo-codegen-config.json", """
            {"schemaNamespace": "PetAPI", "input": {"schemaSearchPaths": ["graphql/*.graphqls"], "operationSearchPaths": ["graphql/*.graphql"]},
             "output": {"testMocks": {"absolute": {"path": "Mocks", "accessModifier": "internal"}}},
             "options": {"requireNonOptionalMockFields": false, "markTypesNonisolated": false}}
            """)
        let format = Workspace(folder: folder).projects[0].index.format
        XCTAssertFalse(format.requireNonOptionalMockFields)
        XCTAssertFalse(format.isPublic)
        XCTAssertFalse(format.markTypesNonisolated)
        XCTAssertFalse(format.parametersHaveDefaults)
    }

    func testApolloOnePointOhConfigurationsAndOneThatCannotBeUsed() throws {
        // Apollo 1.0's spellings: `schemaName`, `input.schemaPath`, `input.searchPaths`.
        try write("apollo-codegen-config.json", """
            {"schemaName": "PetAPI", "input": {"schemaPath": "graphql/schema.graphqls", "searchPaths": ["graphql/*.graphql"]},
             "output": {"testMocks": {"swiftPackage": {}}}}
            """)
        try write("other/apollo-codegen-config.json", "{\n  \"input\": {}\n}\n")
        let workspace = Workspace(folder: folder)
        XCTAssertEqual(workspace.projects.map(\.configuration.namespace), ["PetAPI"])
        XCTAssertEqual(workspace.projects[0].index.mockModel.object("Dog")?.fields.map(\.key), ["age", "name"])
        XCTAssertEqual(workspace.projects[0].configuration.testMocksModule, "PetAPITestMocks")
        // The configuration that cannot be used is reported on its file, where the editor shows it.
        let broken = folder.appendingPathComponent("other/apollo-codegen-config.json").standardizedFileURL
        let reported = try XCTUnwrap(workspace.diagnostics[FileID(url: broken)])
        XCTAssertEqual(reported.diagnostics.map(\.code), [.invalidConfiguration])
        XCTAssertTrue(reported.diagnostics[0].message.contains("missing \"schemaNamespace\""), reported.diagnostics[0].message)
        XCTAssertEqual(reported.diagnostics[0].range, 0..<1)
        // A key of the wrong type is marked where it is written.
        try write("other/apollo-codegen-config.json", "{\n  \"schemaNamespace\": 3\n}\n")
        let mistyped = try XCTUnwrap(Workspace(folder: folder).diagnostics[FileID(url: broken)]?.diagnostics.first)
        XCTAssertEqual(mistyped.range, 4..<21)
    }

    /// Apollo's CLI reads its configuration with Foundation's JSON parser, which takes a comma before `}` or `]`
    /// (Pocket's and other real configurations have them); a comma inside a string stays, and errors keep their place.
    func testTrailingCommasAsApolloReadsThem() throws {
        try write("apollo-codegen-config.json", """
            {"schemaNamespace": "Pet,API", "input": {"schemaSearchPaths": ["graphql/schema.graphqls",],
             "operationSearchPaths": ["graphql/*.graphql"], }, "output": {"testMocks": {"swiftPackage": {}},},}
            """)
        XCTAssertEqual(Workspace(folder: folder).projects.map(\.configuration.namespace), ["Pet,API"])
        XCTAssertEqual(
            String(decoding: ApolloCodegenConfigurationFile.blankingTrailingCommas(Array(#"{"a": [1, 2 ,] , "b": "},]",}"#.utf8)), as: UTF8.self),
            #"{"a": [1, 2  ] , "b": "},]" }"#)
    }

    func testBrokenConfigurationIsReportedNotFatal() throws {
        try write("apollo-codegen-config.json", "{ not json")
        let workspace = Workspace(folder: folder)
        XCTAssertEqual(workspace.projects.count, 0)
        XCTAssertEqual(workspace.configurationErrors.count, 1)
        // Where the JSON breaks, as the CLI prints it and the editor marks it.
        let error = workspace.configurationErrors[0]
        XCTAssertTrue(error.message.hasPrefix("not valid JSON"), error.message)
        XCTAssertEqual(error.position.map { [$0.line, $0.column] }, [1, 3])
        XCTAssertTrue(error.description.hasSuffix("apollo-codegen-config.json:1:3: \(error.message)"), error.description)
        XCTAssertEqual(error.range(in: Array("{ not json".utf8)), 2..<3)
    }
}

final class DiscoveryTests: XCTestCase {
    private func makeFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mockls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    private func write(_ folder: URL, _ path: String, _ text: String) throws {
        let url = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func testGraphQLConfigProjectsWithIncludeAndExclude() throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(folder, ".graphqlrc.yml", """
            projects:
              shop:
                schema: shop/schema.graphqls
                documents: shop/**/*.graphql
                exclude: shop/legacy/**
              blog:
                schema: [blog/schema.graphqls]
                include: blog/queries/*.graphql
                extensions:
                  apollo:
                    schemaNamespace: BlogAPI
            """)
        try write(folder, "shop/schema.graphqls", "type Query { price: Int }")
        try write(folder, "shop/queries/Price.graphql", "query Price { price }")
        try write(folder, "shop/legacy/Old.graphql", "query Old { gone }")
        try write(folder, "blog/schema.graphqls", "type Query { title: String }")
        try write(folder, "blog/queries/Title.graphql", "query Title { title }")
        try write(folder, ".build/checkouts/x/schema.graphqls", "type Query { hidden: Int }")
        let workspace = Workspace(folder: folder)
        XCTAssertEqual(workspace.configurationErrors, [])
        XCTAssertEqual(workspace.projects.map(\.configuration.namespace), ["BlogAPI", "Shop"])
        let shop = workspace.projects[1].index
        XCTAssertEqual(shop.documents.keys.map { URL(fileURLWithPath: $0).lastPathComponent }.sorted(), ["Price.graphql", "schema.graphqls"])
        XCTAssertEqual(shop.diagnostics.values.joined().count, 0)
        XCTAssertEqual(workspace.projects[0].index.mockModel.object("Query")?.fields.map(\.key), ["title"])
    }

    func testWithoutConfigurationEveryDocumentCountsAndDotBuildIsSkipped() throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(folder, "api/schema.graphqls", "type Query { a: Int }")
        try write(folder, "app/A.graphql", "query A { a }")
        try write(folder, ".build/x/B.graphql", "query B { nothing }")
        try write(folder, "Pods/y/C.graphql", "query C { nothing }")
        let workspace = Workspace(folder: folder)
        XCTAssertEqual(workspace.projects.count, 1)
        XCTAssertEqual(workspace.projects[0].index.documents.count, 2)
        XCTAssertEqual(workspace.projects[0].index.diagnostics.values.joined().count, 0)
    }

    /// An editor whose root is the test folder: the project and its pin are found in the folder above.
    func testAFolderWithoutConfigurationBelongsToTheProjectAbove() throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(folder, "apollo-codegen-config.json", """
            {"schemaNamespace": "PetAPI", "input": {"schemaSearchPaths": ["graphql/*.graphqls"], "operationSearchPaths": ["graphql/*.graphql"]}}
            """)
        try write(folder, "graphql/schema.graphqls", "type Query { dog: Dog } type Dog { name: String! age: Int }")
        try write(folder, "Package.resolved", """
            {"pins": [{"identity": "apollo-ios", "location": "https://github.com/apollographql/apollo-ios.git",
                       "state": {"version": "1.15.3"}}], "version": 2}
            """)
        try write(folder, "Tests/DogTests/DogTests.swift", "import XCTest\n")
        let inner = Workspace(folder: folder.appendingPathComponent("Tests/DogTests"))
        XCTAssertEqual(inner.root.path, folder.standardizedFileURL.path)
        XCTAssertEqual(inner.projects.map(\.configuration.namespace), ["PetAPI"])
        XCTAssertEqual(inner.projects.first?.index.format.release, .beforeOneTwentyThree)
    }

    /// Issue 62: the walk up to an enclosing configuration went up `URL`s until the path read `/`, which an empty
    /// path (a client's `file://`) never does: a thread spun until the server exited. The walk goes up the path's
    /// text and ends on every path; a file URI without a path is no folder at the edge.
    func testTheWalkUpEndsOnEveryPath() throws {
        for uri in ["file://", "file://?x", "file://localhost", "file:relative/folder"] {
            let url = try XCTUnwrap(URL(string: uri))
            XCTAssertNil(ProjectDiscovery.enclosingConfigurationFolder(of: url), uri)
            XCTAssertNil(FileID(uri: uri).url, uri)
        }
        XCTAssertEqual(ProjectDiscovery.parentPath(of: "/a/b/"), "/a")
        XCTAssertEqual(ProjectDiscovery.parentPath(of: "/a"), "/")
        XCTAssertNil(ProjectDiscovery.parentPath(of: "/"))
        XCTAssertNil(ProjectDiscovery.parentPath(of: ""))
        XCTAssertNil(ProjectDiscovery.parentPath(of: "a/b"))
        // A configuration three folders up is found.
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(folder, "apollo-codegen-config.json", "{}")
        try write(folder, "a/b/c/x.swift", "")
        XCTAssertEqual(ProjectDiscovery.enclosingConfigurationFolder(of: folder.appendingPathComponent("a/b/c"))?.standardizedFileURL.path,
                       folder.standardizedFileURL.path)
    }

    /// The search stops at the repository's top, and a project without a schema is no project for a test file: it
    /// gets no mock diagnostics rather than an `unknown-mock-type` on every mock.
    func testNoProjectWithASchemaIsNoProject() throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(folder, ".git/HEAD", "ref: refs/heads/main\n")
        try write(folder, "Tests/DogTests.swift", "import ApolloTestSupport\nlet dog = Mock<Dog>()\n")
        let workspace = Workspace(folder: folder.appendingPathComponent("Tests"))
        XCTAssertEqual(workspace.root.path, folder.appendingPathComponent("Tests").standardizedFileURL.path)
        XCTAssertFalse(workspace.projects.contains(where: \.hasSchema))
        let test = folder.appendingPathComponent("Tests/DogTests.swift")
        XCTAssertNil(workspace.project(forSwiftFile: FileID(url: test), text: Array("import ApolloTestSupport\n".utf8)))
    }

    func testSwiftFilesBelongToTheProjectWhoseMocksTheyUse() throws {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["Shop", "Blog"] {
            try write(folder, "\(name)/apollo-codegen-config.json", "{\"schemaNamespace\": \"\(name)API\"}")
            try write(folder, "\(name)/schema.graphqls", "type Query { a: Int }")
        }
        let workspace = Workspace(folder: folder)
        let test = folder.appendingPathComponent("Tests/ATests.swift")
        XCTAssertEqual(workspace.project(forSwiftFile: FileID(url: test), text: Array("import BlogAPITestMocks\n".utf8))?.configuration.namespace, "BlogAPI")
        XCTAssertEqual(workspace.project(forSwiftFile: FileID(url: test), text: Array("let m = Mock<ShopAPITestMocks.Query>()".utf8))?.configuration.namespace, "ShopAPI")
        let nested = folder.appendingPathComponent("Shop/Tests/ShopTests.swift")
        XCTAssertEqual(workspace.project(forSwiftFile: FileID(url: nested), text: Array("import XCTest\n".utf8))?.configuration.namespace, "ShopAPI")
        // The ways a file names the module: `@testable`, a kind, a comment or a CRLF after it, a space in `Mock< X.`.
        for text in [
            "@testable import BlogAPI\n", "import struct BlogAPI.Post\n", "import BlogAPI // the app\n", "import BlogAPI\r\nimport XCTest",
            "import XCTest\nlet m = Mock< BlogAPITestMocks.Post>()", "import BlogAPITestMocks",
        ] {
            XCTAssertEqual(workspace.project(forSwiftFile: FileID(url: nested), text: Array(text.utf8))?.configuration.namespace, "BlogAPI", text)
        }
        // Other words that contain the names: not imports of them.
        for text in [
            "import BlogAPIKit\n", "import BlogAPITestMocksExtra\n", "reimport BlogAPI\n", "let m = MyMock<BlogAPITestMocks.Post>()",
            "let m = Mock<BlogAPITestMocks>()", "// importBlogAPI\n",
        ] {
            XCTAssertEqual(workspace.project(forSwiftFile: FileID(url: nested), text: Array(text.utf8))?.configuration.namespace, "ShopAPI", text)
        }
    }
}
