/// The merges ``mergeWeakBorders(_:count:strength:threshold:maxRegions:smallArea:colourable:spots:floor:weight:)``
/// made across weak borders before its cut, in order, for ``RegionCountCurve``.
struct MergeRecord {
    /// The regions left at the cut, and how many of them are large enough to colour.
    var regions = 0, colourable = 0
    /// For each merge, the strongest cost merged so far: under that threshold it is not made.
    var levels: [Double] = []
    /// For each merge, how many more regions large enough to colour there are without it.
    var colourableChanges: [Int8] = []
}

/// Hierarchical merging of regions along their weakest borders: the cut of an ultrametric
/// contour map (Arbeláez et al. 2011) at one strength.
///
/// Repeatedly the two touching regions whose border is the weakest (its strength in
/// ``RegionBorders``: a mean that weak stretches pull down) become one, and the border
/// between them is no longer a line. Merging stops when every remaining border is at least
/// `threshold` strong and at most `maxRegions` regions are left: each line that remains runs
/// where the photo changes by about `threshold` ΔE*ab or more, whatever the count, except
/// on a page that would be nearly empty (``ShapeFloor``). A border of a region smaller than
/// `smallArea` counts as weaker in proportion to the region's area, so specks and slivers
/// join a neighbour before any real shape loses its outline.
///
/// With `weight`, a border's strength is weighed by the regions on its sides (``RegionWeight``:
/// their sizes and colour histograms, and the border's length) before it is compared.
///
/// Then a region too small to colour (``ColourableArea``) joins a neighbour, weakest border
/// first: another region too small to colour (not a dark spot) while it has one, else any.
/// So the cells of a small subject (a ladybird's red shell, black head and white spots, more
/// unlike each other than the black head is unlike a dark background) make one shape rather
/// than vanish into the background. A small region whose every border is strong (an eye, a wing spot) stays
/// for the page's own small-shape rule when it keeps paper inside its lines (a sliver would be
/// a line of double width), and so does a dark spot (``DarkSpotRule``: a pupil) when `spots`
/// is given.
///
/// Ties are broken by label, and the survivor of a merge is the larger region (the lower
/// label on equal areas), so the result depends only on the labels and the evidence.
/// - Returns: labels `0..<count`, renumbered in order of first appearance; and the cut: the
///   regions left when the merging across weak borders stopped (before the small regions
///   joined their neighbours), and for each merge before it the strongest cost merged so far,
///   under which threshold it would not have happened (``RegionCountCurve``).
func mergeWeakBorders(_ labels: [Int32], count: Int, strength: BoundaryStrength,
                      threshold: Double, maxRegions: Int, smallArea: Int,
                      colourable: ColourableArea = .any, spots: DarkSpotRule? = nil,
                      floor: ShapeFloor? = nil, weight: RegionWeight? = nil)
    -> (labels: [Int32], count: Int, cut: MergeRecord) {
    var graph = RegionBorders(labels: labels, count: count, strength: strength)
    var parent = [Int32](0..<Int32(count))
    // Each region's colour histogram for the weight; its summed lightness, for the dark spots
    // the small-shape rule keeps and the shadows under the floor; and whether it reaches the edge.
    var histograms = weight.map { RegionHistograms(labels: labels, count: count, lab: $0.lab) }
    let samples = spots?.lightness ?? floor?.lightness
    var lightness = [Double](repeating: 0, count: samples == nil ? 0 : count)
    var atEdge = [Bool](repeating: false, count: spots == nil ? 0 : count)
    if let samples {
        for (i, l) in labels.enumerated() { lightness[Int(l)] += Double(samples[i]) }
    }
    if spots != nil {
        atEdge = regionsAtEdge(labels, count: count, width: strength.width, height: strength.height)
    }
    func mean(_ r: Int32) -> Double { lightness[Int(r)] / Double(graph.area[Int(r)]) }

    /// How much a border of a region of `smaller` pixels counts.
    func share(_ smaller: Int) -> Double {
        smallArea > 0 ? min(1, Double(smaller) / Double(smallArea)) : 1
    }
    func cost(_ a: Int32, _ b: Int32) -> Double {
        guard let border = graph.border(a, b) else { return .infinity }
        let (areaA, areaB) = (graph.area[Int(a)], graph.area[Int(b)])
        let plain = border.strength * share(min(areaA, areaB))
        guard let weight, let histograms else { return plain }
        let difference = histograms.chiSquared(a, b, areaA: areaA, areaB: areaB)
        return plain * weight.factor(smallerArea: min(areaA, areaB), pageArea: labels.count, length: border.length,
                                     difference: difference)
    }
    /// A pair that may merge; in the small phase, pairs that join a shape able to stand on its
    /// own (`joinsShape`: colourable, or a dark spot) come after all others.
    struct Candidate: Comparable {
        var joinsShape = false, cost: Double, a: Int32, b: Int32
        static func < (l: Candidate, r: Candidate) -> Bool {
            l.joinsShape != r.joinsShape ? !l.joinsShape
                : l.cost != r.cost ? l.cost < r.cost : l.a != r.a ? l.a < r.a : l.b < r.b
        }
    }
    var initial: [Candidate] = []
    for a in 0..<Int32(count) {
        for n in graph.borders[Int(a)] where a < n.region { initial.append(Candidate(cost: cost(a, n.region), a: a, b: n.region)) }
    }
    /// Joins the two regions of `pair`, the smaller into the larger; returns the survivor.
    func join(_ pair: Candidate) -> Int32 {
        let (areaA, areaB) = (graph.area[Int(pair.a)], graph.area[Int(pair.b)])
        let keepA = areaA > areaB || (areaA == areaB && pair.a < pair.b)
        let (survivor, merged) = keepA ? (pair.a, pair.b) : (pair.b, pair.a)
        graph.join(merged, into: survivor)
        parent[Int(merged)] = survivor
        if samples != nil { lightness[Int(survivor)] += lightness[Int(merged)] }
        histograms?.join(merged, into: survivor)
        if spots != nil { atEdge[Int(survivor)] = atEdge[Int(survivor)] || atEdge[Int(merged)] }
        return survivor
    }
    func isColourable(_ r: Int32) -> Bool {
        colourable.allows(area: graph.area[Int(r)], perimeter: graph.perimeter[Int(r)])
    }
    var heap = BinaryHeap(initial)
    var regions = count
    var record = MergeRecord()
    // Regions large enough to colour: the floor's count, and the record's at the cut.
    var shapes = (0..<Int32(count)).count(where: isColourable)
    func inShadow(_ r: Int32) -> Bool { mean(r) < ShapeFloor.darkLightness }
    while let top = heap.popMin() {
        if top.cost > threshold && regions <= maxRegions { break }
        guard graph.area[Int(top.a)] > 0, graph.area[Int(top.b)] > 0, cost(top.a, top.b) == top.cost else { continue }
        // On the floor a border stays, unless it runs between two regions in shadow.
        if let floor, shapes <= floor.minShapes, top.cost >= floor.lowestThreshold, regions <= maxRegions,
           !(inShadow(top.a) && inShadow(top.b)) { continue }
        let before = (a: graph.borders[Int(top.a)], b: graph.borders[Int(top.b)])
        let areas = (a: graph.area[Int(top.a)], b: graph.area[Int(top.b)])
        let parts = (isColourable(top.a) ? 1 : 0) + (isColourable(top.b) ? 1 : 0)
        let survivor = join(top)
        let whole = isColourable(survivor) ? 1 : 0
        shapes += whole - parts
        record.levels.append(max(record.levels.last ?? 0, top.cost))
        record.colourableChanges.append(Int8(parts - whole))
        let mergedNeighbours = survivor == top.a ? before.b : before.a
        let areaBefore = survivor == top.a ? areas.a : areas.b
        regions -= 1
        // Both neighbour lists ascend, so the merged side's is walked alongside the survivor's.
        var m = 0
        for other in graph.borders[Int(survivor)].lazy.map(\.region) {
            while m < mergedNeighbours.count && mergedNeighbours[m].region < other { m += 1 }
            let touchedMerged = m < mergedNeighbours.count && mergedNeighbours[m].region == other
            // A border the merge left as it was, whose share the survivor's growth left as it
            // was, keeps its cost: its entry in the heap is still current (unless the
            // regions' weight, which the survivor's area and colour change, counts too).
            let area = graph.area[Int(other)]
            if weight == nil, !touchedMerged,
               share(min(areaBefore, area)) == share(min(graph.area[Int(survivor)], area)) { continue }
            heap.insert(Candidate(cost: cost(survivor, other), a: min(survivor, other), b: max(survivor, other)))
        }
    }

    /// A dark spot the page inks (a pupil): its neighbours' lightness weighed by the border each shares.
    func isDarkSpot(_ r: Int32) -> Bool {
        guard let spots, !graph.borders[Int(r)].isEmpty else { return false }
        let perimeter = graph.perimeter[Int(r)]
        let around = graph.borders[Int(r)].reduce(0.0) { $0 + Double($1.border.length) * mean($1.region) }
        return spots.isSpot(area: graph.area[Int(r)], perimeter: perimeter, mean: mean(r),
                            surround: around / Double(perimeter), atEdge: atEdge[Int(r)])
    }
    /// Too small to colour and not a shape of its own (strong all round, with paper left inside
    /// its lines, or a dark spot): it must join a neighbour.
    func isTooSmall(_ r: Int32) -> Bool {
        guard graph.area[Int(r)] > 0, !graph.borders[Int(r)].isEmpty, !isColourable(r) else { return false }
        let weakest = graph.borders[Int(r)].lazy.map(\.border.strength).min()!
        let isShape = weakest >= ColourableArea.spotStrength * threshold
            && colourable.keepsPaper(area: graph.area[Int(r)], perimeter: graph.perimeter[Int(r)])
        return !isShape && !isDarkSpot(r)
    }
    func border(_ a: Int32, _ b: Int32) -> Candidate? {
        graph.border(a, b).map {
            let joinsShape = isColourable(a) || isColourable(b) || isDarkSpot(a) || isDarkSpot(b)
            return Candidate(joinsShape: joinsShape, cost: $0.strength, a: min(a, b), b: max(a, b))
        }
    }
    record.regions = regions
    record.colourable = shapes
    var small = BinaryHeap((0..<Int32(count)).filter(isTooSmall).flatMap { a in
        graph.borders[Int(a)].compactMap { border(a, $0.region) }
    })
    while let top = small.popMin() {
        guard border(top.a, top.b) == top, isTooSmall(top.a) || isTooSmall(top.b) else { continue }
        let survivor = join(top)
        let survivorSmall = isTooSmall(survivor)
        for other in graph.borders[Int(survivor)].lazy.map(\.region) where survivorSmall || isTooSmall(other) {
            if let pair = border(survivor, other) { small.insert(pair) }
        }
    }
    // Each label's final region, found once per label rather than once per pixel.
    let rootOf = (0..<Int32(count)).map { label in
        var x = label
        while parent[Int(x)] != x { x = parent[Int(x)] }
        return x
    }
    var compact = [Int32](repeating: -1, count: count)
    var next: Int32 = 0
    let out = labels.map { label in
        let r = Int(rootOf[Int(label)])
        if compact[r] < 0 { compact[r] = next; next += 1 }
        return compact[r]
    }
    return (out, Int(next), record)
}
