// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Mush",
    products: [
        .library(name: "Mush", targets: ["Mush"]),
        .executable(name: "mush", targets: ["mush"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
    ],
    targets: [
        // Markup → attributed runs, and the writers (Mush, HTML, ANSI, JSON, AttributedString).
        // Pure Swift: no C dependencies.
        .target(name: "Mush"),
        .executableTarget(
            name: "mush",
            dependencies: [
                "Mush",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "MushTests",
            dependencies: [
                "Mush",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
