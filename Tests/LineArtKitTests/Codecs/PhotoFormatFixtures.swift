import CImageCodecs
import Foundation
@testable import LineArtCodecs

/// HEIF, WebP and TIFF test inputs: the small photos in Tests/Fixtures/photos (made with the
/// formats' own tools, see its README) and files built here byte by byte.
enum PhotoFormatFixtures {
    /// The bytes of Tests/Fixtures/photos/`name`.
    static func photo(_ name: String) throws -> [UInt8] {
        let url = Fixtures.repositoryRoot.appendingPathComponent("Tests/Fixtures/photos/\(name)")
        return [UInt8](try Data(contentsOf: url))
    }

    /// RGB (3) or RGBA (4) pixels as a WebP, lossless or lossy at `quality`.
    static func webp(_ pixels: [UInt8], width: Int, height: Int, channels: Int, lossless: Bool = true,
                     quality: Int = 90) throws -> [UInt8] {
        var out: UnsafeMutablePointer<UInt8>? = nil
        var size = 0
        let status = cic_webp_encode(pixels, Int32(width), Int32(height), Int32(channels), lossless ? 1 : 0,
                                     Int32(quality), &out, &size)
        defer { cic_free(out) }
        guard status == 0, let out else { throw Fixtures.FixtureError(description: "WebP encoding failed") }
        return Array(UnsafeBufferPointer(start: out, count: size))
    }

    /// A RIFF chunk: the four-character name, the little-endian length, the payload padded to even.
    static func riffChunk(_ name: String, _ payload: [UInt8]) -> [UInt8] {
        Array(name.utf8) + le32(payload.count) + payload + (payload.count % 2 == 1 ? [0] : [])
    }

    /// A simple (VP8 / VP8L) WebP rewritten in the extended format with `extra` chunks after
    /// the image, announced by the VP8X `flags` (0x08: EXIF, 0x02: animation, 0x10: alpha).
    static func extendedWebP(_ simple: [UInt8], width: Int, height: Int, flags: UInt8, extra: [UInt8]) -> [UInt8] {
        let vp8x = riffChunk("VP8X", [flags, 0, 0, 0] + Array(le32(width - 1).prefix(3)) + Array(le32(height - 1).prefix(3)))
        let body = Array("WEBP".utf8) + vp8x + Array(simple[12...]) + extra
        return Array("RIFF".utf8) + le32(body.count) + body
    }

    /// `simple` with an EXIF chunk whose IFD0 says `orientation`.
    static func webpWithEXIF(_ simple: [UInt8], width: Int, height: Int, orientation: Int) -> [UInt8] {
        extendedWebP(simple, width: width, height: height, flags: 0x08,
                     extra: riffChunk("EXIF", Fixtures.exifTIFF(orientation: orientation, bigEndian: false)))
    }

    static func le32(_ v: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: v >> (8 * $0)) } }

    /// An uncompressed one-strip TIFF of 8-bit gray (1), gray + alpha (2), RGB (3) or RGBA (4)
    /// samples (the alpha unassociated), in either byte order, with an Orientation tag.
    static func tiff(_ samples: [UInt8], width: Int, height: Int, channels: Int, orientation: Int = 1,
                     bigEndian: Bool = false) -> [UInt8] {
        func u16(_ v: Int) -> [UInt8] { bigEndian ? [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] : [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        func u32(_ v: Int) -> [UInt8] { bigEndian ? u16(v >> 16) + u16(v & 0xFFFF) : u16(v & 0xFFFF) + u16(v >> 16) }
        let dataOffset = 8, bitsOffset = 8 + samples.count
        let ifdOffset = bitsOffset + 2 * channels
        // (tag, type 3 = SHORT / 4 = LONG, count, value or offset)
        var entries: [(Int, Int, Int, Int)] = [
            (256, 4, 1, width), (257, 4, 1, height),
            (258, 3, channels, channels <= 2 ? 8 | (channels == 2 ? 8 << 16 : 0) : bitsOffset),
            (259, 3, 1, 1), (262, 3, 1, channels >= 3 ? 2 : 1), (273, 4, 1, dataOffset),
            (274, 3, 1, orientation), (277, 3, 1, channels), (278, 4, 1, height), (279, 4, 1, samples.count),
        ]
        if channels % 2 == 0 { entries.append((338, 3, 1, 2)) }
        var file: [UInt8] = (bigEndian ? [0x4D, 0x4D] : [0x49, 0x49]) + u16(42) + u32(ifdOffset) + samples
        for _ in 0..<channels { file += u16(8) }
        file += u16(entries.count)
        for (tag, type, count, value) in entries {
            let inline: [UInt8]
            if type == 3 && count == 1 { inline = u16(value) + [0, 0] }
            else if type == 3 && count == 2 { inline = u16(value & 0xFFFF) + u16(value >> 16) }
            else { inline = u32(value) }
            file += u16(tag) + u16(type) + u32(count) + inline
        }
        return file + u32(0)
    }
}
