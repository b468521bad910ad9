import Foundation

/// The client's workspace folders as a set: one entry per folder, whatever path or link named it, and only the
/// outermost folders get a workspace (a folder inside an open one shares its projects). Each folder's path is resolved
/// once, when it is added, and a change costs time in proportion to the folders and their depth: a client may
/// announce thousands (a fuzzer did), and the file system is asked nothing again for the ones already known.
struct WorkspaceFolders: Sendable {
    /// Each folder as the client named it, its resolved path, and the URL its workspace is indexed under (the named
    /// one standardized, made once: Foundation's standardizing costs more than the rest of a change).
    private var folders: [(url: URL, path: String, root: URL)] = []

    init(_ urls: [URL] = []) { change(added: urls, removed: []) }

    /// The folders, in the order first added.
    var urls: [URL] { folders.map(\.url) }

    /// Adds and removes folders (by resolved path), keeping one entry per path.
    mutating func change(added: [URL], removed: [URL]) {
        let removedPaths = Set(removed.map(Self.resolved))
        var seen: Set<String> = []
        folders = (folders + added.map { ($0, Self.resolved($0), $0.standardizedFileURL) }).filter { folder in
            !removedPaths.contains(folder.path) && seen.insert(folder.path).inserted
        }
    }

    /// The folders that are not inside another of them: the ones indexed (named as the client named them,
    /// standardized).
    var roots: [URL] {
        let paths = Set(folders.map(\.path))
        return folders.filter { folder in
            // Any enclosing folder among the others, found by walking up the path (as text: no file system).
            var ancestor = Substring(folder.path)
            while let slash = ancestor.utf8.lastIndex(of: UInt8(ascii: "/")), ancestor != "/" {
                ancestor = slash == ancestor.startIndex ? "/" : ancestor[..<slash]
                if paths.contains(String(ancestor)) { return false }
            }
            return true
        }
        .map(\.root)
    }

    /// The path with links resolved, `.` and `..` removed, and no trailing slash.
    static func resolved(_ folder: URL) -> String {
        let path = folder.standardizedFileURL.resolvingSymlinksInPath().path
        return path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    }
}
