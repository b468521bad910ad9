import ArgumentParser
import Features
import Foundation
import Analysis

struct SnapshotTestsCommand: ParsableCommand, WorkspaceCommand {
    static let configuration = CommandConfiguration(
        commandName: "snapshot-tests",
        abstract: "Write a snapshot test for every state of the workspace's Xcode previews (swift-snapshot-testing).",
        discussion: """
            Every `PreviewProvider` (each view of its `Group` a state) and `#Preview` of the workspace's Swift files \
            gets one test per state, `assertSnapshot(of:as:)` on each device, named after the preview and the \
            state's index: running it again changes nothing while the previews stay the same. Previews a test \
            cannot build again (private types, state set in closures) are listed, with the reason, in the file and \
            on standard error. The file goes to --output, else where it was written before, else into the first \
            test target under Tests/.
            """)

    @OptionGroup var workspace: WorkspaceOptions

    @Option(help: "The test file to write (- for standard output).")
    var output: String?

    @Option(help: "ViewImageConfig devices, comma-separated (iPhone13,iPadPro11).")
    var devices: String = "iPhone13"

    @Option(help: "xctest or swift-testing.")
    var framework: String = "xctest"

    @Option(help: "The module the previews are in (default: from each file's path, Sources/<Module>/…).")
    var module: String?

    @Flag(help: "Replace an existing file even when mockls did not write it (by default such a file is left as it is, exit status 2).")
    var force = false

    func run() throws {
        let devices = self.devices.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard !devices.isEmpty, devices.allSatisfy({ $0.first.map { $0.isLetter || $0 == "_" } == true && $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } })
        else { throw ValidationError("--devices: expected ViewImageConfig names such as iPhone13,iPadPro11, not \(self.devices)") }
        guard let framework = SnapshotTests.Framework(rawValue: framework) else {
            throw ValidationError("--framework: expected xctest or swift-testing, not \(framework)")
        }
        let root = workspace.folder
        guard FileTree.kind(of: root.path) == .folder else { throw ValidationError("\(root.path) is not a folder") }
        let files = WorkspaceFiles(walking: root)
        let sources = PreviewCatalog.sources(in: files, under: root, module: module)
        let previews = sources.map(\.previews.count).reduce(0, +)
        CommandLog.logger.info("\(plural(previews, "preview")) in \(plural(sources.count, "Swift file")) under \(root.path)")
        let (text, skipped) = SnapshotTests.file(sources, options: .init(framework: framework, devices: devices))
        for preview in skipped { printError("mockls: no snapshot test for \(preview.path), \(preview.preview): \(preview.reason)") }
        if output == "-" {
            print(text, terminator: "")
            return
        }
        let file = output.map { URL(fileURLWithPath: $0, relativeTo: root).standardizedFileURL }
            ?? PreviewCatalog.existingTestFile(in: files, under: root) ?? PreviewCatalog.newTestFile(in: files, under: root)
        let states = sources.flatMap(\.previews).filter { $0.problem == nil }.map(\.states.count).reduce(0, +)
        if FileTree.contents(file) == Array(text.utf8) {
            print("\(file.path) is up to date (\(states) preview states)")
            return
        }
        try OutputFiles.write([(text, file)], as: .generated(mark: SnapshotTests.header), force: force)
        print("wrote \(file.path): \(states) snapshot tests, on \(devices.joined(separator: ", "))")
    }
}
