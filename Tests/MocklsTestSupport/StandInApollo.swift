import Foundation
import GraphQLIndex

/// Swift modules that stand in for an Apollo iOS project, for type-checking what mockls writes (mock files,
/// placeholder factories, completions, fixes) with `swiftc` and no Apollo: `ApolloAPI` and `ApolloTestSupport` from
/// `Tests/standins`, the schema module (scalars, enums, `Objects`, and every selection set with its fields,
/// initializer and `from(_:)`), and the test-mocks module mockls renders. Swift 5 mode, as Apollo 1.x mock code needs;
/// Swift 6 for 2.x.
public struct StandInApollo {
    public enum Version: Sendable {
        /// Apollo iOS 1.x: `X.from(mock)`.
        case v1
        /// Apollo iOS 2.x: `await X.from(mock)`.
        case v2
    }

    /// An error the compiler reported, by file and line.
    public struct Diagnostic: Sendable, Equatable, CustomStringConvertible {
        public var file: String
        public var line: Int
        public var message: String
        public var description: String { "\(URL(fileURLWithPath: file).lastPathComponent):\(line): \(message)" }
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    public static let standins = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("standins")

    /// The folder holding the modules (removed by `remove()`).
    public let folder: URL
    public let swiftc: String
    public let model: MockModel
    /// The language mode and conditions of the version's modules, for what is type-checked against them.
    public let flags: [String]

    /// The modules were built as libraries too, for `run(_:)`.
    public let isRunnable: Bool

    /// Modules already built into `folder` (`init(realApolloFor:version:name:)`).
    init(folder: URL, swiftc: String, model: MockModel, flags: [String]) {
        self.folder = folder
        self.swiftc = swiftc
        self.model = model
        self.flags = flags
        isRunnable = false
    }

    /// Builds the modules for `model` into a new temporary folder; nil when `swiftc` is not on the PATH. `runnable`
    /// builds them as static libraries too, for programs that run mocks (`run(_:)`).
    public init?(
        model: MockModel, schema: Schema, selectionSets: SelectionSetModel, version: Version = .v1, name: String,
        runnable: Bool = false
    ) throws {
        isRunnable = runnable
        guard let swiftc = Self.which("swiftc") else { return nil }
        self.swiftc = swiftc
        self.model = model
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("mockls-standins-\(name)-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("mocks"), withIntermediateDirectories: true)
        let namespace = model.namespace
        let schemaFile = folder.appendingPathComponent("Schema.swift")
        try Self.schemaModule(schema, model: model, selectionSets: selectionSets).write(to: schemaFile, atomically: false, encoding: .utf8)
        var mocks: [String] = []
        for file in MockFileRenderer.files(for: model) {
            let url = folder.appendingPathComponent("mocks/\(file.name)")
            try file.contents.write(to: url, atomically: false, encoding: .utf8)
            mocks.append(url.path)
        }
        // 2.x's modules are Swift 6 (apollo-ios#3599's era: `MockFields: Sendable`), 1.x mock code needs Swift 5.
        let flags = version == .v2 ? ["-D", "APOLLO_2", "-swift-version", "6"] : ["-swift-version", "5"]
        self.flags = flags
        let steps: [(String, [String])] = [
            ("ApolloAPI", [Self.standins.appendingPathComponent("ApolloAPI.swift").path]),
            ("Apollo", [Self.standins.appendingPathComponent("Apollo.swift").path]),
            ("ApolloTestSupport", [Self.standins.appendingPathComponent("ApolloTestSupport.swift").path]),
            (namespace, [schemaFile.path]),
            ("\(namespace)TestMocks", mocks),
        ]
        for (module, sources) in steps {
            let library = runnable ? ["-emit-library", "-static", "-o", "\(folder.path)/lib\(module).a"] : []
            let output = try Self.run(swiftc, [
                "-parse-as-library", "-emit-module", "-enable-testing", "-module-name", module,
                "-I", folder.path, "-emit-module-path", "\(folder.path)/\(module).swiftmodule",
            ] + library + flags + sources)
            guard output.status == 0 else { throw Failure(description: "\(module):\n\(output.text.prefix(6000))") }
        }
    }

    /// Removes the modules (kept, to read what failed, under `MOCKLS_KEEP_STANDINS=1`).
    public func remove() {
        guard ProcessInfo.processInfo.environment["MOCKLS_KEEP_STANDINS"] != "1" else { return }
        try? FileManager.default.removeItem(at: folder)
    }

    /// Builds `main` (a `main.swift`) against the modules and runs it: its output, or the compiler's errors.
    public func run(_ main: String) throws -> (status: Int32, output: String) {
        precondition(isRunnable, "run(_:) needs the modules built with runnable: true")
        let source = folder.appendingPathComponent("main.swift")
        try main.write(to: source, atomically: false, encoding: .utf8)
        let program = folder.appendingPathComponent("main").path
        // Static libraries link in dependency order: a library before those it uses.
        let libraries = ["\(model.namespace)TestMocks", model.namespace, "ApolloTestSupport", "ApolloAPI"].map { "-l\($0)" }
        let build = try Self.run(swiftc, flags + ["-I", folder.path, "-L", folder.path] + libraries + [source.path, "-o", program])
        guard build.status == 0 else { throw Failure(description: "main.swift:\n\(build.text.prefix(6000))") }
        let result = try Self.run(program, [])
        return (result.status, result.text)
    }

    /// Type-checks `files` against the modules; the errors, or the whole output when the compiler did not run.
    /// `languageMode`: the Swift language mode of `files` (5 or 6), when not the modules' own.
    public func typecheck(_ files: [URL], languageMode: Int? = nil) throws -> [Diagnostic] {
        var flags = flags
        if let languageMode, let at = flags.firstIndex(of: "-swift-version"), at + 1 < flags.count { flags[at + 1] = "\(languageMode)" }
        // Every file's errors, not only the first failing file's (the driver stops at it otherwise).
        let output = try Self.run(
            swiftc, flags + ["-typecheck", "-continue-building-after-errors", "-I", folder.path] + files.map(\.path))
        var errors: [Diagnostic] = []
        for line in output.text.split(separator: "\n") {
            // path:line:column: error: message
            let parts = line.split(separator: ":", maxSplits: 4, omittingEmptySubsequences: false)
            guard parts.count == 5, parts[3] == " error", let number = Int(parts[1]) else { continue }
            errors.append(Diagnostic(file: String(parts[0]), line: number, message: parts[4].trimmingCharacters(in: .whitespaces)))
        }
        if output.status != 0, errors.isEmpty { throw Failure(description: "swiftc failed:\n\(output.text.prefix(6000))") }
        return errors
    }

    /// The schema module's types that mock files and tests name: scalars, enums, `Objects`, selection sets.
    static func schemaModule(_ schema: Schema, model: MockModel, selectionSets: SelectionSetModel) -> String {
        var out = "import ApolloAPI\n\npublic typealias ID = String\n"
        let builtIn: Set<String> = ["String", "Int", "Float", "Boolean", "ID"]
        for type in schema.typeOrder.compactMap({ schema[$0] }) where !type.name.hasPrefix("__") {
            switch type.kind {
            case .scalar where !builtIn.contains(type.name):
                out += "public typealias \(SwiftNames.typeName(type)) = String\n"
            case .enumeration:
                out += "public enum \(SwiftNames.typeName(type)): String, EnumType {\n"
                for value in type.enumValues { out += "  case \(SwiftNames.enumCase(value.name, capitalizer: model.format.capitalizer)) = \"\(value.name)\"\n" }
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

    /// The generated selection-set structs, nested by path: fields, fragment and type-case accessors, initializers
    /// and typealiases, bodies empty. Every one is a `RootSelectionSet` (`from(_:)`), type cases aside.
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
            let conformance = node.selectionSet.map { $0.isRoot ? ": RootSelectionSet" : ": SelectionSet" } ?? ""
            var out = "\(indent)public struct \(name)\(conformance) {\n"
            if let selectionSet = node.selectionSet {
                let parameters = selectionSet.initializer.map { "\($0.label): \($0.type)\($0.defaultValue.map { " = \($0)" } ?? "")" }
                out += "\(indent)  public init(\(parameters.joined(separator: ", "))) { fatalError() }\n"
                for alias in selectionSet.typealiases { out += "\(indent)  public typealias \(alias.name) = \(alias.target)\n" }
                for field in selectionSet.fields {
                    out += "\(indent)  public var \(field.property): \(field.type) { fatalError() }\n"
                }
                for accessor in selectionSet.inlineFragments {
                    out += "\(indent)  public var \(accessor.accessor): \(accessor.type)? { fatalError() }\n"
                }
                if !selectionSet.fragmentAccessors.isEmpty {
                    out += "\(indent)  public var fragments: Fragments { fatalError() }\n"
                    out += "\(indent)  public struct Fragments {\n"
                    for accessor in selectionSet.fragmentAccessors {
                        out += "\(indent)    public var \(accessor.accessor): \(accessor.type)\(accessor.isOptional ? "?" : "") { fatalError() }\n"
                    }
                    out += "\(indent)  }\n"
                }
            }
            for (childName, child) in node.children { out += render(childName, child, indent: indent + "  ") }
            return out + "\(indent)}\n"
        }
        return root.children.map { render($0.0, $0.1, indent: "") }.joined()
    }

    static func which(_ tool: String) -> String? {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let path = "\(folder)/\(tool)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    static func run(_ tool: String, _ arguments: [String]) throws -> (status: Int32, text: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let output = Pipe()
        process.standardError = output
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
