/// The first steps of ``preprocess(_:options:)`` (area-averaging resize, sRGB to Lab, the
/// first Kuwahara pass) run on a JPEG's rows while libjpeg is still decoding the rest.
///
/// libjpeg decodes a 20 MP photo on one core for about 50 ms; with two threads per photo
/// the other core was idle meanwhile. (A baseline JPEG that ``JPEGSplitDecode`` takes is
/// decoded by both cores instead, and this consumer does not run.) As a
/// ``ScanlineConsumer`` this type keeps the other core busy: each
/// output row of the resize is made as soon as its input rows are decoded, converted to
/// Lab, and fed to the Kuwahara filter, which writes its output rows as it goes. The
/// result is bit-identical to the non-streamed steps: every resized row is computed from
/// the same input rows with the same integer sums (``AreaRowKernel``), Lab per pixel with
/// the same code (``LabColor/convert(_:channels:into:pixels:)``), and the Kuwahara pass is
/// the same band function over all rows (its result never depends on the bands). The L*
/// of each Lab row is kept too, before the Kuwahara pass (``PreprocessedImage/sharpLightness``).
///
/// Only the intermediate rows that are still needed are kept: a ring of horizontal sums as
/// deep as one output row's input rows, one resized row, one Lab row; only the Kuwahara
/// output is a whole image. The work is speculative: it assumes the photo has no uniform
/// margins. ``preprocess(_:options:overlapped:)`` looks for them once the photo is decoded
/// and, if it finds any, discards this result and runs the ordinary steps.
final class OverlappedPreprocess: ScanlineConsumer, @unchecked Sendable {
    /// The options the result was made with (the resize target, the Kuwahara radius).
    let options: PreprocessOptions
    // Written by `consume`, read by `front` afterwards, both on the thread that decodes
    // the photo (libjpeg itself runs on a second one).
    private var result: FloatImage?
    private var resultLightness: FloatImage?
    private var resultInputSize: ImageSize?

    /// Decoded rows waited for at once (two of libjpeg's batches). Waking a sleeping thread
    /// costs the decoding thread a cross-core interrupt, which is dear on a VM: waking the
    /// consumer for every 16-row batch made the 20 MP decode about 1 ms slower. Larger
    /// values leave more rows to do after the decode ends.
    static let rowsPerWake = 32

    init(options: PreprocessOptions) {
        self.options = options
    }

    /// Lab after the first Kuwahara pass (just Lab when `denoiseRadius` is 0) of the whole
    /// decoded image, and its L* before that pass, made from an input of `size` with
    /// `options`; nil when there is no complete result for them (the decode was not
    /// streamed, or it failed).
    func front(inputSize size: ImageSize, options other: PreprocessOptions) -> (lab: FloatImage, lightness: FloatImage)? {
        guard resultInputSize == size, other.maxDimension == options.maxDimension,
              other.enlargeSmallPhotos == options.enlargeSmallPhotos,
              other.denoiseRadius == options.denoiseRadius,
              let result, let resultLightness else { return nil }
        return (result, resultLightness)
    }

    /// Only a strict area-averaging downscale: the photo's long side exceeds
    /// `maxDimension` (smaller photos are enlarged or kept, and are cheap anyway).
    func accepts(width: Int, height: Int, channels: Int) -> Bool {
        (channels == 1 || channels == 3) && max(width, height) > max(1, options.maxDimension)
    }

    func consume(_ feed: ScanlineFeed) {
        let input = ImageSize(width: feed.width, height: feed.height), ch = feed.channels
        let size = fittedSize(input, maxDimension: max(1, options.maxDimension))
        let kernel = AreaRowKernel(input: input, output: size, channels: ch)
        let w = size.width, h = size.height, rowLen = w * ch
        let radius = max(0, options.denoiseRadius)
        let ringRows = kernel.maxRowsPerOutputRow
        var sums = [Int32](repeating: 0, count: ringRows * rowLen)
        var means = [Float](repeating: 0, count: rowLen)
        var lab = [Float](repeating: 0, count: w * 3)  // a* = b* = 0 stay for gray input
        var complete = false
        var lightness = [Float](repeating: 0, count: w * h)
        let out = [Float](unsafeUninitializedCapacity: w * h * 3) { buffer, initialized in
            sums.withUnsafeMutableBufferPointer { sums in
            means.withUnsafeMutableBufferPointer { means in
            lab.withUnsafeMutableBufferPointer { lab in
                let sums = sums.baseAddress!
                let means = means.baseAddress!, lab = lab.baseAddress!, dst = buffer.baseAddress!
                var decoded = 0, summed = 0, made = 0
                /// Lab row `y` (rows are made in order) into `lab`; false when the decode
                /// ended before its input rows were there.
                func makeLabRow(_ y: Int) -> Bool {
                    precondition(y == made, "rows are made in order")
                    let needed = kernel.inputRowsNeeded(forOutputRow: y)
                    while summed < needed {
                        if decoded <= summed {
                            let wanted = min(feed.height, max(needed, summed + Self.rowsPerWake))
                            guard let rows = feed.waitForRows(wanted) else { return false }
                            decoded = rows
                        }
                        let upTo = min(needed, decoded)
                        kernel.horizontalSums(feed.pixels, rows: summed..<upTo, into: sums, ringRows: ringRows)
                        summed = upTo
                    }
                    kernel.verticalMeans(row: y, sums: sums, ringRows: ringRows, into: means)
                    LabColor.convert(means, channels: ch, into: lab, pixels: 0..<w)
                    for x in 0..<w { lightness[y * w + x] = lab[3 * x] }
                    made += 1
                    return true
                }
                if radius == 0 {
                    complete = true
                    for y in 0..<h {
                        guard makeLabRow(y) else { complete = false; break }
                        (dst + y * w * 3).initialize(from: lab, count: w * 3)
                    }
                } else {
                    complete = kuwaharaBand(dst: dst, width: w, height: h, channels: 3, radius: radius,
                                            rows: 0..<h) { y in makeLabRow(y) ? UnsafePointer(lab) : nil }
                }
            }}}
            initialized = complete ? w * h * 3 : 0
        }
        if complete {
            result = Image(width: w, height: h, channels: 3, samples: out)
            resultLightness = Image(width: w, height: h, channels: 1, samples: lightness)
            resultInputSize = input
        }
    }
}
