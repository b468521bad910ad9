import Foundation
import GraphQLIndex
import MocklsTestSupport
import SwiftAnalysis
import XCTest

@testable import Features

/// Response dictionaries converted into test mocks (`Tests/scenarios/conversions`, against AnimalKingdom as Apollo 2.3
/// ships it, kept in the repository, and ../shared's StarWars; inline tests on the repository's own Bookshelf API):
/// every call marked `// convert` converts, in each mock format, to what `Tests/goldens/conversions` holds
/// (`MOCKLS_UPDATE=1` rewrites them: read the diff); every `// refuse: …` is refused with that reason. The converted
/// tests type-check (AnimalKingdom's against Apollo's own modules and generated AnimalKingdomAPI, StarWars's against
/// stand-ins), and the mocks they build, run against stand-ins, hold exactly the dictionaries' data.
final class ResponseConversionTests: XCTestCase {
    static let scenario = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("scenarios/conversions")
    /// The test files whose marked calls convert, by shared API, with their goldens' names.
    static let apis: [(api: String, file: String, golden: String)] = [
        ("StarWarsAPI", "StarWars/Tests/ConversionTests/ResponseDictionaryTests.swift", "starwars"),
        ("AnimalKingdomAPI", "AnimalKingdom/Tests/ConversionTests/AnimalResponseTests.swift", "animalkingdom"),
    ]
    static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("goldens/conversions")
    static let formats: [(name: String, format: MockFormat)] = [
        ("pre-1.23", .optionalParameters), ("1.23+", .defaults), ("2.x", .apolloTwo),
    ]

    struct Site {
        var line: Int
        var offset: Int
        /// What follows the marker (the reason of a refusal).
        var note: String
    }

    /// The lines marked `marker`, the cursor on the call's `(data:`/`(_dataDict:`.
    static func sites(_ marker: String, in text: [UInt8]) -> [Site] {
        let lines = String(decoding: text, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        var sites: [Site] = []
        var offset = 0
        for (index, line) in lines.enumerated() {
            defer { offset += line.utf8.count + 1 }
            guard let mark = line.range(of: "// \(marker)"), !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") else { continue }
            let call = line.range(of: "(data:") ?? line.range(of: "(_dataDict:")
            guard let call else { continue }
            sites.append(Site(
                line: index + 1, offset: offset + line.utf8.distance(from: line.startIndex, to: call.lowerBound) + 1,
                note: line[mark.upperBound...].trimmingCharacters(in: CharacterSet(charactersIn: ": "))))
        }
        return sites
    }

    static func read(_ path: String) throws -> [UInt8] { Array(try Data(contentsOf: scenario.appendingPathComponent(path))) }

    /// The scenario as a test of `format`'s Apollo is written: with 2.x, `init(data:)` is `async`, so it is awaited
    /// in `async` tests (the conversion then awaits `from(_:)`; a synchronous call is 1.x's, converted without).
    static func read(_ path: String, for format: MockFormat) throws -> [UInt8] {
        let source = try read(path)
        guard format.release == .two else { return source }
        var lines = String(decoding: source, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var function: Int?
        for index in lines.indices {
            if lines[index].contains("func test") { function = index }
            guard lines[index].contains("try "), lines[index].contains("(data:"), let function else { continue }
            lines[index] = lines[index].replacingOccurrences(of: "try ", with: "try await ")
            lines[function] = lines[function].replacingOccurrences(of: "() throws {", with: "() async throws {")
        }
        return Array(lines.joined(separator: "\n").utf8)
    }

    static func applying(_ edits: [Diagnostic.Fix], to text: [UInt8]) -> [UInt8] {
        var text = text
        for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            text.replaceSubrange(edit.range, with: Array(edit.text.utf8))
        }
        return text
    }

    /// The project a scenario's API converts against: AnimalKingdom as Apollo 2.3 ships it, kept in the repository
    /// (its scenario runs from a lone clone); StarWars from ../shared.
    static func fixture(_ api: String, format: MockFormat) throws -> FeatureFixture {
        api == "AnimalKingdomAPI" ? try FeatureFixture.animalKingdom(format: format) : try FeatureFixture(api: api, format: format)
    }

    func testAnimalKingdomsConversionsMatchTheGoldens() throws {
        try checkGoldens(of: Self.apis[1])
    }

    func testStarWarsConversionsMatchTheGoldensAndRefusalsSayWhy() throws {
        try checkGoldens(of: Self.apis[0])
    }

    private func checkGoldens(of scenario: (api: String, file: String, golden: String)) throws {
        let refused = try Self.read("StarWars/Tests/ConversionTests/RefusedResponseTests.swift")
        let (api, path, goldenName) = scenario
        for (name, format) in Self.formats {
            let source = try Self.read(path, for: format)
            let sites = Self.sites("convert", in: source)
            XCTAssertEqual(sites.count, api == "StarWarsAPI" ? 9 : 3)
            let project = try Self.fixture(api, format: format).project
            let file = SwiftFile(source)
            var golden = ""
            for site in sites {
                guard case .converted(let action)? = ResponseConversion.convert(at: site.offset, in: file, project: project, mocksModule: "\(project.namespace)TestMocks") else {
                    XCTFail("\(name): line \(site.line) does not convert: \(String(describing: ResponseConversion.convert(at: site.offset, in: file, project: project, mocksModule: "\(project.namespace)TestMocks")))")
                    continue
                }
                golden += "-- line \(site.line): \(action.title) --\n" + Self.diff(source, Self.applying(action.edits, to: source))
                // From inside the dictionary, the same action.
                if let declaration = action.edits.first, declaration.range.lowerBound < file.lines.lineStarts[site.line - 1],
                    let equals = String(decoding: source[declaration.range], as: UTF8.self).range(of: "= [")
                {
                    let bracket = declaration.range.lowerBound + String(decoding: source[declaration.range], as: UTF8.self).utf8
                        .distance(from: String(decoding: source[declaration.range], as: UTF8.self).startIndex, to: equals.lowerBound) + 2
                    XCTAssertEqual(ResponseConversion.convert(at: bracket + 1, in: file, project: project, mocksModule: "\(project.namespace)TestMocks"), .converted(action), "\(name): line \(site.line)")
                }
            }
            let refusals = SwiftFile(refused)
            for site in api == "StarWarsAPI" ? Self.sites("refuse", in: refused) : [] {
                guard case .refused(_, let reason)? = ResponseConversion.convert(at: site.offset, in: refusals, project: project, mocksModule: "\(project.namespace)TestMocks") else {
                    XCTFail("\(name): line \(site.line) of the refusals is not refused")
                    continue
                }
                XCTAssertTrue(reason.contains(site.note), "\(name): line \(site.line): \(reason)")
                golden += "-- refused line \(site.line): \(reason) --\n"
            }
            let url = Self.goldens.appendingPathComponent("\(goldenName)-\(name).txt")
            if ProcessInfo.processInfo.environment["MOCKLS_UPDATE"] == "1" {
                try FileManager.default.createDirectory(at: Self.goldens, withIntermediateDirectories: true)
                try golden.write(to: url, atomically: true, encoding: .utf8)
            } else {
                XCTAssertEqual(golden, try String(contentsOf: url, encoding: .utf8), "\(name): run with MOCKLS_UPDATE=1 and read the diff")
            }
        }
    }

    /// A custom scalar's literal is kept where the schema module declares the scalar as an alias (Apollo's default
    /// when the declaration is not known); where the app declares a type of its own, the mock takes it built from
    /// the JSON value (`testConvertedTestsTypeCheck` compiles it against AnimalKingdomAPI-2.3's `struct Object`).
    func testACustomScalarOfTheAppsOwnTypeIsBuiltFromItsJSONValue() throws {
        let source = try Self.read("AnimalKingdom/Tests/ConversionTests/AnimalResponseTests.swift", for: .apolloTwo)
        let site = try XCTUnwrap(Self.sites("convert", in: source).first)
        var written: [String] = []
        for declarations: [String: CustomScalarDeclaration] in [[:], ["Object": .alias(.string)], ["Object": .ownType]] {
            var format = MockFormat.apolloTwo
            format.customScalars = declarations
            let project = try FeatureFixture.animalKingdom(format: format).project
            guard case .converted(let action)? = ResponseConversion.convert(
                at: site.offset, in: SwiftFile(source), project: project, mocksModule: "AnimalKingdomAPITestMocks")
            else { return XCTFail("\(declarations): line \(site.line) does not convert") }
            let converted = String(decoding: Self.applying(action.edits, to: source), as: UTF8.self)
            written += converted.split(separator: "\n").filter { $0.contains("houseDetails:") }.map { $0.trimmingCharacters(in: .whitespaces) }
        }
        XCTAssertEqual(written, [
            #"houseDetails: "kennel","#, #"houseDetails: "kennel","#, #"houseDetails: try! AnimalKingdomAPI.Object(_jsonValue: "kennel"),"#,
        ])
    }

    /// Nothing to convert: a dictionary no model call consumes, a `Mock` call, a call of something else.
    func testNoActionAwayFromResponseDictionaries() throws {
        let project = try FeatureFixture.bookshelf().project
        let text = """
            func test() throws {
                let options: [String: Any] = ["book": ["title": "x"]]
                let mock = Mock<Book>(title: "Dune")
                let other = try JSONSerialization.data(withJSONObject: ["data": 1])
                let unknown = try NotAModel.Data(data: ["book": 1])
                // Found by the Swift fuzz surface: a dictionary still being written (an unterminated string).
                let typing = try BookQuery.Data(data: ["book": ["__typename": "Book", "title": "Du])
            }
            """
        let file = SwiftFile(text)
        for needle in ["\"book\": [", "Mock<Book>", "[\"data\"", "(data: [\"book\": 1", "(data: [\"book\": [\"__"] {
            let offset = text.utf8.count - (text.range(of: needle).map { text[$0.lowerBound...].utf8.count } ?? 0) + 1
            XCTAssertNil(ResponseConversion.convert(at: offset, in: file, project: project, mocksModule: "\(project.namespace)TestMocks"), needle)
        }
        // The same call, finished, converts: the cursor positions above are on calls it would convert.
        let finished = text.replacingOccurrences(of: #""title": "Du])"#, with: #""title": "Dune"]])"#)
        let call = try XCTUnwrap(finished.range(of: #"(data: ["book": ["__"#)).lowerBound
        let offset = finished.utf8.distance(from: finished.startIndex, to: call) + 1
        guard case .converted? = ResponseConversion.convert(at: offset, in: SwiftFile(finished), project: project, mocksModule: "BookshelfAPITestMocks")
        else { return XCTFail("the finished call does not convert") }
    }

    /// Each dictionary mockls cannot turn into a mock that means the same is refused, the reason said, on the
    /// repository's own API.
    func testRefusalsOnTheOwnAPISayWhy() throws {
        let project = try FeatureFixture.bookshelf().project
        let source = Array("""
            final class RefusedTests: XCTestCase {
              func test() throws {
                _ = try SearchQuery.Data(data: ["search": [["title": "Dune"]]]) // refuse: `search[0]` is `SearchResult`, a union: give it a `__typename`
                _ = try BookQuery.Data(data: ["book": ["__typename": "Book", "title": "Dune", "subtitle": "x"]]) // refuse: no field `subtitle` on `Book` (at `book`)
                _ = try SearchQuery.Data(data: ["search": [["__typename": "Shelf", "label": "x"]]]) // refuse: "Shelf" at `search[0]` is not a possible type of `SearchResult`
                _ = try BookQuery.Data(data: ["book": ["__typename": "Book", "id": true]]) // refuse: `book.id` is `ID`: found `true`
                _ = try BookQuery.Data(data: ["book": ["__typename": "Book", "titel": "Dune"]]) // refuse: no field `titel` on `Book` (at `book`); did you mean `title`?
                _ = try SearchQuery.Data.Search.AsBook(data: ["__typename": "Book", "title": "Dune"]) // refuse: is a type case
                let data: [String: Any] = ["shelves": []]
                _ = try ShelvesQuery.Data(data: data) // refuse: `data` is also used on line 11
                print(data)
              }
            }
            """.utf8)
        let sites = Self.sites("refuse", in: source)
        XCTAssertEqual(sites.count, 7)
        let file = SwiftFile(source)
        for site in sites {
            guard case .refused(_, let reason)? = ResponseConversion.convert(at: site.offset, in: file, project: project, mocksModule: "BookshelfAPITestMocks")
            else { XCTFail("line \(site.line) is not refused"); continue }
            XCTAssertTrue(reason.contains(site.note), "line \(site.line): \(reason)")
        }
    }

    /// A test file as users write it before mocks, on the repository's own API: the conversion imports
    /// ApolloTestSupport and the mocks module, adds no `await` whatever release the project assumes, and type-checks
    /// against stand-ins of Apollo 1.x with the file's own imports and those it adds, and not without them.
    func testAFileOfTheOwnAPIWithoutMockImportsGetsThem() throws {
        let source = Array("""
            import XCTest
            import ApolloAPI
            import BookshelfAPI

            final class PlainImportsTests: XCTestCase {
              func test_shelves() throws {
                let data: [String: Any] = ["shelves": [["__typename": "Shelf", "id": "s1", "label": "Fiction"]]]
                let model = try ShelvesQuery.Data(data: data) // convert
                XCTAssertEqual(model.shelves.count, 1)
              }
            }

            """.utf8)
        let site = try XCTUnwrap(Self.sites("convert", in: source).first)
        let file = SwiftFile(source)
        for (name, format) in Self.formats {
            let project = try FeatureFixture.bookshelf(format: format).project
            guard case .converted(let action)? = ResponseConversion.convert(at: site.offset, in: file, project: project, mocksModule: "BookshelfAPITestMocks")
            else { return XCTFail("\(name): does not convert") }
            let converted = String(decoding: Self.applying(action.edits, to: source), as: UTF8.self)
            XCTAssertTrue(converted.hasPrefix("import XCTest\nimport ApolloAPI\nimport BookshelfAPI\nimport ApolloTestSupport\nimport BookshelfAPITestMocks\n\n"), "\(name):\n\(converted)")
            XCTAssertFalse(converted.contains("await ShelvesQuery") || converted.contains("async throws"), "\(name): the call is 1.x's\n\(converted)")
            XCTAssertTrue(converted.contains("let model = ShelvesQuery.Data.from(mock)"), "\(name):\n\(converted)")
        }
        let project = try FeatureFixture.bookshelf().project
        guard case .converted(let action)? = ResponseConversion.convert(at: site.offset, in: file, project: project, mocksModule: "BookshelfAPITestMocks")
        else { return XCTFail("does not convert") }
        let converted = String(decoding: Self.applying(action.edits, to: source), as: UTF8.self)
        guard let modules = try StandInApollo.forTypeChecking(
            model: project.mockModel, schema: project.schema, selectionSets: project.selectionSetModel(), version: .v1, name: "conversions-own-plain-imports")
        else { throw XCTSkip("swiftc is not on PATH") }
        defer { modules.remove() }
        let url = modules.folder.appendingPathComponent("PlainImportsTests.swift")
        try (Self.xctest + converted.replacingOccurrences(of: "import XCTest\n", with: "")).write(to: url, atomically: true, encoding: .utf8)
        XCTAssertEqual(try modules.typecheck([url]), [], converted)
        let bare = converted.replacingOccurrences(of: "import ApolloTestSupport\nimport BookshelfAPITestMocks\n", with: "")
        try (Self.xctest + bare.replacingOccurrences(of: "import XCTest\n", with: "")).write(to: url, atomically: true, encoding: .utf8)
        XCTAssertNotEqual(try modules.typecheck([url]), [], bare)
    }

    /// Every conversion applied: the tests type-check against the format's Apollo (`StandInApollo.forTypeChecking`:
    /// Apollo's own modules and the AnimalKingdomAPI its codegen wrote, the project indexed from the documents that
    /// code was generated from; stand-ins for StarWarsAPI), and no dictionary is left.
    func testConvertedTestsTypeCheck() throws {
        for (api, path, golden) in Self.apis {
        for (name, format) in Self.formats {
            let version: StandInApollo.Version = format.release == .two ? .v2 : .v1
            // The project of the code the tests type-check against (Apollo's generated AnimalKingdomAPI).
            let project = try FeatureFixture(api: api, format: format, generatedFor: version).project
            var text = try Self.read(path, for: format)
            for site in Self.sites("convert", in: text).reversed() {
                guard case .converted(let action)? = ResponseConversion.convert(at: site.offset, in: SwiftFile(text), project: project, mocksModule: "\(project.namespace)TestMocks") else {
                    return XCTFail("\(name): line \(site.line) does not convert")
                }
                text = Self.applying(action.edits, to: text)
            }
            let converted = String(decoding: text, as: UTF8.self)
            XCTAssertFalse(converted.contains("(data:") || converted.contains("DataDict("), converted)
            guard let modules = try StandInApollo.forTypeChecking(
                model: project.mockModel, schema: project.schema, selectionSets: project.selectionSetModel(),
                version: version, name: "conversions-\(golden)-\(name)")
            else { throw XCTSkip("swiftc is not on PATH") }
            defer { modules.remove() }
            let url = modules.folder.appendingPathComponent("ConvertedTests.swift")
            try (Self.xctest + converted.replacingOccurrences(of: "import XCTest\n", with: "")).write(to: url, atomically: true, encoding: .utf8)
            XCTAssertEqual(try modules.typecheck([url]), [], "\(name):\n\(converted)")
        }
        }
    }

    /// A test file as users write it before mocks (XCTest, ApolloAPI and the schema module, a synchronous
    /// `try X.Data(data:)`): the conversion imports ApolloTestSupport and the mocks module, adds no `await` whatever
    /// release the project assumes (the call is 1.x's), is offered on the dictionary's name too, and type-checks with
    /// the file's own imports and those it adds.
    func testAFileWithoutMockImportsGetsThemAndKeepsItsRelease() throws {
        let path = "StarWars/Tests/ConversionTests/PlainImportsTests.swift"
        let source = try Self.read(path)
        let text = String(decoding: source, as: UTF8.self)
        let site = try XCTUnwrap(Self.sites("convert", in: source).first)
        let file = SwiftFile(source)
        for (name, format) in Self.formats {
            let project = try FeatureFixture(api: "StarWarsAPI", format: format).project
            guard case .converted(let action)? = ResponseConversion.convert(at: site.offset, in: file, project: project, mocksModule: "StarWarsAPITestMocks")
            else { return XCTFail("\(name): does not convert") }
            let converted = String(decoding: Self.applying(action.edits, to: source), as: UTF8.self)
            XCTAssertTrue(converted.hasPrefix("import XCTest\nimport ApolloAPI\nimport StarWarsAPI\nimport ApolloTestSupport\nimport StarWarsAPITestMocks\n\n"), "\(name):\n\(converted)")
            XCTAssertFalse(converted.contains("await HeroNameQuery") || converted.contains("async throws"), "\(name): the call is 1.x's\n\(converted)")
            XCTAssertTrue(converted.contains("let model = HeroNameQuery.Data.from(mock)"), "\(name):\n\(converted)")
            // The cursor on the dictionary's name, or on its `let`.
            for needle in ["data: [String", "let data"] {
                let offset = try XCTUnwrap(text.range(of: needle)).lowerBound.utf16Offset(in: text) + 1
                XCTAssertEqual(
                    ResponseConversion.convert(at: offset, in: file, project: project, mocksModule: "StarWarsAPITestMocks"), .converted(action),
                    "\(name): at \(needle)")
            }
        }
        // Type-checked as 1.x code (what the file is written for) with the imports it has now.
        let project = try FeatureFixture(api: "StarWarsAPI", format: .defaults).project
        guard case .converted(let action)? = ResponseConversion.convert(at: site.offset, in: file, project: project, mocksModule: "StarWarsAPITestMocks")
        else { return XCTFail("does not convert") }
        let converted = String(decoding: Self.applying(action.edits, to: source), as: UTF8.self)
        guard let modules = try StandInApollo.forTypeChecking(
            model: project.mockModel, schema: project.schema, selectionSets: project.selectionSetModel(), version: .v1, name: "conversions-plain-imports")
        else { throw XCTSkip("swiftc is not on PATH") }
        defer { modules.remove() }
        let url = modules.folder.appendingPathComponent("PlainImportsTests.swift")
        try (Self.xctest + converted.replacingOccurrences(of: "import XCTest\n", with: "")).write(to: url, atomically: true, encoding: .utf8)
        XCTAssertEqual(try modules.typecheck([url]), [], converted)
        // Without the added imports it would not: the check can fail.
        let bare = converted.replacingOccurrences(of: "import ApolloTestSupport\nimport StarWarsAPITestMocks\n", with: "")
        try (Self.xctest + bare.replacingOccurrences(of: "import XCTest\n", with: "")).write(to: url, atomically: true, encoding: .utf8)
        XCTAssertNotEqual(try modules.typecheck([url]), [], bare)
    }

    /// What the tests call of XCTest.
    static let xctest = """
        open class XCTestCase {}
        func XCTAssertEqual<T: Equatable>(_ a: T, _ b: T, file: StaticString = #file, line: UInt = #line) {}
        func XCTAssertEqual<T: Equatable>(_ a: T?, _ b: T?, file: StaticString = #file, line: UInt = #line) {}

        """

    /// The round trip: each converted mock, built and run, holds the dictionary's keys and values and nothing else.
    func testAnimalKingdomsConvertedMocksHoldExactlyTheDictionaries() throws {
        try checkConvertedMocksHold(Self.apis[1])
    }

    func testStarWarsConvertedMocksHoldExactlyTheDictionaries() throws {
        try checkConvertedMocksHold(Self.apis[0])
    }

    private func checkConvertedMocksHold(_ scenario: (api: String, file: String, golden: String)) throws {
        let (api, path, golden) = scenario
        for (name, format) in Self.formats {
            let source = try Self.read(path, for: format)
            let file = SwiftFile(source)
            let project = try Self.fixture(api, format: format).project
            var checks: [MockCheck] = []
            for site in Self.sites("convert", in: source) {
                guard let converted = Self.converted(at: site, in: file, project: project) else {
                    return XCTFail("\(name): line \(site.line) does not convert")
                }
                let (use, statements, model, call) = (converted.use, converted.statements, converted.model, converted.call)
                var dictionary = use.dictionary
                if case .object(let entries) = dictionary, entries.count == 1, entries[0].key == "data" { dictionary = entries[0].value }
                // The mock may hold fields no selection set of the operation reads: no model sees them.
                let unread = Self.keysUnread(from: try XCTUnwrap(ValueResolver(file: file, project: project).selectionSet(use.consumer.path)), in: project)
                checks.append(MockCheck(
                    statements: statements, mock: String(model[call.upperBound...].prefix { $0.isLetter || $0.isNumber }),
                    expected: Self.literal(dictionary), line: site.line, unread: unread))
            }
            try Self.assertMocksHold(checks, api: api, project: project, format: format, runName: "roundtrip-\(golden)-\(name)")
        }
    }

    /// The conversion of the response dictionary at `site` into a mock: the action, the dictionary's use, the
    /// statements that build the mock, the model line and where its `.from(` is. Nil when it does not convert.
    struct Converted {
        var action: MockCodeAction
        var use: ResponseDictionaryUse
        var statements: String
        var model: String
        var call: Range<String.Index>
    }

    static func converted(at site: Site, in file: SwiftFile, project: ProjectIndex) -> Converted? {
        guard case .converted(let action)? = ResponseConversion.convert(at: site.offset, in: file, project: project, mocksModule: "\(project.namespace)TestMocks"),
            let use = file.responseDictionaryUse(at: site.offset),
            let statements = action.edits.first(where: { $0.text.contains("let ") })?.text,
            let model = action.edits.first(where: { $0.text.contains(".from(") })?.text,
            let call = model.range(of: ".from(")
        else { return nil }
        return Converted(action: action, use: use, statements: statements, model: model, call: call)
    }

    /// A mock a converted test builds (`statements`, then the mock named `mock`) and the data it must hold.
    struct MockCheck {
        var statements: String
        var mock: String
        /// A Swift literal of `[String: Any]`s, `[Any]`s and `NSNull()`.
        var expected: String
        var line: Int
        /// The mock fields no selection set reads (`keysUnread`).
        var unread: [String: Set<String>]
    }

    /// Runs every check in one program against stand-ins of Apollo compiled with the project's generated mocks: each
    /// mock's `_selectionSetMockData` must be `same` as its expected data.
    static func assertMocksHold(
        _ checks: [MockCheck], api: String, project: ProjectIndex, format: MockFormat, runName: String,
        file: StaticString = #filePath, line: UInt = #line
    ) throws {
        XCTAssertFalse(checks.isEmpty, file: file, line: line)
        var program = "import Foundation\nimport ApolloTestSupport\nimport \(api)\nimport \(api)TestMocks\n\n" + comparison
        for (index, check) in checks.enumerated() {
            program += """

                func check\(index)() -> Bool {
                \(check.statements)    let expected: Any = \(check.expected)
                    return same(\(check.mock)._selectionSetMockData, expected, "line \(check.line)", unread: \(literal(check.unread)))
                }

                """
        }
        program += "\nlet results = [\(checks.indices.map { "check\($0)()" }.joined(separator: ", "))]\nprint(results.allSatisfy { $0 } ? \"same\" : \"different\")\n"
        guard let modules = try StandInApollo(
            model: project.mockModel, schema: project.schema, selectionSets: project.selectionSetModel(),
            version: format.release == .two ? .v2 : .v1, name: runName, runnable: true)
        else { throw XCTSkip("swiftc is not on PATH") }
        defer { modules.remove() }
        let result = try modules.run(program)
        XCTAssertEqual(result.status, 0, result.output, file: file, line: line)
        XCTAssertEqual(result.output, "same\n", "\(runName):\n\(program)", file: file, line: line)
    }

    /// The mock fields of the project that no selection set reached from `root` reads (through fields, type cases
    /// and fragments).
    /// By object type: the mock fields no selection set of the tree reads on an object of that type.
    static func keysUnread(from root: GeneratedSelectionSet, in project: ProjectIndex) -> [String: Set<String>] {
        var read: [String: Set<String>] = [:]
        var seen: Set<String> = []
        var pending = [root.path]
        while let path = pending.popLast() {
            guard seen.insert(path).inserted, let selectionSet = project.selectionSet(path) else { continue }
            for type in project.schema.possibleTypes(of: selectionSet.parentType) {
                read[type, default: []].formUnion(selectionSet.fields.map(\.key))
            }
            pending += selectionSet.fields.compactMap(\.selectionSet) + selectionSet.inlineFragments.map(\.path)
                + selectionSet.fragmentAccessors.map(\.fragment)
        }
        return Dictionary(uniqueKeysWithValues: project.mockModel.objects.map { object in
            (object.name, Set(object.fields.map(\.key)).subtracting(read[object.name] ?? []))
        })
    }

    static func literal(_ keys: [String: Set<String>]) -> String {
        guard !keys.isEmpty else { return "[:]" }
        return "[" + keys.sorted { $0.key < $1.key }.map { type, keys in
            "\"\(type)\": [" + keys.sorted().map { "\"\($0)\"" }.joined(separator: ", ") + "] as Set<String>"
        }.joined(separator: ", ") + "]"
    }

    /// A response value as a Swift literal of `[String: Any]`s, `[Any]`s and `NSNull()`.
    static func literal(_ value: ResponseValue) -> String {
        switch value {
        case .object(let entries):
            guard !entries.isEmpty else { return "[String: Any]()" }
            return "[" + entries.map { "\"\($0.key ?? "")\": \(literal($0.value))" }.joined(separator: ", ") + "] as [String: Any]"
        case .list(let items): return "[" + items.map(literal).joined(separator: ", ") + "] as [Any]"
        case .string(_, let text): return text
        case .integer(let text), .float(let text): return text
        case .boolean(let flag): return flag ? "true" : "false"
        case .null: return "NSNull()"
        case .expression(let text): return text
        }
    }

    /// Compares a mock's data with a response dictionary as `X.Data(data:)` reads it: a null is no value, a mock
    /// always holds its `__typename`, an enum is its raw value, a number read as an `ID` is its digits.
    static let comparison = """
        extension GraphQLEnum: @retroactive CustomStringConvertible {
            public var description: String { rawValue }
        }

        func unwrapped(_ value: Any?) -> Any? {
            guard let value else { return nil }
            let mirror = Mirror(reflecting: value)
            if mirror.displayStyle == .optional { return mirror.children.first.flatMap { unwrapped($0.value) } }
            return value is NSNull ? nil : value
        }

        func same(_ mock: Any?, _ expected: Any?, _ path: String, unread: [String: Set<String>]) -> Bool {
            let mock = unwrapped(mock), expected = unwrapped(expected)
            guard let mock, let expected else {
                if mock != nil || expected != nil { print("\\(path): \\(String(describing: mock)) ≠ \\(String(describing: expected))") }
                return mock == nil && expected == nil
            }
            if let expected = expected as? [String: Any] {
                guard let mock = mock as? [String: Any] else { print("\\(path): \\(mock) is no object"); return false }
                let keys = Set(expected.filter { unwrapped($0.value) != nil }.keys)
                let mockKeys = Set(mock.keys).subtracting(expected["__typename"] == nil ? ["__typename"] : [])
                    .filter { keys.contains($0) || !(unread["\\(unwrapped(mock["__typename"]) ?? "")"] ?? []).contains($0) }
                guard keys == mockKeys else { print("\\(path): keys \\(mockKeys.sorted()) ≠ \\(keys.sorted())"); return false }
                return keys.allSatisfy { same(mock[$0], expected[$0], path + "." + $0, unread: unread) }
            }
            if let expected = expected as? [Any] {
                guard let mock = mock as? [Any], mock.count == expected.count else { print("\\(path): \\(mock) ≠ \\(expected)"); return false }
                return zip(mock, expected).enumerated().allSatisfy { same($1.0, $1.1, path + "[\\($0)]", unread: unread) }
            }
            let written = "\\(mock)"
            if let number = mock as? Double, let other = (expected as? NSNumber)?.doubleValue { return number == other }
            guard written == "\\(expected)" else { print("\\(path): \\(written) ≠ \\(expected)"); return false }
            return true
        }

        """

    /// The lines that changed, as `-` and `+` lines after the first's number.
    static func diff(_ old: [UInt8], _ new: [UInt8]) -> String {
        let before = String(decoding: old, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let after = String(decoding: new, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        var prefix = 0
        while prefix < min(before.count, after.count), before[prefix] == after[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < min(before.count, after.count) - prefix, before[before.count - 1 - suffix] == after[after.count - 1 - suffix] { suffix += 1 }
        var out = "@@ line \(prefix + 1)\n"
        for line in before[prefix..<(before.count - suffix)] { out += "-\(line)\n" }
        for line in after[prefix..<(after.count - suffix)] { out += "+\(line)\n" }
        return out
    }
}
