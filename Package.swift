// swift-tools-version: 6.1
import PackageDescription

// Layering (outer depends on inner only; see ARCHITECTURE.md):
//   SourceText                    — byte-level text utilities (line table), no dependencies
//   GraphQLIndex                  — GraphQL parser, schema, Apollo mock and selection-set models: pure, no IO
//   SwiftAnalysis                 — Swift sources read with swift-syntax (generated mocks, tests): pure, no IO
//   Features                      — completion, diagnostics, fixes, navigation: pure functions of parsed values
//   CJSONC → JSONRPC → LSP        — the protocol edge (JSONRPC also reads JSON configuration files)
//   Analysis                      — the workspace host: discovery, configuration, indexing, documents, queries (no LSP)
//   Server                        — the language server: dispatch, scheduling, the one protocol conversion
//   mockls                        — the CLI (only `serve` reaches Server)
//   Fuzzing → mockls-fuzz         — fuzz surfaces over all of the above (make fuzz; the parse differential in make test)
let package = Package(
    name: "mockls",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "mockls", targets: ["mockls"]),
        .library(name: "MocklsCore", targets: ["SourceText", "GraphQLIndex", "SwiftAnalysis", "Features", "JSONRPC", "LSP", "Analysis", "Server"]),
        // Without swift-syntax: what the protocol and index benchmarks need, quick to build in release.
        .library(name: "MocklsIndex", targets: ["SourceText", "GraphQLIndex", "JSONRPC", "LSP"]),
        // For packages that depend on mockls: `swift package mockls-check`, `swift package mockls-placeholders`.
        .plugin(name: "MocklsCheck", targets: ["MocklsCheck"]),
        .plugin(name: "MocklsPlaceholders", targets: ["MocklsPlaceholders"]),
        .plugin(name: "MocklsTestTransport", targets: ["MocklsTestTransport"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
    ],
    targets: [
        .systemLibrary(
            name: "CJSONC",
            pkgConfig: "json-c",
            providers: [.apt(["libjson-c-dev"]), .brew(["json-c"])]
        ),
        .target(name: "SourceText"),
        .target(
            name: "GraphQLIndex",
            dependencies: [.product(name: "OrderedCollections", package: "swift-collections")]
        ),
        .target(
            name: "SwiftAnalysis",
            dependencies: [
                "SourceText",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
            ]
        ),
        .target(name: "Features", dependencies: ["GraphQLIndex", "SwiftAnalysis", "SourceText"]),
        .target(name: "JSONRPC", dependencies: ["CJSONC"]),
        .target(name: "LSP", dependencies: ["JSONRPC", "SourceText"]),
        .target(
            name: "Analysis",
            dependencies: [
                "JSONRPC", "SourceText", "GraphQLIndex", "SwiftAnalysis", "Features",
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        .target(
            name: "Server",
            dependencies: [
                "Analysis", "JSONRPC", "LSP", "SourceText", "GraphQLIndex", "SwiftAnalysis", "Features",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(
            name: "mockls",
            dependencies: [
                "Analysis", "Server", "Features", "GraphQLIndex", "SwiftAnalysis", "SourceText", "JSONRPC",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Command plugins running the mockls executable (README: "Xcode and SwiftPM").
        .plugin(
            name: "MocklsCheck",
            capability: .command(
                intent: .custom(
                    verb: "mockls-check",
                    description: "Report Apollo test mock reads that crash, unknown mock fields and types, and mocks of the wrong type"),
                permissions: []),
            dependencies: ["mockls"],
            path: "Sources/MocklsCheckPlugin"
        ),
        .plugin(
            name: "MocklsPlaceholders",
            capability: .command(
                intent: .custom(
                    verb: "mockls-placeholders",
                    description: "Write placeholder() factories for the Apollo mocks and selection sets into a target"),
                permissions: [.writeToPackageDirectory(reason: "mockls writes the placeholder factories into the target's folder")]),
            dependencies: ["mockls"],
            path: "Sources/MocklsPlaceholdersPlugin"
        ),
        .plugin(
            name: "MocklsTestTransport",
            capability: .command(
                intent: .custom(
                    verb: "mockls-test-transport",
                    description: "Write a TestNetworkTransport for tests that fetch through ApolloClient into a test target"),
                permissions: [.writeToPackageDirectory(reason: "mockls writes TestNetworkTransport.swift into the target's folder")]),
            dependencies: ["mockls"],
            path: "Sources/MocklsTestTransportPlugin"
        ),
        // Fuzz surfaces and the incremental-parse differential (`make fuzz`, and `make test` for the differential).
        .target(
            name: "Fuzzing",
            dependencies: [
                "Analysis", "Server", "Features", "GraphQLIndex", "SwiftAnalysis", "JSONRPC", "SourceText",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
            ]
        ),
        .executableTarget(
            name: "mockls-fuzz",
            dependencies: ["Fuzzing", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // For tests: the real server in process, typed, and sources with cursor markers.
        .target(
            name: "MocklsTestSupport",
            dependencies: ["Analysis", "Server", "LSP", "JSONRPC", "SourceText", "GraphQLIndex"],
            path: "Tests/MocklsTestSupport"
        ),
        .testTarget(name: "SourceTextTests", dependencies: ["SourceText"]),
        .testTarget(name: "GraphQLIndexTests", dependencies: ["GraphQLIndex", "MocklsTestSupport"]),
        .testTarget(name: "SwiftAnalysisTests", dependencies: ["SwiftAnalysis", "MocklsTestSupport"]),
        .testTarget(name: "FeaturesTests", dependencies: [
            "Features", "GraphQLIndex", "SwiftAnalysis", "MocklsTestSupport",
            .product(name: "SwiftSyntax", package: "swift-syntax"), .product(name: "SwiftParser", package: "swift-syntax"),
        ]),
        .testTarget(name: "JSONRPCTests", dependencies: ["JSONRPC", "LSP"]),
        .testTarget(name: "AnalysisTests", dependencies: ["Analysis", "Features", "GraphQLIndex", "SwiftAnalysis", "SourceText", "MocklsTestSupport"]),
        .testTarget(name: "ServerTests", dependencies: ["Analysis", "Server", "Features", "SwiftAnalysis", "LSP", "JSONRPC", "MocklsTestSupport", "SourceText"]),
    ]
)
