import Foundation
@testable import Features
import GraphQLIndex
import MocklsTestSupport
import SwiftAnalysis
import XCTest

/// The type checker judges completion and code actions. For every `‸` in the oracle sources
/// (`Tests/goldens/oracle`), each completion item (its snippet, defaults kept) and each code action is applied, and
/// the function holding the `‸` is type-checked by `swiftc` against Apollo's own modules of that version (1.25.7 or
/// 2.4.0) and the AnimalKingdomAPI and mocks its codegen wrote (`StandInApollo.forTypeChecking`), the project indexed
/// from the schema and operations that code was generated from: an item or action that does not compile fails. So
/// does an initializer or `placeholder(…)` label that completion left out there but that compiles. All of a source's
/// variants go to the compiler in one run, each in a function of its own, and its errors are mapped back to them by
/// line.
final class CompletionOracleTests: XCTestCase {
    static let marker = "‸"
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("goldens/oracle")

    struct Variant {
        /// What was applied where, for the failure message.
        var name: String
        var text: String
        /// Whether it must compile (an offered item, an action) or must not (a label left out).
        var mustCompile: Bool
    }

    func testApolloOneTwentyThreeAndLater() throws {
        try check(["animalkingdom.swift"], format: .defaults, version: .v1)
    }

    func testBeforeOneTwentyThree() throws {
        try check(["animalkingdom.swift", "animalkingdom-legacy.swift"], format: .optionalParameters, version: .v1)
    }

    func testApolloTwo() throws {
        try check(["animalkingdom-2x.swift"], format: .apolloTwo, version: .v2)
    }

    /// The sources `names` against the mocks of `format`, all in one compiler run.
    private func check(_ names: [String], format: MockFormat, version: StandInApollo.Version) throws {
        // The project of the AnimalKingdomAPI Apollo's codegen wrote for `version`.
        let project = try FeatureFixture(api: "AnimalKingdomAPI", format: format, generatedFor: version).project
        let selectionSets = project.selectionSetModel()
        guard let modules = try StandInApollo.forTypeChecking(
            model: project.mockModel, schema: project.schema, selectionSets: selectionSets, version: version,
            name: "oracle-\(format.rawValue)-\(version)")
        else { throw XCTSkip("swiftc is not on PATH") }
        defer { modules.remove() }

        var outputs: [(name: String, url: URL, variants: [Variant], lines: [(range: Range<Int>, variant: Int)])] = []
        for (ordinal, name) in names.enumerated() {
            let marked = try String(contentsOf: Self.sources.appendingPathComponent(name), encoding: .utf8)
            let functions = Self.functions(of: marked)
            XCTAssertFalse(functions.cases.isEmpty, name)
            var variants: [Variant] = []
            var counts = (items: 0, actions: 0, leftOut: 0)
            for (index, function) in functions.cases.enumerated() {
                // The whole file as the editor has it: every other function without its `‸`.
                let before = functions.cases[..<index].map { $0.text }.joined()
                let after = functions.cases[(index + 1)...].map { $0.text }.joined()
                let prefix = functions.header + before
                let text = prefix + function.text + after
                let offset = prefix.utf8.count + function.marker
                let file = SwiftFile(text)
                let span = prefix.utf8.count..<(prefix.utf8.count + function.text.utf8.count)
                func variant(_ what: String, _ edits: [(range: Range<Int>, text: String)], mustCompile: Bool) {
                    var bytes = Array(text.utf8)
                    var end = span.upperBound
                    for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
                        guard span.contains(edit.range.lowerBound) || edit.range.lowerBound == span.upperBound, edit.range.upperBound <= span.upperBound else {
                            XCTFail("\(name) \(function.name): \(what) edits outside its function")
                            return
                        }
                        bytes.replaceSubrange(edit.range, with: Array(edit.text.utf8))
                        end += edit.text.utf8.count - edit.range.count
                    }
                    variants.append(Variant(
                        name: "\(function.name): \(what)", text: String(decoding: bytes[span.lowerBound..<end], as: UTF8.self),
                        mustCompile: mustCompile))
                }

                let items = MockCompletions.completions(at: offset, in: file, project: project, placeholders: false)
                for item in items {
                    counts.items += 1
                    variant("completion `\(item.label)`", [(item.replaceRange, Self.expand(item.snippet ?? item.insertText))], mustCompile: true)
                    // As a client without snippets applies it (Neovim 0.7's omnifunc): the plain text, and where it
                    // ends in a label the user types the value at the cursor, which stands at its end.
                    let plain = Self.plainTextAsTyped(item.insertText, snippet: item.snippet)
                    if plain != Self.expand(item.snippet ?? item.insertText) {
                        counts.items += 1
                        variant("completion `\(item.label)` without snippets", [(item.replaceRange, plain)], mustCompile: true)
                    }
                }
                // Labels completion left out, each written where the cursor is as completion would have written it.
                let offered = Set(items.filter { $0.kind == .argument }.map(\.label))
                for item in MockCompletions.completions(at: offset, in: file, project: project, keepingArgumentOrder: false)
                where item.kind == .argument && !offered.contains(item.label) {
                    counts.leftOut += 1
                    var snippet = item.snippet ?? item.insertText
                    // As if offered: with the comma a following argument needs.
                    if let separator = MockCompletionContext.at(offset, in: file)?.separatorBeforeNextArgument, !snippet.hasSuffix(separator) {
                        snippet += separator
                    }
                    variant("label `\(item.label)` left out", [(item.replaceRange, Self.expand(snippet))], mustCompile: false)
                }
                let diagnostics = MockDiagnostics.diagnostics(in: file, project: project, options: TestConventions())
                let actions = MockCodeActions.actions(at: offset..<offset, in: file, project: project, diagnostics: diagnostics)
                    + MockCodeActions.refactorings(at: offset..<offset, in: file, project: project)
                    + StructFactories.actions(at: offset..<offset, in: file, structs: [])
                for action in actions {
                    counts.actions += 1
                    variant("code action `\(action.title)`", action.edits.map { ($0.range, $0.text) }, mustCompile: true)
                }
                XCTAssertFalse(items.isEmpty && actions.isEmpty, "\(name) \(function.name): nothing to check at ‸")
            }

            // One file: the header, then each variant as a function of its own.
            var out = functions.header
            var lines: [(range: Range<Int>, variant: Int)] = []
            var line = functions.header.filter { $0 == "\n" }.count + 1
            for (index, variant) in variants.enumerated() {
                let text = Self.renamed(variant.text, suffix: "_\(index)") + "\n"
                let count = text.filter { $0 == "\n" }.count
                lines.append((line..<(line + count), index))
                line += count
                out += text
            }
            print("completion oracle, \(name) (\(format.rawValue)): \(functions.cases.count) positions, \(counts.items) items and \(counts.actions) code actions type-checked, \(counts.leftOut) labels left out checked not to compile")
            let url = modules.folder.appendingPathComponent("Oracle\(ordinal).swift")
            try out.write(to: url, atomically: true, encoding: .utf8)
            outputs.append((name, url, variants, lines))
        }
        let placeholders = modules.folder.appendingPathComponent("Placeholders.swift")
        // The factories `mockls placeholders` writes, selection sets' included (their initializers switched on).
        try PlaceholderFileRenderer.render(
            model: project.mockModel, schema: project.schema, mocksModule: "AnimalKingdomAPITestMocks", selectionSets: selectionSets,
            initializers: SelectionSetInitializerOptions(operations: true, namedFragments: true)
        ).write(to: placeholders, atomically: true, encoding: .utf8)
        let errors = try modules.typecheck(outputs.map(\.url) + [placeholders])
        if ProcessInfo.processInfo.environment["MOCKLS_ORACLE_DEBUG"] != nil { print(errors.map(\.description).joined(separator: "\n")) }
        XCTAssertEqual(errors.filter { error in !outputs.contains { $0.url.path == error.file } }, [], "errors outside the variants")
        for output in outputs {
            let name = output.name
            var failing: [Int: [String]] = [:]
            for error in errors where error.file == output.url.path {
                guard let owner = output.lines.first(where: { $0.range.contains(error.line) }) else {
                    XCTFail("\(name): an error outside every variant: \(error)")
                    continue
                }
                failing[owner.variant, default: []].append(error.message)
            }
            for (index, variant) in output.variants.enumerated() {
                let errors = failing[index] ?? []
                if variant.mustCompile, !errors.isEmpty {
                    XCTFail("\(name) \(variant.name) does not compile: \(errors)\n\(variant.text)")
                } else if !variant.mustCompile, errors.isEmpty {
                    XCTFail("\(name) \(variant.name), but it compiles:\n\(variant.text)")
                }
            }
        }
    }

    /// The text before the first function, and each top-level function (up to the next) with its `‸` removed.
    static func functions(of marked: String) -> (header: String, cases: [(name: String, text: String, marker: Int)]) {
        var header = ""
        var cases: [(name: String, text: String, marker: Int)] = []
        for line in marked.split(separator: "\n", omittingEmptySubsequences: false).dropLast(marked.hasSuffix("\n") ? 1 : 0) {
            let text = String(line) + "\n"
            if line.hasPrefix("func ") {
                let name = line.dropFirst(5).prefix { $0 != "(" }
                cases.append((String(name), "", -1))
            }
            guard !cases.isEmpty else {
                header += text
                continue
            }
            if let range = text.range(of: marker) {
                precondition(cases[cases.count - 1].marker < 0, "two ‸ in \(cases[cases.count - 1].name)")
                cases[cases.count - 1].marker = cases[cases.count - 1].text.utf8.count + text[..<range.lowerBound].utf8.count
                cases[cases.count - 1].text += text.replacingOccurrences(of: marker, with: "")
            } else {
                cases[cases.count - 1].text += text
            }
        }
        precondition(cases.allSatisfy { $0.marker >= 0 }, "a function without ‸")
        return (header, cases)
    }

    /// A plain-text item as a user completes it: the text is inserted and the cursor left at its end; when that is
    /// after `label: `, the user types the value there (the snippet's default for it).
    static func plainTextAsTyped(_ insertText: String, snippet: String?) -> String {
        guard insertText.hasSuffix(": "), let snippet, let start = snippet.range(of: "${1:") else { return insertText }
        // The first placeholder's default, and nothing after it (the user types the value, not what follows).
        var rest = snippet[start.upperBound...]
        return insertText + placeholderDefault(&rest)
    }

    /// A placeholder's text up to its unescaped `}`, unescaped; `rest` is left at that `}`.
    private static func placeholderDefault(_ rest: inout Substring) -> String {
        var out = ""
        while let character = rest.first, character != "}" {
            if character == "\\", rest.count > 1 {
                out.append(rest[rest.index(after: rest.startIndex)])
                rest = rest.dropFirst(2)
            } else {
                out.append(character)
                rest = rest.dropFirst()
            }
        }
        return out
    }

    /// A snippet as the editor leaves it: `${1:default}` becomes the default, `$1` and `$0` nothing.
    static func expand(_ snippet: String) -> String {
        var out = ""
        var rest = Substring(snippet)
        while let dollar = rest.firstIndex(of: "$") {
            out += rest[..<dollar]
            rest = rest[rest.index(after: dollar)...]
            if rest.first == "{" {
                // ${n:text}, where text may escape `}` as `\}`.
                rest = rest.dropFirst().drop { $0.isNumber }
                if rest.first == ":" { rest = rest.dropFirst() }
                out += placeholderDefault(&rest)
                rest = rest.dropFirst()
            } else {
                rest = rest.drop { $0.isNumber }
            }
        }
        return out + rest
    }

    /// The function renamed so that many variants of it live in one file.
    static func renamed(_ function: String, suffix: String) -> String {
        guard function.hasPrefix("func "), let open = function.firstIndex(of: "(") else { return function }
        return String(function[..<open]) + suffix + String(function[open...])
    }
}
