import LineArtImage

/// The colour of each paper region in the photo the page was made from: the mean CIE
/// L*a*b* of the region's pixels in the preprocessed photo (resized to the page, denoised,
/// blurred and contrast-curved as the preset says: the image the lines were found in), with
/// its tonal range as the photo has it (`tone` undone), as 8-bit sRGB. Ink pixels count for no region. A hint for a tap-to-fill app (a palette,
/// colour by number, a preview), reported as each region's `color`.
///
/// - Parameters:
///   - regions: the page's paper regions (labels `1...count`, 0 ink).
///   - lab: the preprocessed photo, 3 channels, the same size as `regions`.
///   - tone: the stretch of the photo's tonal range `lab` has (``PreprocessedImage/tone``).
/// - Returns: `count` colours, the colour of label `k` at index `k - 1`; nil when the sizes
///   differ.
package func regionColours(_ regions: LabelMap, lab: FloatImage, tone: ToneStretch = .identity) -> [SRGBColour]? {
    guard lab.channels == 3, lab.width == regions.width, lab.height == regions.height else { return nil }
    let n = regions.count
    var sums = [Double](repeating: 0, count: 3 * (n + 1))
    regions.labels.withUnsafeBufferPointer { labels in
        lab.samples.withUnsafeBufferPointer { px in
            sums.withUnsafeMutableBufferPointer { sums in
                // A run of one label is added in registers and stored once at its end: the
                // same additions in the same order as pixel by pixel.
                var i = 0
                while i < labels.count {
                    let label = labels[i], k = 3 * Int(label)
                    var s0 = sums[k], s1 = sums[k + 1], s2 = sums[k + 2]
                    repeat {
                        s0 += Double(px[3 * i]); s1 += Double(px[3 * i + 1]); s2 += Double(px[3 * i + 2])
                        i += 1
                    } while i < labels.count && labels[i] == label
                    sums[k] = s0; sums[k + 1] = s1; sums[k + 2] = s2
                }
            }
        }
    }
    return n == 0 ? [] : (1...n).map { label in
        let area = Double(max(1, regions.areas[label]))
        let mean = tone.undone(l: sums[3 * label] / area, a: sums[3 * label + 1] / area, b: sums[3 * label + 2] / area)
        return LabColor.srgb(l: mean.l, a: mean.a, b: mean.b)
    }
}
