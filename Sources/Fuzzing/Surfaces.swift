import Features
import Foundation
import GraphQLIndex
import SourceText
import JSONRPC
import SwiftAnalysis
import SwiftSyntax
import Synchronization

/// One place where input from outside reaches mockls. `run` must return for any bytes; a trap is a finding.
public protocol FuzzSurface: AnyObject {
    /// Runs one input.
    func run(_ input: [UInt8])
    /// An input for the bounded random driver, from the seeds and the previous inputs.
    func generate(_ random: inout SeededRandom) -> [UInt8]
    /// Runs one input as libFuzzer (and a replay of what it found) gives it: on its own, so that what a client would
    /// end when it goes (open documents) ends with the input. The random driver calls `run`, and its inputs build
    /// one long session.
    func runAlone(_ input: [UInt8])
}

extension FuzzSurface {
    public func runAlone(_ input: [UInt8]) { run(input) }
}

public enum FuzzSurfaceName: String, CaseIterable, Sendable {
    case messages, graphql, swift, workspace, fixtures

    public func make(_ fixture: FuzzFixture) -> any FuzzSurface {
        switch self {
        case .messages: return MessageSurface(fixture)
        case .graphql: return GraphQLSurface(fixture)
        case .swift: return SwiftFileSurface(fixture)
        case .workspace: return WorkspaceSurface(fixture)
        case .fixtures: return FixtureSurface(fixture)
        }
    }
}

/// A Swift test file and edits to it: every version parsed as the server parses it (and checked against a full
/// parse), with completion, hover and definition at each edit, diagnostics, code actions, struct factories,
/// response-dictionary conversions, and snapshot tests of its previews.
///
/// Input: the file's text, a zero byte, then edits (each: kind, position, length or bytes).
public final class SwiftFileSurface: FuzzSurface {
    private let fixture: FuzzFixture
    private let cache = MockDiagnosticsCache()

    public init(_ fixture: FuzzFixture) { self.fixture = fixture }

    public func run(_ input: [UInt8]) {
        let split = input.firstIndex(of: 0) ?? input.count
        var file = SwiftFile(Array(input[..<split]))
        var script = FuzzBytes(split < input.count ? Array(input[(split + 1)...]) : [])
        let project = fixture.project
        var edits = 0
        while !script.isAtEnd, edits < 8 {
            edits += 1
            var text = file.lines.bytes
            let at = script.below(text.count + 1)
            switch script.byte() % 4 {
            case 0: text.insert(contentsOf: script.take(upTo: 12), at: at)
            case 1: text.removeSubrange(at..<min(text.count, at + script.below(24)))
            case 2: text.replaceSubrange(at..<min(text.count, at + script.below(6)), with: script.take(upTo: 6))
            default: break
            }
            let next = file.updated(to: text)
            if next.wasParsedIncrementally, let difference = ParseDifferential.difference(next.tree, SwiftFile(text).tree) {
                // The texts, to reproduce: the base the new version was parsed from, the previous version, the new one.
                if let folder = ProcessInfo.processInfo.environment["MOCKLS_FUZZ_DIFFERENCES"] {
                    try? Data(file.lines.bytes).write(to: URL(fileURLWithPath: folder).appendingPathComponent("old.swift"))
                    try? Data(next.baseText).write(to: URL(fileURLWithPath: folder).appendingPathComponent("base.swift"))
                    try? Data(text).write(to: URL(fileURLWithPath: folder).appendingPathComponent("new.swift"))
                }
                fatalError("incremental parse differs from a full parse: \(difference)")
            }
            file = next
            let offset = min(at, text.count)
            EditCheck.completions(
                MockCompletions.completions(at: offset, in: file, project: project, placeholders: false),
                at: offset, in: file.lines, what: "Swift completion")
            _ = MockHover.hover(at: offset, in: file, project: project)
            _ = MockDefinition.definition(at: offset, in: file, project: project)
        }
        codeActions(in: file)
        let previews = SnapshotTests.Source(path: "Fuzz.swift", module: "App", imports: file.importedModules(), previews: file.previews())
        let written = Array(SnapshotTests.file([previews], options: .init()).text.utf8)
        for (index, preview) in previews.previews.enumerated() {
            if SnapshotTests.update(written, with: preview, index: index, in: previews, options: .init()) != nil {
                fatalError("the snapshot tests of preview \(index) differ from the file written from the same previews")
            }
        }
    }

    /// Every code action at every token of the file (the actions are found per token, per declaration and per
    /// line): each one's edits inside the text and not overlapping, and the file they make parsing no worse than
    /// before (no more missing tokens or tokens out of place).
    private func codeActions(in file: SwiftFile) {
        let project = fixture.project
        let diagnostics = MockDiagnostics.diagnostics(in: file, project: project, cache: cache, options: TestConventions())
        let structs = file.structShapes()
        let errors = EditCheck.syntaxErrors(file.tree)
        var judged: Set<[Diagnostic.Fix]> = []
        for token in file.tree.tokens(viewMode: .sourceAccurate) {
            let start = token.positionAfterSkippingLeadingTrivia.utf8Offset
            let range = start..<token.endPositionBeforeTrailingTrivia.utf8Offset
            var actions = MockCodeActions.actions(at: range, in: file, project: project, diagnostics: diagnostics)
            actions += StructFactories.actions(at: range, in: file, structs: structs)
            if case .converted(let action)? = ResponseConversion.convert(at: start, in: file, project: project, mocksModule: "FuzzTestMocks") {
                actions.append(action)
            }
            for action in actions where judged.insert(action.edits).inserted {
                EditCheck.edits(action.edits, in: file.lines.bytes, what: "the code action \(action.title)")
                let applied = SwiftFile(MockCodeAction.applying(action.edits, to: file.lines.bytes))
                let after = EditCheck.syntaxErrors(applied.tree)
                if after.count > errors.count {
                    // The file, to reproduce in a test: the input's last version, not the input.
                    if let folder = ProcessInfo.processInfo.environment["MOCKLS_FUZZ_DIFFERENCES"] {
                        try? Data(file.lines.bytes).write(to: URL(fileURLWithPath: folder).appendingPathComponent("before-action.swift"))
                    }
                    fatalError("""
                        the code action \(action.title) makes the file parse worse: \(errors.count) syntax errors before, \
                        \(after.count) after (new: \(after.filter { !errors.contains($0) })); its edits: \
                        \(action.edits.map { "\($0.range): \($0.text.debugDescription)" }), of:
                        \(file.lines.text)
                        """)
                }
            }
        }
    }

    public func generate(_ random: inout SeededRandom) -> [UInt8] {
        // A few lines of a seed: small inputs keep the fuzzer fast, and any slice of a test file is a file to edit.
        let whole = fixture.swiftSeeds.isEmpty ? [] : random.pick(fixture.swiftSeeds)
        let lines = whole.split(separator: 10, omittingEmptySubsequences: false)
        let first = random.below(lines.count)
        let seed = Array(lines[first..<min(lines.count, first + 10 + random.below(60))].joined(separator: [10]))
        var text = random.chance(4) ? Mutation.mutate(seed, with: &random, corpus: fixture.swiftSeeds) : seed
        text.removeAll { $0 == 0 }
        var script: [UInt8] = []
        for _ in 0..<(1 + random.below(12)) {
            script.append(UInt8(truncatingIfNeeded: random.next()))
            script.append(UInt8(truncatingIfNeeded: random.next()))
            script.append(UInt8(random.below(4)))
            let fragment = random.pick(Mutation.fragments)
            script.append(contentsOf: [UInt8(truncatingIfNeeded: random.next()), UInt8(fragment.count)])
            script.append(contentsOf: fragment)
        }
        return text + [0] + script
    }
}

/// A GraphQL document read as operations against the AnimalKingdom schema and as a schema of its own: parsing,
/// validation, the mock and selection-set models, rendered mocks and placeholder factories.
public final class GraphQLSurface: FuzzSurface {
    private let fixture: FuzzFixture
    /// The schema alone: the input is the project's only operations document.
    private let schemaOnly: ProjectIndex

    public init(_ fixture: FuzzFixture) {
        self.fixture = fixture
        schemaOnly = ProjectIndex(namespace: "AnimalKingdomAPI", sources: [("schema.graphqls", .schema, fixture.schema)])
    }

    public func run(_ input: [UInt8]) {
        var project = schemaOnly
        project.update("fuzz.graphql", role: .executable, text: input)
        exercise(project)
        quickFixes(of: input, in: project)
        // Completion in the document as typed, at a few cursor positions (its ends, and spread through it).
        let lines = LineTable(input)
        for offset in Set([0, input.count / 3, input.count / 2, input.count]) {
            for role in [DocumentRole.executable, .schema] {
                EditCheck.completions(
                    GraphQLCompletion.completions(at: offset, in: input, role: role, project: project), at: offset, in: lines,
                    what: "GraphQL completion (\(role))")
            }
        }
        let schemaProject = ProjectIndex(
            namespace: "Fuzz", sources: [("schema.graphqls", .schema, input), ("operations.graphql", .executable, input)])
        exercise(schemaProject)
        _ = ProjectIndex(namespace: "Fuzz", sources: [("schema.json", .schema, input)]).diagnostics
    }

    /// The document's quick fixes (`did you mean`): each one's edits inside the text and apart, and the document it
    /// makes with no more syntax errors than before.
    private func quickFixes(of input: [UInt8], in project: ProjectIndex) {
        let own = project.diagnostics["fuzz.graphql"] ?? []
        let syntaxErrors = own.filter { $0.code == .syntax }.count
        for diagnostic in own {
            for fix in diagnostic.fixes {
                EditCheck.edits([fix], in: input, what: "the GraphQL quick fix \(fix.title)")
                var fixed = schemaOnly
                fixed.update("fuzz.graphql", role: .executable, text: MockCodeAction.applying([fix], to: input))
                let after = (fixed.diagnostics["fuzz.graphql"] ?? []).filter { $0.code == .syntax }.count
                if after > syntaxErrors {
                    fatalError("the GraphQL quick fix \(fix.title) makes the document parse worse: \(syntaxErrors) syntax errors before, \(after) after")
                }
            }
        }
    }

    private func exercise(_ project: ProjectIndex) {
        _ = project.diagnostics
        _ = MockFileRenderer.files(for: project.mockModel)
        let selectionSets = project.selectionSetModel()
        // What requests read, built per definition, must be what the whole model holds.
        for selectionSet in selectionSets.selectionSets where selectionSets[selectionSet.path]?.path == selectionSet.path {
            if project.selectionSet(selectionSet.path) != selectionSets[selectionSet.path] {
                fatalError("the selection set \(selectionSet.path) read per definition differs from the whole model's")
            }
        }
        for object in project.mockModel.objects.prefix(4) {
            for field in object.fields.prefix(4) { _ = project.definitions(selecting: field.key, on: object.name) }
        }
        _ = PlaceholderFileRenderer.render(
            model: project.mockModel, schema: project.schema, mocksModule: nil, selectionSets: selectionSets,
            initializers: SelectionSetInitializerOptions(operations: true, namedFragments: true))
    }

    public func generate(_ random: inout SeededRandom) -> [UInt8] {
        let seed = fixture.graphQLSeeds.isEmpty ? [] : random.pick(fixture.graphQLSeeds)
        return Mutation.mutate(seed, with: &random, corpus: fixture.graphQLSeeds)
    }
}
