import Dispatch
import Foundation
import SourceText
import SwiftAnalysis

/// An open document as the client last described it.
public struct Document: Sendable {
    public let uri: String
    public let languageID: String
    public let version: Int
    public let lines: LineTable
    /// The file the URI names, standardized: worked out once when the document opens, not on every request
    /// (parsing and standardizing a URL was a fifth of a completion's time). Nil for a URI that is not a URL.
    public let fileURL: URL?
    /// Its Swift syntax tree, for Swift documents; parsed when first asked for.
    let swiftParse: SwiftParseCache?

    /// A document as the client has it; `previous` (its earlier version) lends its parsed tree to an incremental parse.
    public init(
        uri: String, languageID: String, version: Int, lines: LineTable, previous: Document? = nil
    ) {
        self.init(uri: uri, languageID: languageID, version: version, lines: lines, previous: previous, retention: nil)
    }

    init(uri: String, languageID: String, version: Int, lines: LineTable, previous: Document?, retention: ParsedTreeRetention?) {
        self.uri = uri
        self.languageID = languageID
        self.version = version
        self.lines = lines
        fileURL = previous?.uri == uri ? previous?.fileURL : URL(string: uri).map(\.standardizedFileURL)
        let isSwift = languageID == "swift" || uri.hasSuffix(".swift")
        swiftParse = isSwift ? SwiftParseCache(lines: lines, after: previous?.swiftParse, retention: retention) : nil
    }

    public var text: String { lines.text }

    /// Whether it is a Swift document (by its language or its file's extension).
    public var isSwift: Bool { swiftParse != nil }

    /// Whether it is a Swift document whose tree is parsed now (a query about it costs no parse).
    public var isParsedSwift: Bool { swiftParse?.isParsed ?? false }

    /// Starts parsing a Swift document on another thread, so that the first request finds it parsed.
    public func parseInBackground() {
        guard let swiftParse else { return }
        DispatchQueue.global(qos: .userInitiated).async { _ = swiftParse.file }
    }

    /// The parsed Swift file, or nil for a document that is not Swift.
    public var swiftFile: SwiftFile? { swiftParse?.file }
}

public enum DocumentError: Error, Equatable, CustomStringConvertible {
    case notOpen(String)

    public var description: String {
        switch self {
        case .notOpen(let uri): return "\(uri) is not open"
        }
    }
}

/// The open documents: a value, so a request can keep a snapshot while later edits go on.
public struct DocumentStore: Sendable {
    private var documents: [String: Document] = [:]
    /// Which documents keep their Swift syntax tree: those used last.
    let retention: ParsedTreeRetention

    public init() { retention = ParsedTreeRetention() }

    init(retention: ParsedTreeRetention) { self.retention = retention }

    public subscript(uri: String) -> Document? { documents[uri] }
    public var count: Int { documents.count }
    public var uris: some Collection<String> { documents.keys }

    /// The texts of the open documents that are files, by path: one lookup a file for a query over a workspace's
    /// files, without making a URL of each.
    public var textsByPath: [String: [UInt8]] {
        Dictionary(documents.values.compactMap { document in document.fileURL.map { ($0.path, document.lines.bytes) } }) { first, _ in first }
    }

    @discardableResult
    public mutating func open(uri: String, languageID: String, version: Int, text: [UInt8]) -> Document {
        let document = Document(uri: uri, languageID: languageID, version: version, lines: LineTable(text), previous: nil, retention: retention)
        documents[uri] = document
        return document
    }

    /// Replaces the text of an open document with its next version: `edit` gets the current text and returns the
    /// new one (the server applies the client's changes there, in the encoding it negotiated).
    @discardableResult
    public mutating func change(_ uri: String, version: Int, edit: (LineTable) throws -> LineTable) throws -> Document {
        guard let document = documents[uri] else { throw DocumentError.notOpen(uri) }
        let lines = try edit(document.lines)
        let changed = Document(
            uri: uri, languageID: document.languageID, version: version, lines: lines, previous: document, retention: retention)
        documents[uri] = changed
        return changed
    }

    @discardableResult
    public mutating func close(_ uri: String) throws -> Document {
        guard let document = documents.removeValue(forKey: uri) else { throw DocumentError.notOpen(uri) }
        return document
    }
}
