@testable import LineArtImage
@testable import LineArtCodecs
@testable import LineArtAlgorithms
@testable import LineArtPipeline
@testable import LineArtKit

enum TestPages {
    static let ink: UInt8 = 0
    static let paper: UInt8 = 255

    /// Rows of '#' (ink) and '.' (paper).
    static func fromRows(_ rows: [String]) -> ByteImage {
        let height = rows.count
        let width = rows.first?.count ?? 0
        var samples: [UInt8] = []
        for row in rows {
            precondition(row.count == width)
            for c in row { samples.append(c == "#" ? ink : paper) }
        }
        return ByteImage(width: width, height: height, samples: samples)
    }

    /// A white page with full-length 1-px ink lines at the given columns and rows,
    /// optionally with a 1-px ink frame around the edge.
    static func grid(width: Int, height: Int, columns: [Int], rows: [Int], frame: Bool) -> ByteImage {
        var image = ByteImage(width: width, height: height, repeating: paper)
        for y in 0..<height {
            for x in 0..<width {
                let onFrame = frame && (x == 0 || y == 0 || x == width - 1 || y == height - 1)
                if onFrame || columns.contains(x) || rows.contains(y) { image[x, y] = ink }
            }
        }
        return image
    }

    static func inkCount(_ image: ByteImage) -> Int {
        image.samples.filter { $0 < 128 }.count
    }
}
