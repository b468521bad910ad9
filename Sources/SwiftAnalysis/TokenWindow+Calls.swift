import SwiftSyntax

/// The brackets around a token: the mock call whose argument list holds it, and the labels written there.
extension TokenWindow {
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
}
