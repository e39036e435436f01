/// The "regions" engine: segment first, then draw the boundaries of the segments.
///
/// 0. The outermost rows and columns (`lineWidth` deep, at most 1% of the long side) repeat
///    the pixels just inside them
///    (``replicatingEdgeRim(_:depth:)``): a canvas rim or scan shadow left after margin
///    trimming does not become a frame around the page.
/// 1. Graph-based segmentation (``graphSegmentation(_:scale:minSize:borderWeight:borderBand:)``)
///    of the preprocessed Lab image (already Kuwahara-flattened, so fur and grass read as
///    areas). The scale `k = 90 · contrastAdjustment`: higher contrastAdjustment, fewer
///    segments. Colour differences within the outer 15% of the picture count for as little
///    as a tenth (rising linearly to full weight at the band's inner edge): the surroundings
///    of the subject are drawn in fewer, larger shapes, as coloring pages usually do.
/// 2. Soft edges (``dissolvingThinSegments(_:count:colours:maxWidth:minElongation:betweenness:)``):
///    a blurred edge leaves a band of in-between colour that segments as a thin region of
///    its own, and its two borders would be drawn as a double line with a sliver of paper
///    between them. Segments thinner than 1.5 stroke widths, at least 6 times as long as
///    wide, whose colour lies between those of their two main neighbours (the two colour
///    distances add up to at most 1.2 times the distance between the neighbours) are split
///    between those neighbours down the middle. Strokes of their own colour (a wire, a
///    painted swirl) stay.
/// 3. Region merging (``mergeSegments(_:count:colours:minArea:maxCount:features:borderMergeFactor:maxBorderShare:minCount:minBorderContrast:stepExponent:)``):
///    specks join their most similar neighbour; Ward merging (pairs that both reach the
///    page edge at 0.3 of the cost, and every cost weighted by the square of the colour
///    step across the pair's border over the page's mean step, so shading bands merge
///    before outlines) down to the preset's segment target; segments too small
///    to tap once outlined join their most similar neighbour unless they are features (ΔE
///    >= 25 from every neighbour, at least a quarter of the tappable size, at most 15% of
///    the tappable segments); then segments on the page edge keep merging while they are
///    more than a quarter of all segments, never below the region target plus 10%, and
///    segments on the page edge less than ΔE 4 apart merge whatever the count: a line
///    between them would follow no boundary in the photo. Last, segments off the page edge
///    that meet in a border softer than ΔE 3 across three pixels merge, down to the
///    minimum count and while the share of segments off the page edge stays above the
///    closure target plus 5 points: lines through gradual shading (a fold of a coat, a
///    band on a saucer).
/// 4. On a blurred page (`blurSigma` >= 1, the toddler preset) borders are snapped onto
///    the middle of the blurred edges (``snappingBordersToColour(_:count:colours:passes:minContrast:threads:)``,
///    ⌈σ⌉ one-pixel passes): each pixel by a border takes the neighbouring segment whose mean
///    colour is nearest its own, among segments at least ΔE 10 apart.
/// 5. Three passes of a 3x3 majority filter, then one of a radius-4 mode filter, calm the
///    segment borders: outlines through texture read as drawn lines, not wiggles.
/// 6. Every pixel whose right or lower neighbour lies in another segment becomes ink, so
///    each segment is a closed, 4-connected paper region by construction; post-processing
///    thickens the lines.
public struct SegmentationEngine: ExtractionEngine {
    public var name: String { "regions" }
    /// Each segment is outlined, so every line separates two regions.
    public var drawsRegionBoundaries: Bool { true }

    public init() {}

    public func extract(_ image: PreprocessedImage, parameters: ExtractionParameters, threads: Int) -> ByteImage {
        segmentBoundaries(image.lab, parameters: parameters, threads: threads)
    }

    /// The boundary drawing of the merged segmentation of `lab`, on up to `threads` threads.
    func segmentBoundaries(_ lab: FloatImage, parameters: ExtractionParameters, threads: Int = 1) -> ByteImage {
        let c = max(1, parameters.contrastAdjustment)
        let scale = 90 * c
        // Area a segment needs so that, after a line of `lineWidth` eats its rim, its paper
        // is still at least minRegionArea.
        let minArea = max(16, parameters.minRegionArea)
        let inkAllowance = Float(parameters.lineWidth) * 2 * Float(minArea).squareRoot()
        let mergeArea = minArea + Int(inkAllowance)
        let lab = replicatingEdgeRim(lab, depth: min(parameters.lineWidth, (max(lab.width, lab.height) + 99) / 100))
        let (segmented, segmentedCount) = graphSegmentation(lab, scale: scale, minSize: max(8, mergeArea / 8),
                                                            borderWeight: 0.1, borderBand: 0.15, threads: threads)
        let (raw, rawCount) = dissolvingThinSegments(segmented, count: segmentedCount, colours: lab,
                                                     maxWidth: 1.5 * Float(parameters.lineWidth),
                                                     minElongation: 6, betweenness: 1.2, threads: threads)
        let features = SmallFeatureRule(minArea: mergeArea / 4, minContrast: 25, share: 0.15)
        let (merged, mergedCount) = mergeSegments(raw, count: rawCount, colours: lab, minArea: mergeArea,
                                                  maxCount: parameters.targetSegments, features: features,
                                                  borderMergeFactor: 0.3, maxBorderShare: 0.25,
                                                  minCount: parameters.minSegments, minBorderContrast: 4,
                                                  stepExponent: 2, softBorderStep: 3,
                                                  minClosedShare: parameters.minClosedShare, threads: threads)
        let snapPasses = parameters.blurSigma >= 1 ? Int(parameters.blurSigma.rounded(.up)) : 0
        let labels = snapPasses > 0
            ? snappingBordersToColour(merged, count: mergedCount, colours: lab, passes: snapPasses, threads: threads)
            : merged
        let calm = majorityFilter(labels, width: lab.width, height: lab.height, passes: 3, threads: threads)
        let smooth = modeFilter(calm, width: lab.width, height: lab.height, radius: 4, passes: 1, threads: threads)
        return drawBoundaries(smooth, width: lab.width, height: lab.height, threads: threads)
    }
}

/// Ink (0) on every pixel whose right or lower neighbour has another label; paper (255) elsewhere.
/// Row bands run on up to `threads` threads; the result does not depend on them.
func drawBoundaries(_ labels: [Int32], width: Int, height: Int, threads: Int) -> ByteImage {
    var page = ByteImage(width: width, height: height, repeating: 255)
    guard width > 0, height > 0 else { return page }
    labels.withUnsafeBufferPointer { lab in
        page.samples.withUnsafeMutableBufferPointer { out in
            let shared = SharedMutablePointer(base: out.baseAddress!)
            forEachRowBand(rows: height, threads: threads) { rows in
                let out = shared.base, l = lab.baseAddress!
                for y in rows {
                    // Branch-free over the row (it vectorises): the last column has no right
                    // neighbour, the last row no lower one.
                    let row = y * width, last = width - 1
                    if y + 1 < height {
                        for i in row..<(row &+ last) {
                            let differs: UInt8 = (l[i &+ 1] != l[i] ? 1 : 0) | (l[i &+ width] != l[i] ? 1 : 0)
                            out[i] = 255 &- 255 &* differs
                        }
                        out[row &+ last] = l[row &+ last &+ width] != l[row &+ last] ? 0 : 255
                    } else {
                        for i in row..<(row &+ last) { out[i] = l[i &+ 1] != l[i] ? 0 : 255 }
                    }
                }
            }
        }
    }
    return page
}
