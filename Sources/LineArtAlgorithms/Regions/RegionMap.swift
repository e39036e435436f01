import LineArtCodecs

/// The paper regions of a page, ready for a tap-to-fill app: a 16-bit label map and one
/// ``RegionInfo`` per region.
///
/// The labels are exactly the validator's (``FillabilityAnalysis/regions``: 4-connected
/// paper, numbered in row-major order of each region's first pixel), so the region count
/// and areas agree with the fillability report.
public struct RegionMap: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// Row-major labels: 0 ink, 1...n regions.
    public let labels: [UInt16]
    /// One entry per region, `regions[k].id == k + 1`.
    public let regions: [RegionInfo]

    /// The largest number of regions a 16-bit map can hold.
    public static let maxRegions = Int(UInt16.max)

    /// Builds the map and the per-region facts from a paper labelling.
    ///
    /// - Seeds and radii are the centres and radii of the largest discs inside the regions
    ///   (``InscribedDiscs``: one exact distance transform to the ink, capped by the distance
    ///   to the outside of the image, then the per-region maximum; O(W × H)).
    /// - Neighbours come from ``nearestRegionLabels(_:)``: two regions are neighbours when
    ///   4-adjacent pixels belong to their two shares of the ink (or of the paper).
    /// - Returns: nil when there are more than ``maxRegions`` regions.
    public init?(_ regions: LabelMap) {
        guard regions.count <= Self.maxRegions else { return nil }
        let w = regions.width, h = regions.height, n = regions.count
        width = w
        height = h
        labels = regions.labels.map { UInt16(truncatingIfNeeded: $0) }

        let discs = InscribedDiscs(regions)

        var adjacent = [Set<Int32>](repeating: [], count: n + 1)
        let owner = nearestRegionLabels(regions)
        for y in 0..<h {
            for x in 0..<w {
                let a = owner[y * w + x]
                guard a != 0 else { continue }
                if x + 1 < w {
                    let b = owner[y * w + x + 1]
                    if b != 0 && b != a { adjacent[Int(a)].insert(b); adjacent[Int(b)].insert(a) }
                }
                if y + 1 < h {
                    let b = owner[(y + 1) * w + x]
                    if b != 0 && b != a { adjacent[Int(a)].insert(b); adjacent[Int(b)].insert(a) }
                }
            }
        }

        self.regions = n == 0 ? [] : (1...n).map { l in
            RegionInfo(id: l, area: regions.areas[l], bounds: regions.bounds[l], seed: discs.centre[l],
                       inscribedRadius: discs.radius(l),
                       touchesBorder: regions.touchesBorder[l],
                       neighbors: adjacent[l].map { Int($0) }.sorted())
        }
    }

    /// The label map as a 16-bit grayscale PNG (`NAME.regions.png`).
    public func pngData() throws(CodecError) -> [UInt8] {
        try PNGEncoder(pixelFormat: .gray8).encodeGray16(width: width, height: height, samples: labels)
    }
}
