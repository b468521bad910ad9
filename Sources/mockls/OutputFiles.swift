import Analysis
import Foundation
import SwiftAnalysis

/// A file-system failure of a command, reported as one line naming the path and the reason (exit status 2).
struct FileSystemError: Error, CustomStringConvertible {
    var path: String
    var reason: String

    var description: String { "\(path): \(reason)" }

    init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// From what Foundation threw: the underlying POSIX reason when there is one ("Permission denied").
    init(path: String, _ error: any Error) {
        let error = error as NSError
        let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError
        if let code = (underlying?.domain == NSPOSIXErrorDomain ? underlying?.code : nil) ?? (error.domain == NSPOSIXErrorDomain ? error.code : nil) {
            reason = String(cString: strerror(Int32(code)))
        } else if let underlying {
            reason = underlying.localizedDescription
        } else {
            reason = error.localizedDescription
        }
        self.path = path
    }
}

/// Where commands write files: folders are created as code generators create them, and failures are one line.
enum OutputFiles {
    static func createFolder(_ folder: URL) throws(FileSystemError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw FileSystemError(path: folder.path, reason: "exists and is not a folder") }
            return
        }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw FileSystemError(path: folder.path, error)
        }
    }

    /// Whose a file is: a command replaces only a file it wrote, known by the mark its first line carries.
    enum Authorship {
        /// A generated Swift file whose first line starts with `mark` (mockls's header, or Apollo's `// @generated`
        /// for the mocks it renders as Apollo does).
        case generated(mark: String)
        /// A file with no place for a mark (a JSON response fixture): an existing one is replaced only when it holds
        /// the same bytes, else only with --force.
        case unmarked
        /// The user's own file, edited in place because they asked for it (`convert --write`).
        case edited

        /// Whether `existing`, the bytes of a file already at the destination, may be replaced by `new`.
        func mayReplace(_ existing: [UInt8], with new: [UInt8]) -> Bool {
            switch self {
            case .generated(let mark): existing.starts(with: Array(mark.utf8)) || existing == new
            case .unmarked: existing == new
            case .edited: true
            }
        }

        var reason: String {
            switch self {
            case .generated(let mark): "exists and mockls did not write it (its first line is not `\(mark)`)"
            case .unmarked: "exists with other contents, and mockls cannot tell a file it wrote there"
            case .edited: ""
            }
        }
    }

    /// Writes each text to its file, as `write(_:to:)`, after checking every destination first: when one is a file
    /// the command did not write (see `Authorship`), nothing at all is written, and the error names it and --force.
    static func write(_ files: [(text: String, file: URL)], as authorship: Authorship, force: Bool) throws(FileSystemError) {
        if !force {
            for (text, file) in files {
                guard FileTree.kind(of: file.path) == .file else { continue }
                guard let existing = FileTree.contents(file) else {
                    throw FileSystemError(path: file.path, reason: "exists and cannot be read: nothing written; --force replaces it")
                }
                if !authorship.mayReplace(existing, with: Array(text.utf8)) {
                    throw FileSystemError(path: file.path, reason: "\(authorship.reason): nothing written; --force replaces it")
                }
            }
        }
        for (text, file) in files { try write(text, to: file) }
    }

    /// Writes `text` to `file`, creating its folder first, through a temporary file beside it renamed over it: the
    /// file is the old one or the new one, never half of either. A Swift file that loses declarations says which.
    /// Commands go through `write(_:as:force:)`, which first refuses to replace a file they did not write.
    private static func write(_ text: String, to file: URL) throws(FileSystemError) {
        try createFolder(file.deletingLastPathComponent())
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory)
        if exists, isDirectory.boolValue { throw FileSystemError(path: file.path, reason: "is a folder") }
        if exists, file.pathExtension == "swift", let old = try? String(contentsOf: file, encoding: .utf8) {
            let lost = DeclarationInventory.lost(from: old, in: text)
            if !lost.isEmpty {
                let shown = lost.prefix(8).joined(separator: ", ") + (lost.count > 8 ? ", and \(lost.count - 8) more" : "")
                printError("mockls: warning: \(file.path) no longer declares \(plural(lost.count, "declaration")) it had: \(shown)")
            }
        }
        do {
            try FileTree.replace(file, with: Array(text.utf8))
        } catch {
            guard case .system(_, let reason) = error else { throw FileSystemError(path: file.path, reason: "\(error)") }
            throw FileSystemError(path: file.path, reason: reason)
        }
    }
}
