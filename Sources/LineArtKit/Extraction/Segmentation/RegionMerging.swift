/// Merges the segments of a label image on its region adjacency graph, using each
/// segment's mean colour.
///
/// 1. Segments smaller than `features.minArea` (all segments under `minArea` when there is
///    no feature rule) join the neighbour whose mean colour is closest, smallest segment
///    first, so specks and slivers vanish into what surrounds them.
/// 2. While there are more than `maxCount` segments, the adjacent pair with the lowest
///    Ward cost `ΔE² · nA·nB / (nA + nB)` merges (similar colours first, small ones
///    before large ones), kept in a priority queue with lazy invalidation. With
///    `stepExponent` n > 0 the cost is multiplied by `(step / meanStep)^n` (ratio clamped
///    to 1/4...4): `step` is the mean local colour step across the pair's shared border,
///    so segments that meet in a soft gradient (a shading band, a blurred background)
///    merge before segments that meet in a sharp outline.
/// 3. The segments still under `minArea` join their most similar neighbour too, except the
///    features that ``SmallFeatureRule`` keeps (a white spot on a black wing, an eye).
/// 4. Pairs of segments that both reach the image edge keep merging, cheapest first, while
///    more than `maxBorderShare` of the segments reach it and more than `minCount` are left.
///    Then border neighbours whose mean colours differ by less than `minBorderContrast`
///    ΔE*ab merge whatever the count: `minCount` keeps distinct shapes, not a line through
///    one flat background (a white backdrop, a dark coat) that no eye would see.
/// 5. Segments off the image edge whose shared border is soft (its mean local colour step,
///    see ``SegmentContact``, below `softBorderStep` ΔE*ab) merge, softest border first,
///    while more than `minCount` segments are left and at least `minClosedShare` of them
///    stay off the edge: such a line follows a change too gradual to see (a fold of a dark
///    coat, a shading band on a saucer), and the page can spare it as long as it keeps
///    the regions and the closed share its targets ask for. Segments on the edge keep
///    theirs: merging the soft borders of a backdrop's cells makes regions that reach the
///    page corners, which the leak target rules out.
///
/// - Returns: labels `0..<count`, row-major first-pixel order.
public func mergeSegments(_ labels: [Int32], count: Int, colours: FloatImage,
                          minArea: Int, maxCount: Int,
                          features: SmallFeatureRule? = nil,
                          borderMergeFactor: Float = 1,
                          maxBorderShare: Double = 1, minCount: Int = 1,
                          minBorderContrast: Float = 0, stepExponent: Int = 0,
                          softBorderStep: Float = 0, minClosedShare: Double = 0,
                          threads: Int = 1) -> (labels: [Int32], count: Int) {
    var graph = SegmentGraph(labels: labels, count: count, colours: colours, threads: threads)
    graph.borderMergeFactor = borderMergeFactor
    graph.stepExponent = stepExponent
    graph.absorbSmallSegments(minArea: min(minArea, features?.minArea ?? minArea))
    graph.mergeUntil(count: maxCount)
    let kept = features.map { graph.features(under: minArea, rule: $0) } ?? []
    graph.absorbSmallSegments(minArea: minArea, keeping: kept)
    graph.mergeBorderSegments(untilShare: maxBorderShare, minCount: minCount)
    graph.mergeAlikeBorderSegments(below: minBorderContrast)
    graph.mergeSoftInteriorBorders(below: softBorderStep, minCount: minCount, minClosedShare: minClosedShare)
    return graph.relabel(labels)
}

/// Which segments smaller than the tappable size are kept as features of the picture.
///
/// A candidate has at least `minArea` pixels and differs from every neighbour by at least
/// `minContrast` ΔE*ab. Candidates are taken by contrast · √area, strongest first, at
/// most `share` times the number of segments of tappable size, so the page keeps the spots
/// and eyes that make the subject recognisable while most regions stay easy to tap.
public struct SmallFeatureRule: Sendable, Equatable {
    public var minArea: Int
    public var minContrast: Float
    public var share: Double

    public init(minArea: Int, minContrast: Float, share: Double) {
        self.minArea = minArea
        self.minContrast = minContrast
        self.share = share
    }
}

struct SegmentGraph {
    let channels: Int
    var forest: DisjointSets
    var area: [Int]
    var colourSum: [Float]
    var neighbours: [[Int32: SegmentContact]]
    var alive: Int
    var version: [Int32]
    /// Whether the segment reaches the image edge.
    var touchesBorder: [Bool]
    /// Live segments that reach the image edge.
    var borderCount = 0
    /// Ward costs between two segments that both reach the image edge are multiplied by
    /// this (1 = plain Ward): below 1 the surroundings merge into fewer, larger shapes.
    var borderMergeFactor: Float = 1
    /// Ward costs are multiplied by `(step / meanStep)^stepExponent`, the ratio clamped to
    /// 1/4...4: `step` is the mean local colour step across the pair's shared border (see
    /// ``SegmentContact``), `meanStep` that over every border of the initial segmentation.
    /// Two segments that meet in a soft gradient merge before two that meet in a sharp
    /// outline with the same difference of mean colours. 0 = plain Ward.
    var stepExponent = 0
    /// Mean local colour step over all contacts of the initial segmentation.
    var meanStep: Float = 0

    init(labels: [Int32], count: Int, colours: FloatImage, threads: Int = 1) {
        channels = colours.channels
        forest = DisjointSets(count: count)
        let totals = SegmentColourSums(labels, colours: colours, count: count)
        area = totals.areas
        colourSum = totals.sums
        neighbours = Array(repeating: [:], count: count)
        alive = count
        version = [Int32](repeating: 0, count: count)
        touchesBorder = [Bool](repeating: false, count: count)
        let width = colours.width, height = colours.height, ch = channels
        labels.withUnsafeBufferPointer { lab in
            touchesBorder.withUnsafeMutableBufferPointer { border in
                for x in 0..<width { border[Int(lab[x])] = true; border[Int(lab[(height - 1) * width + x])] = true }
                for y in 0..<height { border[Int(lab[y * width])] = true; border[Int(lab[y * width + width - 1])] = true }
            }
            // Each run of contacts between the same pair is added to the tables once. With two
            // threads the lower rows are scanned on the second; the tables fill on this
            // thread, in the one-thread order.
            var all = SegmentContact()
            var runs = ContactRunsByPair()
            colours.samples.withUnsafeBufferPointer { px in
                let steps = LocalColourSteps(colours: px, width: width, height: height, channels: ch)
                forEachContactRunInHalves(lab, width: width, height: height, threads: threads,
                                          step: { steps($0, $1, $2) }) { a, b, length, stepSum in
                    let contact = SegmentContact(length: Int32(truncatingIfNeeded: length), stepSum: stepSum)
                    runs.append(a, b, contact)
                    all.add(contact)
                }
            }
            runs.forEachPair(labelCount: count) { a, b, total in
                neighbours[Int(a)][b] = total
                neighbours[Int(b)][a] = total
            }
            meanStep = all.meanStep
        }
        borderCount = touchesBorder.reduce(0) { $0 + ($1 ? 1 : 0) }
    }

    func distance2(_ a: Int, _ b: Int) -> Float {
        var sum: Float = 0
        let na = Float(area[a]), nb = Float(area[b])
        for c in 0..<channels {
            let d = colourSum[a * channels + c] / na - colourSum[b * channels + c] / nb
            sum += d * d
        }
        return sum
    }

    func wardCost(_ a: Int, _ b: Int) -> Float {
        let na = Float(area[a]), nb = Float(area[b])
        let factor = touchesBorder[a] && touchesBorder[b] ? borderMergeFactor : 1
        return distance2(a, b) * na * nb / (na + nb) * factor * stepFactor(a, b)
    }

    /// `(step / meanStep)^stepExponent` of the pair's shared border, ratio clamped to 1/4...4.
    func stepFactor(_ a: Int, _ b: Int) -> Float {
        guard stepExponent > 0, meanStep > 0, let contact = neighbours[a][Int32(b)] else { return 1 }
        let ratio = min(4, max(0.25, contact.meanStep / meanStep))
        var factor: Float = 1
        for _ in 0..<stepExponent { factor *= ratio }
        return factor
    }

    /// Merges root `b` into root `a` (or the reverse, by size); returns the surviving root.
    mutating func merge(_ a: Int, _ b: Int) -> Int {
        let root = forest.union(a, b)
        let gone = root == a ? b : a
        area[root] += area[gone]
        if touchesBorder[root] && touchesBorder[gone] { borderCount -= 1 }
        touchesBorder[root] = touchesBorder[root] || touchesBorder[gone]
        for c in 0..<channels { colourSum[root * channels + c] += colourSum[gone * channels + c] }
        for (other, contact) in neighbours[gone] where Int(other) != root {
            neighbours[root][other, default: SegmentContact()].add(contact)
            neighbours[Int(other)][Int32(gone)] = nil
            neighbours[Int(other)][Int32(root), default: SegmentContact()].add(contact)
        }
        neighbours[root][Int32(gone)] = nil
        neighbours[gone] = [:]
        alive -= 1
        version[root] += 1
        version[gone] += 1
        return root
    }

    /// Roots of the features `rule` keeps among the live segments smaller than `minArea`.
    func features(under minArea: Int, rule: SmallFeatureRule) -> Set<Int> {
        var large = 0
        var candidates: [(strength: Float, root: Int)] = []
        for r in 0..<area.count where forest.parent[r] == Int32(r) {
            if area[r] >= minArea { large += 1; continue }
            guard area[r] >= rule.minArea, !neighbours[r].isEmpty else { continue }
            let contrast = neighbours[r].keys.map { distance2(r, Int($0)) }.min()!.squareRoot()
            guard contrast >= rule.minContrast else { continue }
            candidates.append((contrast * Float(area[r]).squareRoot(), r))
        }
        let budget = Int(Double(large) * rule.share)
        candidates.sort { $0.strength > $1.strength || ($0.strength == $1.strength && $0.root < $1.root) }
        return Set(candidates.prefix(budget).map(\.root))
    }

    /// Joins every segment under `minArea` (except the roots in `kept`) to its most similar
    /// neighbour, smallest first, until it reaches `minArea`.
    mutating func absorbSmallSegments(minArea: Int, keeping kept: Set<Int> = []) {
        guard minArea > 1 else { return }
        let order = (0..<area.count).filter { area[$0] < minArea && !kept.contains($0) }.sorted { area[$0] < area[$1] }
        for start in order {
            var r = forest.find(start)
            while area[r] < minArea && alive > 1 && !kept.contains(r) {
                guard let best = mostSimilarNeighbour(of: r) else { break }
                r = merge(r, best)
            }
        }
    }

    /// Ward merging, cheapest pair first, until at most `target` segments are left.
    mutating func mergeUntil(count target: Int) {
        mergeCheapest(borderPairsOnly: false) { alive, _ in alive > target }
    }

    /// Ward merging of pairs that both reach the image edge, cheapest first, while more
    /// than `share` of the segments reach it and more than `minCount` segments are left.
    mutating func mergeBorderSegments(untilShare share: Double, minCount: Int) {
        mergeCheapest(borderPairsOnly: true) { alive, border in
            alive > minCount && Double(border) > share * Double(alive)
        }
    }

    /// The neighbour of root `a` with the closest mean colour (squared distance below
    /// `limit`; among border segments only when `onBorderOnly`), ties to the lower index.
    func mostSimilarNeighbour(of a: Int, closerThan limit: Float = .infinity, onBorderOnly: Bool = false) -> Int? {
        var best: Int?
        var bestDistance = limit
        for (other, _) in neighbours[a] where !onBorderOnly || touchesBorder[Int(other)] {
            let o = Int(other)
            let d = distance2(a, o)
            if d < bestDistance || (d == bestDistance && best.map { o < $0 } == true) { best = o; bestDistance = d }
        }
        return best
    }

    /// Merges border segments into their most similar border neighbour while that
    /// neighbour's mean colour is less than `contrast` ΔE away, segments in index order,
    /// until no such pair is left.
    mutating func mergeAlikeBorderSegments(below contrast: Float) {
        guard contrast > 0 else { return }
        let limit = contrast * contrast
        var merged = true
        while merged {
            merged = false
            for a in 0..<area.count where forest.parent[a] == Int32(a) && touchesBorder[a] {
                if let best = mostSimilarNeighbour(of: a, closerThan: limit, onBorderOnly: true) {
                    _ = merge(a, best)
                    merged = true
                }
            }
        }
    }

    /// Merges pairs of segments off the image edge whose shared border's mean local colour
    /// step is below `limit`, softest first, while more than `minCount` segments are left
    /// and the share of segments off the edge stays at least `minClosedShare` (each such
    /// merge lowers it: one closed segment fewer among one segment fewer).
    mutating func mergeSoftInteriorBorders(below limit: Float, minCount: Int, minClosedShare: Double = 0) {
        guard limit > 0 else { return }
        while alive > minCount,
              Double(alive - 1 - borderCount) >= minClosedShare * Double(alive - 1),
              let (a, b) = softestInteriorBorder(below: limit) {
            _ = merge(a, b)
        }
    }

    /// The live pair of segments off the image edge with the softest shared border under
    /// `limit`; ties go to the lowest indices, so the result never depends on the order
    /// in which a dictionary lists neighbours.
    private func softestInteriorBorder(below limit: Float) -> (Int, Int)? {
        var best: (Float, Int, Int)?  // (step, a, b), compared in that order
        for a in 0..<area.count where forest.parent[a] == Int32(a) && !touchesBorder[a] {
            for (other, contact) in neighbours[a] where Int(other) > a && !touchesBorder[Int(other)] {
                let candidate = (contact.meanStep, a, Int(other))
                if candidate.0 < limit && best.map({ candidate < $0 }) ?? true { best = candidate }
            }
        }
        return best.map { ($0.1, $0.2) }
    }

    private mutating func mergeCheapest(borderPairsOnly: Bool, while proceed: (_ alive: Int, _ border: Int) -> Bool) {
        guard proceed(alive, borderCount) else { return }
        var heap = MinHeap()
        @inline(__always) func allowed(_ a: Int, _ b: Int) -> Bool {
            !borderPairsOnly || (touchesBorder[a] && touchesBorder[b])
        }
        for a in 0..<area.count where forest.find(a) == a {
            for (other, _) in neighbours[a] where Int(other) > a && allowed(a, Int(other)) {
                heap.push(cost: wardCost(a, Int(other)), a: Int32(a), b: other, va: version[a], vb: version[Int(other)])
            }
        }
        while proceed(alive, borderCount), let top = heap.pop() {
            let a = Int(top.a), b = Int(top.b)
            guard version[a] == top.va, version[b] == top.vb else { continue }
            let root = merge(a, b)
            for (other, _) in neighbours[root] where allowed(root, Int(other)) {
                let o = Int(other)
                heap.push(cost: wardCost(root, o), a: Int32(root), b: other, va: version[root], vb: version[o])
            }
        }
    }

    mutating func relabel(_ labels: [Int32]) -> (labels: [Int32], count: Int) {
        // Each segment's root, found once per segment rather than once per pixel.
        let rootOf = (0..<area.count).map { Int32(forest.find($0)) }
        return renumberedInScanOrder(labels, count: area.count, mapping: rootOf)
    }
}

/// A binary min-heap of candidate merges.
struct MinHeap {
    struct Entry { var cost: Float; var a: Int32; var b: Int32; var va: Int32; var vb: Int32 }
    private var items: [Entry] = []

    mutating func push(cost: Float, a: Int32, b: Int32, va: Int32, vb: Int32) {
        items.append(Entry(cost: cost, a: a, b: b, va: va, vb: vb))
        var i = items.count - 1
        while i > 0 {
            let parent = (i - 1) / 2
            guard items[i].cost < items[parent].cost else { break }
            items.swapAt(i, parent)
            i = parent
        }
    }

    mutating func pop() -> Entry? {
        guard let first = items.first else { return nil }
        let last = items.removeLast()
        if !items.isEmpty {
            items[0] = last
            var i = 0
            while true {
                let l = 2 * i + 1, r = l + 1
                var smallest = i
                if l < items.count && items[l].cost < items[smallest].cost { smallest = l }
                if r < items.count && items[r].cost < items[smallest].cost { smallest = r }
                if smallest == i { break }
                items.swapAt(i, smallest)
                i = smallest
            }
        }
        return first
    }
}
