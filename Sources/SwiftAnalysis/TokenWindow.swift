import SwiftSyntax

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
}
