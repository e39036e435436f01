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
    /// For each region, its neighbours and the border shared with each.
    var borders: [[Int32: Border]]

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

    init(labels: [Int32], count: Int, strength: BoundaryStrength) {
        let w = strength.width, h = strength.height
        precondition(labels.count == w * h, "labels and strength differ in size")
        area = [Int](repeating: 0, count: count)
        borders = [[Int32: Border]](repeating: [:], count: count)
        for l in labels { area[Int(l)] += 1 }
        for y in 0..<h {
            let row = y * w
            for x in 0..<w {
                let i = row + x, a = labels[i]
                if x + 1 < w, labels[i + 1] != a {
                    addPair(a, labels[i + 1], max(strength.alongX[i], strength.alongX[i + 1]))
                }
                if y + 1 < h, labels[i + w] != a {
                    addPair(a, labels[i + w], max(strength.alongY[i], strength.alongY[i + w]))
                }
            }
        }
    }

    private mutating func addPair(_ a: Int32, _ b: Int32, _ evidence: Float) {
        let pair = Border(evidence: Double(evidence).squareRoot(), length: 1)
        borders[Int(a)][b, default: Border(evidence: 0, length: 0)].absorb(pair)
        borders[Int(b)][a, default: Border(evidence: 0, length: 0)].absorb(pair)
    }

    /// Joins region `b` into region `a`: their areas add up, and `b`'s borders become `a`'s
    /// (a border with a region both touch is the two borders together).
    mutating func join(_ b: Int32, into a: Int32) {
        area[Int(a)] += area[Int(b)]
        area[Int(b)] = 0
        let moved = borders[Int(b)]
        borders[Int(b)] = [:]
        borders[Int(a)][b] = nil
        for (other, border) in moved where other != a {
            borders[Int(other)][b] = nil
            borders[Int(a)][other, default: Border(evidence: 0, length: 0)].absorb(border)
            borders[Int(other)][a] = borders[Int(a)][other]
        }
    }
}
