// swift-tools-version: 6.1
import Foundation
import PackageDescription

// SwiftPM names a path dependency after its folder, which is wherever mockls was cloned.
let mockls = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .lastPathComponent.lowercased()

// Benchmarks live in their own package so that `swift build` and `swift test` of mockls do not build the
// benchmark harness. Run them with `make bench` (release build).
let package = Package(
    name: "mockls-benchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "JSONDecoding",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "MocklsIndex", package: mockls),
            ],
            path: "Benchmarks/JSONDecoding",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "Indexing",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "MocklsIndex", package: mockls),
            ],
            path: "Benchmarks/Indexing",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .target(
            name: "BenchmarkSupport",
            dependencies: [.product(name: "MocklsCore", package: mockls)],
            path: "Benchmarks/Support"
        ),
        .executableTarget(
            name: "TestFiles",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "MocklsCore", package: mockls),
            ],
            path: "Benchmarks/TestFiles",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "ProjectSize",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "MocklsCore", package: mockls),
            ],
            path: "Benchmarks/ProjectSize",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
