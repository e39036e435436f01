/// Regions of a label image and, for each pair that touches, the boundary evidence gathered
/// along the border between them.
///
/// A border is the set of 4-neighbour pixel pairs with one pixel in each region. A pair side
/// by side is weighed by the change along x (``BoundaryStrength/alongX``), a pair one above
/// the other by the change along y, each the larger of its two pixels: the evidence of a
/// line *across* the pair.
struct RegionBorders {
    /// Pixels per region.
    var area: [Int]
    /// Pixel pairs along all of each region's borders.
    private(set) var perimeter: [Int]
    /// For each region, its neighbours in ascending order with the border shared with each.
    private(set) var borders: [[Neighbour]]

    struct Neighbour {
        var region: Int32
        var border: Border
    }

    struct Border {
        /// The square roots of the boundary evidence of the border's pixel pairs, summed.
        var evidence: Double
        /// Pixel pairs along the border.
        var length: Int
        /// The border's strength: the square of the mean square root of its evidence. A
        /// boundary the photo has is strong all along; a chain of texture crests with weak
        /// links between them reads weaker than its plain mean.
        var strength: Double {
            let mean = evidence / Double(max(1, length))
            return mean * mean
        }

        mutating func absorb(_ other: Border) {
            evidence += other.evidence
            length += other.length
        }
    }

    /// Each border's evidence is summed over its pixel pairs in raster order (a pair side by
    /// side before the pair below, pixel by pixel).
    init(labels: [Int32], count: Int, strength: BoundaryStrength) {
        let w = strength.width, h = strength.height
        precondition(labels.count == w * h, "labels and strength differ in size")
        area = [Int](repeating: 0, count: count)
        for l in labels { area[Int(l)] += 1 }
        // Every pixel pair across a border, in raster order, once from each side: bucketed
        // by region, so that each region's borders are summed with one scratch row.
        let crossings = Self.pairsAcrossBorders(labels, strength)
        var pairs = [Int](repeating: 0, count: count + 1)
        for (a, b, _) in crossings { pairs[Int(a) + 1] += 1; pairs[Int(b) + 1] += 1 }
        for k in 0..<count { pairs[k + 1] += pairs[k] }
        var next = pairs
        var neighbourOf = [Int32](repeating: 0, count: pairs[count])
        var evidenceOf = [Double](repeating: 0, count: pairs[count])
        for (a, b, evidence) in crossings {
            let root = Double(evidence).squareRoot()
            neighbourOf[next[Int(a)]] = b; evidenceOf[next[Int(a)]] = root; next[Int(a)] += 1
            neighbourOf[next[Int(b)]] = a; evidenceOf[next[Int(b)]] = root; next[Int(b)] += 1
        }
        var slot = [Int](repeating: -1, count: count)
        borders = (0..<count).map { region in
            var list: [Neighbour] = []
            for p in pairs[region]..<pairs[region + 1] {
                let b = Int(neighbourOf[p])
                if slot[b] < 0 {
                    slot[b] = list.count
                    list.append(Neighbour(region: Int32(b), border: Border(evidence: 0, length: 0)))
                }
                list[slot[b]].border.absorb(Border(evidence: evidenceOf[p], length: 1))
            }
            for n in list { slot[Int(n.region)] = -1 }
            list.sort { $0.region < $1.region }
            return list
        }
        perimeter = borders.map { $0.reduce(0) { $0 + $1.border.length } }
    }

    /// The 4-neighbour pixel pairs whose pixels lie in different regions `a` (left or upper)
    /// and `b`, with their evidence, in raster order.
    private static func pairsAcrossBorders(_ labels: [Int32], _ strength: BoundaryStrength)
        -> [(a: Int32, b: Int32, evidence: Float)] {
        let w = strength.width, h = strength.height
        var found: [(a: Int32, b: Int32, evidence: Float)] = []
        labels.withUnsafeBufferPointer { l in
        strength.alongX.withUnsafeBufferPointer { sx in
        strength.alongY.withUnsafeBufferPointer { sy in
            for y in 0..<h {
                let row = y * w
                for x in 0..<w {
                    let i = row + x, a = l[i]
                    if x + 1 < w, l[i + 1] != a { found.append((a, l[i + 1], max(sx[i], sx[i + 1]))) }
                    if y + 1 < h, l[i + w] != a { found.append((a, l[i + w], max(sy[i], sy[i + w]))) }
                }
            }
        }}}
        return found
    }

    /// The border between regions `a` and `b`, nil when they do not touch.
    func border(_ a: Int32, _ b: Int32) -> Border? {
        let list = borders[Int(a)]
        let i = Self.index(of: b, in: list)
        return i < list.count && list[i].region == b ? list[i].border : nil
    }

    /// Where `region` is or would go in the ascending `list`.
    private static func index(of region: Int32, in list: [Neighbour]) -> Int {
        var lo = 0, hi = list.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if list[mid].region < region { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// Joins region `b` into region `a`: their areas add up, and `b`'s borders become `a`'s
    /// (a border with a region both touch is the two borders together, `a`'s evidence first).
    mutating func join(_ b: Int32, into a: Int32) {
        area[Int(a)] += area[Int(b)]
        area[Int(b)] = 0
        perimeter[Int(a)] += perimeter[Int(b)] - 2 * (border(a, b)?.length ?? 0)
        perimeter[Int(b)] = 0
        let own = borders[Int(a)], moved = borders[Int(b)]
        borders[Int(b)] = []
        var joined: [Neighbour] = []
        joined.reserveCapacity(own.count + moved.count)
        var i = 0, j = 0
        while i < own.count || j < moved.count {
            if j < moved.count, moved[j].region == a { j += 1; continue }
            if i < own.count, own[i].region == b { i += 1; continue }
            if j == moved.count || (i < own.count && own[i].region < moved[j].region) {
                joined.append(own[i]); i += 1
            } else if i == own.count || moved[j].region < own[i].region {
                joined.append(moved[j]); j += 1
            } else {
                var both = own[i]
                both.border.absorb(moved[j].border)
                joined.append(both); i += 1; j += 1
            }
        }
        borders[Int(a)] = joined
        for n in moved where n.region != a { relink(n.region, from: b, to: a) }
    }

    /// In `region`'s list: the entry of `old` gone, the entry of `new` set to `new`'s border
    /// with `region`.
    private mutating func relink(_ region: Int32, from old: Int32, to new: Int32) {
        let shared = border(new, region)!
        var list = borders[Int(region)]
        borders[Int(region)] = []
        list.remove(at: Self.index(of: old, in: list))
        let i = Self.index(of: new, in: list)
        if i < list.count && list[i].region == new {
            list[i].border = shared
        } else {
            list.insert(Neighbour(region: new, border: shared), at: i)
        }
        borders[Int(region)] = list
    }
}
