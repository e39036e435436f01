/// How many regions the regions engine's hierarchy leaves at a lower `contrastAdjustment`
/// than the page's: the count a photo's boundaries give if fainter ones become lines too.
///
/// The merging joins regions across their weakest border first and stops at the page's
/// threshold, so the same merges stopped earlier are the cut at a lower one. Each merge is
/// kept with the contrast under which it would not have happened (the strongest border merged
/// so far, in units of `contrastAdjustment`) and with what it did to the count of regions
/// large enough to colour, the ones a page keeps. It reads the hierarchy of this page's
/// strength: a page made at the lower contrast smooths its photo a little less first, so the
/// page's count read here is an estimate (``pageRegions(atContrast:pageRegions:)``).
package struct RegionCountCurve: Sendable, Equatable {
    /// The regions the merging left at that cut, before regions too small to colour joined
    /// their neighbours, and how many of them are large enough to colour.
    package var regions: Int
    package var colourable: Int
    /// For each merge before the cut, in order, the contrast under which it would not have
    /// happened (never decreasing), and how many more regions large enough to colour there
    /// are without it (-1...2): one of each per merge.
    package var mergeContrasts: [Double]
    package var colourableChanges: [Int8]

    /// The regions the merging leaves when cut at `lower` (at most the page's contrast): the
    /// merges above it are not made.
    package func regions(atContrast lower: Double) -> Int {
        regions + mergeContrasts.count - firstMerge(above: lower)
    }

    /// How many of those are large enough to colour.
    package func colourableRegions(atContrast lower: Double) -> Int {
        colourable + colourableChanges[firstMerge(above: lower)...].reduce(0) { $0 + Int($1) }
    }

    /// About how many regions a page made at `lower` would have, from `pageRegions` at this
    /// page's cut: the hierarchy's count at `lower`, scaled as the page's own count is to the
    /// hierarchy's at the cut. Its regions overstate the change (most new ones are too small to
    /// colour and join a neighbour) and its regions large enough to colour understate it (small
    /// regions join each other into shapes, and a lower threshold smooths the photo less), so
    /// the two are averaged (geometric mean): on the dev photos at the object, pet and landscape
    /// presets the page made at `lower` had 5-11% more regions in the median, 9-13% off on average.
    package func pageRegions(atContrast lower: Double, pageRegions: Int) -> Int {
        guard regions > 0, colourable > 0 else { return pageRegions }
        let all = Double(regions(atContrast: lower)) / Double(regions)
        let large = Double(colourableRegions(atContrast: lower)) / Double(colourable)
        return Int((Double(pageRegions) * (all * large).squareRoot()).rounded())
    }

    /// The first merge not made at `lower` (the merges are in order of their contrast).
    private func firstMerge(above lower: Double) -> Int {
        var lo = 0, hi = mergeContrasts.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if mergeContrasts[mid] <= lower { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}

extension RegionCountCurve {
    /// The curve of `cut`, whose merge costs are `costPerContrast` per unit of `contrastAdjustment`.
    init(_ cut: MergeRecord, costPerContrast: Double) {
        self.init(regions: cut.regions, colourable: cut.colourable,
                  mergeContrasts: cut.levels.map { $0 / costPerContrast }, colourableChanges: cut.colourableChanges)
    }
}
