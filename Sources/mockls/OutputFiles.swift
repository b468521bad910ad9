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

    /// Writes `text` to `file`, creating its folder first, through a temporary file beside it renamed over it: the
    /// file is the old one or the new one, never half of either. A Swift file that loses declarations says which.
    static func write(_ text: String, to file: URL) throws(FileSystemError) {
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
