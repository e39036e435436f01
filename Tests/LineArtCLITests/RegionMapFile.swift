import Foundation
@testable import LineArtImage
@testable import LineArtCodecs
@testable import LineArtAlgorithms
@testable import LineArtPipeline
@testable import LineArtKit

/// Reads `NAME.regions.png` back with the library's region-map reader
/// (``RegionMap/labels(fromPNG:)``: 16 bits per label, where the image decoder gives 8).
struct RegionMapFile {
    var width: Int
    var height: Int
    /// Row-major labels: 0 ink, 1...n regions.
    var labels: [UInt16]

    init(contentsOf url: URL) throws {
        (width, height, labels) = try RegionMap.labels(fromPNG: [UInt8](try Data(contentsOf: url)))
    }

    subscript(x: Int, y: Int) -> UInt16 { labels[y * width + x] }
}
