import Foundation
import SwiftAnalysis
import SwiftSyntax

/// Random edits to Swift files, each version parsed the way the server parses it (incrementally from the version
/// before when `IncrementalParsePolicy` allows) and compared with a full parse of the same text: text, node kinds,
/// tokens, trivia, presence and lexer diagnostics must all be equal.
public struct ParseDifferential {
    public struct Difference: Sendable {
        public var step: Int
        public var description: String
        /// The texts since the last full parse, oldest first, the last being the one that differed: replaying them
        /// with `SwiftFile.updated(to:)` reproduces the tree.
        public var chain: [[UInt8]]
    }

    public struct Report: Sendable {
        public var edits = 0
        public var incremental = 0
        public var full = 0
        public var unchanged = 0
        public var byStyle: [String: (edits: Int, incremental: Int)] = [:]
        public var differences: [Difference] = []
    }

    private let originals: [[UInt8]]
    private var generator: SwiftEditGenerator

    public init(files: [[UInt8]], seed: UInt64) {
        originals = files
        generator = SwiftEditGenerator(seed: seed, originals: files)
    }

    /// `count` edits, in sessions of a few hundred edits of one style on one file.
    public mutating func run(edits count: Int, progress: ((Report) -> Void)? = nil) -> Report {
        var report = Report()
        guard !originals.isEmpty else { return report }
        var original = 0
        var file = SwiftFile(originals[0])
        var chain = [originals[0]]
        var style = SwiftEditGenerator.Style.typing
        for step in 0..<count {
            if step % 250 == 0 {
                original = generator.below(originals.count)
                file = SwiftFile(originals[original])
                chain = [originals[original]]
                // Typing is what users do; plain edits exercise reuse in odd places; hostile ones everything else.
                style = [.typing, .typing, .plain, .hostile][generator.below(4)]
            }
            var text = generator.edit(file.lines.bytes, original: original, style: style)
            if text.count > 200_000 { text = originals[original] }
            let next = file.updated(to: text)
            report.edits += 1
            report.byStyle[style.rawValue, default: (0, 0)].edits += 1
            if text == file.lines.bytes {
                report.unchanged += 1
            } else if next.wasParsedIncrementally {
                report.incremental += 1
                report.byStyle[style.rawValue, default: (0, 0)].incremental += 1
                chain.append(text)
            } else {
                report.full += 1
                chain = [text]
            }
            if next.wasParsedIncrementally, let difference = Self.difference(next.tree, SwiftFile(text).tree) {
                report.differences.append(Difference(step: step, description: difference, chain: chain))
                file = SwiftFile(text)
                chain = [text]
            } else {
                file = next
            }
            if let progress, step % 5000 == 4999 { progress(report) }
        }
        return report
    }

    /// Where two trees differ first, or nil when they are the same.
    public static func difference(_ a: SourceFileSyntax, _ b: SourceFileSyntax) -> String? {
        if a.description != b.description { return "the texts differ" }
        return difference(Syntax(a), Syntax(b), path: "SourceFile")
    }

    private static func difference(_ a: Syntax, _ b: Syntax, path: String) -> String? {
        if a.kind != b.kind { return "\(path): \(a.kind) vs \(b.kind)" }
        if let x = a.as(TokenSyntax.self), let y = b.as(TokenSyntax.self) {
            if x.tokenKind != y.tokenKind { return "\(path): \(x.tokenKind) vs \(y.tokenKind)" }
            if x.presence != y.presence { return "\(path) \(x.tokenKind): \(x.presence) vs \(y.presence)" }
            if x.leadingTrivia != y.leadingTrivia || x.trailingTrivia != y.trailingTrivia {
                return "\(path) \(x.tokenKind): trivia \(x.leadingTrivia.debugDescription)|\(x.trailingTrivia.debugDescription) vs "
                    + "\(y.leadingTrivia.debugDescription)|\(y.trailingTrivia.debugDescription)"
            }
            if x.tokenDiagnostic != y.tokenDiagnostic {
                return "\(path) \(x.tokenKind): diagnostic \(String(describing: x.tokenDiagnostic)) vs \(String(describing: y.tokenDiagnostic))"
            }
            return nil
        }
        let left = Array(a.children(viewMode: .all)), right = Array(b.children(viewMode: .all))
        if left.count != right.count { return "\(path): \(left.count) vs \(right.count) children" }
        for (index, (x, y)) in zip(left, right).enumerated() {
            if let found = difference(x, y, path: "\(path)/\(index):\(x.kind)") { return found }
        }
        return nil
    }

    /// Replays a chain (first text parsed in full, each next one updated from the one before) and compares the
    /// last tree with a full parse.
    public static func replay(_ chain: [[UInt8]]) -> String? {
        guard var file = chain.first.map({ SwiftFile($0) }) else { return nil }
        for text in chain.dropFirst() { file = file.updated(to: text) }
        return difference(file.tree, SwiftFile(file.lines.bytes).tree)
    }
}
