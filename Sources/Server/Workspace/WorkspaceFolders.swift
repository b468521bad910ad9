import Foundation

/// The client's workspace folders as a set: one entry per folder, whatever path or link named it, and only the
/// outermost folders get a workspace (a folder inside an open one shares its projects).
enum WorkspaceFolders {
    /// `folders` after `added` and `removed`, without duplicates (by resolved path), in the order first added.
    static func changed(_ folders: [URL], added: [URL], removed: [URL]) -> [URL] {
        let removedPaths = Set(removed.map(resolved))
        var seen: Set<String> = []
        return (folders + added).filter { folder in
            let path = resolved(folder)
            return !removedPaths.contains(path) && seen.insert(path).inserted
        }
    }

    /// The folders that are not inside another of them: the ones indexed (named as the client named them).
    static func roots(_ folders: [URL]) -> [URL] {
        let paths = folders.map(resolved)
        return folders.indices.filter { index in
            !paths.indices.contains { other in
                other != index && paths[index].hasPrefix(paths[other] == "/" ? "/" : paths[other] + "/")
            }
        }
        .map { folders[$0].standardizedFileURL }
    }

    /// The path with links resolved, `.` and `..` removed, and no trailing slash.
    static func resolved(_ folder: URL) -> String {
        let path = folder.standardizedFileURL.resolvingSymlinksInPath().path
        return path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    }
}
