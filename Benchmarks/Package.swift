// swift-tools-version: 6.1
// Benchmarks for the Mush parser, the text engine and the MGLine row engine, kept in their own package so that users
// of the Mush library never resolve ordo-one/benchmark. Run with `./run.sh` or `swift package benchmark` from here.
import PackageDescription

let package = Package(
    name: "MushBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "Mush", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // Not a benchmark of the benchmark library (its folder is not in Benchmarks/, so `swift package
        // benchmark` leaves it out): the engine alone on a JSON Lines file of measure requests, for
        // batch.sh. Build with `swift build -c release --product BatchProbe` from here.
        .executableTarget(
            name: "BatchProbe",
            dependencies: [
                .product(name: "MushJSON", package: "Mush"),
                .product(name: "MushText", package: "Mush"),
            ],
            path: "Probes/BatchProbe"
        ),
        // The box engine alone on the trees the rivals (Taffy, Yoga) lay out in Rivals/box_rivals.py,
        // for boxes.sh. Build with `swift build -c release --product BoxProbe` from here.
        .executableTarget(
            name: "BoxProbe",
            dependencies: [
                "BoxTrees",
                "ProbeClock",
                .product(name: "Mush", package: "Mush"),
                .product(name: "MushBox", package: "Mush"),
                .product(name: "MushLine", package: "Mush"),
                .product(name: "MushText", package: "Mush"),
            ],
            path: "Probes/BoxProbe"
        ),
        // MGBoxKit's table sections and grids beside the row engine and the engine nodes they lower to,
        // for boxes.sh. Build with `swift build -c release --product MGBoxProbe` from here.
        .executableTarget(
            name: "MGBoxProbe",
            dependencies: [
                "ProbeClock",
                .product(name: "Mush", package: "Mush"),
                .product(name: "MushBox", package: "Mush"),
                .product(name: "MushLine", package: "Mush"),
                .product(name: "MushMGBox", package: "Mush"),
                .product(name: "MushText", package: "Mush"),
            ],
            path: "Probes/MGBoxProbe"
        ),
        // Image sizes from headers and the README's card drawn with its JPEG, SVG and gradient, for
        // images.sh. Build with `swift build -c release --product ImageProbe` from here.
        .executableTarget(
            name: "ImageProbe",
            dependencies: [
                "ProbeClock",
                .product(name: "MushImage", package: "Mush"),
                .product(name: "MushJSON", package: "Mush"),
                .product(name: "MushRender", package: "Mush"),
                .product(name: "MushText", package: "Mush"),
            ],
            path: "Probes/ImageProbe"
        ),
        // The probes' clock and resident-set reading.
        .target(name: "ProbeClock", path: "Probes/ProbeClock"),
        // The box trees of the box benchmarks and BoxProbe, the text cards and rows among them.
        .target(
            name: "BoxTrees",
            dependencies: [
                "BenchmarkCorpus",
                .product(name: "Mush", package: "Mush"),
                .product(name: "MushBox", package: "Mush"),
                .product(name: "MushLine", package: "Mush"),
                .product(name: "MushText", package: "Mush"),
            ],
            path: "Benchmarks/BoxTrees"),
        .executableTarget(
            name: "BoxLayout",
            dependencies: [
                "BoxTrees",
                .product(name: "MushBox", package: "Mush"),
                .product(name: "MushText", package: "Mush"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/BoxLayout",
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark"),
            ]
        ),
        // The corpus files, read by the layout benchmarks.
        .target(name: "BenchmarkCorpus", path: "Benchmarks/BenchmarkCorpus"),
        .executableTarget(
            name: "ParseThroughput",
            dependencies: [
                .product(name: "Mush", package: "Mush"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/ParseThroughput",
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark"),
            ]
        ),
        .executableTarget(
            name: "LayoutSpeed",
            dependencies: [
                "BenchmarkCorpus",
                .product(name: "Mush", package: "Mush"),
                .product(name: "MushText", package: "Mush"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/LayoutSpeed",
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark"),
            ]
        ),
        // MGBoxProvider (MushMGBox): the rows in a view of tables of 1,000 to 1,000,000 rows.
        .executableTarget(
            name: "ProviderQueries",
            dependencies: [
                .product(name: "MushLine", package: "Mush"),
                .product(name: "MushMGBox", package: "Mush"),
                .product(name: "MushText", package: "Mush"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/ProviderQueries",
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark"),
            ]
        ),
        .executableTarget(
            name: "RowLayout",
            dependencies: [
                "BenchmarkCorpus",
                .product(name: "Mush", package: "Mush"),
                .product(name: "MushText", package: "Mush"),
                .product(name: "MushLine", package: "Mush"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/RowLayout",
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
