import Testing
@testable import LineArtImage
@testable import LineArtCodecs
@testable import LineArtAlgorithms
@testable import LineArtPipeline
@testable import LineArtKit

@Suite struct PNGEncoderTests {
    static func ihdr(_ png: [UInt8]) -> (bitDepth: UInt8, colorType: UInt8)? {
        guard let chunk = Fixtures.pngChunks(png).first, chunk.type == "IHDR", chunk.data.count == 13 else { return nil }
        return (chunk.data[8], chunk.data[9])
    }

    static func physPixelsPerMeter(_ png: [UInt8]) -> (Int, Int, UInt8)? {
        guard let chunk = Fixtures.pngChunks(png).first(where: { $0.type == "pHYs" }), chunk.data.count == 9 else { return nil }
        let d = chunk.data
        let x = Int(d[0]) << 24 | Int(d[1]) << 16 | Int(d[2]) << 8 | Int(d[3])
        let y = Int(d[4]) << 24 | Int(d[5]) << 16 | Int(d[6]) << 8 | Int(d[7])
        return (x, y, d[8])
    }

    @Test func bilevelRoundTripWithDPI() throws {
        let values: [UInt8] = [0, 50, 127, 128, 200, 255, 255, 0, 1, 254, 127]
        let image = ByteImage(width: 11, height: 3, samples: values + values.reversed() + values)
        let png = try PNGEncoder(pixelFormat: .bilevel, dpi: 300).encode(image)
        #expect(Self.ihdr(png)?.bitDepth == 1)
        #expect(Self.ihdr(png)?.colorType == 0)
        let phys = Self.physPixelsPerMeter(png)
        #expect(phys?.0 == 11811 && phys?.1 == 11811 && phys?.2 == 1)
        let decoded = try decodeImage(png)
        #expect(decoded.image.channels == 1)
        #expect(decoded.image.samples == image.samples.map { $0 < 128 ? 0 : 255 })
    }

    /// The packing (sixteen pixels at a time in `cpk_pack_bits`, then one at a time) against
    /// the definition, bit by bit, for widths around the multiples of 8 and 16 and every
    /// pixel value on either side of 128.
    @Test func bilevelPackingMatchesTheDefinition() {
        var state: UInt32 = 12345
        for width in [1, 7, 8, 9, 15, 16, 17, 31, 32, 33, 47, 48, 49, 100] {
            let height = 3
            let samples = (0..<(width * height)).map { _ -> UInt8 in
                state = state &* 1_664_525 &+ 1_013_904_223
                return UInt8(truncatingIfNeeded: state >> 24)
            }
            let (packed, stride) = PNGEncoder.packBilevel(ByteImage(width: width, height: height, samples: samples))
            #expect(stride == (width + 7) / 8)
            var expected = [UInt8](repeating: 0, count: stride * height)
            for y in 0..<height {
                for x in 0..<width where samples[y * width + x] >= 128 {
                    expected[y * stride + x / 8] |= UInt8(0x80) >> UInt8(x % 8)
                }
            }
            #expect(packed == expected, "width \(width)")
        }
        // Every value, in one row of 256: 0...127 clear, 128...255 set.
        let ramp = ByteImage(width: 256, height: 1, samples: (0...255).map { UInt8($0) })
        #expect(PNGEncoder.packBilevel(ramp).bytes == [UInt8](repeating: 0, count: 16) + [UInt8](repeating: 0xff, count: 16))
    }

    /// Rows packed beforehand give the PNG of the unpacked image; rows of the wrong length
    /// and a format other than bilevel are refused.
    @Test func packedBilevelRowsEncodeAsTheImage() throws {
        var state: UInt32 = 3
        let width = 37, height = 5
        let samples = (0..<(width * height)).map { _ -> UInt8 in
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(truncatingIfNeeded: state >> 24)
        }
        let image = ByteImage(width: width, height: height, samples: samples)
        let encoder = PNGEncoder(pixelFormat: .bilevel, dpi: 300, runLengthsOnly: true)
        let packed = PNGEncoder.packBilevel(image).bytes
        #expect(try encoder.encode(packedBilevel: packed, width: width, height: height) == encoder.encode(image))
        #expect(throws: CodecError.self) { try encoder.encode(packedBilevel: packed.dropLast(), width: width, height: height) }
        #expect(throws: CodecError.self) {
            try PNGEncoder(pixelFormat: .gray8).encode(packedBilevel: packed, width: width, height: height)
        }
    }

    /// Run lengths only: the same pixels back, and the strategy reaches zlib (a row pattern
    /// repeated down the image, which only the default strategy can match, packs worse).
    @Test func bilevelRunLengthsOnly() throws {
        var state: UInt32 = 7
        let row = (0..<128).map { _ -> UInt8 in
            state = state &* 1_664_525 &+ 1_013_904_223
            return state >> 31 == 0 ? 0 : 255
        }
        let image = ByteImage(width: 128, height: 64, samples: Array((0..<64).map { _ in row }.joined()))
        let rle = try PNGEncoder(pixelFormat: .bilevel, runLengthsOnly: true).encode(image)
        let standard = try PNGEncoder(pixelFormat: .bilevel).encode(image)
        #expect(try decodeImage(rle).image.samples == image.samples)
        #expect(rle.count > 2 * standard.count, "run lengths \(rle.count) bytes, standard \(standard.count)")
    }

    @Test func gray8RoundTrip() throws {
        let image = ByteImage(width: 17, height: 5, samples: (0..<85).map { UInt8($0 * 3) })
        let png = try PNGEncoder(pixelFormat: .gray8, dpi: 150).encode(image)
        #expect(Self.ihdr(png)?.bitDepth == 8)
        #expect(Self.physPixelsPerMeter(png)?.0 == 5906)
        #expect(try decodeImage(png).image == image)
    }

    @Test func rgb8RoundTripWithoutDPI() throws {
        let image = ByteImage(width: 9, height: 4, channels: 3, samples: (0..<108).map { UInt8(($0 * 29) % 256) })
        let png = try PNGEncoder(pixelFormat: .rgb8, compressionLevel: 9).encode(image)
        #expect(Self.ihdr(png)?.colorType == 2)
        #expect(Self.physPixelsPerMeter(png) == nil)
        #expect(try decodeImage(png).image == image)
    }

    @Test func rejectsMismatchedInput() {
        let rgb = ByteImage(width: 2, height: 2, channels: 3, repeating: 0)
        let gray = ByteImage(width: 2, height: 2, repeating: 0)
        #expect(throws: CodecError.self) { try PNGEncoder(pixelFormat: .bilevel).encode(rgb) }
        #expect(throws: CodecError.self) { try PNGEncoder(pixelFormat: .rgb8).encode(gray) }
        #expect(throws: CodecError.self) { try PNGEncoder(pixelFormat: .gray8, dpi: -1).encode(gray) }
        #expect(throws: CodecError.self) { try PNGEncoder(pixelFormat: .gray8).encode(ByteImage(width: 0, height: 0, samples: [])) }
        #expect(PNGEncoder.pixelsPerMeter(dpi: 300) == 11811)
    }
}
