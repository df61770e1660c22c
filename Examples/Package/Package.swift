// swift-tools-version: 6.1
// A package outside the library that depends on it by path, as a user's would: its program is the
// README's first Swift example, extracted by `extract.py` into Sources/Card/main.swift (not kept in
// git), built and run by CI.
import PackageDescription

let package = Package(
    name: "CardExample",
    dependencies: [.package(name: "Mush", path: "../..")],
    targets: [
        .executableTarget(
            name: "Card",
            dependencies: [
                .product(name: "MushDSL", package: "Mush"), .product(name: "MushJobs", package: "Mush"),
                .product(name: "MushImage", package: "Mush"), .product(name: "MushBox", package: "Mush"),
            ])
    ],
    swiftLanguageModes: [.v6]
)
