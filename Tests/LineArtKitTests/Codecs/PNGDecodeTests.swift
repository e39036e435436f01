import Testing
@testable import LineArtImage
@testable import LineArtCodecs
@testable import LineArtAlgorithms
@testable import LineArtPipeline
@testable import LineArtKit

@Suite struct PNGDecodeTests {
    static let width = 13, height = 7  // odd sizes exercise bit packing and Adam7 passes

    /// Packs sub-byte gray samples MSB first.
    static func pack(_ values: [Int], bits: Int) -> [UInt8] {
        var rows: [UInt8] = []
        for y in 0..<height {
            var byte = 0, used = 0
            for x in 0..<width {
                byte = byte << bits | values[y * width + x]
                used += bits
                if used == 8 { rows.append(UInt8(byte)); byte = 0; used = 0 }
            }
            if used > 0 { rows.append(UInt8(byte << (8 - used))) }
        }
        return rows
    }

    static func grayValues(levels: Int) -> [Int] {
        (0..<width * height).map { ($0 * 7 + $0 / width) % levels }
    }

    @Test(arguments: [1, 2, 4])
    func lowBitDepthGray(bits: Int) throws {
        let levels = 1 << bits
        let values = Self.grayValues(levels: levels)
        for interlaced in [false, true] {
            let png = try Fixtures.png(width: Self.width, height: Self.height, bitDepth: bits, colorType: 0,
                                       rows: Self.pack(values, bits: bits), interlaced: interlaced)
            let decoded = try decodeImage(png)
            #expect(decoded.format == .png)
            #expect(decoded.image.channels == 1)
            #expect(decoded.image.samples == values.map { UInt8($0 * 255 / (levels - 1)) })
        }
    }

    @Test func eightAndSixteenBitGray() throws {
        let values = Self.grayValues(levels: 256)
        let png8 = try Fixtures.png(width: Self.width, height: Self.height, bitDepth: 8, colorType: 0, rows: values.map { UInt8($0) })
        #expect(try decodeImage(png8).image.samples == values.map { UInt8($0) })

        let rows16 = values.flatMap { v -> [UInt8] in let s = v * 257; return [UInt8(s >> 8), UInt8(s & 0xFF)] }
        for interlaced in [false, true] {
            let decoded16 = try decodeImage(Fixtures.png(width: Self.width, height: Self.height, bitDepth: 16, colorType: 0,
                                                         rows: rows16, interlaced: interlaced))
            #expect(decoded16.image.channels == 1)
            #expect(zip(decoded16.image.samples, values).allSatisfy { abs(Int($0) - $1) <= 1 }, "interlaced \(interlaced)")
        }
    }

    @Test func grayWithAlphaIsCompositedOverWhite() throws {
        // Pairs (gray, alpha): opaque keeps the value, fully transparent becomes paper white.
        let pixels: [(UInt8, UInt8)] = (0..<Self.width * Self.height).map { i in (UInt8(i % 200), i % 2 == 0 ? 255 : 0) }
        let png = try Fixtures.png(width: Self.width, height: Self.height, bitDepth: 8, colorType: 4,
                                   rows: pixels.flatMap { [$0.0, $0.1] })
        let decoded = try decodeImage(png)
        #expect(decoded.image.channels == 1)
        #expect(decoded.image.samples == pixels.map { $0.1 == 255 ? $0.0 : 255 })
    }

    @Test func grayWithTransparentColorIsCompositedOverWhite() throws {
        let values: [UInt8] = (0..<Self.width * Self.height).map { $0 % 3 == 0 ? 0 : 40 }
        let png = try Fixtures.png(width: Self.width, height: Self.height, bitDepth: 8, colorType: 0, rows: values, transparentGray: 0)
        let decoded = try decodeImage(png)
        #expect(decoded.image.channels == 1)
        #expect(decoded.image.samples == values.map { $0 == 0 ? 255 : 40 })
    }

    @Test func paletteWithTransparency() throws {
        let palette: [UInt8] = [255, 0, 0, 0, 255, 0, 0, 0, 255, 10, 20, 30]
        let alpha: [UInt8] = [255, 255, 0]  // index 2 (blue) fully transparent, 3 implicit opaque
        let indices = (0..<Self.width * Self.height).map { $0 % 4 }
        for bits in [8, 2] {
            let rows = bits == 8 ? indices.map { UInt8($0) } : Self.pack(indices, bits: 2)
            let png = try Fixtures.png(width: Self.width, height: Self.height, bitDepth: bits, colorType: 3, rows: rows,
                                       palette: palette, paletteAlpha: alpha)
            let decoded = try decodeImage(png)
            #expect(decoded.image.channels == 3)
            let expected: [[UInt8]] = [[255, 0, 0], [0, 255, 0], [255, 255, 255], [10, 20, 30]]
            #expect(decoded.image.samples == indices.flatMap { expected[$0] }, "bit depth \(bits)")
        }
    }

    static func rgbValues() -> [UInt8] {
        (0..<Self.width * Self.height * 3).map { UInt8(($0 * 37 + 11) % 256) }
    }

    @Test(arguments: [false, true])
    func rgbEightAndSixteenBit(interlaced: Bool) throws {
        let rgb = Self.rgbValues()
        let png8 = try Fixtures.png(width: Self.width, height: Self.height, bitDepth: 8, colorType: 2, rows: rgb, interlaced: interlaced)
        let decoded8 = try decodeImage(png8)
        #expect(decoded8.image.channels == 3)
        #expect(decoded8.image.samples == rgb)

        let rows16 = rgb.flatMap { [$0, $0] }  // v * 257, big-endian
        let decoded16 = try decodeImage(Fixtures.png(width: Self.width, height: Self.height, bitDepth: 16, colorType: 2,
                                                     rows: rows16, interlaced: interlaced))
        #expect(decoded16.image.channels == 3)
        #expect(zip(decoded16.image.samples, rgb).allSatisfy { abs(Int($0) - Int($1)) <= 1 })
    }

    @Test func rgbaIsCompositedOverWhite() throws {
        let rgb = Self.rgbValues()
        var rgba: [UInt8] = []
        var expected: [UInt8] = []
        for i in 0..<Self.width * Self.height {
            let opaque = i % 3 != 0
            rgba += rgb[i * 3..<i * 3 + 3] + [opaque ? 255 : 0]
            expected += opaque ? Array(rgb[i * 3..<i * 3 + 3]) : [255, 255, 255]
        }
        // 16-bit Adam7 goes through the shim's workaround for libpng issue #853.
        for (bits, rows) in [(8, rgba), (16, rgba.flatMap { [$0, $0] })] {
            for interlaced in [false, true] {
                let decoded = try decodeImage(Fixtures.png(width: Self.width, height: Self.height, bitDepth: bits, colorType: 6,
                                                           rows: rows, interlaced: interlaced))
                #expect(decoded.image.channels == 3)
                #expect(zip(decoded.image.samples, expected).allSatisfy { abs(Int($0) - Int($1)) <= 1 },
                        "bit depth \(bits), interlaced \(interlaced)")
            }
        }
    }

    @Test func pngCutMidIDATIsTruncated() throws {
        let png = try Fixtures.png(width: 64, height: 64, bitDepth: 8, colorType: 2, rows: Fixtures.noise(count: 64 * 64 * 3))
        let cut = Array(png.prefix(png.count * 6 / 10))
        #expect(Fixtures.error { () throws(CodecError) in try decodeImage(cut) } == .truncated)
        #expect(Fixtures.error { () throws(CodecError) in try decodeImage(Array(png.prefix(20))) } == .truncated)
    }

    @Test func corruptIDATIsCorrupt() throws {
        var png = try Fixtures.png(width: 64, height: 64, bitDepth: 8, colorType: 2, rows: Fixtures.noise(count: 64 * 64 * 3))
        png[png.count / 2] ^= 0xFF  // breaks the IDAT CRC
        guard case .corrupt(let message)? = Fixtures.error({ () throws(CodecError) in try decodeImage(png) }) else {
            Issue.record("expected corrupt")
            return
        }
        #expect(!message.isEmpty)
    }

    /// `v` as the 4 big-endian bytes of a PNG header field.
    static func bigEndian(_ v: Int) -> [UInt8] {
        [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
    }

    @Test func hugeDeclaredSizeIsRefusedFromTheHeader() throws {
        let ihdr = Self.bigEndian(100_000) + Self.bigEndian(100_000) + [8, 2, 0, 0, 0]
        let png = Fixtures.pngSignature + Fixtures.pngChunk("IHDR", ihdr) + Fixtures.pngChunk("IDAT", [0x78, 0x9C, 0x03, 0, 0, 0, 0, 1])
            + Fixtures.pngChunk("IEND", [])
        let error = Fixtures.error { () throws(CodecError) in try decodeImage(png) }
        #expect(error == .tooLarge(width: 100_000, height: 100_000, limit: 100_000_000))
        #expect(error?.description == "image is 100000x100000 = 10000 megapixels, over the 100 megapixel limit")
        // Just the header is enough to refuse.
        let headerOnly = Fixtures.pngSignature + Fixtures.pngChunk("IHDR", ihdr)
        #expect(Fixtures.error { () throws(CodecError) in try decodeImage(headerOnly) } == error)
    }

    /// A header within the pixel limit whose file is far too small for its pixels (deflate
    /// packs at most 1032:1) is refused before the pixel buffer is allocated.
    @Test func aHeaderThatTheFileCannotHoldIsRefusedBeforeAllocating() throws {
        let ihdr = Self.bigEndian(30_000) + Self.bigEndian(30_000) + [8, 2, 0, 0, 0]
        let png = Fixtures.pngSignature + Fixtures.pngChunk("IHDR", ihdr) + Fixtures.pngChunk("IDAT", [0x78, 0x9C, 0x03, 0, 0, 0, 0, 1])
            + Fixtures.pngChunk("IEND", [])
        let error = Fixtures.error { () throws(CodecError) in try decodeImage(png, options: DecodeOptions(maxPixels: 1_000_000_000)) }
        #expect(error?.description.contains("the header says 30000x30000 pixels, but the file's \(png.count) bytes cannot hold them") == true,
                "\(String(describing: error))")
        // A real, highly compressible picture of one colour passes the test: 2000x2000
        // white RGB deflates to about 12 KB, well above 12 MB / 1032.
        let white = try PNGEncoder(pixelFormat: .rgb8).encode(ByteImage(width: 2000, height: 2000, channels: 3, repeating: 255))
        #expect(white.count < 40_000)
        #expect(try decodeImage(white).image.size == ImageSize(width: 2000, height: 2000))
    }
}
