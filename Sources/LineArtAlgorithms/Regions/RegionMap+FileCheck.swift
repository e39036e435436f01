import FoundationEssentials
import LineArtCodecs

extension RegionMap {
    /// The name ending of a region map file: `NAME.regions.png`.
    public static let fileSuffix = ".regions.png"

    /// Whether the file at `path` is a region map as `lineart convert --regions` writes it:
    /// named `NAME.regions.png` *and* a PNG whose header (the IHDR chunk, which PNG requires
    /// first) declares 16-bit grayscale. A page is 1-bit or 8-bit, so the page of a photo
    /// named `x.regions.jpg` (which is `x.regions.png`) is not taken for one.
    ///
    /// Reads the first 26 bytes of the file only; a file that cannot be read is not a map.
    public static func isMapFile(atPath path: String) -> Bool {
        guard path.hasSuffix(fileSuffix), let head = FileBytes.head(path: path, count: 26) else { return false }
        return isMapHeader(head)
    }

    /// Whether `head` (a file's first bytes) is the start of a 16-bit grayscale PNG: the PNG
    /// signature, then IHDR with bit depth 16 (byte 24) and colour type 0, gray (byte 25).
    static func isMapHeader(_ head: [UInt8]) -> Bool {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        return head.count >= 26 && head.prefix(8).elementsEqual(signature)
            && head[12..<16].elementsEqual("IHDR".utf8) && head[24] == 16 && head[25] == 0
    }
}
