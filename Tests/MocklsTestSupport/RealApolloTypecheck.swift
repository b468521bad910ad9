import Foundation

/// Type-checks files that need Apollo iOS's own modules only (`ApolloAPI`, `Apollo`, `ApolloTestSupport` of 1.25.7 or
/// 2.4.0, and XCTest), not a schema module: what `mockls test-transport` writes.
public enum RealApolloTypecheck {
    /// The errors of `files` (`path:line: message`) in `languageMode` (5 or 6); nil when `swiftc` is not on the PATH.
    /// Throws `SharedFolder`'s skip (or failure) without `../shared`.
    public static func errors(of files: [URL], version: StandInApollo.Version, languageMode: Int) throws -> [String]? {
        let runtime = try SharedFolder.require("apollo-runtime")
        guard let swiftc = StandInApollo.which("swiftc") else { return nil }
        let modules = try RealApolloModules.built(version: version, runtime: runtime, swiftc: swiftc)
        let output = try StandInApollo.run(
            swiftc, ["-typecheck", "-continue-building-after-errors", "-swift-version", "\(languageMode)", "-I", modules.path] + files.map(\.path))
        let errors = output.text.split(separator: "\n").filter { $0.contains(": error: ") }.map(String.init)
        if output.status != 0, errors.isEmpty { throw StandInApollo.Failure(description: "swiftc failed:\n\(output.text.prefix(6000))") }
        return errors
    }
}
