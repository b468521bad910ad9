import Foundation

/// Swift modules that stand in for SwiftUI, UIKit and swift-snapshot-testing (`Tests/standins/previews`), and an
/// app module built from previewed sources, for type-checking the snapshot tests mockls writes with `swiftc` on
/// Linux. Swift 6 mode, `DEBUG` defined, as a test build is.
public struct StandInSwiftUI {
    public let folder: URL
    let swiftc: String
    static let flags = ["-swift-version", "6", "-D", "DEBUG"]

    /// Builds the modules and `app` (its files' texts by name) as module `module`; nil without `swiftc`.
    public init?(app module: String, sources: [(name: String, text: String)], name: String) throws {
        guard let swiftc = StandInApollo.which("swiftc") else { return nil }
        self.swiftc = swiftc
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("mockls-swiftui-\(name)-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let standins = StandInApollo.standins.appendingPathComponent("previews")
        var appFiles: [String] = []
        for source in sources {
            let url = folder.appendingPathComponent(source.name)
            try source.text.write(to: url, atomically: false, encoding: .utf8)
            appFiles.append(url.path)
        }
        let steps: [(String, [String])] = [
            ("UIKit", [standins.appendingPathComponent("UIKit.swift").path]),
            ("SwiftUI", [standins.appendingPathComponent("SwiftUI.swift").path]),
            ("SnapshotTesting", [standins.appendingPathComponent("SnapshotTesting.swift").path]),
            (module, appFiles),
        ]
        for (module, files) in steps {
            let output = try StandInApollo.run(swiftc, [
                "-parse-as-library", "-emit-module", "-enable-testing", "-module-name", module,
                "-I", folder.path, "-emit-module-path", "\(folder.path)/\(module).swiftmodule",
            ] + Self.flags + files)
            guard output.status == 0 else { throw StandInApollo.Failure(description: "\(module):\n\(output.text.prefix(6000))") }
        }
    }

    public func remove() {
        guard ProcessInfo.processInfo.environment["MOCKLS_KEEP_STANDINS"] != "1" else { return }
        try? FileManager.default.removeItem(at: folder)
    }

    /// The compiler's errors on `text`, type-checked as a test file against the modules (XCTest and Testing are the
    /// toolchain's).
    public func typecheck(_ text: String, name: String) throws -> [String] {
        let url = folder.appendingPathComponent(name)
        try text.write(to: url, atomically: false, encoding: .utf8)
        let output = try StandInApollo.run(swiftc, Self.flags + ["-typecheck", "-I", folder.path, url.path])
        let errors = output.text.split(separator: "\n").filter { $0.contains(": error: ") }.map(String.init)
        if output.status != 0, errors.isEmpty { throw StandInApollo.Failure(description: "swiftc failed:\n\(output.text.prefix(6000))") }
        return errors
    }
}
