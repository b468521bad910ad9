import SwiftParser
import SwiftSyntax

/// A type as written in a test: `Dog` or `AnimalKingdomAPITestMocks.Dog`.
public struct WrittenTypeName: Sendable, Equatable, CustomStringConvertible {
    public var qualifier: String?
    public var name: String

    public init(qualifier: String? = nil, name: String) {
        self.qualifier = qualifier
        self.name = name
    }

    public var description: String { qualifier.map { "\($0).\(name)" } ?? name }
}

/// What is being typed at a cursor inside mock-building code, found in code that is still incomplete
/// (unclosed parentheses, missing values).
public struct MockCompletionContext: Sendable, Equatable {
    public enum Position: Sendable, Equatable {
        /// `Mock<|`, `Mock<Do|`, `Mock<AnimalKingdomAPITestMocks.|`
        case typeArgument(qualifier: String?)
        /// `Mock<Dog>(|`, `Mock<Dog>(species: "x", |`, `Mock<Dog>(spe|`, `let d: Mock<Dog> = .init(|`
        case argumentLabel(mock: WrittenTypeName, usedLabels: [String])
        /// `Mock<Dog>(height: |`
        case argumentValue(mock: WrittenTypeName, label: String)
    }

    public var position: Position
    /// The identifier typed so far at the cursor.
    public var prefix: String
    /// The bytes a completion replaces: the prefix.
    public var replaceRange: Range<Int>

    /// The context at `offset` (a UTF-8 byte offset) in `source`, if the cursor is in mock-building code.
    public static func at(_ offset: Int, in source: String) -> MockCompletionContext? {
        let tree = Parser.parse(source: source)
        let tokens = Array(tree.tokens(viewMode: .sourceAccurate)).filter { $0.presence == .present }
        return Finder(tokens: tokens, offset: offset).find()
    }
}

private struct Finder {
    let tokens: [TokenSyntax]
    let offset: Int

    func start(_ token: TokenSyntax) -> Int { token.positionAfterSkippingLeadingTrivia.utf8Offset }
    func end(_ token: TokenSyntax) -> Int { token.endPositionBeforeTrailingTrivia.utf8Offset }

    func find() -> MockCompletionContext? {
        // The identifier being typed, if the cursor ends or sits inside one.
        var index = tokens.lastIndex { start($0) < offset } ?? -1
        var prefix = ""
        var replaceRange = offset..<offset
        if index >= 0, case .identifier = tokens[index].tokenKind, end(tokens[index]) >= offset {
            let token = tokens[index]
            prefix = String(token.text.utf8.prefix(offset - start(token))) ?? ""
            replaceRange = start(token)..<offset
            index -= 1
        } else if index >= 0, end(tokens[index]) > offset {
            return nil  // inside a literal, a comment-like token or an operator
        }
        guard index >= 0 else { return nil }
        let before = tokens[index]
        // `Mock<` may be read as a generic argument list or, unfinished, as an operator: compare the text.
        if before.text == "<" {
            guard index >= 1, tokens[index - 1].text == "Mock" else { return nil }
            return MockCompletionContext(position: .typeArgument(qualifier: nil), prefix: prefix, replaceRange: replaceRange)
        }
        switch before.tokenKind {
        case .period:
            // `Mock<Qualifier.|`
            guard index >= 3, case .identifier(let qualifier) = tokens[index - 1].tokenKind,
                tokens[index - 2].text == "<", tokens[index - 3].text == "Mock"
            else { return nil }
            return MockCompletionContext(position: .typeArgument(qualifier: qualifier), prefix: prefix, replaceRange: replaceRange)
        case .leftParen, .comma:
            guard let call = enclosingCall(from: index) else { return nil }
            return MockCompletionContext(
                position: .argumentLabel(mock: call.mock, usedLabels: call.labels), prefix: prefix, replaceRange: replaceRange)
        case .colon:
            guard index >= 1, case .identifier(let label) = tokens[index - 1].tokenKind,
                let call = enclosingCall(from: index - 1)
            else { return nil }
            return MockCompletionContext(
                position: .argumentValue(mock: call.mock, label: label), prefix: prefix, replaceRange: replaceRange)
        default:
            return nil
        }
    }

    /// The `Mock<T>(` call whose argument list contains token `index` at its top level, with the labels it has.
    private func enclosingCall(from index: Int) -> (mock: WrittenTypeName, labels: [String])? {
        guard let open = unmatchedOpenParen(atOrBefore: index), open >= 1, let mock = calledMock(endingAt: open - 1) else {
            return nil
        }
        return (mock, labels(after: open))
    }

    /// The `(` that opens the argument list around token `index`; nil when an unmatched `[` or `{` comes first
    /// (the cursor is inside an array or closure, not at argument level).
    private func unmatchedOpenParen(atOrBefore index: Int) -> Int? {
        var depth = 0
        for position in stride(from: index, through: 0, by: -1) {
            switch tokens[position].tokenKind {
            case .rightParen, .rightSquare, .rightBrace:
                depth += 1
            case .leftParen where depth == 0:
                return position
            case .leftSquare where depth == 0, .leftBrace where depth == 0:
                return nil
            case .leftParen, .leftSquare, .leftBrace:
                depth -= 1
            default:
                continue
            }
        }
        return nil
    }

    /// `Mock<T>`, `Mock<Q.T>`, or `Mock` / `.init` with a contextual `Mock<T>` type, ending at token `index`.
    private func calledMock(endingAt index: Int) -> WrittenTypeName? {
        if tokens[index].text == "Mock" { return contextualMock(before: index) }
        if tokens[index].text == "init", index >= 1, tokens[index - 1].text == "." { return contextualMock(before: index - 1) }
        return writtenMock(endingAt: index)?.type
    }

    /// `Mock < [Qualifier .] Name >` ending at token `index`, and the index of its `Mock` token.
    private func writtenMock(endingAt index: Int) -> (type: WrittenTypeName, start: Int)? {
        guard tokens[index].text == ">", index >= 3 else { return nil }
        let name = tokens[index - 1].text
        if tokens[index - 2].text == "<", tokens[index - 3].text == "Mock" {
            return (WrittenTypeName(name: name), index - 3)
        }
        if index >= 5, tokens[index - 2].text == ".", tokens[index - 4].text == "<", tokens[index - 5].text == "Mock" {
            return (WrittenTypeName(qualifier: tokens[index - 3].text, name: name), index - 5)
        }
        return nil
    }

    /// The annotation of `let x: Mock<T> = ` just before an expression starting at token `index`.
    private func contextualMock(before index: Int) -> WrittenTypeName? {
        guard index >= 2, tokens[index - 1].text == "=", let annotation = writtenMock(endingAt: index - 2),
            annotation.start >= 1, tokens[annotation.start - 1].text == ":"
        else { return nil }
        return annotation.type
    }

    /// Labels written at the top level of the argument list opened at token `open`.
    private func labels(after open: Int) -> [String] {
        var labels: [String] = []
        var depth = 0
        var index = open + 1
        while index < tokens.count {
            switch tokens[index].tokenKind {
            case .leftParen, .leftSquare, .leftBrace: depth += 1
            case .rightParen, .rightSquare, .rightBrace:
                if depth == 0 { return labels }
                depth -= 1
            case .colon where depth == 0:
                if case .identifier(let label) = tokens[index - 1].tokenKind { labels.append(label) }
            default: break
            }
            index += 1
        }
        return labels
    }
}
