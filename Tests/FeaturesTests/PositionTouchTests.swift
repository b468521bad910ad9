import Features
import Foundation
import GraphQLIndex
import SwiftAnalysis
import SwiftParser
import SwiftSyntax
import XCTest

/// A position belongs to the name it touches on its right, then on its left, as sourcekit-lsp and rust-analyzer
/// answer: Vim's `w` and `b` put the cursor on a name's first letter, right after a `.`, `(`, `<` or `$`. Every
/// request that takes a position answers the same at every column of a name, from its first letter to just past its
/// last, in every GraphQL document of AnimalKingdom (as Apollo 2.3 ships it, kept in the repository) and of
/// Examples/Bookshelf, and every test of the diagnostics goldens.
final class PositionTouchTests: XCTestCase {
    /// What each request answers at `offset`, as text, so that columns can be compared.
    private struct Answers: Equatable, CustomStringConvertible {
        var hover: String?
        var definition: String?
        var references: String?
        var rename: String?

        var answersSomething: Bool { hover != nil || definition != nil || references != nil }

        var description: String {
            "hover \(hover ?? "nil") | definition \(definition ?? "nil") | references \(references ?? "nil") | rename \(rename ?? "nil")"
        }
    }

    private func graphQLAnswers(at offset: Int, in source: [UInt8], path: String, project: ProjectIndex) -> Answers {
        let hover = GraphQLNavigation.hover(at: offset, in: source, path: path, project: project)
        let definition = GraphQLNavigation.definition(at: offset, in: source, path: path, project: project)
        let target = References.target(at: offset, inGraphQL: source, path: path, project: project)
        let rename: String? = switch Rename.prepare(atGraphQL: offset, in: source, path: path, project: project) {
        case .success(let (target, range)): "\(target) \(range)"
        case .failure(let refusal): refusal.reason
        }
        return Answers(
            hover: hover.map { "\($0.range) \($0.contents)" }, definition: definition.map { "\($0.document) \($0.range)" },
            references: target.map { "\($0)" }, rename: rename)
    }

    func testEveryColumnOfEveryGraphQLNameAnswersAlike() throws {
        var names = 0
        var failures: [String] = []
        for project in [try FeatureFixture.animalKingdom().project, try FeatureFixture.bookshelf().project] {
        for document in project.documents.values.sorted(by: { $0.path < $1.path }) {
            let source = document.text
            let tokens = GraphQLCursor.tokens(source)
            for (index, token) in tokens.enumerated() where token.kind == .name {
                // A variable is `$name`: its `$` is a column of it.
                let start = index > 0 && tokens[index - 1].kind == .dollar && tokens[index - 1].end == token.start ? tokens[index - 1].start : token.start
                // Just past the last letter belongs to the name unless another name starts there.
                let nextStartsThere = index + 1 < tokens.count && tokens[index + 1].start == token.end && tokens[index + 1].kind == .name
                let columns = (start...(nextStartsThere ? token.end - 1 : token.end)).map {
                    graphQLAnswers(at: $0, in: source, path: document.path, project: project)
                }
                guard columns.contains(where: \.answersSomething) else { continue }
                names += 1
                if let different = columns.firstIndex(where: { $0 != columns[0] }) {
                    let name = String(decoding: source[token.range], as: UTF8.self)
                    failures.append("\(document.path.split(separator: "/").last!): `\(name)` at +\(different): \(columns[different])\n  first letter: \(columns[0])")
                }
            }
        }
        }
        print("PositionTouchTests: \(names) GraphQL names")
        XCTAssertGreaterThan(names, 150, "the documents' names were not read")
        XCTAssertEqual(failures, [], failures.prefix(5).joined(separator: "\n"))
    }

    private func swiftAnswers(at offset: Int, in file: SwiftFile, project: ProjectIndex) -> Answers {
        let hover = MockHover.hover(at: offset, in: file, project: project)
        let definition = MockDefinition.definition(at: offset, in: file, project: project)
        let target = References.target(at: offset, inSwift: file, project: project)
        let rename: String? = switch Rename.prepare(atSwift: offset, in: file, project: project) {
        case .success(let (target, range)): "\(target) \(range)"
        case .failure(let refusal): refusal.reason
        }
        return Answers(
            hover: hover.map { "\($0.range) \($0.contents)" }, definition: definition.map { "\($0.document) \($0.range)" },
            references: target.map { "\($0)" }, rename: rename)
    }

    func testEveryColumnOfEverySwiftNameAnswersAlike() throws {
        let animalKingdom = try FeatureFixture.animalKingdom().project
        let bookshelf = try FeatureFixture.bookshelf().project
        let goldens = FeatureFixture.goldens.deletingLastPathComponent().appendingPathComponent("diagnostics")
        var names = 0
        var failures: [String] = []
        for name in ["animalkingdom.swift", "animalkingdom-legacy.swift", "bookshelf.swift"] {
            let project = name.hasPrefix("bookshelf") ? bookshelf : animalKingdom
            let source = try String(contentsOf: goldens.appendingPathComponent(name), encoding: .utf8)
            let file = SwiftFile(source)
            let tokens = Array(Parser.parse(source: source).tokens(viewMode: .sourceAccurate))
            for (index, token) in tokens.enumerated() {
                guard case .identifier = token.tokenKind else { continue }
                let (start, end) = (token.positionAfterSkippingLeadingTrivia.utf8Offset, token.endPositionBeforeTrailingTrivia.utf8Offset)
                let next = index + 1 < tokens.count ? tokens[index + 1] : nil
                let nextStartsThere = next.map { $0.positionAfterSkippingLeadingTrivia.utf8Offset == end && $0.tokenKind.isNameLike } ?? false
                let columns = (start...(nextStartsThere ? end - 1 : end)).map { swiftAnswers(at: $0, in: file, project: project) }
                guard columns.contains(where: \.answersSomething) else { continue }
                names += 1
                if let different = columns.firstIndex(where: { $0 != columns[0] }) {
                    failures.append("\(name): `\(token.text)` at +\(different): \(columns[different])\n  first letter: \(columns[0])")
                }
            }
        }
        print("PositionTouchTests: \(names) Swift names")
        XCTAssertGreaterThan(names, 100, "the tests' names were not read")
        XCTAssertEqual(failures, [], failures.prefix(5).joined(separator: "\n"))
    }

    /// Signature help names the parameter of the label the cursor is on at each of its columns, the first included
    /// (right after `(` or `, `).
    func testSignatureHelpAtEveryColumnOfALabel() throws {
        let animalKingdom = try FeatureFixture.animalKingdom().project
        let bookshelf = try FeatureFixture.bookshelf().project
        let goldens = FeatureFixture.goldens.deletingLastPathComponent().appendingPathComponent("diagnostics")
        var labels = 0
        var failures: [String] = []
        for name in ["animalkingdom.swift", "animalkingdom-legacy.swift", "bookshelf.swift"] {
            let project = name.hasPrefix("bookshelf") ? bookshelf : animalKingdom
            let source = try String(contentsOf: goldens.appendingPathComponent(name), encoding: .utf8)
            let file = SwiftFile(source)
            for call in Parser.parse(source: source).tokens(viewMode: .sourceAccurate).compactMap({ $0.parent?.as(LabeledExprSyntax.self) }) {
                guard let label = call.label, call.colon != nil,
                    call.parent?.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.trimmedDescription.hasPrefix("Mock<") == true
                else { continue }
                let (start, end) = (label.positionAfterSkippingLeadingTrivia.utf8Offset, label.endPositionBeforeTrailingTrivia.utf8Offset)
                guard call.label?.id == call.firstToken(viewMode: .sourceAccurate)?.id, start < end else { continue }
                let columns = (start...end).map { offset in
                    SignatureHelp.signature(at: offset, in: file, project: project).map { signature in
                        signature.activeParameter.map { signature.parameters[$0].label } ?? "none of \(signature.label)"
                    } ?? "nil"
                }
                labels += 1
                // A misspelt label has no parameter: at every column alike.
                let misspelt = columns[0].hasPrefix("none of")
                if columns.contains(where: { misspelt ? $0 != columns[0] : !$0.hasPrefix(label.text + ":") }) {
                    failures.append("\(name): `\(label.text):` columns \(columns)")
                }
            }
        }
        XCTAssertGreaterThan(labels, 40, "the calls' labels were not read")
        XCTAssertEqual(failures, [], failures.prefix(5).joined(separator: "\n"))
    }
}

private extension TokenKind {
    var isNameLike: Bool {
        switch self {
        case .identifier, .keyword, .dollarIdentifier: true
        default: false
        }
    }
}
