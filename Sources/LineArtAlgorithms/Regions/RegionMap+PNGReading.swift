import LineArtCodecs

/// Why a file could not be read back as a region map.
public struct RegionMapReadError: Error, Equatable, CustomStringConvertible {
    public let reason: String
    public var description: String { reason }
}

extension RegionMap {
    /// The labels of a region map PNG as `lineart convert --regions` writes it
    /// (`NAME.regions.png`: 16-bit grayscale, not interlaced), for a Swift app or tool that
    /// looks regions up by pixel: `labels[y * width + x]`, 0 ink, 1...n regions.
    ///
    /// The library's image decoder gives 8 bits per sample, which would fold labels 256
    /// apart together; this reader inflates the IDAT data itself (zlib, ``Deflate``) and
    /// undoes the five PNG row filters. Chunk lengths are checked against the file, and a
    /// header whose pixels the compressed data cannot hold (deflate expands at most 1032:1)
    /// is refused before anything is allocated.
    ///
    /// - Throws: ``RegionMapReadError`` naming what is wrong: not a PNG, not 16-bit gray,
    ///   interlaced, a chunk cut short, or image data that is damaged or too short.
    public static func labels(fromPNG png: [UInt8]) throws(RegionMapReadError) -> (width: Int, height: Int, labels: [UInt16]) {
        func fail(_ reason: String) -> RegionMapReadError { RegionMapReadError(reason: reason) }
        func be32(_ at: Int) -> Int {
            Int(png[at]) << 24 | Int(png[at + 1]) << 16 | Int(png[at + 2]) << 8 | Int(png[at + 3])
        }
        guard png.count >= 33, isMapHeader(Array(png.prefix(26))) else {
            throw fail("not a 16-bit grayscale PNG")
        }
        guard png[26] == 0, png[27] == 0, png[28] == 0 else { throw fail("interlaced or unknown PNG method") }
        let width = be32(16), height = be32(20)
        guard width > 0, height > 0 else { throw fail("the PNG header declares no pixels") }

        var idat: [UInt8] = []
        var at = 8
        while at + 8 <= png.count {
            let length = be32(at)
            guard length <= png.count - at - 12 else { throw fail("a PNG chunk is cut short") }
            let type = png[(at + 4)..<(at + 8)]
            if type.elementsEqual("IDAT".utf8) { idat += png[(at + 8)..<(at + 8 + length)] }
            if type.elementsEqual("IEND".utf8) { break }
            at += 12 + length
        }
        let stride = 2 * width
        let (rawSize, overflow) = height.multipliedReportingOverflow(by: stride + 1)
        guard !overflow, rawSize / 1032 <= idat.count else {
            throw fail("the image data is too short for the \(width)x\(height) pixels the header declares")
        }
        guard let raw = Deflate.decompress(idat, maxSize: rawSize), raw.count == rawSize else {
            throw fail("the image data is damaged or too short")
        }
        var rows = [UInt8](repeating: 0, count: height * stride)
        try rows.withUnsafeMutableBufferPointer { (rows) throws(RegionMapReadError) in
            for y in 0..<height {
                let filter = raw[y * (stride + 1)]
                guard filter <= 4 else { throw fail("unknown PNG row filter \(filter) in row \(y)") }
                for x in 0..<stride {
                    let value = Int(raw[y * (stride + 1) + 1 + x])
                    let left = x >= 2 ? Int(rows[y * stride + x - 2]) : 0
                    let up = y > 0 ? Int(rows[(y - 1) * stride + x]) : 0
                    let upLeft = x >= 2 && y > 0 ? Int(rows[(y - 1) * stride + x - 2]) : 0
                    let predicted: Int
                    switch filter {
                    case 0: predicted = 0
                    case 1: predicted = left
                    case 2: predicted = up
                    case 3: predicted = (left + up) / 2
                    default:
                        let p = left + up - upLeft
                        let (pa, pb, pc) = (abs(p - left), abs(p - up), abs(p - upLeft))
                        predicted = pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft
                    }
                    rows[y * stride + x] = UInt8(truncatingIfNeeded: value + predicted)
                }
            }
        }
        let labels = [UInt16](unsafeUninitializedCapacity: width * height) { out, count in
            for i in 0..<(width * height) { out[i] = UInt16(rows[2 * i]) << 8 | UInt16(rows[2 * i + 1]) }
            count = width * height
        }
        return (width, height, labels)
    }
}
