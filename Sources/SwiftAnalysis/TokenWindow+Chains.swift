import SwiftSyntax

/// Types and values read backwards from a token: `Mock<Dog>`, `A.B.C`, `dog.height?.first`, and what a call gives.
extension TokenWindow {
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
