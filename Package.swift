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
        // Phone and web photos: WebP, TIFF. HEIC/HEIF needs only libheif's header (libheif-dev)
        // to build: the shim opens libheif itself on the first HEIF photo (heif_decode.c).
        .systemLibrary(
            name: "CWebP",
            pkgConfig: "libwebp",
            providers: [.apt(["libwebp-dev"]), .brew(["webp"])]
        ),
        .systemLibrary(
            name: "CTIFF",
            pkgConfig: "libtiff-4",
            providers: [.apt(["libtiff-dev"]), .brew(["libtiff"])]
        ),
        // C shim: every image-library call that can fail returns a status; no longjmp reaches Swift.
        .target(
            name: "CImageCodecs",
            dependencies: ["CJPEG", "CPNG", "CWebP", "CTIFF"],
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
        // The library, in layers, lowest first; each target depends only on those above it here,
        // so the compiler forbids cycles between them.
        // Pixel buffers, geometry, orientation, row-band parallelism, platform helpers.
        .target(name: "LineArtImage"),
        // JPEG / PNG / HEIF / WebP / TIFF decode, PNG encode, deflate, atomic file writes.
        .target(
            name: "LineArtCodecs",
            dependencies: ["LineArtImage", "CImageCodecs", "CPixelKernels"]
        ),
        // The algorithms: preprocessing, extraction engines, morphology and labelling, regions,
        // vector tracing and page output, faces. Functions of explicit parameters.
        .target(
            name: "LineArtAlgorithms",
            dependencies: ["LineArtImage", "LineArtCodecs", "CPixelKernels"]
        ),
        // The pipeline: settings and presets, the staged pipeline, the fillability validator,
        // the per-photo report.
        .target(
            name: "LineArtPipeline",
            dependencies: ["LineArtImage", "LineArtCodecs", "LineArtAlgorithms", "LineArtPresets"]
        ),
        // Batch: input discovery, output layout, the run of a whole folder; tuning; benchmarking.
        // Re-exports the layers below, so `import LineArtKit` is all the CLI or an app needs.
        .target(
            name: "LineArtKit",
            dependencies: ["LineArtImage", "LineArtCodecs", "LineArtAlgorithms", "LineArtPipeline"]
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
            // CImageCodecs: photos made in the test with libjpeg's encoder (then damaged).
            dependencies: ["lineart", "LineArtKit", "CImageCodecs"],
            // The expected `--help` texts, read from the source tree (HelpGoldenCLITests).
            exclude: ["Golden"]
        ),
    ]
)
