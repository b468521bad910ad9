import Foundation

/// A path pattern as Apollo's codegen and graphql-config use them: relative to a base folder (which `../` may
/// leave), with `*` and `?` inside one path component, `**` for any number of folders, `{a,b}` alternatives, and
/// a leading `!` to exclude.
struct Glob: Sendable, Equatable {
    let base: URL
    let pattern: String

    /// The absolute path components the pattern matches against.
    private var components: [Substring] {
        let absolute = pattern.hasPrefix("/") ? pattern : base.path + "/" + pattern
        var parts: [Substring] = []
        for part in absolute.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(part)
            }
        }
        return parts
    }

    /// The folder to start walking from: the longest prefix without wildcards.
    private var root: (path: String, rest: [Substring]) {
        let parts = components
        let literal = parts.prefix { !Self.hasWildcard($0) }
        // The last literal component may be the file itself.
        return ("/" + literal.joined(separator: "/"), Array(parts.dropFirst(literal.count)))
    }

    private static func hasWildcard(_ part: Substring) -> Bool {
        part.contains { $0 == "*" || $0 == "?" || $0 == "{" || $0 == "[" }
    }

    /// Every regular file the pattern matches, sorted by path. Walks as `FileTree` does: each folder entered once
    /// per remaining pattern (links cannot loop), skipped folders left out of wildcards, only regular files listed,
    /// within its bounds (`maximumEntries` is for tests).
    func files(maximumEntries: Int = FileTree.maximumEntries) -> [URL] {
        let (rootPath, rest) = root
        let (kind, identity) = FileTree.status(of: rootPath)
        switch kind {
        case .file: return rest.isEmpty ? [URL(fileURLWithPath: rootPath)] : []
        case .folder where !rest.isEmpty: break
        default: return []
        }
        struct Visit: Hashable { var folder: FileTree.Identity, remaining: Int }
        var visited: Set<Visit> = []
        var files: Set<FileTree.Identity> = []
        var results: [String] = []
        var folders = 0
        var entries = 0
        var pending: [(path: String, identity: FileTree.Identity?, rest: ArraySlice<Substring>, depth: Int)] = [
            (rootPath, identity, rest[...], 0)
        ]
        while let (directory, identity, rest, depth) = pending.popLast() {
            guard let part = rest.first, depth <= FileTree.maximumDepth, folders < FileTree.maximumFolders,
                entries < maximumEntries
            else { continue }
            if let identity, !visited.insert(Visit(folder: identity, remaining: rest.count)).inserted { continue }
            folders += 1
            let remaining = rest.dropFirst()
            let isWildcard = Self.hasWildcard(part)
            if part == "**" {
                // Zero folders, or one more and still inside `**`.
                pending.append((directory, identity, remaining, depth))
            }
            for entry in FileTree.entries(of: directory) {
                guard entries < maximumEntries else { break }
                entries += 1
                let path = directory == "/" ? "/" + entry : directory + "/" + entry
                if part == "**" {
                    guard !FileTree.isSkippedFolder(entry) else { continue }
                    let (kind, child) = FileTree.status(of: path)
                    if kind == .folder { pending.append((path, child, rest, depth + 1)) }
                    continue
                }
                guard Self.matches(Substring(entry), part) else { continue }
                let (kind, child) = FileTree.status(of: path)
                if remaining.isEmpty {
                    if kind == .file, child.map({ files.insert($0).inserted }) ?? true { results.append(path) }
                } else if kind == .folder, !(isWildcard && FileTree.isSkippedFolder(entry)) {
                    pending.append((path, child, remaining, depth + 1))
                }
            }
        }
        return results.sorted().map { URL(fileURLWithPath: $0) }
    }

    /// Whether a whole absolute path matches the pattern (for files that change later).
    func matches(_ url: URL) -> Bool {
        let path = url.standardizedFileURL.path.split(separator: "/", omittingEmptySubsequences: true)
        return Self.matches(path[...], components[...])
    }

    private static func matches(_ path: ArraySlice<Substring>, _ pattern: ArraySlice<Substring>) -> Bool {
        guard let part = pattern.first else { return path.isEmpty }
        if part == "**" {
            // A trailing `**` takes everything below, files included.
            if pattern.count == 1 { return !path.isEmpty }
            if matches(path, pattern.dropFirst()) { return true }
            guard let folder = path.first, path.count > 1, !FileTree.isSkippedFolder(folder) else { return false }
            return matches(path.dropFirst(), pattern)
        }
        guard let name = path.first, matches(name, part) else { return false }
        return matches(path.dropFirst(), pattern.dropFirst())
    }

    /// One path component against one pattern component.
    static func matches(_ name: Substring, _ pattern: Substring) -> Bool {
        if let open = pattern.firstIndex(of: "{"), let close = pattern[open...].firstIndex(of: "}") {
            let prefix = pattern[..<open]
            let suffix = pattern[pattern.index(after: close)...]
            return pattern[pattern.index(after: open)..<close].split(separator: ",", omittingEmptySubsequences: false)
                .contains { matches(name, Substring(prefix + $0 + suffix)) }
        }
        return wildcardMatch(Array(name.utf8)[...], Array(pattern.utf8)[...])
    }

    private static func wildcardMatch(_ name: ArraySlice<UInt8>, _ pattern: ArraySlice<UInt8>) -> Bool {
        guard let first = pattern.first else { return name.isEmpty }
        switch first {
        case UInt8(ascii: "*"):
            var rest = name
            while true {
                if wildcardMatch(rest, pattern.dropFirst()) { return true }
                if rest.isEmpty { return false }
                rest = rest.dropFirst()
            }
        case UInt8(ascii: "?"):
            return !name.isEmpty && wildcardMatch(name.dropFirst(), pattern.dropFirst())
        default:
            return name.first == first && wildcardMatch(name.dropFirst(), pattern.dropFirst())
        }
    }
}

/// A set of include and `!`-exclude patterns.
struct GlobSet: Sendable, Equatable {
    var includes: [Glob]
    var excludes: [Glob]

    init(base: URL, patterns: [String], excludes extraExcludes: [String] = []) {
        includes = patterns.filter { !$0.hasPrefix("!") }.map { Glob(base: base, pattern: $0) }
        excludes = (patterns.filter { $0.hasPrefix("!") }.map { String($0.dropFirst()) } + extraExcludes)
            .map { Glob(base: base, pattern: $0) }
    }

    func files() -> [URL] {
        var seen = Set<String>()
        return includes.flatMap { $0.files() }.filter { url in
            !excludes.contains { $0.matches(url) } && seen.insert(url.path).inserted
        }
    }

    func matches(_ url: URL) -> Bool {
        includes.contains { $0.matches(url) } && !excludes.contains { $0.matches(url) }
    }
}
