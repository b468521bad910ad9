import SwiftSyntax

extension SyntaxCollection {
    /// The elements in order, as `for element in collection` gives them. swift-syntax's own iterator is generic and
    /// not inlinable, so it looks up `Optional<Element>`'s metadata at every element (about 650 instructions an
    /// element, measured); this one is specialized where it is used. Every collection of a test's statements is walked.
    var nodes: CollectionNodes<Element> { CollectionNodes(children: Syntax(self).children(viewMode: .all)) }
}

/// A collection's elements, each typed from its node (`SyntaxCollection.nodes`).
struct CollectionNodes<Element: SyntaxProtocol>: Sequence, IteratorProtocol {
    // A collection's children are all present: `.all` skips nothing, as the collection's iterator does not.
    private var children: IndexingIterator<SyntaxChildren>

    init(children: SyntaxChildren) { self.children = children.makeIterator() }

    mutating func next() -> Element? { children.next().map { Element($0)! } }
}
