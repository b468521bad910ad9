import Analysis
import ArgumentParser
import Foundation

struct MigrateCommand: ParsableCommand, WorkspaceCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Rewrite Apollo iOS 1.x tests for Apollo iOS 2.",
        discussion: """
            Prints the edits as a unified diff; --write applies them. In 2.x `from(_:)` is async: each call gets \
            `await`, the test or helper around it `async` (and the helper's callers, in every file of the workspace, \
            `await`), `setUp()` becomes `setUp() async throws`, a stored fixture built with `from(_:)` moves into \
            `setUp` (a suite's `init()`) or, when static or global, behind an `async` getter, and a call inside an \
            XCTest assertion moves to a `let` before it. `GraphQLResult<Q.Data>` becomes `GraphQLResponse<Q>`. \
            What cannot be migrated is listed with its reason (a closure `map` runs, a fake of \
            `ApolloClientProtocol`), on standard error. A file that does not parse is left alone. Running it again \
            changes nothing. PATHS (files or folders) limit what is edited; the whole workspace is read, for helpers.
            Exit status: 0 when nothing is left (or only --write's edits were made), 1 when something is left.
            """)

    @Argument(help: "Files or folders to migrate (default: the workspace).")
    var paths: [String] = []

    @Option(help: "The Apollo iOS major version to migrate to (2).")
    var to: Int

    @Flag(help: "Apply the edits to the files (each replaced whole, atomically) instead of printing a diff.")
    var write = false

    @OptionGroup var workspace: WorkspaceOptions

    func validate() throws {
        guard to == 2 else { throw ValidationError("--to \(to): mockls migrates Apollo iOS 1.x tests to 2 only (--to 2)") }
    }

    func run() throws {
        let urls = paths.map { URL(fileURLWithPath: $0).standardizedFileURL }
        for url in urls where FileTree.kind(of: url.path) == .missing {
            printError("mockls: \(url.path): no such file or folder")
            throw ExitCode(2)
        }
        let loaded = try workspace.load(near: urls)
        let report = Apollo2MigrationReport(workspace: loaded, paths: urls)
        let here = FileManager.default.currentDirectoryPath
        var written = 0
        var changed = 0
        var leftCount = 0
        for (name, reason) in report.refused { printError("mockls: \(name): left alone: \(reason)") }
        for file in report.files {
            let shown = relativePath(file.id.path, to: here)
            for left in file.left { printError("\(shown):\(left.line):\(left.column): left: \(left.reason)") }
            leftCount += file.left.count
            guard file.migrated != file.original else { continue }
            changed += 1
            if write, let url = file.id.url {
                // Only over the text it was planned from: a file changed since is left as it is.
                guard FileTree.contents(url) == file.original else {
                    printError("mockls: \(shown): changed while it was read: not written")
                    leftCount += 1
                    continue
                }
                try OutputFiles.write([(String(decoding: file.migrated, as: UTF8.self), url)], as: .edited, force: false)
                written += 1
            } else {
                print(UnifiedDiff.diff(old: file.original, new: file.migrated, oldName: "a/\(file.name)", newName: "b/\(file.name)"), terminator: "")
            }
        }
        let summary = write
            ? "mockls: migrated \(plural(written, "file")) to Apollo iOS 2"
            : "mockls: \(plural(changed, "file")) to migrate to Apollo iOS 2 (--write applies the diff)"
        printError(summary + (leftCount > 0 ? "; \(plural(leftCount, "place")) left to migrate by hand (above)" : ""))
        if leftCount > 0 || !report.refused.isEmpty { throw ExitCode(1) }
    }
}
