import Foundation
import LSP
import SourceText
import SwiftAnalysis

/// An open document as the client last described it.
public struct Document: Sendable {
    public let uri: DocumentURI
    public let languageID: String
    public let version: Int
    public let lines: LineTable
    /// The file the URI names, standardized: worked out once when the document opens, not on every request
    /// (parsing and standardizing a URL was a fifth of a completion's time). Nil for a URI that is not a URL.
    public let fileURL: URL?
    /// Its Swift syntax tree, for Swift documents; parsed when first asked for.
    let swiftParse: SwiftParseCache?

    init(
        uri: DocumentURI, languageID: String, version: Int, lines: LineTable, previous: Document? = nil,
        retention: ParsedTreeRetention? = nil
    ) {
        self.uri = uri
        self.languageID = languageID
        self.version = version
        self.lines = lines
        fileURL = previous?.uri == uri ? previous?.fileURL : URL(string: uri).map(\.standardizedFileURL)
        let isSwift = languageID == "swift" || uri.hasSuffix(".swift")
        swiftParse = isSwift ? SwiftParseCache(lines: lines, after: previous?.swiftParse, retention: retention) : nil
    }

    public var text: String { lines.text }

    /// The parsed Swift file, or nil for a document that is not Swift.
    public var swiftFile: SwiftTestFile? { swiftParse?.file }
}

public enum DocumentError: Error, Equatable, CustomStringConvertible {
    case notOpen(DocumentURI)

    public var description: String {
        switch self {
        case .notOpen(let uri): return "\(uri) is not open"
        }
    }
}

/// The open documents: a value, so a request can keep a snapshot while later edits go on.
public struct DocumentStore: Sendable {
    private var documents: [DocumentURI: Document] = [:]
    /// Which documents keep their Swift syntax tree: those used last.
    let retention: ParsedTreeRetention

    public init() { retention = ParsedTreeRetention() }

    init(retention: ParsedTreeRetention) { self.retention = retention }

    public subscript(uri: DocumentURI) -> Document? { documents[uri] }
    public var count: Int { documents.count }
    public var uris: some Collection<DocumentURI> { documents.keys }

    public mutating func open(_ item: TextDocumentItem) {
        documents[item.uri] = Document(
            uri: item.uri, languageID: item.languageId, version: item.version, lines: LineTable(item.text.bytes),
            retention: retention)
    }

    /// Applies the changes in order, each against the text the previous one produced (LSP 3.17 `didChange`).
    /// Positions are converted by `conversion`; ranges outside the text are clamped rather than refused.
    @discardableResult
    public mutating func change(
        _ uri: DocumentURI, version: Int, changes: [TextDocumentContentChangeEvent], conversion: ProtocolConversion
    ) throws -> Document {
        guard let document = documents[uri] else { throw DocumentError.notOpen(uri) }
        var lines = document.lines
        for change in changes {
            if let range = change.range {
                lines = lines.replacing(conversion.byteRange(of: range, in: lines), with: change.text.bytes)
            } else {
                lines = LineTable(change.text.bytes)
            }
        }
        let changed = Document(
            uri: uri, languageID: document.languageID, version: version, lines: lines, previous: document, retention: retention)
        documents[uri] = changed
        return changed
    }

    @discardableResult
    public mutating func close(_ uri: DocumentURI) throws -> Document {
        guard let document = documents.removeValue(forKey: uri) else { throw DocumentError.notOpen(uri) }
        return document
    }
}
