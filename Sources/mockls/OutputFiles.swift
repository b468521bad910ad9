import Foundation

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

    /// Writes `text` to `file`, creating its folder first.
    static func write(_ text: String, to file: URL) throws(FileSystemError) {
        try createFolder(file.deletingLastPathComponent())
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw FileSystemError(path: file.path, reason: "is a folder")
        }
        do {
            try Data(text.utf8).write(to: file, options: .atomic)
        } catch {
            throw FileSystemError(path: file.path, error)
        }
    }
}
