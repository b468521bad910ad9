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
        /// `Mock<|`, `Mock<Do|`, `Mock<AnimalKingdomAPITestMocks.|`
        case typeArgument(qualifier: String?)
        /// `Mock<Dog>(|`, `Mock<Dog>(species: "x", |`, `Mock<Dog>(spe|`, `let d: Mock<Dog> = .init(|`, `X.from(|`;
        /// with the labels written before the cursor and after it (a label being typed is in neither).
        case argumentLabel(call: MockCall, before: [String], after: [String])
        /// `Mock<Dog>(height: |`; `inList` inside the brackets of a list value (`allAnimals: [|`).
        case argumentValue(call: MockCall, label: String, inList: Bool)
        /// `mock.|`, `mock.height?.|`, `mock.predators?.first?.|`
        case member(of: WrittenExpression)
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
    public static func at(_ offset: Int, in file: SwiftTestFile) -> MockCompletionContext? {
        TokenWindow(tokens: file.tokens(around: offset)).completionContext(at: offset)
    }

    /// The same for a source parsed on the spot.
    public static func at(_ offset: Int, in source: String) -> MockCompletionContext? {
        at(offset, in: SwiftTestFile(source))
    }
}

/// A token of a `TokenWindow`: what its readers ask, read from the tree once per declaration (a `TokenSyntax`
/// computes its text and position from the tree at every question, and a completion asks hundreds).
struct WindowToken: Sendable {
    let tokenKind: TokenKind
    let text: String
    /// Its UTF-8 offsets, without trivia.
    let start: Int
    let end: Int
    /// A newline stands before it.
    let startsLine: Bool

    init(_ token: TokenSyntax) {
        tokenKind = token.tokenKind
        text = token.text
        start = token.positionAfterSkippingLeadingTrivia.utf8Offset
        end = token.endPositionBeforeTrailingTrivia.utf8Offset
        startsLine = token.leadingTrivia.contains(where: \.isNewline)
    }
}

/// The tokens of one declaration, read backwards from a cursor: what incomplete code means.
struct TokenWindow {
    let tokens: [WindowToken]

    func start(_ index: Int) -> Int { tokens[index].start }
    func end(_ index: Int) -> Int { tokens[index].end }
    func text(_ index: Int) -> String { index >= 0 && index < tokens.count ? tokens[index].text : "" }
    /// The kind of token `index`; nil outside the window.
    func kind(_ index: Int) -> TokenKind? { index >= 0 && index < tokens.count ? tokens[index].tokenKind : nil }
    func isIdentifier(_ index: Int) -> Bool {
        guard index >= 0, index < tokens.count else { return false }
        if case .identifier = tokens[index].tokenKind { return true }
        return false
    }

    /// An identifier, or a keyword used as an argument label (`default:`).
    func isLabel(_ index: Int) -> Bool {
        guard index >= 0, index < tokens.count else { return false }
        switch tokens[index].tokenKind {
        case .identifier, .keyword: return true
        default: return false
        }
    }

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
                return MockCompletionContext(position: .typeArgument(qualifier: nil), prefix: "", replaceRange: offset..<offset)
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
            return text(index - 1) == "Mock" ? context(.typeArgument(qualifier: nil)) : nil
        }
        switch tokens[index].tokenKind {
        case .period:
            if isIdentifier(index - 1), text(index - 2) == "<", text(index - 3) == "Mock" {
                return context(.typeArgument(qualifier: text(index - 1)))
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

    // MARK: Calls

    /// The `(` or `[` around token `index` at its top level; nil inside a closure.
    func unmatchedOpenBracket(atOrBefore index: Int) -> Int? {
        var depth = 0
        for position in stride(from: index, through: 0, by: -1) {
            switch tokens[position].tokenKind {
            case .rightParen, .rightSquare, .rightBrace:
                depth += 1
            case .leftParen where depth == 0, .leftSquare where depth == 0:
                return position
            case .leftBrace where depth == 0:
                return nil
            case .leftParen, .leftSquare, .leftBrace:
                depth -= 1
            default:
                continue
            }
        }
        return nil
    }

    /// The matching opening bracket of the closing one at `index`.
    func matchingOpen(_ index: Int) -> Int? {
        guard index >= 1 else { return nil }
        return unmatchedOpenBracket(atOrBefore: index - 1).flatMap { open in
            tokens[open].tokenKind == (tokens[index].tokenKind == .rightParen ? .leftParen : .leftSquare) ? open : nil
        }
    }

    /// The mock call whose argument list opens at token `open`.
    func call(openingAt open: Int) -> MockCall? {
        let callee = open - 1
        guard callee >= 0 else { return nil }
        if let mock = writtenMock(endingAt: callee) { return .mockInitializer(.mock(mock.type)) }
        let name = text(callee)
        if name == "Mock" { return contextualValue(before: callee).map { .mockInitializer($0) } }
        guard name == "init" || name == "placeholder" || name == "from", text(callee - 1) == "." else { return nil }
        let dot = callee - 1
        if let mock = writtenMock(endingAt: dot - 1) {
            return name == "from" ? nil : name == "init" ? .mockInitializer(.mock(mock.type)) : .placeholder(.mock(mock.type))
        }
        if let path = typePath(endingAt: dot - 1) {
            return name == "from" ? .from(path: path.path) : name == "placeholder" ? .placeholder(.selectionSet(path: path.path)) : nil
        }
        // A leading dot: `.init(` or `.placeholder(` takes its type from where it stands.
        guard name != "from", !endsExpression(dot - 1), let value = contextualValue(before: dot) else { return nil }
        return name == "init" ? .mockInitializer(value) : .placeholder(value)
    }

    /// The label whose value starts after token `index - 1` (`label: |`, `label: [|`, `label: [a, |`) in a mock call.
    func valueLabel(before index: Int) -> (call: MockCall, label: String)? {
        var colon = index - 1
        if text(colon) == "[" { colon -= 1 }
        guard colon >= 1, text(colon) == ":", isLabel(colon - 1),
            let open = unmatchedOpenBracket(atOrBefore: colon - 1), text(open) == "(", let call = call(openingAt: open)
        else { return nil }
        return (call, text(colon - 1))
    }

    /// The value expected just before token `index`: from `: Mock<T> =`, from the label of a mock argument, or from
    /// the list a mock argument takes.
    func contextualValue(before index: Int) -> WrittenExpression? {
        let previous = index - 1
        guard previous >= 0 else { return nil }
        if text(previous) == "=", let annotation = writtenMock(endingAt: previous - 1), text(annotation.start - 1) == ":" {
            return .mock(annotation.type)
        }
        if text(previous) == ":", let labelled = valueLabel(before: index) {
            return .argument(of: labelled.call.value, label: labelled.label)
        }
        if text(previous) == "[" || text(previous) == ",", let open = unmatchedOpenBracket(atOrBefore: previous),
            text(open) == "[", let labelled = valueLabel(before: open)
        {
            return .element(.argument(of: labelled.call.value, label: labelled.label))
        }
        return nil
    }

    /// Whether token `index` ends an expression, so a `.` after it is a member access rather than a leading dot.
    func endsExpression(_ index: Int) -> Bool {
        guard index >= 0 else { return false }
        switch tokens[index].tokenKind {
        case .identifier, .rightParen, .rightSquare, .rightBrace, .postfixQuestionMark, .exclamationMark, .stringQuote,
            .integerLiteral, .floatLiteral, .rightAngle:
            return true
        case .keyword(let keyword):
            return keyword == .self || keyword == .Self || keyword == .`init`
        default:
            return false
        }
    }

    /// Labels written at the top level of the argument list opened at token `open`, with where each starts.
    func labels(after open: Int) -> [(label: String, start: Int)] {
        var labels: [(label: String, start: Int)] = []
        var depth = 0
        var index = open + 1
        while index < tokens.count {
            switch tokens[index].tokenKind {
            case .leftParen, .leftSquare, .leftBrace: depth += 1
            case .rightParen, .rightSquare, .rightBrace:
                if depth == 0 { return labels }
                depth -= 1
            case .colon where depth == 0:
                if isLabel(index - 1) { labels.append((text(index - 1), start(index - 1))) }
            default: break
            }
            index += 1
        }
        return labels
    }

    // MARK: Types and chains

    /// `Mock < [Qualifier .] Name >` ending at token `index`, and the index of its `Mock` token.
    func writtenMock(endingAt index: Int) -> (type: WrittenTypeName, start: Int)? {
        guard text(index) == ">", index >= 3 else { return nil }
        let name = text(index - 1)
        if text(index - 2) == "<", text(index - 3) == "Mock" {
            return (WrittenTypeName(name: name), index - 3)
        }
        if text(index - 2) == ".", text(index - 4) == "<", text(index - 5) == "Mock" {
            return (WrittenTypeName(qualifier: text(index - 3), name: name), index - 5)
        }
        return nil
    }

    /// `A.B.C` of capitalised identifiers ending at token `index`, and the index of its first token.
    func typePath(endingAt index: Int) -> (path: [String], start: Int)? {
        var path: [String] = []
        var position = index
        while isIdentifier(position), text(position).first?.isUppercase == true {
            path.insert(text(position), at: 0)
            guard text(position - 1) == ".", isIdentifier(position - 2) else { break }
            position -= 2
        }
        return path.isEmpty ? nil : (path, position)
    }

    /// The value of `a.b?.c[0]?.first` or `Mock<Dog>(…).height` ending at token `index`, read backwards.
    func chain(endingAt index: Int) -> WrittenExpression? {
        chainAndStart(endingAt: index)?.value
    }

    /// The same, with the index of the chain's first token.
    func chainAndStart(endingAt index: Int) -> (value: WrittenExpression, start: Int)? {
        var position = index
        while text(position) == "?" || text(position) == "!" { position -= 1 }
        guard position >= 0 else { return nil }
        if text(position) == "]" {
            guard let open = matchingOpen(position), let base = chainAndStart(endingAt: open - 1) else { return nil }
            return (.element(base.value), base.start)
        }
        if text(position) == ")" || text(position) == "}" {
            return calledValue(closingAt: position)
        }
        if case .dollarIdentifier? = kind(position) { return (.variable(text(position)), position) }
        guard isIdentifier(position) || kind(position) == .keyword(.self) else { return nil }
        let name = text(position)
        if text(position - 1) == "." {
            // `\.a.b` inside `xs.map(…)`: what the closure argument reads.
            if text(position - 2) == "\\" {
                guard let argument = closureArgument(at: position - 2) else { return nil }
                return (.member(argument, name), position - 2)
            }
            if kind(position - 2) == .keyword(.self) { return (.variable(name), position - 2) }
            guard let base = chainAndStart(endingAt: position - 2) else { return nil }
            return (name == "first" || name == "last" ? .element(base.value) : .member(base.value, name), base.start)
        }
        guard isIdentifier(position) else { return nil }
        return (.variable(name), position)
    }

    /// What a call ending at token `close` (its `)`, or the `}` of its trailing closure) gives: a mock call's value,
    /// or what `ValuePassing` says a function or method gives back (`XCTUnwrap(x)`, `#require(x)`, `xs.first(where:)`,
    /// `result.get()`, `xs.reversed()`).
    private func calledValue(closingAt close: Int) -> (value: WrittenExpression, start: Int)? {
        guard let open = text(close) == "}" ? matchingBrace(close) : matchingOpen(close) else { return nil }
        var callee = open - 1
        // `xs.first(where: …) { … }` is not Swift; `xs.first { … }` and `xs.first(where: { … })` are.
        if text(close) == "}", text(callee) == ")", let arguments = matchingOpen(callee), arguments == callee - 1 { callee = arguments - 1 }
        if text(close) == ")", let mock = call(openingAt: open) { return (mock.value, callee) }
        guard isIdentifier(callee) else { return nil }
        let name = text(callee)
        let isMethod = text(callee - 1) == "." && endsExpression(callee - 2) && typePath(endingAt: callee - 2) == nil
        if text(callee - 1) == ".", text(callee - 2) == "self" || text(callee - 2) == "Self" {
            return (.helper(owner: nil, name: name, isCall: true), callee - 2)  // `self.makeDog()`
        }
        if !isMethod, !ValuePassing.passingFunctions.contains(name), name.first?.isLowercase == true {
            // `makeDog()`, `Fixtures.animal(species:)`, `Mock<Dog>.mock()`: what a helper of the workspace gives.
            guard text(callee - 1) == "." else { return (.helper(owner: nil, name: name, isCall: true), callee) }
            if let mock = writtenMock(endingAt: callee - 2) { return (.helper(owner: mock.type.name, name: name, isCall: true), mock.start) }
            guard let owner = typePath(endingAt: callee - 2) else { return nil }
            return (.helper(owner: owner.path.last, name: name, isCall: true), owner.start)
        }
        if !isMethod {
            // `XCTUnwrap(x, "message")`, `#require(x)`, `.some(x)`: the first argument, when it is a chain of its own.
            guard text(close) == ")", ValuePassing.passingFunctions.contains(name) else { return nil }
            let end = firstTopLevelComma(after: open, before: close) ?? close
            guard let argument = chainAndStart(endingAt: end - 1), argument.start == open + 1 else { return nil }
            return (argument.value, text(callee - 1) == "#" || text(callee - 1) == "." ? callee - 1 : callee)
        }
        guard let base = chainAndStart(endingAt: callee - 2) else { return nil }
        let isEmptyCall = text(close) == ")" && close == open + 1
        if ValuePassing.passingMethods.contains(name) && isEmptyCall || ValuePassing.sublistMethods.contains(name) {
            return base
        }
        if ValuePassing.elementMethods.contains(name) && isEmptyCall { return (.element(base.value), base.start) }
        switch ValuePassing.closureMethods[name] {
        case .search(_, givesElement: true)?, .compare(givesElement: true)?: return (.element(base.value), base.start)
        case .compare(givesElement: false)?, .each(keepsElements: true)?: return base
        case .transform(_, let flattens)?:
            // `xs.map(\.a.b)`: what the key path reads of each element.
            guard text(close) == ")", text(open + 1) == "\\", text(open + 2) == ".",
                let result = chainAndStart(endingAt: close - 1), result.start == open + 1
            else { return nil }
            return (.transformed(base.value, result: result.value, flattens: flattens), base.start)
        default: return nil
        }
    }

    /// The closure argument a key path starting at token `backslash` reads: `xs.map(\.a)` → an element of `xs`.
    func closureArgument(at backslash: Int) -> WrittenExpression? {
        guard let open = unmatchedOpenBracket(atOrBefore: backslash - 1), text(open) == "(", isIdentifier(open - 1),
            ValuePassing.closureMethods[text(open - 1)] != nil, text(open - 2) == ".", let base = chain(endingAt: open - 3)
        else { return nil }
        return .closureArgument(base)
    }

    /// The `{` that the `}` at token `index` closes.
    private func matchingBrace(_ index: Int) -> Int? {
        var depth = 0
        for position in stride(from: index - 1, through: 0, by: -1) {
            switch tokens[position].tokenKind {
            case .rightBrace: depth += 1
            case .leftBrace:
                if depth == 0 { return position }
                depth -= 1
            default: break
            }
        }
        return nil
    }

    /// The first comma at the top level of the argument list opened at token `open`, before token `close`.
    private func firstTopLevelComma(after open: Int, before close: Int) -> Int? {
        var depth = 0
        for index in (open + 1)..<close {
            switch tokens[index].tokenKind {
            case .leftParen, .leftSquare, .leftBrace: depth += 1
            case .rightParen, .rightSquare, .rightBrace: depth -= 1
            case .comma where depth == 0: return index
            default: break
            }
        }
        return nil
    }
}
