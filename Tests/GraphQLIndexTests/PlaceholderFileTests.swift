import Foundation
import GraphQLIndex
import XCTest

/// The placeholder file of each shared API type-checks with `swiftc`, together with the mock files mockls renders,
/// against stand-ins for ApolloAPI and ApolloTestSupport (`Tests/standins`) and for the schema module (written here
/// from the schema: scalars, enums, `Objects`). Swift 5 mode, as Apollo 1.x mock code needs.
final class PlaceholderFileTests: XCTestCase {
    private static let standins = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("standins")

    func testEverySharedAPIsPlaceholdersTypeCheck() throws {
        guard let swiftc = Self.which("swiftc") else { throw XCTSkip("swiftc is not on PATH") }
        for api in SharedFixtures.apis {
            let sample = try SampleAPI(api)
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mockls-placeholders-\(api)-\(getpid())")
            try? FileManager.default.removeItem(at: folder)
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("mocks"), withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let model = sample.mockModel
            let namespace = model.namespace
            let selectionSets = SelectionSetModel(
                schema: sample.schema, documents: sample.operationFiles.map { ($0.path, $0.document) }, namespace: namespace)
            try Self.schemaModule(sample.schema, model: model, selectionSets: selectionSets).write(to: folder.appendingPathComponent("Schema.swift"), atomically: true, encoding: .utf8)
            for file in MockFileRenderer.files(for: model) {
                try file.contents.write(to: folder.appendingPathComponent("mocks/\(file.name)"), atomically: true, encoding: .utf8)
            }
            // Every selection set with an initializer, as `selectionSetInitializers: {operations: true, namedFragments: true}` has it.
            let placeholders = PlaceholderFileRenderer.render(
                model: model, schema: sample.schema, mocksModule: "\(namespace)TestMocks", selectionSets: selectionSets,
                initializers: SelectionSetInitializerOptions(operations: true, namedFragments: true))
            try placeholders.write(to: folder.appendingPathComponent("Placeholders.swift"), atomically: true, encoding: .utf8)
            // A test that uses them, as a test would.
            try Self.usage(model).write(to: folder.appendingPathComponent("Usage.swift"), atomically: true, encoding: .utf8)

            let out = folder.path
            let mocks = MockFileRenderer.files(for: model).map { folder.appendingPathComponent("mocks/\($0.name)").path }
            let steps: [(String, [String])] = [
                ("ApolloAPI", [Self.standins.appendingPathComponent("ApolloAPI.swift").path]),
                ("ApolloTestSupport", [Self.standins.appendingPathComponent("ApolloTestSupport.swift").path]),
                (namespace, [folder.appendingPathComponent("Schema.swift").path]),
                ("\(namespace)TestMocks", mocks),
            ]
            for (module, sources) in steps {
                try Self.run(swiftc, ["-swift-version", "5", "-parse-as-library", "-emit-module", "-enable-testing",
                                      "-module-name", module, "-I", out, "-emit-module-path", "\(out)/\(module).swiftmodule"] + sources,
                             what: "\(api): \(module)")
            }
            try Self.run(swiftc, ["-swift-version", "5", "-typecheck", "-I", out,
                                  folder.appendingPathComponent("Placeholders.swift").path, folder.appendingPathComponent("Usage.swift").path],
                         what: "\(api): placeholders")
        }
    }

    /// Calls every factory with no arguments and one with an argument: the defaults resolve.
    private static func usage(_ model: MockModel) -> String {
        var out = "import ApolloTestSupport\nimport \(model.namespace)\nimport \(model.namespace)TestMocks\n\nfunc useEveryPlaceholder() {\n"
        for object in model.objects { out += "  _ = Mock<\(object.swiftName)>.placeholder()\n" }
        if let object = model.objects.first(where: { !$0.fields.isEmpty }), let field = object.fields.first {
            out += "  _ = Mock<\(object.swiftName)>.placeholder(\(field.initLabel): \(field.isNonNull ? ".placeholder()" : "nil"))\n"
        }
        return out + "}\n"
    }

    /// The schema module's types that mock files name: scalars, enums and `Objects`.
    private static func schemaModule(_ schema: Schema, model: MockModel, selectionSets: SelectionSetModel) -> String {
        var out = "import ApolloAPI\n\npublic typealias ID = String\n"
        let builtIn: Set<String> = ["String", "Int", "Float", "Boolean", "ID"]
        for type in schema.typeOrder.compactMap({ schema[$0] }) where !type.name.hasPrefix("__") {
            switch type.kind {
            case .scalar where !builtIn.contains(type.name):
                out += "public typealias \(SwiftNames.typeName(type)) = String\n"
            case .enumeration:
                out += "public enum \(SwiftNames.typeName(type)): String, EnumType {\n"
                for value in type.enumValues { out += "  case \(SwiftNames.enumCase(value.name)) = \"\(value.name)\"\n" }
                out += "}\n"
            default:
                continue
            }
        }
        out += "public enum Objects {\n"
        for object in model.objects {
            out += "  public static let \(object.swiftName) = ApolloAPI.Object(typename: \"\(object.name)\")\n"
        }
        return out + "}\n" + selectionSetStandIns(selectionSets)
    }

    /// The generated selection-set structs, nested by path, with their initializers and typealiases (bodies empty).
    private static func selectionSetStandIns(_ model: SelectionSetModel) -> String {
        final class Node {
            var children: [(String, Node)] = []
            var selectionSet: GeneratedSelectionSet?
            func child(_ name: String) -> Node {
                if let found = children.first(where: { $0.0 == name }) { return found.1 }
                let node = Node()
                children.append((name, node))
                return node
            }
        }
        let root = Node()
        for selectionSet in model.selectionSets {
            var node = root
            for component in selectionSet.path.split(separator: ".") { node = node.child(String(component)) }
            node.selectionSet = selectionSet
        }
        func render(_ name: String, _ node: Node, indent: String) -> String {
            var out = "\(indent)public struct \(name) {\n"
            if let selectionSet = node.selectionSet {
                let parameters = selectionSet.initializer.map { "\($0.label): \($0.type)\($0.defaultValue.map { " = \($0)" } ?? "")" }
                out += "\(indent)  public init(\(parameters.joined(separator: ", "))) {}\n"
                for alias in selectionSet.typealiases { out += "\(indent)  public typealias \(alias.name) = \(alias.target)\n" }
            }
            for (childName, child) in node.children { out += render(childName, child, indent: indent + "  ") }
            return out + "\(indent)}\n"
        }
        return root.children.map { render($0.0, $0.1, indent: "") }.joined()
    }

    private static func which(_ tool: String) -> String? {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let path = "\(folder)/\(tool)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    private static func run(_ tool: String, _ arguments: [String], what: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = errors
        try process.run()
        let output = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "\(what):\n\(String(decoding: output, as: UTF8.self).prefix(6000))")
        }
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }
}

/// Non-null cycles: `.placeholder()` defaults all the way round would never end.
final class PlaceholderCycleTests: XCTestCase {
    func testTheFieldClosingACycleDefaultsToAnEmptyMock() {
        let schema = GraphQLParser.parse(Array("""
            type Query { a: A! }
            type A { b: B!, name: String! }
            type B { a: A!, c: C! }
            type C { id: ID! }
            """.utf8))
        let operations = GraphQLParser.parse(Array("query Q { a { name b { a { name } c { id } } } }".utf8))
        let model = MockModel(schema: Schema(documents: [("schema.graphqls", schema)]), documents: [operations], namespace: "API")
        let text = PlaceholderFileRenderer.render(model: model, schema: Schema(documents: [("schema.graphqls", schema)]), mocksModule: nil)
        XCTAssertTrue(text.contains("    b: Mock<B> = .placeholder(),"), text)
        XCTAssertTrue(text.contains("    a: Mock<A> = Mock<A>(),  // empty: its own placeholder would build this mock again"), text)
        XCTAssertTrue(text.contains("    c: Mock<C> = .placeholder()"), text)
        XCTAssertTrue(text.contains("    a: Mock<A> = .placeholder()"), "Query.a is on no cycle: \(text)")
    }
}
