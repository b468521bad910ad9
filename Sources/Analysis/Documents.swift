import Dispatch
import Foundation
import SourceText
import SwiftAnalysis

/// An open document as the client last described it.
public struct Document: Sendable {
    /// The file it is (worked out once when the document opens, not on every request: parsing and standardizing a
    /// URI was a fifth of a completion's time).
    public let id: FileID
    /// The URI as the client wrote it: what the server answers about the document with.
    public let uri: String
    public let languageID: String
    public let version: Int
    public let lines: LineTable
    /// Its Swift syntax tree, for Swift documents; parsed when first asked for.
    let swiftParse: SwiftParseCache?

    /// A document as the client has it; `previous` (its earlier version) lends its parsed tree to an incremental parse.
    public init(
        _ id: FileID, uri: String? = nil, languageID: String, version: Int, lines: LineTable, previous: Document? = nil
    ) {
        self.init(id, uri: uri ?? id.uri, languageID: languageID, version: version, lines: lines, previous: previous, retention: nil)
    }

    init(_ id: FileID, uri: String, languageID: String, version: Int, lines: LineTable, previous: Document?, retention: ParsedTreeRetention?) {
        self.id = id
        self.uri = uri
        self.languageID = languageID
        self.version = version
        self.lines = lines
        let isSwift = languageID == "swift" || id.pathExtension == "swift"
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
    case notOpen(FileID)

    public var description: String {
        switch self {
        case .notOpen(let file): return "\(file.uri) is not open"
        }
    }
}

/// The open documents: a value, so a request can keep a snapshot while later edits go on.
public struct DocumentStore: Sendable {
    private var documents: [FileID: Document] = [:]
    /// The open documents' files by the URIs the client names them by: a request about an open document finds its file
    /// without parsing its URI (parsing and standardizing a URL was a fifth of a completion's time).
    private var filesByURI: [String: FileID] = [:]
    /// Which documents keep their Swift syntax tree: those used last.
    let retention: ParsedTreeRetention

    public init() { retention = ParsedTreeRetention() }

    init(retention: ParsedTreeRetention) { self.retention = retention }

    public subscript(file: FileID) -> Document? { documents[file] }
    public var count: Int { documents.count }
    /// The open documents' files.
    public var files: some Collection<FileID> { documents.keys }

    /// The file of the open document the client names `uri`; nil when none is open by that URI.
    public func file(forURI uri: String) -> FileID? { filesByURI[uri] }

    /// The text of the open document that is the file at `path` (a path the workspace named, standardized): what a
    /// query over a workspace's files reads before the disk's.
    public func text(ofPath path: String) -> [UInt8]? { documents[FileID(standardizedPath: path)]?.lines.bytes }

    /// Opens `file`; `uri` is how the client names it (its `file:` URI when not given).
    @discardableResult
    public mutating func open(_ file: FileID, uri: String? = nil, languageID: String, version: Int, text: [UInt8]) -> Document {
        let document = Document(
            file, uri: uri ?? file.uri, languageID: languageID, version: version, lines: LineTable(text), previous: nil, retention: retention)
        if let earlier = documents.updateValue(document, forKey: file), earlier.uri != document.uri { filesByURI[earlier.uri] = nil }
        filesByURI[document.uri] = file
        return document
    }

    /// Replaces the text of an open document with its next version: `edit` gets the current text and returns the
    /// new one (the server applies the client's changes there, in the encoding it negotiated).
    @discardableResult
    public mutating func change(_ file: FileID, version: Int, edit: (LineTable) throws -> LineTable) throws -> Document {
        guard let document = documents[file] else { throw DocumentError.notOpen(file) }
        let lines = try edit(document.lines)
        let changed = Document(
            file, uri: document.uri, languageID: document.languageID, version: version, lines: lines, previous: document, retention: retention)
        documents[file] = changed
        return changed
    }

    @discardableResult
    public mutating func close(_ file: FileID) throws -> Document {
        guard let document = documents.removeValue(forKey: file) else { throw DocumentError.notOpen(file) }
        filesByURI[document.uri] = nil
        return document
    }
}
