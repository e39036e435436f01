import Testing
@testable import LineArtImage
@testable import LineArtCodecs
@testable import LineArtAlgorithms
@testable import LineArtPipeline
@testable import LineArtKit

@Suite struct JPEGDecodeTests {
    /// Solid 16x16 blocks of the given colours in a row, each block `block` pixels wide and tall.
    static func blocks(_ colors: [[UInt8]], block: Int = 16) -> (pixels: [UInt8], width: Int, height: Int) {
        let components = colors[0].count
        let width = block * colors.count, height = block
        var pixels = [UInt8]()
        pixels.reserveCapacity(width * height * components)
        for _ in 0..<height {
            for x in 0..<width { pixels += colors[x / block] }
        }
        return (pixels, width, height)
    }

    static func close(_ a: [UInt8], _ b: [UInt8], tolerance: Int) -> Bool {
        zip(a, b).allSatisfy { abs(Int($0) - Int($1)) <= tolerance }
    }

    static func pixel(_ image: ByteImage, _ x: Int, _ y: Int) -> [UInt8] {
        (0..<image.channels).map { image[x, y, $0] }
    }

    @Test func rgbBaselineDecodesToRGB() throws {
        let colors: [[UInt8]] = [[255, 0, 0], [0, 255, 0], [0, 0, 255], [250, 250, 250]]
        let (pixels, w, h) = Self.blocks(colors)
        let decoded = try decodeImage(Fixtures.jpeg(pixels, width: w, height: h, components: 3, quality: 100))
        #expect(decoded.format == .jpeg)
        #expect(decoded.image.channels == 3)
        #expect(decoded.originalSize == ImageSize(width: w, height: h))
        #expect(decoded.scaleNumerator == 8 && decoded.scaleDenominator == 8)
        #expect(decoded.orientation == .up)
        #expect(decoded.warnings.isEmpty)
        for (i, color) in colors.enumerated() {
            #expect(Self.close(Self.pixel(decoded.image, i * 16 + 8, 8), color, tolerance: 8))
        }
    }

    @Test func grayscaleDecodesToOneChannel() throws {
        let (pixels, w, h) = Self.blocks([[0], [100], [200], [255]])
        let decoded = try decodeImage(Fixtures.jpeg(pixels, width: w, height: h, components: 1, quality: 100))
        #expect(decoded.image.channels == 1)
        #expect(decoded.image.size == ImageSize(width: w, height: h))
        for (i, value) in [0, 100, 200, 255].enumerated() {
            #expect(abs(Int(decoded.image[i * 16 + 8, 8]) - value) <= 3)
        }
    }

    @Test func progressiveDecodes() throws {
        let colors: [[UInt8]] = [[255, 0, 0], [0, 128, 255]]
        let (pixels, w, h) = Self.blocks(colors)
        let jpeg = try Fixtures.jpeg(pixels, width: w, height: h, components: 3, quality: 100, progressive: true)
        #expect(jpeg.contains(0xC2))  // SOF2 marker byte present
        let decoded = try decodeImage(jpeg)
        #expect(decoded.image.channels == 3)
        #expect(Self.close(Self.pixel(decoded.image, 8, 8), colors[0], tolerance: 8))
        #expect(Self.close(Self.pixel(decoded.image, 24, 8), colors[1], tolerance: 8))
    }

    /// CMYK ink values and the RGB they must produce.
    static let cmykCases: [(cmyk: [UInt8], rgb: [UInt8])] = [
        ([255, 0, 0, 0], [0, 255, 255]),      // cyan
        ([0, 255, 0, 0], [255, 0, 255]),      // magenta
        ([0, 0, 255, 0], [255, 255, 0]),      // yellow
        ([0, 0, 0, 255], [0, 0, 0]),          // black
        ([0, 0, 0, 0], [255, 255, 255]),      // paper
        ([0, 0, 0, 128], [127, 127, 127]),    // 50 % black
    ]

    @Test(arguments: [Fixtures.CMYKMode.plain, .adobe, .ycck])
    func cmykDecodesToRGB(mode: Fixtures.CMYKMode) throws {
        // Adobe convention (APP14 present, also for YCCK): samples are stored inverted, 255 = no ink.
        let inverted = mode != .plain
        let stored = Self.cmykCases.map { inverted ? $0.cmyk.map { 255 - $0 } : $0.cmyk }
        let (pixels, w, h) = Self.blocks(stored)
        let jpeg = try Fixtures.jpeg(pixels, width: w, height: h, components: 4, quality: 100, cmyk: mode)
        let adobe = (0..<jpeg.count - 16).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xEE }
        #expect((adobe != nil) == inverted)
        if let adobe { #expect(jpeg[adobe + 15] == (mode == .ycck ? 2 : 0)) }  // Adobe transform flag
        let decoded = try decodeImage(jpeg)
        #expect(decoded.image.channels == 3)
        for (i, expected) in Self.cmykCases.enumerated() {
            let got = Self.pixel(decoded.image, i * 16 + 8, 8)
            #expect(Self.close(got, expected.rgb, tolerance: 6), "block \(i): \(got) vs \(expected.rgb)")
        }
    }

    @Test func shrinkOnLoadPicksSmallestSufficientScale() throws {
        let pixels = [UInt8](repeating: 90, count: 1000 * 600 * 3)
        let jpeg = try Fixtures.jpeg(pixels, width: 1000, height: 600, components: 3, quality: 75)
        let cases: [(target: Int?, num: Int, size: ImageSize)] = [
            (200, 2, ImageSize(width: 250, height: 150)),
            (125, 1, ImageSize(width: 125, height: 75)),
            (126, 2, ImageSize(width: 250, height: 150)),
            (600, 5, ImageSize(width: 625, height: 375)),
            (1000, 8, ImageSize(width: 1000, height: 600)),
            (5000, 8, ImageSize(width: 1000, height: 600)),
            (nil, 8, ImageSize(width: 1000, height: 600)),
        ]
        for c in cases {
            let decoded = try decodeImage(jpeg, options: DecodeOptions(targetMaxDimension: c.target))
            #expect(decoded.image.size == c.size, "target \(String(describing: c.target))")
            #expect(decoded.scaleNumerator == c.num && decoded.scaleDenominator == 8)
            #expect(decoded.originalSize == ImageSize(width: 1000, height: 600))
        }
    }

    @Test func pixelLimitIsCheckedFromTheHeader() throws {
        let jpeg = try Fixtures.jpeg([UInt8](repeating: 0, count: 100 * 100), width: 100, height: 100, components: 1)
        let error = Fixtures.error { () throws(CodecError) in try decodeImage(jpeg, options: DecodeOptions(maxPixels: 5000)) }
        #expect(error == .tooLarge(width: 100, height: 100, limit: 5000))
        #expect(try decodeImage(jpeg, options: DecodeOptions(maxPixels: 10_000)).image.pixelCount == 10_000)

        // SOF0 patched to declare 60000x60000: refused from the header, default limit.
        var huge = jpeg
        guard let sof = (2..<huge.count - 9).first(where: { huge[$0] == 0xFF && huge[$0 + 1] == 0xC0 }) else {
            Issue.record("no SOF0 marker")
            return
        }
        huge.replaceSubrange(sof + 5..<sof + 9, with: [0xEA, 0x60, 0xEA, 0x60])
        let hugeError = Fixtures.error { () throws(CodecError) in try decodeImage(huge) }
        #expect(hugeError == .tooLarge(width: 60000, height: 60000, limit: 100_000_000))
        #expect(hugeError?.description == "image is 60000x60000 = 3600 megapixels, over the 100 megapixel limit")
    }

    static func noisyJPEG(progressive: Bool = false) throws -> [UInt8] {
        try Fixtures.jpeg(Fixtures.noise(count: 256 * 256 * 3), width: 256, height: 256, components: 3,
                          quality: 90, progressive: progressive)
    }

    @Test func jpegCutInHalfIsTruncated() throws {
        let jpeg = try Self.noisyJPEG()
        let half = Array(jpeg.prefix(jpeg.count / 2))
        #expect(Fixtures.error { () throws(CodecError) in try decodeImage(half) } == .truncated)
        // Cut inside the header: no image data at all.
        #expect(Fixtures.error { () throws(CodecError) in try decodeImage(Array(jpeg.prefix(40))) } == .truncated)
        #expect(Fixtures.error { () throws(CodecError) in try decodeImage([0xFF, 0xD8, 0xFF]) } == .truncated)
    }

    @Test func jpegMissingOnlyItsTailDecodesWithWarning() throws {
        let jpeg = try Self.noisyJPEG()
        let nearlyAll = Array(jpeg.prefix(jpeg.count - jpeg.count / 50))
        let decoded = try decodeImage(nearlyAll)
        #expect(decoded.image.size == ImageSize(width: 256, height: 256))
        #expect(decoded.warnings.contains { $0.contains("Premature end of JPEG file") })
        // The policy is adjustable: demanding full coverage turns it into an error.
        let strict = DecodeOptions(minimumJPEGCoverage: 1.0)
        #expect(Fixtures.error { () throws(CodecError) in try decodeImage(nearlyAll, options: strict) } == .truncated)
    }

    /// A file cut short and closed with an end-of-image marker (FF D9) runs into that marker
    /// instead of the file's end ("premature end of data segment"): the same coverage rule.
    @Test func jpegCutShortAndClosedWithEOIIsTruncatedLikeACutFile() throws {
        let jpeg = try Self.noisyJPEG()
        let third = Array(jpeg.prefix(jpeg.count / 3)) + [0xFF, 0xD9]
        #expect(Fixtures.error { () throws(CodecError) in try decodeImage(third) } == .truncated)
        let nearlyAll = Array(jpeg.prefix(jpeg.count - jpeg.count / 50)) + [0xFF, 0xD9]
        let decoded = try decodeImage(nearlyAll)
        #expect(decoded.image.size == ImageSize(width: 256, height: 256))
        let lost = decoded.warnings.filter(isLostImageDataWarning)
        #expect(lost.contains { $0.contains("premature end of data segment") }, "\(decoded.warnings)")
    }

    @Test func onlyWarningsAboutLostDataCountAsLost() {
        #expect(isLostImageDataWarning("Premature end of JPEG file"))
        #expect(isLostImageDataWarning("Corrupt JPEG data: premature end of data segment"))
        #expect(isLostImageDataWarning("Corrupt JPEG data: bad Huffman code"))
        // Eight damaged bytes in the entropy data mostly show only as this warning.
        #expect(isLostImageDataWarning("Corrupt JPEG data: 3 extraneous bytes before marker 0xd9"))
        #expect(!isLostImageDataWarning("iCCP: known incorrect sRGB profile"))
    }

    @Test func progressiveWithCompleteFirstScanDecodesWithWarning() throws {
        let jpeg = try Self.noisyJPEG(progressive: true)
        let decoded = try decodeImage(Array(jpeg.prefix(jpeg.count * 6 / 10)))
        #expect(decoded.image.size == ImageSize(width: 256, height: 256))
        #expect(!decoded.warnings.isEmpty)
    }

    @Test func extraneousBytesAreAWarningNotAnError() throws {
        let (pixels, w, h) = Self.blocks([[200, 10, 10], [10, 200, 10]])
        var jpeg = try Fixtures.jpeg(pixels, width: w, height: h, components: 3, quality: 100)
        #expect(Array(jpeg.suffix(2)) == [0xFF, 0xD9])
        jpeg.insert(contentsOf: [0x12, 0x34, 0x56], at: jpeg.count - 2)
        let decoded = try decodeImage(jpeg)
        #expect(decoded.image.size == ImageSize(width: w, height: h))
        #expect(decoded.warnings.contains { $0.contains("Corrupt JPEG data") })
    }

    @Test func brokenMarkersAreCorrupt() throws {
        var jpeg = try Self.noisyJPEG()
        // Replace the DQT marker's length with nonsense.
        guard let dqt = (2..<jpeg.count - 4).first(where: { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xDB }) else {
            Issue.record("no DQT marker")
            return
        }
        jpeg[dqt + 2] = 0
        jpeg[dqt + 3] = 1
        guard case .corrupt(let message)? = Fixtures.error({ () throws(CodecError) in try decodeImage(jpeg) }) else {
            Issue.record("expected corrupt")
            return
        }
        #expect(!message.isEmpty)
    }
}
