import CImageCodecs
import FoundationEssentials

/// JPEG decoding through the C shim (libjpeg-turbo, default ISLOW DCT and fancy upsampling).
enum JPEGDecoder {
    /// Header → pixel limit → one output allocation → scanlines straight into it → EXIF
    /// orientation. Gray stays 1 channel, YCbCr/RGB become RGB, CMYK / Adobe-inverted CMYK /
    /// YCCK are converted to RGB in C.
    static func decode(_ bytes: UnsafeRawBufferPointer, options: DecodeOptions) throws(CodecError) -> DecodedImage {
        try decode(bytes, options: options, overlapping: nil).image
    }

    /// ``decode(_:options:)`` on two threads when there is a `consumer` (two threads per
    /// photo) that ``ScanlineConsumer/accepts(width:height:channels:)`` the decode's
    /// geometry, the JPEG is sequential (not progressive) and its rows come out in their
    /// final place and order (applied orientation `.up`): libjpeg decodes on a second
    /// thread while the consumer reads the rows on the calling thread as libjpeg finishes
    /// them (batches of 16 scanlines), so its work overlaps the decode
    /// (``ScanlineFeed/run(decoding:consumer:)``). Otherwise this is ``decode(_:options:)``.
    ///
    /// Either way the image, warnings and errors are exactly those of ``decode(_:options:)``:
    /// libjpeg makes the same calls, and the consumer has returned before this does (also
    /// when the decode fails, in which case its feed ends early and its result is to be
    /// ignored).
    /// - Returns: the image and the instant decoding finished (last scanline decoded, data
    ///   ended; taken before waiting for the consumer's last rows).
    static func decode(_ bytes: UnsafeRawBufferPointer, options: DecodeOptions,
                       overlapping consumer: (any ScanlineConsumer)?) throws(CodecError)
        -> (image: DecodedImage, decodeDone: ContinuousClock.Instant)
    {
        guard let base = bytes.baseAddress, bytes.count > 0 else { throw .emptyFile }
        guard let decoder = cic_jpeg_create() else { throw .corrupt("out of memory") }
        defer { cic_jpeg_destroy(decoder) }

        var info = cic_jpeg_info()
        let target = Int32(clamping: max(0, options.targetMaxDimension ?? 0))
        let headerStatus = cic_jpeg_read_header(decoder, base.assumingMemoryBound(to: UInt8.self),
                                                bytes.count, target, &info)
        guard Shim.isOK(headerStatus) else {
            throw Shim.error(status: headerStatus, message: cic_jpeg_message(decoder))
        }
        let width = Int(info.width), height = Int(info.height)
        try options.checkPixelLimit(width: width, height: height)

        var stored = EXIFOrientation.up
        if let exif = info.exif, info.exif_length > 0 {
            stored = EXIFOrientation(exifPayload: UnsafeRawBufferPointer(start: exif, count: info.exif_length)) ?? .up
        }

        let outWidth = Int(info.out_width), outHeight = Int(info.out_height), channels = Int(info.out_channels)
        guard channels == 1 || channels == 3,
              let count = Shim.byteCount(width: outWidth, height: outHeight, channels: channels), count > 0
        else { throw .corrupt("unexpected JPEG output geometry") }

        let applied = options.applyOrientation ? stored : .up
        let streams = applied == .up && consumer.map {
            info.progressive == 0 && $0.accepts(width: outWidth, height: outHeight, channels: channels)
        } ?? false

        try Shim.checkAllocatable(count, width: outWidth, height: outHeight)
        var status: Int32 = 0
        var coverage = 0.0
        var done = ContinuousClock.now
        let samples = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            let out = buffer.baseAddress!
            if streams, let consumer {
                let feed = ScanlineFeed(pixels: out, width: outWidth, height: outHeight, channels: channels)
                let run = StreamedDecode(decoder: decoder, out: out, count: count, stride: outWidth * channels, feed: feed)
                feed.run(decoding: run.decode, consumer: consumer)  // returns when both threads are done
                (status, coverage, done) = (run.status, run.coverage, run.done)
            } else {
                status = cic_jpeg_decode(decoder, out, count, outWidth * channels, &coverage)
                done = ContinuousClock.now
            }
            initialized = Shim.isOK(status) ? count : 0
        }
        guard Shim.isOK(status) else { throw Shim.error(status: status, message: cic_jpeg_message(decoder)) }
        if coverage < options.minimumJPEGCoverage { throw .truncated }

        var image = ByteImage(width: outWidth, height: outHeight, channels: channels, samples: samples)
        image = image.oriented(applied)
        let decoded = DecodedImage(image: image, format: .jpeg, originalSize: ImageSize(width: width, height: height),
                                   orientation: applied, storedOrientation: stored,
                                   scaleNumerator: Int(info.scale_num), scaleDenominator: Int(info.scale_denom),
                                   warnings: Shim.warnings(cic_jpeg_warnings(decoder)))
        return (decoded, done)
    }
}

/// One `cic_jpeg_decode_rows` call for ``ScanlineFeed/run(decoding:consumer:)`` to run on
/// its decoding thread, and what it returned. The decoder and buffer are used by that
/// thread alone until `run` returns, which orders the results before they are read.
private final class StreamedDecode: @unchecked Sendable {
    let decoder: OpaquePointer
    let out: UnsafeMutablePointer<UInt8>
    let count: Int
    let stride: Int
    let feed: ScanlineFeed
    var status: Int32 = 0
    var coverage = 0.0
    var done = ContinuousClock.now

    init(decoder: OpaquePointer, out: UnsafeMutablePointer<UInt8>, count: Int, stride: Int, feed: ScanlineFeed) {
        self.decoder = decoder
        self.out = out
        self.count = count
        self.stride = stride
        self.feed = feed
    }

    /// Decodes, publishing the rows to the feed after every batch of scanlines.
    func decode() {
        status = cic_jpeg_decode_rows(decoder, out, count, stride, &coverage, { context, rows in
            Unmanaged<ScanlineFeed>.fromOpaque(context!).takeUnretainedValue().publish(rowsDone: Int(rows))
        }, Unmanaged.passUnretained(feed).toOpaque())
        done = ContinuousClock.now
    }
}
