import CImageCodecs
import Foundation

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
    /// geometry and the JPEG is sequential (not progressive):
    /// - a baseline JPEG that ``JPEGSplitDecode`` takes is decoded by both threads, and
    ///   the consumer does not run (``DecodeOptions/splitsJPEGDecode``); the EXIF
    ///   orientation is applied afterwards, as always;
    /// - otherwise, when the rows come out in their final place and order (applied
    ///   orientation `.up`), libjpeg decodes on a second thread while the consumer reads
    ///   the rows on the calling thread as libjpeg finishes them (batches of 16
    ///   scanlines), so its work overlaps the decode (``ScanlineFeed/run(decoding:consumer:)``);
    /// - otherwise this is ``decode(_:options:)``.
    ///
    /// Either way the image, warnings and errors are exactly those of ``decode(_:options:)``:
    /// libjpeg makes the same calls, and the consumer has returned before this does (also
    /// when the decode fails, in which case its feed ends early and its result is to be
    /// ignored).
    /// - Returns: the image, the instant decoding finished (last scanline decoded, data
    ///   ended; taken before waiting for the consumer's last rows), and whether both
    ///   threads decoded it (``JPEGSplitDecode``).
    static func decode(_ bytes: UnsafeRawBufferPointer, options: DecodeOptions,
                       overlapping consumer: (any ScanlineConsumer)?) throws(CodecError)
        -> (image: DecodedImage, scanlinesDone: ContinuousClock.Instant, split: Bool)
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
        let twoThreads = consumer.map {
            info.progressive == 0 && $0.accepts(width: outWidth, height: outHeight, channels: channels)
        } ?? false
        let streams = twoThreads && applied == .up

        try Shim.checkAllocatable(count, width: outWidth, height: outHeight)
        var status: Int32 = 0
        var coverage = 0.0
        var done = ContinuousClock.now
        var split = false
        let samples = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            let out = buffer.baseAddress!
            if twoThreads, options.splitsJPEGDecode,
               JPEGSplitDecode.decode(decoder: decoder, into: out, stride: outWidth * channels) {
                // Both threads decoded; the consumer did not run, and preprocessing
                // does its steps itself, on both threads (``JPEGSplitDecode``).
                (status, coverage, done, split) = (0, 1, ContinuousClock.now, true)
            } else if streams, let consumer {
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
        return (decoded, done, split)
    }
}

/// A baseline JPEG decoded by two threads with `cic_jpeg_split_*` (jpeg_split_decode.c),
/// with the same bytes as libjpeg: each thread decodes half of the Huffman-coded data,
/// then half of the rows.
///
/// Used where a photo has two threads, in place of libjpeg on one thread with the
/// preprocessing's first steps consuming its rows on the other (``OverlappedPreprocess``),
/// which left that thread mostly waiting. The rows then come out at once, and the
/// preprocessing runs its ordinary steps on both threads: for the 20 MP sample at 1/4
/// scale, decode plus preprocess took 39 ms this way against 45 ms with the rows consumed
/// as they were made and 53 ms with libjpeg (`lineart bench`, docs/benchmarks.md).
enum JPEGSplitDecode {
    /// Decodes `decoder`'s JPEG (header read, decode not started) into `out`; false when
    /// the split decoder does not take this JPEG (progressive, CMYK, an unusual sampling or
    /// scale, too little data to split) or its data is not whole and clean
    /// (corrupt, truncated, extra bytes before EOI, coefficients no 8-bit encoder makes):
    /// then the decoder is as it was, for libjpeg to decode and report.
    static func decode(decoder: OpaquePointer, into out: UnsafeMutablePointer<UInt8>, stride: Int,
                       part1Start: Double = 0.5) -> Bool {
        guard let created = cic_jpeg_split_create(decoder, part1Start) else { return false }
        let split = SharedSplit(created)
        defer { cic_jpeg_split_destroy(created) }
        guard cic_jpeg_split_can_use_part1(created) != 0 else { return false }
        onTwoThreads { part in cic_jpeg_split_decode_part(split.pointer, Int32(part)) }
        guard Shim.isOK(cic_jpeg_split_finish(created)) else { return false }
        let groups = cic_jpeg_split_groups(created), half = groups / 2
        let target = SharedOutput(out)
        let statuses = StatusPair()
        onTwoThreads { part in
            statuses.set(part, cic_jpeg_split_write_rows(split.pointer, target.pointer, stride,
                                                          part == 0 ? 0 : half, part == 0 ? half : groups))
        }
        return statuses.bothOK
    }

    /// Runs `work(0)` on the calling thread and `work(1)` on a new one (a dedicated
    /// thread, not a Dispatch worker, so it starts even when every worker is busy);
    /// returns when both have.
    private static func onTwoThreads(_ work: @escaping @Sendable (Int) -> Void) {
        let finished = DispatchSemaphore(value: 0)
        let thread = Thread {
            work(1)
            finished.signal()
        }
        thread.stackSize = 1 << 20
        thread.start()
        work(0)
        finished.wait()
    }

    /// The split decoder, used by both threads at once (its C functions say which calls may).
    private struct SharedSplit: @unchecked Sendable {
        let pointer: OpaquePointer
        init(_ pointer: OpaquePointer) { self.pointer = pointer }
    }

    /// The output buffer; the two threads write disjoint rows.
    private struct SharedOutput: @unchecked Sendable {
        let pointer: UnsafeMutablePointer<UInt8>
        init(_ pointer: UnsafeMutablePointer<UInt8>) { self.pointer = pointer }
    }

    /// Each thread's status, read once both are done (the semaphore orders the writes).
    private final class StatusPair: @unchecked Sendable {
        private var statuses: [Int32] = [0, 0]
        func set(_ part: Int, _ status: Int32) { statuses[part] = status }
        var bothOK: Bool { statuses.allSatisfy(Shim.isOK) }
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
