/// Graph-based image segmentation (Felzenszwalb & Huttenlocher, "Efficient Graph-Based
/// Image Segmentation", IJCV 2004) on an interleaved colour image.
///
/// Pixels are nodes; each pixel links to its right, lower and two lower diagonal
/// neighbours with weight = Euclidean colour distance (ΔE*ab on Lab). Edges are taken in
/// increasing weight (a bucket sort on the quantised weight, O(n)), and two components
/// merge when the edge is no heavier than either component's internal difference plus
/// `scale / size`. Components smaller than `minSize` are then joined to a neighbour along
/// their lightest edges.
///
/// - Parameters:
///   - image: float image, any channel count (Lab: 3).
///   - scale: the `k` of the paper; larger gives fewer, bigger segments.
///   - minSize: the smallest segment, in pixels.
/// - Returns: one label per pixel, `0..<count`, numbered in row-major order of first pixel.
public func graphSegmentation(_ image: FloatImage, scale: Float, minSize: Int,
                              borderWeight: Float = 1, borderBand: Float = 0.15) -> (labels: [Int32], count: Int) {
    let width = image.width, height = image.height, channels = image.channels
    let n = width * height
    guard n > 0 else { return ([], 0) }

    // Edges as (a, b) pairs with quantised weights, bucket-sorted.
    let buckets = 2048
    let quantum: Float = 16  // 1/16 ΔE resolution; weights over 128 share the last bucket
    var edgeA: [Int32] = [], edgeB: [Int32] = [], edgeW: [UInt16] = []
    let maxEdges = 4 * n
    edgeA.reserveCapacity(maxEdges); edgeB.reserveCapacity(maxEdges); edgeW.reserveCapacity(maxEdges)
    image.samples.withUnsafeBufferPointer { px in
        @inline(__always) func weight(_ p: Int, _ q: Int) -> UInt16 {
            var sum: Float = 0
            for c in 0..<channels {
                let d = px[p * channels + c] - px[q * channels + c]
                sum += d * d
            }
            return UInt16(min(Float(buckets - 1), sum.squareRoot() * quantum))
        }
        for y in 0..<height {
            for x in 0..<width {
                let p = y * width + x
                if x + 1 < width { edgeA.append(Int32(p)); edgeB.append(Int32(p + 1)); edgeW.append(weight(p, p + 1)) }
                if y + 1 < height {
                    let q = p + width
                    edgeA.append(Int32(p)); edgeB.append(Int32(q)); edgeW.append(weight(p, q))
                    if x + 1 < width { edgeA.append(Int32(p)); edgeB.append(Int32(q + 1)); edgeW.append(weight(p, q + 1)) }
                    if x > 0 { edgeA.append(Int32(p)); edgeB.append(Int32(q - 1)); edgeW.append(weight(p, q - 1)) }
                }
            }
        }
    }
    if borderWeight < 1 {
        // Edges near the page edge count as weaker, so the surroundings of the subject
        // segment coarser than the middle of the picture.
        let band = max(1, borderBand * Float(min(width, height)))
        var e = 0
        for y in 0..<height {
            for x in 0..<width {
                let d = Float(min(min(x, width - 1 - x), min(y, height - 1 - y)))
                let factor = min(1, borderWeight + (1 - borderWeight) * d / band)
                let edges = (x + 1 < width ? 1 : 0) + (y + 1 < height ? (x + 1 < width ? 2 : 1) + (x > 0 ? 1 : 0) : 0)
                for k in 0..<edges { edgeW[e + k] = UInt16(Float(edgeW[e + k]) * factor) }
                e += edges
            }
        }
    }
    let order = bucketOrder(edgeW, buckets: buckets)

    var forest = DisjointSets(count: n)
    var threshold = [Float](repeating: scale, count: n)
    for e in order {
        let a = forest.find(Int(edgeA[e])), b = forest.find(Int(edgeB[e]))
        guard a != b else { continue }
        let w = Float(edgeW[e]) / quantum
        if w <= threshold[a] && w <= threshold[b] {
            let root = forest.union(a, b)
            threshold[root] = w + scale / Float(forest.size[root])
        }
    }
    if minSize > 1 {
        for e in order {
            let a = forest.find(Int(edgeA[e])), b = forest.find(Int(edgeB[e]))
            if a != b && (forest.size[a] < minSize || forest.size[b] < minSize) { _ = forest.union(a, b) }
        }
    }
    return forest.compactLabels()
}

/// Indices of `weights` in increasing weight order (stable counting sort).
func bucketOrder(_ weights: [UInt16], buckets: Int) -> [Int] {
    var counts = [Int](repeating: 0, count: buckets + 1)
    for w in weights { counts[Int(w) + 1] += 1 }
    for i in 1...buckets { counts[i] += counts[i - 1] }
    var order = [Int](repeating: 0, count: weights.count)
    for (i, w) in weights.enumerated() {
        order[counts[Int(w)]] = i
        counts[Int(w)] += 1
    }
    return order
}

/// Union-find with union by size and path halving.
struct DisjointSets {
    var parent: [Int32]
    var size: [Int32]

    init(count: Int) {
        parent = (0..<count).map { Int32($0) }
        size = [Int32](repeating: 1, count: count)
    }

    mutating func find(_ x: Int) -> Int {
        var x = x
        while Int(parent[x]) != x {
            parent[x] = parent[Int(parent[x])]
            x = Int(parent[x])
        }
        return x
    }

    /// Joins two roots; returns the new root.
    mutating func union(_ a: Int, _ b: Int) -> Int {
        let (big, small) = size[a] >= size[b] ? (a, b) : (b, a)
        parent[small] = Int32(big)
        size[big] += size[small]
        return big
    }

    /// Labels `0..<count` in row-major order of each set's first element.
    mutating func compactLabels() -> (labels: [Int32], count: Int) {
        let n = parent.count
        var map = [Int32](repeating: -1, count: n)
        var labels = [Int32](repeating: 0, count: n)
        var next: Int32 = 0
        for i in 0..<n {
            let r = find(i)
            if map[r] < 0 { map[r] = next; next += 1 }
            labels[i] = map[r]
        }
        return (labels, Int(next))
    }
}
