import Features
import GraphQLIndex
import MocklsTestSupport
import SourceText
import SwiftAnalysis
import XCTest

/// Completion at markers in GraphQL documents still being written, against AnimalKingdom's schema and fragments.
final class GraphQLCompletionTests: XCTestCase {
    private func labels(_ marked: String, role: DocumentRole = .executable, file: StaticString = #filePath, line: UInt = #line) throws -> [String: [String]] {
        let fixture = try FeatureFixture(api: "AnimalKingdomAPI")
        let source = MarkedSource(marked)
        return Dictionary(uniqueKeysWithValues: source.offsets.map { marker, offset in
            (marker, GraphQLCompletion.completions(at: offset, in: source.bytes, role: role, project: fixture.project).map(\.label))
        })
    }

    func testFieldsOfTheParentTypeThroughAliasesTypeConditionsAndFragments() throws {
        let found = try labels("""
            query Q {
              allAnimals {
                1️⃣
                alias: spe2️⃣
                height { 3️⃣ }
                ... on Dog { 4️⃣ }
              }
            }
            fragment F on Pet { owner { 5️⃣ } }
            """)
        XCTAssertEqual(found["1️⃣"], ["id", "species", "height", "predators", "skinCovering", "__typename"])
        XCTAssertEqual(found["2️⃣"], found["1️⃣"])
        XCTAssertEqual(found["3️⃣"]?.prefix(3), ["relativeSize", "centimeters", "meters"])
        XCTAssertEqual(found["4️⃣"]?.contains("favoriteToy"), true)
        XCTAssertEqual(found["5️⃣"]?.contains("firstName"), true)
    }

    func testArgumentsValuesAndVariables() throws {
        let found = try labels("""
            query Q($filters: PetSearchFilters!, $other: String) {
              pets(1️⃣) { id }
              findPet(input: 2️⃣) { id }
              pets(filters: { 3️⃣ }) { id }
              pets(filters: { species: [], size: 4️⃣ }) { id }
              pets(filters: $5️⃣) { id }
            }
            mutation M { adoptPet(input: { 6️⃣ }) { id } }
            """)
        XCTAssertEqual(found["1️⃣"], ["filters"])
        XCTAssertEqual(found["2️⃣"], ["{ }"])
        // Required input fields first.
        XCTAssertEqual(found["3️⃣"], ["species", "size", "measurements"])
        XCTAssertEqual(found["4️⃣"], ["LARGE", "AVERAGE", "SMALL", "null"])
        XCTAssertEqual(found["5️⃣"], ["$filters", "$other"])
        XCTAssertEqual(found["6️⃣"], ["ownerID", "petID", "favoriteToy", "humanName", "isSpayedOrNeutered", "measurements"])
    }

    func testSpreadsTypeConditionsDirectivesAndInputTypes() throws {
        let found = try labels("""
            query Q($id: 1️⃣) {
              allAnimals {
                species @4️⃣
                ... @7️⃣
                ...2️⃣
                ... on 3️⃣
              }
            }
            fragment G on 5️⃣
            """)
        XCTAssertEqual(found["1️⃣"]?.contains("PetSearchFilters"), true)
        XCTAssertEqual(found["1️⃣"]?.contains("Dog"), false)
        // Fragments whose type can be an Animal: not DogFragment's Dog alone? Dog is an Animal, so it applies.
        XCTAssertEqual(found["2️⃣"]?.contains("HeightInMeters"), true)
        XCTAssertEqual(found["2️⃣"]?.contains("DogFragment"), true)
        XCTAssertEqual(found["2️⃣"]?.last, "on")
        XCTAssertEqual(found["3️⃣"]?.contains("Dog"), true)
        XCTAssertEqual(found["3️⃣"]?.contains("Query"), false)
        XCTAssertEqual(found["4️⃣"], ["include", "skip"])
        XCTAssertEqual(found["7️⃣"], ["include", "skip", "defer"])
        XCTAssertEqual(found["5️⃣"]?.contains("Height"), true)
        XCTAssertEqual(found["5️⃣"]?.contains("RelativeSize"), false)
        XCTAssertEqual(try labels("query A { allAnimals { id } }\n1️⃣")["1️⃣"], ["query", "mutation", "subscription", "fragment"])
        XCTAssertEqual(try labels("1️⃣", role: .schema)["1️⃣"]?.first, "type")
    }

    /// A `$` left at the end of a line is not part of the name typed on the next: the edit stays on the cursor's line
    /// (LSP 3.17: single-line, containing the position), and deletes no line break.
    func testAVariablesEditStaysOnTheCursorsLine() throws {
        let fixture = try FeatureFixture(api: "AnimalKingdomAPI")
        let source = MarkedSource("""
            query Q($show: Boolean!, $id: ID) {
              allAnimals @include(if: $
            1️⃣) { id }
              pets @include(if: $2️⃣) { id }
            }
            """)
        let lines = LineTable(source.bytes)
        for marker in ["1️⃣", "2️⃣"] {
            let offset = try XCTUnwrap(source.offsets[marker])
            let items = GraphQLCompletion.completions(at: offset, in: source.bytes, role: .executable, project: fixture.project)
            XCTAssertFalse(items.isEmpty, marker)
            for item in items {
                XCTAssertEqual(lines.line(containing: item.replaceRange.lowerBound), lines.line(containing: offset), "\(marker) \(item.label)")
                XCTAssertTrue((item.replaceRange.lowerBound...item.replaceRange.upperBound).contains(offset), "\(marker) \(item.label)")
            }
        }
        // Right after the `$`, it is replaced with the name.
        let after = try XCTUnwrap(GraphQLCompletion.completions(at: source.offsets["2️⃣"]!, in: source.bytes, role: .executable, project: fixture.project).first)
        XCTAssertEqual(after.replaceRange, (source.offsets["2️⃣"]! - 1)..<source.offsets["2️⃣"]!)
    }

    func testSchemaDocuments() throws {
        let found = try labels("""
            type Zoo implements 1️⃣ {
              keeper: 2️⃣
              visitors(first: 3️⃣): Int
            }
            union Resident = Dog | 4️⃣
            """, role: .schema)
        XCTAssertEqual(found["1️⃣"]?.contains("Animal"), true)
        XCTAssertEqual(found["1️⃣"]?.contains("Dog"), false)
        XCTAssertEqual(found["2️⃣"]?.contains("Dog"), true)
        XCTAssertEqual(found["2️⃣"]?.contains("PetSearchInput"), false)
        XCTAssertEqual(found["3️⃣"]?.contains("PetSearchInput"), true)
        XCTAssertEqual(found["4️⃣"]?.contains("Cat"), true)
        XCTAssertEqual(found["4️⃣"]?.contains("Animal"), false)
    }

    func testNothingInsideAStringOrAComment() throws {
        let found = try labels("""
            query Q { pets(filters: { species: ["Do1️⃣g"] }) { id } }
            """)
        XCTAssertEqual(found["1️⃣"], [])
    }
}

/// Hover, definition and references on what the schema file declares: fields, arguments, enum values and input
/// fields (types are covered with the operations).
final class SchemaDeclarationNavigationTests: XCTestCase {
    func testDeclarationsInTheSchemaFile() throws {
        let fixture = try FeatureFixture(api: "AnimalKingdomAPI")
        let project = fixture.project
        let path = fixture.graphqlDirectory.appendingPathComponent("AnimalSchema.graphqls").path
        let schema = try XCTUnwrap(project.documents[path]).text
        let text = String(decoding: schema, as: UTF8.self)
        /// The offset inside the `occurrence`th `name` after `anchor`.
        func offset(of name: String, after anchor: String) throws -> Int {
            let start = try XCTUnwrap(text.range(of: anchor)).upperBound
            return text.utf8.distance(from: text.startIndex, to: try XCTUnwrap(text.range(of: name, range: start..<text.endIndex)).lowerBound) + 1
        }
        func uses(_ target: ReferenceTarget, declaration: Bool) -> [String] {
            References.inGraphQL(target, project: project, includingDeclaration: declaration).map { reference in
                let line = project.documents[reference.document]!.text[..<reference.range.lowerBound].count { $0 == 10 } + 1
                return "\(URL(fileURLWithPath: reference.document).lastPathComponent):\(line)"
            }
        }

        // A field of an object type: hover, definition (itself), and every selection of it on that type.
        let species = try offset(of: "species", after: "type Dog implements")
        XCTAssertEqual(GraphQLNavigation.hover(at: species, in: schema, path: path, project: project)?.contents.components(separatedBy: "\n\n").first,
                       "```graphql\nDog.species: String!\n```")
        XCTAssertEqual(GraphQLNavigation.definition(at: species, in: schema, path: path, project: project)?.range.contains(species), true)
        let target = try XCTUnwrap(References.target(at: species, inGraphQL: schema, path: path, project: project))
        XCTAssertEqual(target, .field(type: "Dog", name: "species"))
        XCTAssertEqual(uses(target, declaration: true).filter { $0.hasPrefix("AnimalSchema") }, ["AnimalSchema.graphqls:120"])
        // An interface's field: the selections on the interface.
        let animalSpecies = try offset(of: "species", after: "interface Animal")
        XCTAssertEqual(References.target(at: animalSpecies, inGraphQL: schema, path: path, project: project), .field(type: "Animal", name: "species"))
        XCTAssertTrue(uses(.field(type: "Animal", name: "species"), declaration: false).contains { $0.hasPrefix("AllAnimalsQuery.graphql") })

        // An argument: its declaration and the selections that pass it.
        let filters = try offset(of: "filters", after: "type Query")
        XCTAssertTrue(try XCTUnwrap(GraphQLNavigation.hover(at: filters, in: schema, path: path, project: project)).contents
            .hasPrefix("```graphql\nfilters: PetSearchFilters!\n```\n\nAn argument of `Query.pets`."))
        XCTAssertEqual(GraphQLNavigation.definition(at: filters, in: schema, path: path, project: project)?.range.contains(filters), true)
        let argument = try XCTUnwrap(References.target(at: filters, inGraphQL: schema, path: path, project: project))
        XCTAssertEqual(argument, .argument(type: "Query", field: "pets", name: "filters"))
        XCTAssertEqual(uses(argument, declaration: true), ["AnimalSchema.graphqls:4", "PetSearchLocalCacheMutation.graphql:10", "PetSearchQuery.graphql:10"])
        XCTAssertEqual(uses(argument, declaration: false), ["PetSearchLocalCacheMutation.graphql:10", "PetSearchQuery.graphql:10"])

        // An enum value: where values write it (variables' defaults in input objects).
        let small = try offset(of: "SMALL", after: "enum RelativeSize")
        XCTAssertEqual(GraphQLNavigation.hover(at: small, in: schema, path: path, project: project)?.contents, "```graphql\nRelativeSize.SMALL\n```")
        let value = try XCTUnwrap(References.target(at: small, inGraphQL: schema, path: path, project: project))
        XCTAssertEqual(value, .enumValue(type: "RelativeSize", name: "SMALL"))
        XCTAssertEqual(uses(value, declaration: true), ["AnimalSchema.graphqls:194", "PetSearchLocalCacheMutation.graphql:3", "PetSearchQuery.graphql:3"])

        // An input field.
        let size = try offset(of: "size", after: "input PetSearchFilters")
        XCTAssertEqual(GraphQLNavigation.hover(at: size, in: schema, path: path, project: project)?.contents, "```graphql\nPetSearchFilters.size: RelativeSize\n```")
        XCTAssertEqual(GraphQLNavigation.definition(at: size, in: schema, path: path, project: project)?.range.contains(size), true)
        let field = try XCTUnwrap(References.target(at: size, inGraphQL: schema, path: path, project: project))
        XCTAssertEqual(field, .inputField(type: "PetSearchFilters", name: "size"))
        XCTAssertEqual(uses(field, declaration: false), ["PetSearchLocalCacheMutation.graphql:3", "PetSearchQuery.graphql:3"])
    }
}

/// Hover and definition at markers in GraphQL documents (AnimalKingdom).
final class GraphQLNavigationTests: XCTestCase {
    func testHoverAndDefinition() throws {
        let fixture = try FeatureFixture(api: "AnimalKingdomAPI")
        let project = fixture.project
        let source = MarkedSource("""
            query AllAnimalsQuery($size: Relative8️⃣Size) {
              allAnimals {
                hei1️⃣ght { fe2️⃣et }
                ... on D3️⃣og { favor4️⃣iteToy }
                ...HeightIn5️⃣Meters
              }
              pets(fil6️⃣ters: { species: [], size: L7️⃣ARGE }) { id }
              findPet(input: { petID: $si9️⃣ze }) { id }
            }
            """)
        func hover(_ marker: String) -> String? { GraphQLNavigation.hover(at: source[marker], in: source.bytes, path: "/w/AllAnimals.graphql", project: project)?.contents }
        func definition(_ marker: String) -> SourceLocation? {
            GraphQLNavigation.definition(at: source[marker], in: source.bytes, path: "/w/AllAnimals.graphql", project: project)
        }
        // A field: its GraphQL signature, and the Swift property and type Apollo generates where it is selected.
        XCTAssertEqual(try XCTUnwrap(hover("1️⃣")).components(separatedBy: "\n\n").first, "```graphql\nAnimal.height: Height!\n```")
        XCTAssertTrue(try XCTUnwrap(hover("1️⃣")).contains("Apollo iOS: `AllAnimalsQuery.Data.AllAnimal.height: Height`"), hover("1️⃣") ?? "")
        XCTAssertTrue(try XCTUnwrap(hover("2️⃣")).contains("Apollo iOS: `AllAnimalsQuery.Data.AllAnimal.Height.feet: Int`"), hover("2️⃣") ?? "")
        XCTAssertTrue(try XCTUnwrap(hover("3️⃣")).hasPrefix("```graphql\nobject Dog implements Animal & Pet & HousePet & WarmBlooded\n```"))
        XCTAssertTrue(try XCTUnwrap(hover("4️⃣")).contains("Apollo iOS: `AllAnimalsQuery.Data.AllAnimal.AsDog.favoriteToy: String`"), hover("4️⃣") ?? "")
        XCTAssertTrue(try XCTUnwrap(hover("5️⃣")).contains("fragment HeightInMeters on Animal"))
        XCTAssertTrue(try XCTUnwrap(hover("6️⃣")).contains("filters: PetSearchFilters!"))
        XCTAssertEqual(hover("7️⃣"), "```graphql\nRelativeSize.LARGE\n```")
        XCTAssertTrue(try XCTUnwrap(hover("8️⃣")).hasPrefix("```graphql\nenum RelativeSize\n```"))
        XCTAssertEqual(hover("9️⃣"), "```graphql\n$size: RelativeSize\n```")

        let schema = try XCTUnwrap(project.documents.values.first { $0.role == .schema })
        func line(_ location: SourceLocation?) -> String? {
            guard let location, let document = project.documents[location.document] else { return nil }
            let before = document.text[..<location.range.lowerBound]
            let start = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
            let end = document.text[location.range.lowerBound...].firstIndex(of: UInt8(ascii: "\n")) ?? document.text.count
            return String(decoding: document.text[start..<end], as: UTF8.self).trimmingCharacters(in: .whitespaces)
        }
        XCTAssertEqual(definition("1️⃣")?.document, schema.path)
        XCTAssertEqual(line(definition("1️⃣")), "height: Height!")
        XCTAssertEqual(line(definition("3️⃣")), "type Dog implements Animal & Pet & HousePet & WarmBlooded {")
        XCTAssertEqual(line(definition("5️⃣")), "fragment HeightInMeters on Animal {")
        XCTAssertEqual(line(definition("6️⃣")), "pets(filters: PetSearchFilters!): [Pet!]!")
        XCTAssertEqual(line(definition("7️⃣")), "LARGE")
        XCTAssertEqual(definition("9️⃣"), SourceLocation(document: "/w/AllAnimals.graphql", range: 22..<27))
    }
}

/// Document and workspace symbols of AnimalKingdom's documents.
final class GraphQLSymbolsTests: XCTestCase {
    func testDocumentAndWorkspaceSymbols() throws {
        let fixture = try FeatureFixture(api: "AnimalKingdomAPI")
        let schema = try XCTUnwrap(fixture.project.documents.values.first { $0.role == .schema })
        let symbols = GraphQLSymbols.documentSymbols(schema.effective, typeNames: Capitalizer())
        let dog = try XCTUnwrap(symbols.first { $0.name == "Dog" })
        XCTAssertEqual(dog.kind, .object)
        XCTAssertEqual(dog.children.prefix(3).map(\.name), ["id", "species", "height"])
        XCTAssertEqual(dog.children[0].detail, "ID!")
        XCTAssertEqual(symbols.first { $0.name == "SkinCovering" }?.children.map(\.name), ["FUR", "HAIR", "FEATHERS", "SCALES"])
        let operations = try XCTUnwrap(fixture.project.documents.values.first { $0.path.hasSuffix("/PetSearchLocalCacheMutation.graphql") })
        XCTAssertEqual(GraphQLSymbols.documentSymbols(operations.effective, typeNames: Capitalizer()).map(\.detail), ["query → PetSearchLocalCacheMutation"])
        // By GraphQL name or Apollo's Swift name, characters in order.
        let found = GraphQLSymbols.workspaceSymbols("allanimq", in: [fixture.project]).map(\.symbol.name)
        XCTAssertEqual(found, ["AllAnimalsIncludeSkipQuery", "AllAnimalsQuery"])
        XCTAssertEqual(GraphQLSymbols.workspaceSymbols("mock<cat", in: [fixture.project]).map(\.swiftName), ["Mock<Cat>"])
    }
}

/// References across GraphQL documents and Swift tests (AnimalKingdom).
final class ReferencesTests: XCTestCase {
    func testAFieldATypeAFragmentAndAnOperation() throws {
        let fixture = try FeatureFixture(api: "AnimalKingdomAPI")
        let project = fixture.project
        let test = MarkedSource("""
            func test() {
              let dog = Mock<D1️⃣og>(height: Mock<Height>(fe2️⃣et: 2), species: "Lab")
              dog.species = "Pug"
              let animal = AllAnimals3️⃣Query.Data.AllAnimal.from(dog)
              _ = animal.height.feet
              _ = animal.fragments.heightIn4️⃣Meters.height.meters
              _ = HeightInMeters.from(dog)
              _ = animal.spe5️⃣cies
            }
            """)
        let file = SwiftFile(test.text)
        func text(_ range: Range<Int>) -> String { String(decoding: test.bytes[range], as: UTF8.self) }

        // `feet` of Height: the label and the model read in the test; the selections in the operations.
        let feet = try XCTUnwrap(References.target(at: test["2️⃣"], inSwift: file, project: project))
        XCTAssertEqual(feet, .field(type: "Height", name: "feet"))
        XCTAssertEqual(References.inSwift(feet, file: file, project: project).map(text), ["feet", "feet"])
        let inOperations = References.inGraphQL(feet, project: project, includingDeclaration: true)
        XCTAssertTrue(inOperations.contains { $0.document.hasSuffix("/AllAnimalsQuery.graphql") })
        XCTAssertTrue(inOperations.contains { $0.document.hasSuffix(".graphqls") }, "the declaration")
        XCTAssertFalse(References.inGraphQL(feet, project: project, includingDeclaration: false).contains { $0.document.hasSuffix(".graphqls") })

        XCTAssertEqual(References.target(at: test["1️⃣"], inSwift: file, project: project), .type("Dog"))
        XCTAssertEqual(References.inSwift(.type("Dog"), file: file, project: project).map(text), ["Dog"])
        XCTAssertTrue(References.inGraphQL(.type("Dog"), project: project, includingDeclaration: false)
            .contains { $0.document.hasSuffix("/DogFragment.graphql") }, "a fragment's type condition")

        XCTAssertEqual(References.target(at: test["3️⃣"], inSwift: file, project: project), .operation("AllAnimalsQuery"))
        XCTAssertEqual(References.inSwift(.operation("AllAnimalsQuery"), file: file, project: project).map(text), ["AllAnimalsQuery"])

        XCTAssertEqual(References.target(at: test["4️⃣"], inSwift: file, project: project), .fragment("HeightInMeters"))
        XCTAssertEqual(References.inSwift(.fragment("HeightInMeters"), file: file, project: project).map(text), ["heightInMeters", "HeightInMeters"])
        let spreads = References.inGraphQL(.fragment("HeightInMeters"), project: project, includingDeclaration: true)
        XCTAssertTrue(spreads.contains { $0.document.hasSuffix("/AllAnimalsQuery.graphql") })
        XCTAssertTrue(spreads.contains { $0.document.hasSuffix("/HeightInMeters.graphql") })

        // `species` read from an AllAnimal model is Animal's field (the interface the selection is on); the mock
        // label and member are Dog's.
        XCTAssertEqual(References.target(at: test["5️⃣"], inSwift: file, project: project), .field(type: "Animal", name: "species"))
        XCTAssertEqual(References.inSwift(.field(type: "Animal", name: "species"), file: file, project: project).count, 1)
        XCTAssertEqual(References.inSwift(.field(type: "Dog", name: "species"), file: file, project: project).count, 2)

        // From a GraphQL document: the field under the cursor.
        let query = MarkedSource("query Q { allAnimals { height { fe1️⃣et } } }")
        XCTAssertEqual(References.target(at: query["1️⃣"], inGraphQL: query.bytes, path: "/w/Q.graphql", project: project), .field(type: "Height", name: "feet"))
        XCTAssertEqual(References.target(at: MarkedSource("query All1️⃣AnimalsQuery { id }")["1️⃣"], inGraphQL: Array("query AllAnimalsQuery { id }".utf8), path: "/w/Q.graphql", project: project),
                       .operation("AllAnimalsQuery"))
    }
}
