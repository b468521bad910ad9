import ArgumentParser
import Foundation
import Analysis
import SourceText

/// `FILE:LINE:COLUMN` as the commands that act at a position take it: 1-based, the column in UTF-8 bytes as swiftc
/// counts them. The file is read when parsed.
struct FileLocation {
    var file: URL
    var line: Int
    var column: Int
    var bytes: [UInt8]

    init(_ argument: String) throws {
        let parts = argument.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count >= 3, let line = Int(parts[parts.count - 2]), let column = Int(parts[parts.count - 1]) else {
            throw ValidationError("expected FILE:LINE:COLUMN (1-based; the column in UTF-8 bytes), got '\(argument)'")
        }
        guard line >= 1, column >= 1 else {
            throw ValidationError("'\(argument)': LINE and COLUMN are 1-based (the first character of a file is 1:1)")
        }
        file = URL(fileURLWithPath: parts.dropLast(2).joined(separator: ":")).standardizedFileURL
        self.line = line
        self.column = column
        do {
            bytes = try FileTree.read(file)
        } catch {
            throw FileSystemError(path: file.path, reason: "\(error)".replacingOccurrences(of: file.path + ": ", with: ""))
        }
        let lines = LineTable(bytes)
        guard line <= max(1, lines.lineCount) else {
            throw ValidationError("'\(argument)': \(file.lastPathComponent) has \(lines.lineCount) line\(lines.lineCount == 1 ? "" : "s")")
        }
    }

    var offset: Int { LineTable(bytes).offset(of: LineColumn(line: line - 1, column: column - 1), unit: .utf8) }

    /// The file as queries name it.
    var id: FileID { FileID(url: file) }

    /// The analysis of `workspace` with the file open as read here: the editor's queries, asked of the file as it is
    /// on disk, without reading it again.
    func analysis(of workspace: Workspace) -> AnalysisSnapshot {
        var documents = DocumentStore()
        documents.open(id, languageID: file.pathExtension, version: 0, text: bytes)
        return AnalysisSnapshot(workspaces: [workspace], documents: documents)
    }
}
