// swift-tools-version: 6.1
// Benchmarks of LineArt's stages and whole pipeline with ordo-one/benchmark.
// A package of its own so that `swift build` / `swift test` of the main package never
// resolve or build the benchmark dependencies. See docs/benchmarks.md.

import PackageDescription

let package = Package(
    name: "LineArtBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "LineArt", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "LineArtBenchmarks",
            dependencies: [
                .product(name: "LineArtKit", package: "LineArt"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/LineArtBenchmarks",
            plugins: [
                .plugin(name: "BenchmarkPlugin", package: "benchmark"),
            ]
        ),
    ]
)
