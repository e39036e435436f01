@testable import LineArtKit

/// Tiny deterministic RNG for seeded test inputs (Steele, Lea & Flood, SplitMix64).
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

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
