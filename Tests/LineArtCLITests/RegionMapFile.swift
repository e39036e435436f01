import Foundation
@testable import LineArtKit

/// Reads `NAME.regions.png` back: a 16-bit grayscale PNG, not interlaced. The library's
/// decoder gives 8 bits, which would turn labels 1...128 into 0 (ink), so this one inflates
/// the IDAT data itself (zlib, through ``Deflate``) and undoes the five PNG row filters.
struct RegionMapFile {
    var width: Int
    var height: Int
    /// Row-major labels: 0 ink, 1...n regions.
    var labels: [UInt16]

    enum ReadError: Error { case notAGray16PNG, badData }

    init(contentsOf url: URL) throws {
        let png = [UInt8](try Data(contentsOf: url))
        func be32(_ at: Int) -> Int { Int(png[at]) << 24 | Int(png[at + 1]) << 16 | Int(png[at + 2]) << 8 | Int(png[at + 3]) }
        guard png.count > 33, png[12..<16].elementsEqual("IHDR".utf8), png[24] == 16, png[25] == 0, png[28] == 0 else {
            throw ReadError.notAGray16PNG
        }
        width = be32(16)
        height = be32(20)
        var idat: [UInt8] = []
        var at = 8
        while at + 8 <= png.count {
            let length = be32(at)
            if png[(at + 4)..<(at + 8)].elementsEqual("IDAT".utf8) { idat += png[(at + 8)..<(at + 8 + length)] }
            at += 12 + length
        }
        let stride = 2 * width
        guard let raw = Deflate.decompress(idat, maxSize: height * (stride + 1)), raw.count == height * (stride + 1) else {
            throw ReadError.badData
        }
        var rows = [UInt8](repeating: 0, count: height * stride)
        for y in 0..<height {
            let filter = raw[y * (stride + 1)]
            for x in 0..<stride {
                let value = raw[y * (stride + 1) + 1 + x]
                let left = x >= 2 ? Int(rows[y * stride + x - 2]) : 0
                let up = y > 0 ? Int(rows[(y - 1) * stride + x]) : 0
                let upLeft = x >= 2 && y > 0 ? Int(rows[(y - 1) * stride + x - 2]) : 0
                let predicted: Int
                switch filter {
                case 0: predicted = 0
                case 1: predicted = left
                case 2: predicted = up
                case 3: predicted = (left + up) / 2
                case 4:
                    let p = left + up - upLeft
                    let (pa, pb, pc) = (abs(p - left), abs(p - up), abs(p - upLeft))
                    predicted = pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft
                default: throw ReadError.badData
                }
                rows[y * stride + x] = UInt8(truncatingIfNeeded: Int(value) + predicted)
            }
        }
        labels = (0..<(width * height)).map { UInt16(rows[2 * $0]) << 8 | UInt16(rows[2 * $0 + 1]) }
    }

    subscript(x: Int, y: Int) -> UInt16 { labels[y * width + x] }
}
