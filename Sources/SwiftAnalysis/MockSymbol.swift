import SwiftSyntax

/// A name in a test that stands for something in the GraphQL documents: what hover and go-to-definition explain.
public struct MockSymbol: Sendable, Equatable {
    public enum Reference: Sendable, Equatable {
        /// `Dog` in `Mock<Dog>` or `Mock<AnimalKingdomAPITestMocks.Dog>`.
        case mockType(WrittenTypeName)
        /// A label of a mock call (`species` in `Mock<Dog>(species:`) or a member read (`dog.species`,
        /// `animal.height`): a field of what `of` stands for.
        case field(of: WrittenExpression, name: String)
        /// A component of a selection-set path: `AllAnimal` in `AllAnimalsQuery.Data.AllAnimal`, with the path up to it.
        case selectionSet(path: [String])
    }

    public var reference: Reference
    /// The bytes of the name.
    public var range: Range<Int>
}

extension SwiftFile {
    /// The symbol whose name contains `offset`, starts at it or ends at it: a position belongs to the name it touches
    /// on its right, then on its left (Vim's `w` puts the cursor on a name's first letter, after a `.`, `(` or `<`).
    public func symbol(at offset: Int) -> MockSymbol? {
        let window = TokenWindow(tokens: tokens(around: offset))
        let touching = window.tokens.indices.filter { window.end($0) >= offset && window.start($0) <= offset && window.isLabel($0) }
        guard let index = touching.first(where: { window.start($0) == offset || window.end($0) > offset }) ?? touching.first else { return nil }
        return window.symbol(at: index)
    }
}

extension TokenWindow {
    func symbol(at index: Int) -> MockSymbol? {
        let name = text(index)
        let range = start(index)..<end(index)
        func symbol(_ reference: MockSymbol.Reference) -> MockSymbol { MockSymbol(reference: reference, range: range) }
        // `Mock` of `Mock<Monster>` (or `Mock<API.Monster>`): it stands for the mock type it is specialized with.
        if name == "Mock", text(index + 1) == "<", isIdentifier(index + 2) {
            if text(index + 3) == ".", isIdentifier(index + 4) {
                return symbol(.mockType(WrittenTypeName(qualifier: text(index + 2), name: text(index + 4))))
            }
            return symbol(.mockType(WrittenTypeName(name: text(index + 2))))
        }
        // Inside `Mock<…>`: the type, or its module qualifier.
        if text(index - 1) == "<", text(index - 2) == "Mock" {
            if text(index + 1) == ".", isIdentifier(index + 2) {
                return symbol(.mockType(WrittenTypeName(qualifier: name, name: text(index + 2))))
            }
            return symbol(.mockType(WrittenTypeName(name: name)))
        }
        if text(index - 1) == ".", text(index - 3) == "<", text(index - 4) == "Mock" {
            return symbol(.mockType(WrittenTypeName(qualifier: text(index - 2), name: name)))
        }
        // An argument label.
        if text(index + 1) == ":", let open = unmatchedOpenBracket(atOrBefore: index), text(open) == "(",
            let call = call(openingAt: open)
        {
            if case .from = call { return nil }
            return symbol(.field(of: call.value, name: name))
        }
        // A component of a type path, before any member read.
        if name.first?.isUppercase == true, let path = typePath(endingAt: index),
            path.start == 0 || text(path.start - 1) != "." || !endsExpression(path.start - 2)
        {
            return symbol(.selectionSet(path: path.path))
        }
        // A member read.
        if text(index - 1) == ".", text(index - 2) == "\\", let argument = closureArgument(at: index - 2) {
            return symbol(.field(of: argument, name: name))  // `xs.map(\.name)`
        }
        if text(index - 1) == ".", name != "first", name != "last", let base = chain(endingAt: index - 2) {
            return symbol(.field(of: base, name: name))
        }
        return nil
    }
}
