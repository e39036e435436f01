// swift-tools-version: 6.0
// Coverage-guided fuzzers (libFuzzer) for what LineArt reads from users (image files,
// preset files) and for the pipeline on pictures of any content and shape. A package of
// its own because its executables only link when built with `-sanitize=fuzzer` (which
// brings libFuzzer). See Fuzz/README.md.

import PackageDescription

let package = Package(
    name: "LineArtFuzz",
    dependencies: [
        .package(name: "LineArt", path: ".."),
    ],
    targets: [
        // Calls libFuzzer's driver from our own main (SwiftPM links every executable's main).
        .target(name: "FuzzerDriver"),
        .executableTarget(
            name: "DecodeFuzzer",
            dependencies: ["FuzzerDriver", .product(name: "LineArtKit", package: "LineArt")]
        ),
        .executableTarget(
            name: "PipelineFuzzer",
            dependencies: ["FuzzerDriver", .product(name: "LineArtKit", package: "LineArt")]
        ),
        .executableTarget(
            name: "PresetFuzzer",
            dependencies: ["FuzzerDriver", .product(name: "LineArtKit", package: "LineArt")]
        ),
    ]
)
