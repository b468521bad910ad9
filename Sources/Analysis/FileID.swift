import Foundation

/// A file's one identity inside the analysis. Made once where a file comes in — the server's protocol converter
/// from a URI, the command line from a path, the disk layer from what it walked — then compared and hashed as a
/// string, and turned back into a URI or a path only at those edges. A file on disk is its absolute path,
/// standardized (`.` and `..` resolved, as the workspace walk names files); a document that is no file (an
/// `untitled:` buffer) is its URI.
public struct FileID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The standardized absolute path, or the URI of a document that is no file.
    public let key: String
    /// Whether it names a file on disk.
    public let isFile: Bool

    /// The file at `path` (absolute, or relative to the current folder), standardized. A path that is standardized
    /// already (absolute, no `.` or `..` component, no empty one, no trailing slash — what the workspace walk and the
    /// index name files by) is taken as it is: a `URL` of a path asks the disk whether it is a folder, and a reply of
    /// 24,000 locations made one for each.
    public init(path: String) {
        if Self.isStandardized(path) {
            self.init(key: path, isFile: true)
        } else {
            self.init(url: URL(fileURLWithPath: path, isDirectory: false))
        }
    }

    private static func isStandardized(_ path: String) -> Bool {
        let bytes = path.utf8
        guard bytes.first == UInt8(ascii: "/"), bytes.count > 1, bytes.last != UInt8(ascii: "/"),
            // Darwin's standardizing drops a leading `/private` where the rest names the same file.
            !path.hasPrefix("/private/")
        else { return false }
        var component = 0  // the bytes of the current component so far, and how many of them are dots
        var dots = 0
        for byte in bytes.dropFirst() {
            if byte == UInt8(ascii: "/") {
                if component == 0 || (component > 0 && dots == component && dots <= 2) { return false }
                (component, dots) = (0, 0)
            } else {
                component += 1
                if byte == UInt8(ascii: ".") { dots += 1 }
            }
        }
        return !(dots == component && dots <= 2)
    }

    /// The file a `file:` URL names, standardized.
    public init(url: URL) {
        key = url.standardizedFileURL.path
        isFile = true
    }

    /// The file a URI names; a URI that names no file (`untitled:…`, or `file://` with no path, which is no folder to
    /// walk) stays itself.
    public init(uri: String) {
        if let url = Self.fileURL(uri) {
            self.init(url: url)
        } else {
            self.init(key: uri, isFile: false)
        }
    }

    /// The file or folder a `file:` URI names, standardized as the URI says it (a folder's trailing slash kept); nil
    /// for a URI that names none — `file://` or `file://?x` has an empty path, not a folder to walk.
    public static func fileURL(_ uri: String) -> URL? {
        guard let url = URL(string: uri), url.isFileURL, url.path.hasPrefix("/") else { return nil }
        return url.standardizedFileURL
    }

    /// A path the disk layer named already standardized (the workspace walk's, the index's): taken as it is.
    init(standardizedPath path: String) { self.init(key: path, isFile: true) }

    private init(key: String, isFile: Bool) {
        self.key = key
        self.isFile = isFile
    }

    /// Its path (for a document that is no file, its URI): what reports print and the index names documents by.
    public var path: String { key }
    /// Its file URL, when it is a file (for the disk layer).
    public var url: URL? { isFile ? URL(fileURLWithPath: key, isDirectory: false) : nil }
    /// Its URI: for a file, the `file:` URI of its path.
    public var uri: String { isFile ? URL(fileURLWithPath: key, isDirectory: false).absoluteString : key }
    /// The extension of its name (`swift`, `graphql`), empty when it has none.
    public var pathExtension: String {
        guard let dot = key.lastIndex(of: "."), !key[dot...].contains("/") else { return "" }
        return String(key[key.index(after: dot)...])
    }
    public var lastPathComponent: String { String(key.split(separator: "/").last ?? "") }

    public var description: String { key }
    public static func < (lhs: FileID, rhs: FileID) -> Bool { lhs.key < rhs.key }
}
