import Foundation
@testable import GraphQLIndex
import MocklsTestSupport
import XCTest

/// The selection-set model against the selection sets Apollo generated for the shared sample APIs
/// (`expected-selection-sets.json`). Compared per struct: path, name, kind, inline-fragment kind, parent type and
/// kind, isRoot, rootEntityType; fields (key, property, type, nested selection set, direct, condition); fragment
/// accessors (accessor, type, optional); inline-fragment accessors (accessor, type, path); typealiases (name,
/// resolved target); and the initializer (label, type, default) where Apollo generated one.
final class SelectionSetModelTests: XCTestCase {
    func testSelectionSetsEqualApollosForEverySharedAPI() throws {
        for api in SharedFixtures.apis {
            let sample = try SampleAPI(api)
            let graphql = sample.directory.appendingPathComponent("graphql")
            let documents = try SharedFixtures.files(under: graphql, extensions: ["graphql"]).map {
                ($0.path, GraphQLParser.parse(Array(try Data(contentsOf: $0))))
            }
            let model = SelectionSetModel(schema: sample.schema, documents: documents, namespace: api)
            let expected = try JSONSerialization.jsonObject(
                with: Data(contentsOf: sample.directory.appendingPathComponent("expected-selection-sets.json"))) as! [[String: Any]]
            XCTAssertEqual(
                Set(model.selectionSets.map(\.path)), Set(expected.map { $0["path"] as! String }), "\(api): the set of generated structs")
            for record in expected {
                let path = record["path"] as! String
                guard let actual = model[path] else { continue }
                compare(actual, record, "\(api) \(path)")
            }
        }
    }

    private func compare(_ actual: GeneratedSelectionSet, _ expected: [String: Any], _ context: String) {
        XCTAssertEqual(actual.name, expected["name"] as? String, context)
        XCTAssertEqual(actual.kind.rawValue, expected["kind"] as? String, context)
        XCTAssertEqual(actual.inlineFragmentKind?.rawValue, expected["inlineFragmentKind"] as? String, context)
        XCTAssertEqual(actual.parentType, expected["parentType"] as? String, context)
        XCTAssertEqual(Self.kindName(actual.parentKind), expected["parentKind"] as? String, context)
        XCTAssertEqual(actual.isRoot, expected["isRoot"] as? Bool, context)
        XCTAssertEqual(actual.rootEntityType, expected["rootEntityType"] as? String, context)
        let fields = expected["fields"] as! [[String: Any]]
        XCTAssertEqual(actual.fields.map(\.key), fields.map { $0["key"] as! String }, "\(context) fields")
        for (field, expectedField) in zip(actual.fields, fields) {
            let where_ = "\(context).\(field.key)"
            XCTAssertEqual(field.property, expectedField["property"] as? String, where_)
            XCTAssertEqual(field.type, expectedField["type"] as? String, where_)
            XCTAssertEqual(field.selectionSet, expectedField["selectionSet"] as? String, where_)
            XCTAssertEqual(field.isDirect, expectedField["direct"] as? Bool, where_)
            XCTAssertEqual(field.condition, expectedField["condition"] as? String, where_)
        }
        let accessors = expected["fragmentAccessors"] as! [[String: Any]]
        XCTAssertEqual(actual.fragmentAccessors.map(\.accessor), accessors.map { $0["accessor"] as! String }, "\(context) fragments")
        XCTAssertEqual(actual.fragmentAccessors.map(\.type), accessors.map { $0["type"] as! String }, "\(context) fragments")
        XCTAssertEqual(actual.fragmentAccessors.map(\.isOptional), accessors.map { $0["optional"] as! Bool }, "\(context) fragments")
        let inline = expected["inlineFragments"] as! [[String: Any]]
        XCTAssertEqual(actual.inlineFragments.map(\.accessor), inline.map { $0["accessor"] as! String }, "\(context) inline")
        XCTAssertEqual(actual.inlineFragments.map(\.path), inline.map { $0["path"] as! String }, "\(context) inline")
        let aliases = expected["typealiases"] as! [[String: Any]]
        XCTAssertEqual(actual.typealiases.map(\.name), aliases.map { $0["name"] as! String }, "\(context) typealiases")
        XCTAssertEqual(actual.typealiases.map(\.resolved), aliases.map { $0["resolved"] as! String }, "\(context) typealiases")
        if let initializer = expected["initializer"] as? [[String: Any]] {
            XCTAssertEqual(actual.initializer.map(\.label), initializer.map { $0["label"] as! String }, "\(context) init")
            XCTAssertEqual(actual.initializer.map(\.type), initializer.map { $0["type"] as! String }, "\(context) init")
            XCTAssertEqual(actual.initializer.map(\.defaultValue), initializer.map { $0["default"] as? String }, "\(context) init")
        }
    }

    private static func kindName(_ kind: TypeKind) -> String {
        switch kind {
        case .object: return "Object"
        case .interface: return "Interface"
        case .union: return "Union"
        default: return "\(kind)"
        }
    }
}

/// What requests read (`ProjectIndex.selectionSet(_:)`, built per definition on demand and kept across edits that
/// leave it valid) equals the whole model built from scratch, for every path of the repository's APIs (and ../shared's
/// when it is there), also after edits.
final class SelectionSetLookupTests: XCTestCase {
    func testLookupsEqualTheWholeModelBeforeAndAfterEdits() throws {
        for sample in try SampleAPI.inRepositoryAndShared() {
            let api = sample.name
            let graphql = sample.directory.appendingPathComponent("graphql")
            let sources = try SharedFixtures.files(under: graphql, extensions: ["graphql", "graphqls"]).map {
                ($0.path, $0.pathExtension == "graphqls" ? DocumentRole.schema : .executable, Array(try Data(contentsOf: $0)))
            }
            var index = ProjectIndex(namespace: api, sources: sources)
            XCTAssertFalse(index.selectionSetModel().selectionSets.isEmpty, api)
            check(index, api)
            // Ask for every path once, so that the store holds every definition; then edit: an operation gains a
            // field, a fragment loses its selections, a document goes and comes back.
            let executables = sources.filter { $0.1 == .executable }
            for (path, _, text) in executables.prefix(3) {
                var edited = String(decoding: text, as: UTF8.self)
                if let brace = edited.lastIndex(of: "}") { edited.insert(contentsOf: " __typename ", at: brace) }
                index.update(path, role: .executable, text: Array(edited.utf8))
                check(index, "\(api) after editing \(path)")
            }
            if let (path, _, text) = executables.last {
                index.remove(path)
                check(index, "\(api) without \(path)")
                index.update(path, role: .executable, text: text)
                check(index, "\(api) with \(path) back")
            }
        }
    }

    /// Found by the GraphQL fuzz surface: two operations of one name in one document (and a fragment of the same
    /// name as a query): each path is read from the definition the whole model takes it from.
    func testDuplicateNames() {
        let schema = "type Query { hero: Character }\ninterface Character { name: String }\ntype Human implements Character { name: String height: Float }\n"
        let operations = """
            query Hero { hero { name } }
            query Hero { hero { ... on Human { height } } }
            query HeroDetails { hero { ...HeroDetails } }
            fragment HeroDetails on Character { name ... on Human { height } }
            """
        let index = ProjectIndex(namespace: "Dupes", sources: [
            ("schema.graphqls", .schema, Array(schema.utf8)), ("ops.graphql", .executable, Array(operations.utf8)),
        ])
        XCTAssertNotNil(index.selectionSet("HeroQuery.Data.Hero.AsHuman"))
        XCTAssertNotNil(index.selectionSet("HeroDetails.AsHuman"))
        XCTAssertNotNil(index.selectionSet("HeroDetailsQuery.Data.Hero"))
        check(index, "duplicates")
    }

    /// Found by the GraphQL fuzz surface: fragments that spread each other (invalid; Apollo rejects them) came out
    /// with or without the rest of their cycle depending on which was built first, so a path read on its own
    /// differed from the whole model. Each fragment of a cycle is now nothing, whichever is asked for first; what
    /// spreads one leaves it out.
    func testFragmentCyclesAreTheSameWhicheverIsReadFirst() {
        let schema = """
            type Query { pet: Pet }
            interface Pet { name: String owner: Person }
            union ClassroomPet = Cat | Bird
            type Cat implements Pet { name: String owner: Person lives: Int }
            type Bird implements Pet { name: String owner: Person wingspan: Float }
            type Person { name: String }
            """
        // The second time (minimized): `PetDetails` also spreads itself, which made it known to be on a cycle before
        // the walk came back to it from `ClassroomPetDetails`.
        for operations in ["""
            query PetQuery { pet { ...PetDetails ...Outside } }
            fragment PetDetails on Pet { name ...ClassroomPetDetails }
            fragment ClassroomPetDetails on ClassroomPet { ... on Cat { lives } ...PetDetails }
            fragment Outside on Pet { owner { name } ...PetDetails }
            """, """
            query PetQuery { pet { ...PetDetails ...Outside } }
            fragment PetDetails on Pet { name ...PetDetails ...ClassroomPetDetails }
            fragment ClassroomPetDetails on ClassroomPet { ... on Cat { lives } ...PetDetails }
            fragment Outside on Pet { owner { name } ...PetDetails }
            """]
        {
        for first in ["PetDetails", "ClassroomPetDetails", "Outside", "PetQuery.Data.Pet", "ClassroomPetDetails.AsCat"] {
            let index = ProjectIndex(namespace: "Cycles", sources: [
                ("schema.graphqls", .schema, Array(schema.utf8)), ("ops.graphql", .executable, Array(operations.utf8)),
            ])
            _ = index.selectionSet(first)
            check(index, "\(first) read first")
            XCTAssertNil(index.selectionSet("PetDetails"), first)
            XCTAssertNil(index.selectionSet("ClassroomPetDetails"), first)
            XCTAssertEqual(index.selectionSet("Outside")?.fields.map(\.key), ["owner"], first)
        }
        }
    }

    private func check(_ index: ProjectIndex, _ context: String) {
        let whole = SelectionSetModel(
            schema: index.schema,
            documents: index.documents.values.filter { $0.role == .executable }.sorted { $0.path < $1.path }.map { ($0.path, $0.effective) },
            namespace: index.namespace)
        for selectionSet in whole.selectionSets where whole[selectionSet.path]?.path == selectionSet.path {
            XCTAssertEqual(index.selectionSet(selectionSet.path), whole[selectionSet.path], "\(context): \(selectionSet.path)")
        }
        XCTAssertNil(index.selectionSet("NoSuchQuery.Data"), context)
    }
}

/// Who selects a field, read from lists kept at indexing time, equals a walk over every document.
final class FieldSelectorTests: XCTestCase {
    func testSelectorsEqualAWalkOverEveryDocument() throws {
        for sample in try SampleAPI.inRepositoryAndShared() {
            let api = sample.name
            let graphql = sample.directory.appendingPathComponent("graphql")
            let sources = try SharedFixtures.files(under: graphql, extensions: ["graphql", "graphqls"]).map {
                ($0.path, $0.pathExtension == "graphqls" ? DocumentRole.schema : .executable, Array(try Data(contentsOf: $0)))
            }
            var index = ProjectIndex(namespace: api, sources: sources)
            check(index, api)
            let executables = sources.filter { $0.1 == .executable }
            if let (path, _, _) = executables.first {
                index.update(path, role: .executable, text: Array("query Only { __typename }".utf8))
                check(index, "\(api) after an edit")
                index.remove(path)
                check(index, "\(api) after a removal")
            }
        }
    }

    private func check(_ index: ProjectIndex, _ context: String) {
        let documents = index.documents.values.filter { $0.role == .executable }.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
        for object in index.mockModel.objects {
            let types = [object.name] + (index.schema[object.name]?.interfaces ?? [])
            for field in object.fields {
                let expected = documents.flatMap { document -> [String] in
                    var collector = FieldCollector(schema: index.schema)
                    collector.collect(document.effective)
                    guard types.contains(where: { collector.collected[$0]?[field.key] != nil }) else { return [] }
                    return document.effective.operations.compactMap(\.name?.value) + document.effective.fragments.map(\.name.value)
                }
                let found = index.definitions(selecting: field.key, on: object.name)
                XCTAssertEqual(found.names, expected, "\(context): \(object.name).\(field.key)")
                let limited = index.definitions(selecting: field.key, on: object.name, limit: 2)
                XCTAssertEqual(limited.names, Array(expected.prefix(2)), context)
                XCTAssertEqual(limited.more, expected.count > 2, context)
            }
        }
    }
}
