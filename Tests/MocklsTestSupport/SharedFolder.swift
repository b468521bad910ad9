import Foundation
import XCTest

/// `../shared` beside the repository: the fixtures the tests use (Apollo's sample APIs, the scenario workspaces,
/// repro sessions, benchmark corpora). The one place the tests compute its path.
///
/// Without it a test that needs it is skipped, with a message saying so; with `MOCKLS_REQUIRE_SHARED=1` (CI:
/// `.ci/run`) it fails instead, so that a missing folder never passes as skipped tests.
public enum SharedFolder {
    /// Where it belongs: beside this repository (this file is `Tests/MocklsTestSupport/SharedFolder.swift`).
    public static let expectedURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared")

    /// The folder, or nil when it is not there.
    public static var url: URL? {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: expectedURL.path, isDirectory: &isDirectory) && isDirectory.boolValue
            ? expectedURL : nil
    }

    /// Whether a missing folder fails the tests that need it rather than skips them: `MOCKLS_REQUIRE_SHARED` set to
    /// anything but empty or `0`.
    public static var isRequired: Bool {
        let value = ProcessInfo.processInfo.environment["MOCKLS_REQUIRE_SHARED"] ?? ""
        return !value.isEmpty && value != "0"
    }

    /// The error that fails a test when the folder is missing and required.
    public struct Missing: Error, CustomStringConvertible {
        public let description: String
    }

    /// The folder, or `subpath` inside it. Without the folder: an `XCTSkip` that says so, or, with
    /// `MOCKLS_REQUIRE_SHARED=1`, an error that fails the test.
    public static func require(_ subpath: String = "") throws -> URL {
        guard let url else { throw missing() }
        return subpath.isEmpty ? url : url.appendingPathComponent(subpath)
    }

    /// For a test that also checks something without the folder: the folder or `subpath` inside it, nil when it is
    /// missing; with `MOCKLS_REQUIRE_SHARED=1` a missing folder fails the test.
    public static func ifPresent(_ subpath: String = "") throws -> URL? {
        guard url != nil || isRequired else { return nil }
        return try require(subpath)
    }

    private static func missing() -> any Error {
        if isRequired {
            return Missing(description: """
                ../shared is not beside the repository (\(expectedURL.path)) and MOCKLS_REQUIRE_SHARED=1 requires it: \
                put the shared fixtures there
                """)
        }
        return XCTSkip("../shared is not beside the repository (\(expectedURL.path)): a test that needs its fixtures is skipped")
    }
}
