import CImageCodecs
import Foundation
@testable import LineArtImage
@testable import LineArtCodecs
@testable import LineArtAlgorithms
@testable import LineArtPipeline
@testable import LineArtKit

/// Test fixtures generated in memory with libjpeg / libpng through the shim.
enum Fixtures {
    struct FixtureError: Error, CustomStringConvertible { var description: String }

    enum CMYKMode: Int32 { case plain = 0, adobe = 1, ycck = 2 }

    /// Encodes interleaved gray (1), RGB (3) or CMYK (4) pixels as a JPEG.
    /// `lumaSampling` (h, v) with chroma 1x1 (nil: libjpeg's default 2x2, i.e. 4:2:0);
    /// `restartInterval` in MCUs (0: none).
    static func jpeg(_ pixels: [UInt8], width: Int, height: Int, components: Int, quality: Int = 95,
                     progressive: Bool = false, cmyk: CMYKMode = .adobe,
                     lumaSampling: (Int, Int)? = nil, restartInterval: Int = 0) throws -> [UInt8] {
        var out: UnsafeMutablePointer<UInt8>? = nil
        var size = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = cic_jpeg_encode_sampled(pixels, Int32(width), Int32(height), Int32(components), Int32(quality),
                                             progressive ? 1 : 0, cmyk.rawValue,
                                             Int32(lumaSampling?.0 ?? 0), Int32(lumaSampling?.1 ?? 0),
                                             Int32(restartInterval), &out, &size, &message, message.count)
        defer { cic_free(out) }
        guard status == 0, let out else {
            throw FixtureError(description: String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return Array(UnsafeBufferPointer(start: out, count: size))
    }

    /// A PNG of any type: `rows` are packed exactly as stored in the file (16-bit big-endian).
    static func png(width: Int, height: Int, bitDepth: Int, colorType: Int, rows: [UInt8], interlaced: Bool = false,
                    palette: [UInt8] = [], paletteAlpha: [UInt8] = [], transparentGray: UInt16? = nil) throws -> [UInt8] {
        let stride = rows.count / height
        var out: UnsafeMutablePointer<UInt8>? = nil
        var size = 0
        var message = [CChar](repeating: 0, count: 256)
        let status: Int32 = rows.withUnsafeBufferPointer { r in
            palette.withUnsafeBufferPointer { p in
                paletteAlpha.withUnsafeBufferPointer { a in
                    var params = cic_png_write_params()
                    params.width = Int32(width)
                    params.height = Int32(height)
                    params.bit_depth = Int32(bitDepth)
                    params.color_type = Int32(colorType)
                    params.interlace = interlaced ? 1 : 0
                    params.rows = r.baseAddress
                    params.row_stride = stride
                    params.palette_rgb = p.baseAddress
                    params.palette_count = Int32(palette.count / 3)
                    params.trns_alpha = a.baseAddress
                    params.trns_count = Int32(paletteAlpha.count)
                    if let transparentGray {
                        params.has_trns_color = 1
                        params.trns_gray = transparentGray
                    }
                    params.compression_level = -1
                    return cic_png_encode(&params, &out, &size, &message, message.count)
                }
            }
        }
        defer { cic_free(out) }
        guard status == 0, let out else {
            throw FixtureError(description: String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return Array(UnsafeBufferPointer(start: out, count: size))
    }

    /// Inserts an APP1 EXIF segment with IFD0 orientation `value` right after SOI.
    static func withEXIFOrientation(_ jpeg: [UInt8], value: Int, bigEndian: Bool = true) -> [UInt8] {
        let segment = jpegSegment(0xE1, Array("Exif".utf8) + [0, 0] + exifTIFF(orientation: value, bigEndian: bigEndian))
        return Array(jpeg[0..<2]) + segment + Array(jpeg[2...])
    }

    /// An EXIF payload (a TIFF header and IFD0) holding Make = "ABC" and Orientation = `orientation`.
    static func exifTIFF(orientation value: Int, bigEndian: Bool = true) -> [UInt8] {
        func u16(_ v: Int) -> [UInt8] { bigEndian ? [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] : [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        func u32(_ v: Int) -> [UInt8] { bigEndian ? u16(v >> 16) + u16(v & 0xFFFF) : u16(v & 0xFFFF) + u16(v >> 16) }
        var tiff: [UInt8] = bigEndian ? [0x4D, 0x4D] : [0x49, 0x49]
        tiff += u16(42) + u32(8)
        tiff += u16(2)                                       // two entries
        tiff += u16(0x010F) + u16(2) + u32(4) + [0x41, 0x42, 0x43, 0]  // Make = "ABC"
        tiff += u16(0x0112) + u16(3) + u32(1) + u16(value) + [0, 0]
        tiff += u32(0)
        return tiff
    }

    /// A JPEG marker segment: 0xFF, `marker`, the big-endian length, `payload`.
    static func jpegSegment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
        let length = payload.count + 2
        return [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
    }

    /// A PNG chunk with length and CRC.
    static func pngChunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        let n = data.count
        let crc = crc32(typeBytes + data)
        return [UInt8(n >> 24 & 0xFF), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)] + typeBytes + data +
            [UInt8(crc >> 24 & 0xFF), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
    }

    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// (type, data) of every chunk in a PNG; stops at the first malformed length.
    static func pngChunks(_ png: [UInt8]) -> [(type: String, data: [UInt8])] {
        var chunks: [(String, [UInt8])] = []
        var offset = 8
        while offset + 12 <= png.count {
            let n = Int(png[offset]) << 24 | Int(png[offset + 1]) << 16 | Int(png[offset + 2]) << 8 | Int(png[offset + 3])
            guard offset + 12 + n <= png.count else { break }
            let type = String(decoding: png[offset + 4..<offset + 8], as: UTF8.self)
            chunks.append((type, Array(png[offset + 8..<offset + 8 + n])))
            offset += 12 + n
        }
        return chunks
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }

    /// Deterministic pseudo-random bytes (xorshift), so fixtures do not compress away.
    static func noise(count: Int, seed: UInt64 = 0x9E37_79B9_7F4A_7C15) -> [UInt8] {
        var state = seed
        return (0..<count).map { _ in
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return UInt8(truncatingIfNeeded: state >> 24)
        }
    }

    /// Repository root, found from this file's location.
    static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
    }

    /// A fresh empty temporary folder.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("lineart-codecs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Expects `body` to throw exactly `expected`.
    static func error(_ body: () throws(CodecError) -> DecodedImage) -> CodecError? {
        do {
            _ = try body()
            return nil
        } catch {
            return error
        }
    }
}
