import SwiftSyntax

/// A call signature help can describe: one whose parameters mockls knows.
public enum SignatureCall: Sendable, Hashable {
    /// `Mock<Dog>(`, `Mock<Dog>.placeholder(`, `X.placeholder(`, `X.from(`.
    case mock(MockCall)
    /// `AllAnimalsQuery.Data.AllAnimal(`: a selection set's generated initializer.
    case selectionSetInitializer(path: [String])
}

/// The call whose argument list a cursor stands in, and which argument it is in (`textDocument/signatureHelp`).
public struct EnclosingCall: Sendable, Equatable {
    public struct Argument: Sendable, Equatable {
        /// Its label, when one is written.
        public var label: String?
        /// From the start of the argument (after the `(` or `,`) to the next `,` or `)`.
        public var range: Range<Int>
    }

    public var call: SignatureCall
    /// The arguments written so far, in order.
    public var arguments: [Argument]
    /// The argument the cursor is in (an empty one after a trailing comma counts).
    public var active: Int
}

extension SwiftFile {
    /// The innermost call mockls knows the parameters of around `offset`, through nested calls and literals it does
    /// not (`Mock<Dog>(species: String(|`), up to the enclosing closure or body.
    public func enclosingCall(at offset: Int) -> EnclosingCall? {
        TokenWindow(tokens: tokens(around: offset)).enclosingCall(at: offset)
    }
}

extension TokenWindow {
    func enclosingCall(at offset: Int) -> EnclosingCall? {
        guard var index = tokens.indices.last(where: { start($0) < offset }) else { return nil }
        // A cursor right after `)` is outside that call.
        while let open = unmatchedOpenBracket(atOrBefore: index) {
            if text(open) == "(", let call = signatureCall(openingAt: open) {
                let arguments = self.arguments(after: open, until: offset)
                guard !arguments.isEmpty else { return nil }
                let active = arguments.lastIndex { $0.range.lowerBound <= offset } ?? 0
                return EnclosingCall(call: call, arguments: arguments, active: active)
            }
            index = open - 1
            guard index >= 0 else { return nil }
        }
        return nil
    }

    private func signatureCall(openingAt open: Int) -> SignatureCall? {
        if let call = call(openingAt: open) { return .mock(call) }
        // `A.B.C(`: a capitalised path called directly (`.init(` too) is a selection set's initializer.
        var callee = open - 1
        if text(callee) == "init", text(callee - 1) == "." { callee -= 2 }
        guard let path = typePath(endingAt: callee), path.path.count >= 2, !path.path.contains("Mock") else { return nil }
        return .selectionSetInitializer(path: path.path)
    }

    /// The arguments of the call opening at `open`, each with its label; the last reaches at least to `offset` when
    /// the call is not closed before it.
    private func arguments(after open: Int, until offset: Int) -> [EnclosingCall.Argument] {
        var arguments: [EnclosingCall.Argument] = []
        var argumentStart = end(open)
        var label: String?
        var depth = 0
        var index = open + 1
        var expectingLabel = true
        while index < tokens.count {
            switch tokens[index].tokenKind {
            case .leftParen, .leftSquare, .leftBrace:
                depth += 1
            case .rightParen, .rightSquare, .rightBrace:
                if depth == 0 {
                    // The call closes before the cursor: the cursor is not in it.
                    if end(index) <= offset, tokens[index].tokenKind == .rightParen { return [] }
                    arguments.append(.init(label: label, range: argumentStart..<start(index)))
                    return arguments
                }
                depth -= 1
            case .comma where depth == 0:
                arguments.append(.init(label: label, range: argumentStart..<start(index)))
                argumentStart = end(index)
                label = nil
                expectingLabel = true
                index += 1
                continue
            case .colon where depth == 0 && expectingLabel && isLabel(index - 1) && index - 1 > open:
                label = text(index - 1)
            default:
                break
            }
            if !tokens[index].tokenKind.isComma, tokens[index].tokenKind != .colon, !isLabel(index) { expectingLabel = false }
            index += 1
        }
        arguments.append(.init(label: label, range: argumentStart..<max(argumentStart, offset)))
        return arguments
    }
}

private extension TokenKind {
    var isComma: Bool { self == .comma }
}
