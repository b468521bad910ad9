import Analysis
import Foundation
import GraphQLIndex
import Synchronization

/// Apollo iOS's own modules for type-checking what mockls writes: `ApolloAPI`, `Apollo` and `ApolloTestSupport` of
/// 1.25.7 or 2.4.0 (`../shared/apollo-runtime`), the AnimalKingdomAPI schema module Apollo's codegen wrote for that
/// release, and test mocks: the ones Apollo's codegen wrote where `model` is of that release's format, else the ones
/// mockls renders for `model` (pre-1.23 mocks compiled against 1.25.7's `ApolloTestSupport`, as the runtime oracle
/// does). The modules are interfaces only (`-emit-module`): about 20 s for a release, once per test process.
extension StandInApollo {
    /// The real modules for `model` (an AnimalKingdomAPI model), in a new folder; nil when `swiftc` is not on the PATH.
    /// Throws `SharedFolder`'s skip (or failure) without `../shared`.
    public init?(realApolloFor model: MockModel, version: Version, name: String) throws {
        let runtime = try SharedFolder.require("apollo-runtime")
        guard let swiftc = Self.which("swiftc") else { return nil }
        let apollo = try RealApolloModules.built(version: version, runtime: runtime, swiftc: swiftc)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mockls-real-apollo-\(name)-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("mocks"), withIntermediateDirectories: true)
        for module in try FileManager.default.contentsOfDirectory(atPath: apollo.path) where module.hasSuffix(".swiftmodule") {
            try FileManager.default.copyItem(at: apollo.appendingPathComponent(module), to: folder.appendingPathComponent(module))
        }
        let generated = runtime.appendingPathComponent(version == .v1 ? "AnimalKingdomAPI-1.25" : "AnimalKingdomAPI-2.3")
        let ownRelease: MockFormat.Release = version == .v1 ? .oneTwentyThree : .two
        var mocks: [String]
        if model.format.release == ownRelease, model.format.requireNonOptionalMockFields {
            mocks = RealApolloModules.swiftFiles(under: generated.appendingPathComponent("TestMocks"))
        } else {
            mocks = []
            for file in MockFileRenderer.files(for: model) {
                let url = folder.appendingPathComponent("mocks/\(file.name)")
                try file.contents.write(to: url, atomically: false, encoding: .utf8)
                mocks.append(url.path)
            }
        }
        let flags = RealApolloModules.flags(version)
        let output = try Self.run(swiftc, [
            "-parse-as-library", "-emit-module", "-module-name", "\(model.namespace)TestMocks", "-I", folder.path,
            "-emit-module-path", "\(folder.path)/\(model.namespace)TestMocks.swiftmodule",
        ] + flags + mocks)
        guard output.status == 0 else { throw Failure(description: "\(model.namespace)TestMocks:\n\(output.text.prefix(6000))") }
        self.init(folder: folder, swiftc: swiftc, model: model, flags: flags)
    }
}

/// The release's modules, built once per test process into a folder of their own.
enum RealApolloModules {
    private static let built = Mutex<[StandInApollo.Version: URL]>([:])

    static func flags(_ version: StandInApollo.Version) -> [String] {
        version == .v1 ? ["-swift-version", "5"] : ["-swift-version", "6"]
    }

    static func built(version: StandInApollo.Version, runtime: URL, swiftc: String) throws -> URL {
        try built.withLock { built in
            if let folder = built[version] { return folder }
            let release = version == .v1 ? "apollo-ios-1.25.7" : "apollo-ios-2.4.0"
            let api = version == .v1 ? "AnimalKingdomAPI-1.25" : "AnimalKingdomAPI-2.3"
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mockls-real-apollo-\(release)-\(getpid())")
            try? FileManager.default.removeItem(at: folder)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let sources = runtime.appendingPathComponent(release).appendingPathComponent("Sources")
            // 1.x's targets enable `ExistentialAny`; 2.x's use `package` access, which needs a package name.
            let own = version == .v1 ? ["-enable-upcoming-feature", "ExistentialAny"] : ["-package-name", "apollo_ios"]
            let steps: [(module: String, files: [String], extra: [String])] = [
                ("ApolloAPI", swiftFiles(under: sources.appendingPathComponent("ApolloAPI")), own),
                ("Apollo", swiftFiles(under: sources.appendingPathComponent("Apollo")), own),
                ("ApolloTestSupport", swiftFiles(under: sources.appendingPathComponent("ApolloTestSupport")), own),
                ("AnimalKingdomAPI", swiftFiles(under: runtime.appendingPathComponent(api).appendingPathComponent("Sources")), ["-enable-testing"]),
            ]
            for step in steps {
                let output = try StandInApollo.run(swiftc, [
                    "-parse-as-library", "-emit-module", "-module-name", step.module, "-I", folder.path,
                    "-emit-module-path", "\(folder.path)/\(step.module).swiftmodule",
                ] + flags(version) + step.extra + step.files)
                guard output.status == 0 else {
                    throw StandInApollo.Failure(description: "\(release) \(step.module):\n\(output.text.prefix(6000))")
                }
            }
            built[version] = folder
            return folder
        }
    }

    /// The Swift files below `folder`, in path order.
    static func swiftFiles(under folder: URL) -> [String] {
        let walk = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        return (walk?.compactMap { ($0 as? URL)?.path } ?? []).filter { $0.hasSuffix(".swift") }.sorted()
    }
}

extension StandInApollo {
    /// For the oracles that type-check what mockls writes: Apollo's own modules for AnimalKingdomAPI, 1.25.7's for 1.x
    /// and 2.4.0's for 2.x, with the AnimalKingdomAPI module (and, for `model`'s own release, the test mocks) that
    /// Apollo's codegen wrote (`../shared/apollo-runtime`); stand-ins for every other API (none of theirs was
    /// generated there). `model` must be indexed as `generatedAPI(api:version:)` says: for 2.x from a later schema
    /// than the fixture's (`birthdate: CustomDate!`, `adoptionDate`), whose custom scalar `Object` the generated
    /// project implements as a struct, not as `String`.
    public static func forTypeChecking(
        model: MockModel, schema: Schema, selectionSets: SelectionSetModel, version: Version, name: String
    ) throws -> StandInApollo? {
        if model.namespace == "AnimalKingdomAPI" {
            try requireModelOfGeneratedCode(model, version: version)
            return try StandInApollo(realApolloFor: model, version: version, name: name)
        }
        return try StandInApollo(model: model, schema: schema, selectionSets: selectionSets, version: version, name: name)
    }

    /// Throws unless `model` is that of the code Apollo's codegen wrote for `version`: the mock files mockls renders
    /// for it are the generated `TestMocks` where `model` has that release's format, else they declare the same mock
    /// fields (`@Field<T>("key")`), and its format has the generated custom scalars' declarations. A model indexed
    /// otherwise (from the fixture's schema for 2.x, without the declarations) fails here, by what differs, rather
    /// than as errors of the code type-checked against it.
    static func requireModelOfGeneratedCode(_ model: MockModel, version: Version) throws {
        let runtime = try SharedFolder.require("apollo-runtime")
        let generated = runtime.appendingPathComponent(version == .v1 ? "AnimalKingdomAPI-1.25" : "AnimalKingdomAPI-2.3")
        let ownRelease: MockFormat.Release = version == .v1 ? .oneTwentyThree : .two
        let wholeFiles = model.format.release == ownRelease && model.format.requireNonOptionalMockFields
        func compared(_ text: String) -> String {
            wholeFiles ? text : text.split(separator: "\n").filter { $0.contains("@Field<") }.joined(separator: "\n")
        }
        var written: [String: String] = [:]
        for path in RealApolloModules.swiftFiles(under: generated.appendingPathComponent("TestMocks")) {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            written[URL(fileURLWithPath: path).lastPathComponent] = compared(text)
        }
        let rendered = Dictionary(
            uniqueKeysWithValues: MockFileRenderer.files(for: model).map { ($0.name, compared($0.contents)) })
        let differing = Set(written.keys).union(rendered.keys).filter { written[$0] != rendered[$0] }.sorted()
        guard differing.isEmpty else {
            throw Failure(description: """
                the model is not that of \(generated.lastPathComponent) (index it as generatedAPI(api:version:) says): \
                its mocks differ from the generated ones in \(differing.joined(separator: ", "))
                """)
        }
        let declared = try generatedAPI(api: model.namespace, version: version).customScalars
        guard model.format.customScalars == declared else {
            throw Failure(description: """
                the model's custom scalars are not those \(generated.lastPathComponent) declares (set them from \
                generatedAPI(api:version:)): \(model.format.customScalars.sorted { $0.key < $1.key }) instead of \
                \(declared.sorted { $0.key < $1.key })
                """)
        }
    }

    /// What a type-checking oracle indexes `api` from for `version`, so that mockls's project is that of the modules
    /// `forTypeChecking` returns.
    public struct GeneratedAPI {
        /// The folder of the schema and operations Apollo's codegen wrote the code from.
        public var graphql: URL
        /// The documents of `graphql` the project indexes: all but `documentsNotModelled`.
        public var documents: [URL]
        /// How its schema module declares its custom scalars (`Sources/Schema/CustomScalars`), read as a workspace
        /// reads them: the project's `MockFormat.customScalars`.
        public var customScalars: [String: CustomScalarDeclaration]
    }

    /// Documents Apollo's codegen wrote code from that mockls's project leaves out, because mockls does not model
    /// what they use yet. `AllAnimalsDeferQuery` (2.3) `@defer`s inline fragments: mockls merges their fields into the
    /// parent selection set, where Apollo generates `AsCat.DeferredCat` reached through `fragments.deferredCat`, so
    /// the placeholder factories mockls writes for it do not compile. The generated module keeps the query; the
    /// mocks, by object type, are the same without it (`requireModelOfGeneratedCode`).
    public static let documentsNotModelled: Set<String> = ["AllAnimalsDeferQuery.graphql"]

    /// For AnimalKingdomAPI of 2.x, the documents Apollo's codegen 2.3 wrote `apollo-runtime/AnimalKingdomAPI-2.3`
    /// from, and its custom scalars (`Object` is a struct there); for 1.x, the fixture's documents
    /// (`fixtures/apollo/AnimalKingdomAPI/graphql`, which `AnimalKingdomAPI-1.25` was written from) and that code's
    /// custom scalars; for the other APIs, the fixture's documents and Apollo's default scalars, as their stand-ins
    /// declare them. Throws `SharedFolder`'s skip without `../shared`.
    public static func generatedAPI(api: String, version: Version) throws -> GeneratedAPI {
        var graphql = try SharedFolder.require("fixtures/apollo/\(api)/graphql")
        var customScalars: [String: CustomScalarDeclaration] = [:]
        if api == "AnimalKingdomAPI" {
            let generated = try SharedFolder.require("apollo-runtime/AnimalKingdomAPI-\(version == .v1 ? "1.25" : "2.3")")
            if version == .v2 { graphql = generated.appendingPathComponent("graphql") }
            let sources = generated.appendingPathComponent("Sources")
            customScalars = CustomScalarFiles.declarations(in: WorkspaceFiles(walking: sources), under: sources)
        }
        let walk = FileManager.default.enumerator(at: graphql, includingPropertiesForKeys: nil)
        let documents = (walk?.compactMap { $0 as? URL } ?? [])
            .filter { ["graphql", "graphqls"].contains($0.pathExtension) && !documentsNotModelled.contains($0.lastPathComponent) }
            .sorted { $0.path < $1.path }
        return GeneratedAPI(graphql: graphql, documents: documents, customScalars: customScalars)
    }
}
