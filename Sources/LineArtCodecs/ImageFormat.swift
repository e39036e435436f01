/// Image formats LineArtKit decodes.
public enum ImageFormat: String, Sendable, Equatable, Hashable, CustomStringConvertible {
    case jpeg
    case png
    /// HEIC and other HEIF stills (an iPhone's photos), decoded by libheif.
    case heif
    case webp
    case tiff

    public var description: String {
        switch self {
        case .jpeg: return "JPEG"
        case .png: return "PNG"
        case .heif: return "HEIF"
        case .webp: return "WebP"
        case .tiff: return "TIFF"
        }
    }

    /// Identifies the format from the first bytes (the file name is never consulted).
    ///
    /// JPEG (`FF D8 FF`), PNG (`89 50 4E 47 0D 0A 1A 0A`), HEIC / HEIF (an ISO-BMFF `ftyp`
    /// box with a HEIF brand), WebP (`RIFF....WEBP`) and TIFF (`II*\0`/`MM\0*`) are returned.
    /// Recognised but unsupported formats throw `.unsupportedFormat(name)`: AVIF, GIF
    /// (`GIF87a`/`GIF89a`), BMP (`BM` plus a plausible DIB header size) and JPEG XL. Zero bytes
    /// throw `.emptyFile`; anything else throws `.notAnImage`.
    public static func detect(_ bytes: UnsafeRawBufferPointer) throws(CodecError) -> ImageFormat {
        let b = Array(bytes.prefix(64))
        if b.isEmpty { throw .emptyFile }
        if b.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if b.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if ascii(b, 0, "RIFF") && ascii(b, 8, "WEBP") { return .webp }
        if b.starts(with: [0x49, 0x49, 0x2A, 0x00]) || b.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) { return .tiff }
        // BigTIFF: version 43, 8-byte offsets.
        if b.starts(with: [0x49, 0x49, 0x2B, 0x00]) || b.starts(with: [0x4D, 0x4D, 0x00, 0x2B]) { return .tiff }
        if ascii(b, 4, "ftyp"), let name = isoBMFFName(b) {
            if name == "HEIC" || name == "HEIF" { return .heif }
            throw .unsupportedFormat(name)
        }
        if let name = unsupportedName(b) { throw .unsupportedFormat(name) }
        throw .notAnImage
    }

    /// `detect` for an array.
    public static func detect(_ bytes: [UInt8]) throws(CodecError) -> ImageFormat {
        let result = bytes.withUnsafeBytes { raw in
            Result { () throws(CodecError) -> ImageFormat in try detect(raw) }
        }
        return try result.get()
    }

    private static func ascii(_ b: [UInt8], _ offset: Int, _ text: String) -> Bool {
        let t = Array(text.utf8)
        guard offset >= 0, b.count >= offset + t.count else { return false }
        return Array(b[offset..<offset + t.count]) == t
    }

    private static func unsupportedName(_ b: [UInt8]) -> String? {
        if ascii(b, 0, "GIF87a") || ascii(b, 0, "GIF89a") { return "GIF" }
        if b.starts(with: [0xFF, 0x0A]) ||
            b.starts(with: [0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A]) { return "JPEG XL" }
        if ascii(b, 0, "BM") && b.count >= 18 {
            let dib = Int(b[14]) | Int(b[15]) << 8 | Int(b[16]) << 16 | Int(b[17]) << 24
            if [12, 16, 40, 52, 56, 64, 108, 124].contains(dib) { return "BMP" }
        }
        return nil
    }

    /// Names an ISO-BMFF file by its major and compatible brands; nil for non-image brands (MP4, QuickTime).
    private static func isoBMFFName(_ b: [UInt8]) -> String? {
        guard b.count >= 12 else { return nil }
        let boxSize = Int(b[0]) << 24 | Int(b[1]) << 16 | Int(b[2]) << 8 | Int(b[3])
        var brands: [String] = []
        var offset = 8
        let end = min(b.count, max(boxSize, 12))
        while offset + 4 <= end {
            if offset != 12 {  // bytes 12..<16 are the minor version, not a brand
                brands.append(String(decoding: b[offset..<offset + 4], as: UTF8.self))
            }
            offset += 4
        }
        if brands.contains(where: { $0 == "avif" || $0 == "avis" }) { return "AVIF" }
        let heic: Set<String> = ["heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs"]
        if brands.contains(where: { heic.contains($0) }) { return "HEIC" }
        if brands.contains(where: { $0 == "mif1" || $0 == "msf1" }) { return "HEIF" }
        return nil
    }
}
