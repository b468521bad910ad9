import SwiftSyntax

/// A call whose arguments mockls knows.
public enum MockCall: Sendable, Hashable {
    /// `Mock<Dog>(…)`, `Mock(…)` / `.init(…)` with a contextual mock type: builds the mock `value` stands for.
    case mockInitializer(WrittenExpression)
    /// `Mock<Dog>.placeholder(…)` or `AllAnimalsQuery.Data.AllAnimal.placeholder(…)`.
    case placeholder(WrittenExpression)
    /// `AllAnimalsQuery.Data.AllAnimal.from(…)`.
    case from(path: [String])

    /// What the call builds.
    public var value: WrittenExpression {
        switch self {
        case .mockInitializer(let value), .placeholder(let value): value
        case .from(let path): .selectionSet(path: path)
        }
    }
}

/// What an argument's written value is, as far as its first tokens tell.
public enum WrittenArgumentValue: Sendable, Equatable {
    case string, integer, float, boolean, null, list
    /// `.case(.fur)`, `.fur`: a member of the parameter's type.
    case enumCase
    case mock(WrittenTypeName)
    /// A variable, a call, `.init(…)`: nothing said.
    case other
}

/// What is being typed at a cursor inside mock-building code, found in code that is still incomplete
/// (unclosed parentheses, missing values).
public struct MockCompletionContext: Sendable, Equatable {
    public enum Position: Sendable, Equatable {
        /// `Mock<|`, `Mock<Do|`, `Mock<AnimalKingdomAPITestMocks.|`; `from` when the mock is the argument of
        /// `X.from(Mock<|` (the selection set's path), whose parent type decides which mocks it takes.
        case typeArgument(qualifier: String?, from: [String]? = nil)
        /// `Mock<Dog>(|`, `Mock<Dog>(species: "x", |`, `Mock<Dog>(spe|`, `let d: Mock<Dog> = .init(|`, `X.from(|`;
        /// with the labels written before the cursor and after it (a label being typed is in neither).
        case argumentLabel(call: MockCall, before: [String], after: [String])
        /// `Mock<Dog>(height: |`; `inList` inside the brackets of a list value (`allAnimals: [|`).
        case argumentValue(call: MockCall, label: String, inList: Bool)
        /// `mock.|`, `mock.height?.|`, `mock.predators?.first?.|`
        case member(of: WrittenExpression)
        /// `transport.register(|`, `transport.enqueue(Hot|`: the operation a test transport is given a response for.
        case registeredOperation
        /// `transport.register(HotelQuery.self, |`: what the response is (`data:`, `json:`, `error:`) and
        /// `variables:`; with the operation's type as written and the labels written already.
        case registrationArgument(operation: [String], written: [String])
    }

    public var position: Position
    /// The identifier typed so far at the cursor.
    public var prefix: String
    /// The bytes a completion replaces: the identifier at the cursor, all of it (the prefix typed, and the rest of
    /// the word when the cursor stands inside one).
    public var replaceRange: Range<Int>
    /// The identifier replaced is an argument label with its colon already written: a label completion inserts the
    /// label alone, and `writtenValue` is what the value after the colon is.
    public var replacesWrittenLabel = false
    public var writtenValue: WrittenArgumentValue?
    /// A value being typed after a leading dot (`currency: .|`, `currency: .ca|`, `[.|`): where the dot is. The
    /// replace range starts there, so an item brings its own dot (`.case(.jpy)`).
    public var leadingDot: Int?
    /// For an argument label: what must follow an inserted argument to keep the list valid, when another argument
    /// comes after the cursor with no comma before it (`", "`, or `","` when it stands on a later line).
    public var separatorBeforeNextArgument: String?

    /// The context at `offset` (a UTF-8 byte offset) in `file`, if the cursor is in mock-building code.
    public static func at(_ offset: Int, in file: SwiftFile) -> MockCompletionContext? {
        TokenWindow(tokens: file.tokens(around: offset)).completionContext(at: offset)
    }

    /// The same for a source parsed on the spot.
    public static func at(_ offset: Int, in source: String) -> MockCompletionContext? {
        at(offset, in: SwiftFile(source))
    }
}

/// The completion context, read from the tokens before the cursor.
extension TokenWindow {
    func completionContext(at offset: Int) -> MockCompletionContext? {
        // The identifier being typed, if the cursor ends or sits inside one.
        var index = tokens.indices.last { start($0) < offset } ?? -1
        var prefix = ""
        var replaceRange = offset..<offset
        var replacesWrittenLabel = false
        var writtenValue: WrittenArgumentValue?
        if index >= 0, isLabel(index), end(index) >= offset {
            prefix = String(decoding: tokens[index].text.utf8.prefix(offset - start(index)), as: UTF8.self)
            replaceRange = start(index)..<end(index)
            replacesWrittenLabel = text(index + 1) == ":"
            if replacesWrittenLabel { writtenValue = argumentValue(at: index + 2) }
            index -= 1
        } else if index >= 0, end(index) > offset {
            // `Mock<|>`: an editor that pairs brackets leaves `<>`, one operator token.
            if text(index).hasPrefix("<"), offset == start(index) + 1, text(index - 1) == "Mock" {
                return MockCompletionContext(position: .typeArgument(qualifier: nil, from: fromPath(mockAt: index - 1)), prefix: "", replaceRange: offset..<offset)
            }
            return nil  // inside a literal, a comment-like token or an operator
        }
        guard index >= 0 else { return nil }
        func context(_ position: MockCompletionContext.Position) -> MockCompletionContext {
            var context = MockCompletionContext(position: position, prefix: prefix, replaceRange: replaceRange)
            context.replacesWrittenLabel = replacesWrittenLabel
            context.writtenValue = writtenValue
            return context
        }
        // `Mock<` may be read as a generic argument list or, unfinished, as an operator: compare the text.
        if text(index) == "<" {
            return text(index - 1) == "Mock" ? context(.typeArgument(qualifier: nil, from: fromPath(mockAt: index - 1))) : nil
        }
        switch tokens[index].tokenKind {
        case .period:
            if isIdentifier(index - 1), text(index - 2) == "<", text(index - 3) == "Mock" {
                return context(.typeArgument(qualifier: text(index - 1), from: fromPath(mockAt: index - 3)))
            }
            // `xs.map(\.|`: a member of what the closure argument is.
            if text(index - 1) == "\\" {
                return closureArgument(at: index - 1).map { context(.member(of: $0)) }
            }
            // `label: .|`, `label: [.|`, `label: [a, .|`: a value of the parameter's type, by an implicit member.
            if !endsExpression(index - 1) {
                var found: (call: MockCall, label: String, inList: Bool)?
                if let value = valueLabel(before: index) {
                    found = (value.call, value.label, text(index - 1) == "[")
                } else if text(index - 1) == ",", let open = unmatchedOpenBracket(atOrBefore: index - 1), text(open) == "[",
                    let value = valueLabel(before: open + 1)
                {
                    found = (value.call, value.label, true)
                }
                if let found {
                    var dotted = context(.argumentValue(call: found.call, label: found.label, inList: found.inList))
                    dotted.leadingDot = start(index)
                    dotted.replaceRange = start(index)..<replaceRange.upperBound
                    return dotted
                }
            }
            return chain(endingAt: index - 1).map { context(.member(of: $0)) }
        case .leftParen, .comma:
            guard let open = unmatchedOpenBracket(atOrBefore: index) else { return nil }
            if text(open) == "[" {
                return valueLabel(before: open).map { context(.argumentValue(call: $0.call, label: $0.label, inList: true)) }
            }
            if isRegistration(openingAt: open) {
                if index == open { return context(.registeredOperation) }
                guard let operation = registeredOperation(after: open) else { return nil }
                return context(.registrationArgument(operation: operation, written: labels(after: open).map(\.label)))
            }
            guard let call = call(openingAt: open) else { return nil }
            let labels = labels(after: open)
            var found = context(.argumentLabel(
                call: call, before: labels.filter { $0.start < replaceRange.lowerBound }.map(\.label),
                after: labels.filter { $0.start >= replaceRange.upperBound }.map(\.label)))
            if let next = labels.first(where: { $0.start >= replaceRange.upperBound }) {
                found.separatorBeforeNextArgument = separator(between: replaceRange.upperBound, and: next.start)
            }
            return found
        case .leftSquare:
            return valueLabel(before: index).map { context(.argumentValue(call: $0.call, label: $0.label, inList: true)) }
        case .colon:
            return valueLabel(before: index + 1).map { context(.argumentValue(call: $0.call, label: $0.label, inList: false)) }
        default:
            return nil
        }
    }

    /// The selection set of `X.from(` when the `Mock` token at `mock` is its first argument.
    func fromPath(mockAt mock: Int) -> [String]? {
        guard text(mock - 1) == "(", case .from(let path)? = call(openingAt: mock - 1) else { return nil }
        return path
    }

    /// `transport.register(` or `enqueue(` on a value (not a type): the call whose `(` is `open`.
    func isRegistration(openingAt open: Int) -> Bool {
        guard ["register", "enqueue"].contains(text(open - 1)), text(open - 2) == "." else { return false }
        return text(open - 3) == ")" || isIdentifier(open - 3) && text(open - 3).first?.isLowercase == true
    }

    /// The operation type written as the registration's first argument (`HotelQuery.self,`), by its names.
    func registeredOperation(after open: Int) -> [String]? {
        var path: [String] = []
        var index = open + 1
        while index < tokens.count, isIdentifier(index) {
            path.append(text(index))
            guard text(index + 1) == "." else { return nil }
            index += 2
        }
        return text(index) == "self" && text(index + 1) == "," && !path.isEmpty ? path : nil
    }

    /// `", "` or `","` (the argument on a later line) when the labelled argument starting at `label` is the next
    /// token after `offset`; nil when a comma or anything else stands between them.
    func separator(between offset: Int, and label: Int) -> String? {
        guard let next = tokens.indices.first(where: { start($0) >= offset }), start(next) == label else { return nil }
        return tokens[next].startsLine ? "," : ", "
    }

    /// What the argument value starting at token `index` is, from its first tokens.
    func argumentValue(at index: Int) -> WrittenArgumentValue {
        guard index < tokens.count else { return .other }
        switch tokens[index].tokenKind {
        case .stringQuote, .multilineStringQuote, .rawStringPoundDelimiter: return .string
        case .integerLiteral: return .integer
        case .floatLiteral: return .float
        case .leftSquare: return .list
        case .keyword(.true), .keyword(.false): return .boolean
        case .keyword(.nil): return .null
        case .period:
            let member = text(index + 1)
            return member == "init" || member == "placeholder" ? .other : .enumCase
        default:
            guard text(index) == "Mock", text(index + 1) == "<" else { return .other }
            if text(index + 3) == ">" { return .mock(WrittenTypeName(name: text(index + 2))) }
            if text(index + 3) == ".", text(index + 5) == ">" {
                return .mock(WrittenTypeName(qualifier: text(index + 2), name: text(index + 4)))
            }
            return .other
        }
    }
}
