/// The rows of a photo area-averaged down to a smaller size and converted to Lab, made one
/// at a time in increasing order from any first row.
///
/// The input rows each output row reads are summed into a ring as deep as one output row's
/// input rows (``AreaRowKernel``) when it is reached, so nothing the size of the picture is
/// kept. Each row is bit-identical to that row of the whole-image steps,
/// `LabColor.labFromSRGB(areaResampleBytesToFloat(photo, to: size))`: the same integer sums,
/// the same division, the same per-pixel conversion. ``OverlappedPreprocess`` streams a
/// decoding JPEG's rows through one; ``resizedLabFront(_:size:radius:threads:)`` one per
/// row band.
final class ResizedLabRows {
    /// Pixels per output row.
    let width: Int
    /// The last row made: `width · 3` floats (L*, a*, b*; a* = b* = 0 for gray input).
    let lab: UnsafeMutablePointer<Float>
    private let kernel: AreaRowKernel
    private let channels: Int
    private let ringRows: Int
    private let sums: UnsafeMutablePointer<Int32>
    private let scratch: UnsafeMutablePointer<Int64>
    private let means: UnsafeMutablePointer<Float>
    /// Input rows below this one are summed into the ring (or never needed).
    private var summed: Int
    /// Input rows below this one are there to be summed.
    private var available = 0
    private var next: Int

    /// Rows of a `channels`-channel input of `input` size resized to `output`, from output
    /// row `firstRow` on.
    init(input: ImageSize, output: ImageSize, channels: Int, firstRow: Int = 0) {
        precondition(firstRow >= 0 && firstRow < output.height, "first row outside the output")
        kernel = AreaRowKernel(input: input, output: output, channels: channels)
        width = output.width
        self.channels = channels
        ringRows = kernel.maxRowsPerOutputRow
        let rowLength = output.width * channels
        sums = .allocate(capacity: ringRows * rowLength)
        scratch = .allocate(capacity: rowLength)
        means = .allocate(capacity: rowLength)
        lab = .allocate(capacity: output.width * 3)
        lab.initialize(repeating: 0, count: output.width * 3)
        summed = kernel.yWeights.start[firstRow]
        next = firstRow
    }

    deinit {
        sums.deallocate()
        scratch.deallocate()
        means.deallocate()
        lab.deallocate()
    }

    /// Makes output row `y` (the row after the last one made) into ``lab`` from the input
    /// rows at `pixels` (`input width · channels` bytes each). When the rows it needs are not
    /// all there yet, `waitForRows(summed, needed)` is asked for more, given the rows summed so
    /// far and those this row needs: it returns how many input rows are there now (more than
    /// `summed`), or nil when the input ended first, and then this returns false.
    func makeRow(_ y: Int, from pixels: UnsafePointer<UInt8>, waitForRows: (_ summed: Int, _ needed: Int) -> Int?) -> Bool {
        precondition(y == next, "rows are made in order")
        let needed = kernel.inputRowsNeeded(forOutputRow: y)
        while summed < needed {
            if available <= summed {
                guard let rows = waitForRows(summed, needed), rows > summed else { return false }
                available = rows
            }
            let upTo = min(needed, available)
            kernel.horizontalSums(pixels, rows: summed..<upTo, into: sums, ringRows: ringRows)
            summed = upTo
        }
        kernel.verticalMeans(row: y, sums: sums, ringRows: ringRows, scratch: scratch, into: means)
        LabColor.convert(means, channels: channels, into: lab, pixels: 0..<width)
        next += 1
        return true
    }
}

/// The first preprocessing steps of a photo larger than `size`, streamed row by row in row
/// bands on `threads` threads: the area-averaging resize to `size`, sRGB to Lab and one
/// Kuwahara pass of `radius` (none when 0), and the L* of each row before that pass. Each
/// band makes its own Lab rows (``ResizedLabRows``), `radius` more above and below it, and
/// feeds them to the Kuwahara pass as it asks for them (``kuwaharaBand(dst:width:height:channels:radius:rows:sourceRow:)``),
/// so neither the resized picture nor its Lab is ever whole. The result is bit-identical to
/// `kuwaharaFilter(LabColor.labFromSRGB(areaResampleBytesToFloat(photo, to: size)), radius: radius)`
/// and its L* channel before the filter.
/// - Precondition: `photo` has 1 or 3 channels; `size` is smaller than it along one axis and
///   no larger along either.
func resizedLabFront(_ photo: ByteImage, size: ImageSize, radius: Int, threads: Int)
    -> (lab: FloatImage, lightness: FloatImage)
{
    precondition(photo.channels == 1 || photo.channels == 3, "gray or RGB")
    precondition(size.width <= photo.width && size.height <= photo.height && size != photo.size, "downscale only")
    let w = size.width, h = size.height, inputRows = photo.height
    var lightness = [Float](unsafeUninitializedCapacity: w * h) { _, count in count = w * h }
    let lab = [Float](unsafeUninitializedCapacity: w * h * 3) { labBuffer, count in
        lightness.withUnsafeMutableBufferPointer { lightnessBuffer in
            photo.samples.withUnsafeBufferPointer { pixels in
                let out = SharedMutablePointer(base: labBuffer.baseAddress!)
                let light = SharedMutablePointer(base: lightnessBuffer.baseAddress!)
                let px = pixels.baseAddress!
                forEachRowBand(rows: h, threads: threads) { band in
                    let rows = ResizedLabRows(input: photo.size, output: size, channels: photo.channels,
                                              firstRow: max(0, band.lowerBound - radius))
                    // Row y's Lab, and its L* when the row is the band's own (the halo rows
                    // are the neighbouring bands' to write).
                    func labRow(_ y: Int) -> UnsafePointer<Float> {
                        _ = rows.makeRow(y, from: px) { _, _ in inputRows }
                        if band.contains(y) {
                            for x in 0..<w { light.base[y * w + x] = rows.lab[3 * x] }
                        }
                        return UnsafePointer(rows.lab)
                    }
                    if radius == 0 {
                        for y in band { (out.base + y * w * 3).initialize(from: labRow(y), count: w * 3) }
                    } else {
                        _ = kuwaharaBand(dst: out.base, width: w, height: h, channels: 3, radius: radius, rows: band,
                                         sourceRow: labRow)
                    }
                }
            }
        }
        count = w * h * 3
    }
    return (Image(width: w, height: h, channels: 3, samples: lab),
            Image(width: w, height: h, channels: 1, samples: lightness))
}
