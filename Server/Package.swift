// swift-tools-version: 6.1
// The render service (`mush-serve`): the library's JSON contract behind HTTP, on Hummingbird 2, kept in
// its own package so that users of the Mush library never resolve a server framework.
import PackageDescription

let package = Package(
    name: "MushServer",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "MushService", targets: ["MushService"]),
        .executable(name: "mush-serve", targets: ["mush-serve"]),
    ],
    dependencies: [
        .package(name: "Mush", path: ".."),
        // (Without swift-configuration: the service reads its settings from its options.)
        .package(
            url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1", traits: ["FullFoundation"]),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-collections.git", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin.git", from: "1.5.0"),
    ],
    targets: [
        // The routes, the work queue and the metrics: an Application a program (or a test) builds.
        .target(
            name: "MushService",
            dependencies: [
                .product(name: "Mush", package: "Mush"),
                .product(name: "MushText", package: "Mush"),
                .product(name: "MushImage", package: "Mush"),
                .product(name: "MushLine", package: "Mush"),
                .product(name: "MushBox", package: "Mush"),
                .product(name: "MushRender", package: "Mush"),
                .product(name: "MushJSON", package: "Mush"),
                .product(name: "MushJobs", package: "Mush"),
                .product(name: "MushDSL", package: "Mush"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "DequeModule", package: "swift-collections"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
            ],
            resources: [.copy("Playground")]
        ),
        .executableTarget(
            name: "mush-serve",
            dependencies: [
                "MushService",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .testTarget(
            name: "MushServiceTests",
            dependencies: [
                "MushService",
                .product(name: "Mush", package: "Mush"),
                .product(name: "MushDSL", package: "Mush"),
                .product(name: "MushJobs", package: "Mush"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
