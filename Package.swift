// swift-tools-version:6.0
import PackageDescription

/// The files Presets/NAME.json that `lineart` has built in.
let builtinPresets = ["toddler", "portrait", "landscape", "object", "pet", "abstract"]

let package = Package(
    name: "LineArt",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "LineArtKit", targets: ["LineArtKit"]),
        .executable(name: "lineart", targets: ["lineart"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // System libraries, found through pkg-config.
        .systemLibrary(
            name: "CJPEG",
            pkgConfig: "libjpeg",
            providers: [.apt(["libjpeg62-turbo-dev"]), .brew(["jpeg-turbo"])]
        ),
        .systemLibrary(
            name: "CPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"]), .brew(["libpng"])]
        ),
        // C shim: every libjpeg/libpng call that can fail returns a status; no longjmp reaches Swift.
        .target(
            name: "CImageCodecs",
            dependencies: ["CJPEG", "CPNG"],
            // zlib (zlib1g-dev, which libpng-dev pulls in) compresses PDF content streams.
            linkerSettings: [.linkedLibrary("z")]
        ),
        // Hot per-pixel loops in SSE2, bit-identical to the Swift loops they stand in for.
        .target(name: "CPixelKernels"),
        // The built-in presets: the files in Presets/, compiled into the library as byte arrays
        // (no resource bundle to install next to the binary).
        .target(
            name: "LineArtPresets",
            path: "Presets",
            resources: builtinPresets.map { .embedInCode("\($0).json") }
        ),
        .target(
            name: "LineArtKit",
            dependencies: ["CImageCodecs", "CPixelKernels", "LineArtPresets"]
        ),
        .executableTarget(
            name: "lineart",
            dependencies: [
                "LineArtKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "LineArtKitTests",
            dependencies: ["LineArtKit"]
        ),
        // Runs the built `lineart` binary end to end.
        .testTarget(
            name: "LineArtCLITests",
            dependencies: ["lineart", "LineArtKit"],
            // The expected `--help` texts, read from the source tree (HelpGoldenCLITests).
            exclude: ["Golden"]
        ),
    ]
)
