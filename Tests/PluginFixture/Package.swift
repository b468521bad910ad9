// swift-tools-version: 6.1
// A package that uses mockls's command plugins, as an app's package would (Tests/protocol/test_plugins.py runs
// them on a copy): a library, a test target whose test reads a field its mock never sets, and the Apollo project.
import PackageDescription

let package = Package(
    name: "PluginFixture",
    platforms: [.macOS(.v15)],
    dependencies: [
        // The repository's root; the test's copy names it by absolute path.
        .package(name: "mockls", path: "../.."),
    ],
    targets: [
        .target(name: "Zoo"),
        .testTarget(name: "ZooTests", dependencies: ["Zoo"]),
    ]
)
