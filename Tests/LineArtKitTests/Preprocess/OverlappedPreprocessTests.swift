import Testing
@testable import LineArtKit

/// The first preprocessing steps run on a JPEG's rows while it decodes
/// (``OverlappedPreprocess``) must give exactly what decoding first and preprocessing
/// after gives, and a decode that fails must fail the same way, without hanging.
@Suite struct OverlappedPreprocessTests {
    struct Case: Sendable, CustomStringConvertible {
        var name: String
        var width: Int, height: Int, channels: Int
        var decodeTarget: Int? = nil
        var maxDimension: Int
        var radius = 3, passes = 1
        var blur: Float = 0, contrast: Float = 1.2
        var border = 0
        var progressive = false
        var orientation = 1
        /// Whether the overlapped steps are expected to run (and leave a result).
        var streams = true
        var scale: Int? = nil
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(name: "rgb, full-size decode", width: 1000, height: 600, channels: 3, maxDimension: 300, scale: 8),
        Case(name: "rgb, 1/8 decode", width: 1000, height: 600, channels: 3, decodeTarget: 125, maxDimension: 100, scale: 1),
        Case(name: "rgb, 2/8 decode", width: 1000, height: 600, channels: 3, decodeTarget: 250, maxDimension: 100, scale: 2),
        Case(name: "rgb, 4/8 decode", width: 1000, height: 600, channels: 3, decodeTarget: 500, maxDimension: 100, scale: 4),
        Case(name: "gray, odd size", width: 997, height: 613, channels: 1, maxDimension: 256, radius: 2),
        Case(name: "tall, two passes, blur", width: 301, height: 777, channels: 3, maxDimension: 200, radius: 2,
             passes: 2, blur: 1.5, contrast: 1.5),
        Case(name: "no Kuwahara", width: 640, height: 480, channels: 3, maxDimension: 320, radius: 0),
        Case(name: "uniform margins (streamed result discarded)", width: 800, height: 600, channels: 3,
             maxDimension: 300, border: 24),
        Case(name: "CMYK", width: 500, height: 400, channels: 4, maxDimension: 200),
        Case(name: "progressive (not streamed)", width: 600, height: 400, channels: 3, maxDimension: 200,
             progressive: true, streams: false),
        Case(name: "EXIF rotated (not streamed)", width: 600, height: 400, channels: 3, maxDimension: 200,
             orientation: 6, streams: false),
        Case(name: "small photo enlarged (not streamed)", width: 200, height: 150, channels: 3, maxDimension: 256,
             streams: false),
    ]

    /// A photo-like picture: gradients, a disc, some noise, and optionally a black border.
    static func picture(_ c: Case) -> [UInt8] {
        let noise = Fixtures.noise(count: c.width * c.height * c.channels)
        var pixels = [UInt8](repeating: 0, count: c.width * c.height * c.channels)
        for y in 0..<c.height {
            for x in 0..<c.width {
                let dx = x - c.width / 2, dy = y - c.height / 2
                let inDisc = dx * dx + dy * dy < (c.height / 4) * (c.height / 4)
                let inBorder = x < c.border || y < c.border || x >= c.width - c.border || y >= c.height - c.border
                for ch in 0..<c.channels {
                    let i = (y * c.width + x) * c.channels + ch
                    let base = inDisc ? 40 + 60 * ch : (x * 255 / c.width + y * (ch + 1) * 90 / c.height) % 256
                    let value = base + Int(noise[i] % 24) - 12
                    pixels[i] = inBorder ? (c.channels == 4 ? 255 : 0) : UInt8(min(255, max(0, value)))
                }
            }
        }
        return pixels
    }

    static func jpeg(_ c: Case) throws -> [UInt8] {
        let data = try Fixtures.jpeg(picture(c), width: c.width, height: c.height, components: c.channels,
                                     quality: 90, progressive: c.progressive)
        return c.orientation == 1 ? data : Fixtures.withEXIFOrientation(data, value: c.orientation)
    }

    /// Decodes through the streaming path with `consumer` reading the rows.
    static func decodeStreamed(_ jpeg: [UInt8], options: DecodeOptions,
                               consumer: OverlappedPreprocess) throws(CodecError) -> DecodedImage {
        let result = jpeg.withUnsafeBytes { raw in
            Result { () throws(CodecError) -> DecodedImage in
                try JPEGDecoder.decode(raw, options: options, overlapping: consumer).image
            }
        }
        return try result.get()
    }

    static func bits(_ image: FloatImage) -> [UInt32] { image.samples.map(\.bitPattern) }

    static func expectIdentical(_ a: PreprocessedImage, _ b: PreprocessedImage, _ comment: Comment) {
        #expect(a.lab.size == b.lab.size, comment)
        #expect(bits(a.lab) == bits(b.lab), comment)
        #expect(bits(a.luminance) == bits(b.luminance), comment)
        #expect(a.polarity == b.polarity, comment)
        #expect(a.originalSize == b.originalSize, comment)
        #expect(a.sharpLightness != nil && b.sharpLightness != nil, comment)
        #expect(a.sharpLightness.map(Self.bits) == b.sharpLightness.map(Self.bits), comment)
    }

    @Test(arguments: cases)
    func streamedDecodeAndPreprocessAreIdentical(_ c: Case) throws {
        let data = try Self.jpeg(c)
        let decodeOptions = DecodeOptions(targetMaxDimension: c.decodeTarget)
        var options = PreprocessOptions(maxDimension: c.maxDimension, blurAmount: c.blur, contrastBoost: c.contrast,
                                        denoiseRadius: c.radius, denoisePasses: c.passes, threads: 2,
                                        enlargeSmallPhotos: true, trimMargins: true)
        let plainDecoded = try decodeImage(data, options: decodeOptions)
        let plain = preprocess(plainDecoded.image, options: options)

        let overlapped = OverlappedPreprocess(options: options)
        let streamedDecoded = try Self.decodeStreamed(data, options: decodeOptions, consumer: overlapped)
        #expect(streamedDecoded == plainDecoded)
        let front = overlapped.front(inputSize: streamedDecoded.image.size, options: options)
        #expect((front != nil) == c.streams)
        if let scale = c.scale { #expect(streamedDecoded.scaleNumerator == scale) }
        if c.border > 0 { #expect(!uniformMargins(streamedDecoded.image).isEmpty) }
        Self.expectIdentical(preprocess(streamedDecoded.image, options: options, overlapped: overlapped), plain,
                             "\(c)")

        // The streamed steps alone equal the plain ones (untrimmed photo), for any thread count.
        if let front {
            let resized = resizeToFitAsFloat(streamedDecoded.image, maxDimension: c.maxDimension, threads: 2)
            let lab = kuwaharaFilter(LabColor.labFromSRGB(resized), radius: c.radius, passes: 1, threads: 2)
            #expect(Self.bits(front.lab) == Self.bits(lab), "\(c)")
            #expect(Self.bits(front.lightness) == Self.bits(LabColor.labFromSRGB(resized).channel(0)), "\(c)")
        }
        // Streamed, then preprocessed on one thread: still the same.
        options.threads = 1
        Self.expectIdentical(preprocess(streamedDecoded.image, options: options, overlapped: overlapped), plain,
                             "\(c), 1 thread")
    }

    static let options = PreprocessOptions(maxDimension: 100, denoiseRadius: 2, threads: 2, trimMargins: true)

    static func noisyJPEG() throws -> [UInt8] {
        try Fixtures.jpeg(Fixtures.noise(count: 256 * 256 * 3), width: 256, height: 256, components: 3, quality: 90)
    }

    @Test func truncatedJPEGGivesTheSameError() throws {
        let jpeg = try Self.noisyJPEG()
        let half = Array(jpeg.prefix(jpeg.count / 2))
        let plain = Fixtures.error { () throws(CodecError) in try decodeImage(half) }
        let streamed = Fixtures.error { () throws(CodecError) in
            try Self.decodeStreamed(half, options: DecodeOptions(), consumer: OverlappedPreprocess(options: Self.options))
        }
        #expect(plain == .truncated)
        #expect(streamed == plain)
    }

    @Test func jpegMissingItsTailGivesTheSameWarningsAndPlanes() throws {
        let jpeg = try Self.noisyJPEG()
        let nearlyAll = Array(jpeg.prefix(jpeg.count - jpeg.count / 50))
        let plain = try decodeImage(nearlyAll)
        let overlapped = OverlappedPreprocess(options: Self.options)
        let streamed = try Self.decodeStreamed(nearlyAll, options: DecodeOptions(), consumer: overlapped)
        #expect(streamed.warnings == plain.warnings)
        #expect(streamed.warnings.contains { $0.contains("Premature end of JPEG file") })
        #expect(streamed.image == plain.image)
        #expect(overlapped.front(inputSize: streamed.image.size, options: Self.options) != nil)
        Self.expectIdentical(preprocess(streamed.image, options: Self.options, overlapped: overlapped),
                             preprocess(plain.image, options: Self.options), "tail missing")
    }

    /// libjpeg fails in `jpeg_start_decompress`, before the first row: the consumer, waiting
    /// for rows that never come, returns; the error is the plain decode's.
    @Test func failureBeforeTheFirstRowDoesNotHang() throws {
        var jpeg = try Self.noisyJPEG()
        guard let sof = (2..<jpeg.count - 12).first(where: { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC0 }) else {
            Issue.record("no SOF0 marker")
            return
        }
        jpeg[sof + 12] = 3  // first component's quantisation table: one that is not defined
        let plain = Fixtures.error { () throws(CodecError) in try decodeImage(jpeg) }
        let overlapped = OverlappedPreprocess(options: Self.options)
        let streamed = Fixtures.error { () throws(CodecError) in
            try Self.decodeStreamed(jpeg, options: DecodeOptions(), consumer: overlapped)
        }
        guard case .corrupt(let message)? = plain else {
            Issue.record("expected corrupt, got \(String(describing: plain))")
            return
        }
        #expect(message.contains("Quantization table"))
        #expect(streamed == plain)
        #expect(overlapped.front(inputSize: ImageSize(width: 256, height: 256), options: Self.options) == nil)
    }

    /// libjpeg fails after the last row (a second scan in a single-scan file): the
    /// consumer has finished, but the decode fails exactly as the plain one.
    @Test func failureAfterTheLastRowGivesTheSameError() throws {
        var jpeg = try Self.noisyJPEG()
        jpeg.insert(contentsOf: [0xFF, 0xDA, 0x00, 0x08, 0x01, 0x09, 0x00, 0x00, 0x3F, 0x00], at: jpeg.count - 2)
        let plain = Fixtures.error { () throws(CodecError) in try decodeImage(jpeg) }
        let streamed = Fixtures.error { () throws(CodecError) in
            try Self.decodeStreamed(jpeg, options: DecodeOptions(), consumer: OverlappedPreprocess(options: Self.options))
        }
        #expect(plain != nil)
        #expect(streamed == plain)
    }

    /// A decode that ends after a third of its rows: the consumer stops and keeps no result.
    @Test func feedEndingEarlyLeavesNoResult() {
        let width = 300, height = 200
        let pixels = [UInt8](repeating: 128, count: width * height * 3)
        let overlapped = OverlappedPreprocess(options: Self.options)
        pixels.withUnsafeBufferPointer { buffer in
            let feed = ScanlineFeed(pixels: buffer.baseAddress!, width: width, height: height, channels: 3)
            feed.run(decoding: { feed.publish(rowsDone: height / 3) }, consumer: overlapped)
        }
        #expect(overlapped.front(inputSize: ImageSize(width: width, height: height), options: Self.options) == nil)
    }
}
