/// Hierarchical merging of regions along their weakest borders: the cut of an ultrametric
/// contour map (Arbeláez et al. 2011) at one strength.
///
/// Repeatedly the two touching regions whose border is the weakest (its strength in
/// ``RegionBorders``: a mean that weak stretches pull down) become one, and the border
/// between them is no longer a line. Merging stops when every remaining border is at least `threshold` strong and at most `maxRegions`
/// regions are left: each line that remains runs where the photo changes by about
/// `threshold` ΔE*ab or more, whatever the count. A border of a region smaller than
/// `smallArea` counts as weaker in proportion to the region's area, so specks and slivers
/// join a neighbour before any real shape loses its outline.
///
/// Ties are broken by label, and the survivor of a merge is the larger region (the lower
/// label on equal areas), so the result depends only on the labels and the evidence.
/// - Returns: labels `0..<count`, renumbered in order of first appearance.
func mergeWeakBorders(_ labels: [Int32], count: Int, strength: BoundaryStrength,
                      threshold: Double, maxRegions: Int, smallArea: Int) -> (labels: [Int32], count: Int) {
    var graph = RegionBorders(labels: labels, count: count, strength: strength)
    var parent = [Int32](0..<Int32(count))

    func cost(_ a: Int32, _ b: Int32) -> Double {
        guard let border = graph.borders[Int(a)][b] else { return .infinity }
        let smaller = min(graph.area[Int(a)], graph.area[Int(b)])
        let share = smallArea > 0 ? min(1, Double(smaller) / Double(smallArea)) : 1
        return border.strength * share
    }
    struct Candidate: Comparable {
        var cost: Double, a: Int32, b: Int32
        static func < (l: Candidate, r: Candidate) -> Bool { (l.cost, l.a, l.b) < (r.cost, r.a, r.b) }
    }
    var initial: [Candidate] = []
    for a in 0..<Int32(count) {
        for b in graph.borders[Int(a)].keys where a < b { initial.append(Candidate(cost: cost(a, b), a: a, b: b)) }
    }
    var heap = BinaryHeap(initial)
    var regions = count
    while let top = heap.popMin() {
        if top.cost > threshold && regions <= maxRegions { break }
        guard graph.area[Int(top.a)] > 0, graph.area[Int(top.b)] > 0, cost(top.a, top.b) == top.cost else { continue }
        let (areaA, areaB) = (graph.area[Int(top.a)], graph.area[Int(top.b)])
        let keepA = areaA > areaB || (areaA == areaB && top.a < top.b)
        let (survivor, merged) = keepA ? (top.a, top.b) : (top.b, top.a)
        graph.join(merged, into: survivor)
        parent[Int(merged)] = survivor
        regions -= 1
        for other in graph.borders[Int(survivor)].keys {
            heap.insert(Candidate(cost: cost(survivor, other), a: min(survivor, other), b: max(survivor, other)))
        }
    }
    func root(_ x: Int32) -> Int32 {
        var x = x
        while parent[Int(x)] != x {
            parent[Int(x)] = parent[Int(parent[Int(x)])]
            x = parent[Int(x)]
        }
        return x
    }
    var compact = [Int32](repeating: -1, count: count)
    var next: Int32 = 0
    var out = labels
    for i in out.indices {
        let r = Int(root(out[i]))
        if compact[r] < 0 { compact[r] = next; next += 1 }
        out[i] = compact[r]
    }
    return (out, Int(next))
}
