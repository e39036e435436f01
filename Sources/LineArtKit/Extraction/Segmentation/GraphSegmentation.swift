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

    // Edges as (a, b) pairs with quantised weights, bucket-sorted. Each pixel links to
    // its right, lower, lower-right and lower-left neighbours.
    let buckets = 2048
    let quantum: Float = 16  // 1/16 ΔE resolution; weights over 128 share the last bucket
    let edgeCount = (width - 1) * height + width * (height - 1) + 2 * (width - 1) * (height - 1)
    var edgeA = [Int32](repeating: 0, count: edgeCount)
    var edgeB = [Int32](repeating: 0, count: edgeCount)
    var edgeW = [UInt16](repeating: 0, count: edgeCount)
    let band = max(1, borderBand * Float(min(width, height)))
    image.samples.withUnsafeBufferPointer { px in
        edgeA.withUnsafeMutableBufferPointer { ea in
        edgeB.withUnsafeMutableBufferPointer { eb in
        edgeW.withUnsafeMutableBufferPointer { ew in
            var e = 0
            for y in 0..<height {
                let dy = min(y, height - 1 - y)
                for x in 0..<width {
                    let p = y * width + x
                    // Edges near the page edge count as weaker, so the surroundings of the
                    // subject segment coarser than the middle of the picture.
                    let d = Float(min(dy, min(x, width - 1 - x)))
                    let factor = borderWeight < 1 ? min(1, borderWeight + (1 - borderWeight) * d / band) : 1
                    let scale = quantum * factor
                    @inline(__always) func add(_ q: Int) {
                        var sum: Float = 0
                        for c in 0..<channels {
                            let diff = px[p * channels + c] - px[q * channels + c]
                            sum += diff * diff
                        }
                        ea[e] = Int32(p)
                        eb[e] = Int32(q)
                        ew[e] = UInt16(min(Float(buckets - 1), sum.squareRoot() * scale))
                        e += 1
                    }
                    if x + 1 < width { add(p + 1) }
                    if y + 1 < height {
                        add(p + width)
                        if x + 1 < width { add(p + width + 1) }
                        if x > 0 { add(p + width - 1) }
                    }
                }
            }
        }
        }
        }
    }
    let order = bucketOrder(edgeW, buckets: buckets)

    var forest = DisjointSets(count: n)
    var threshold = [Float](repeating: scale, count: n)
    order.withUnsafeBufferPointer { order in
    edgeA.withUnsafeBufferPointer { ea in
    edgeB.withUnsafeBufferPointer { eb in
    edgeW.withUnsafeBufferPointer { ew in
    threshold.withUnsafeMutableBufferPointer { threshold in
    forest.parent.withUnsafeMutableBufferPointer { parent in
    forest.size.withUnsafeMutableBufferPointer { size in
        @inline(__always) func find(_ x: Int) -> Int {
            var x = x
            while Int(parent[x]) != x {
                parent[x] = parent[Int(parent[x])]
                x = Int(parent[x])
            }
            return x
        }
        @inline(__always) func union(_ a: Int, _ b: Int) -> Int {
            let (big, small) = size[a] >= size[b] ? (a, b) : (b, a)
            parent[small] = Int32(big)
            size[big] += size[small]
            return big
        }
        for e in order {
            let a = find(Int(ea[e])), b = find(Int(eb[e]))
            guard a != b else { continue }
            let w = Float(ew[e]) / quantum
            if w <= threshold[a] && w <= threshold[b] {
                let root = union(a, b)
                threshold[root] = w + scale / Float(size[root])
            }
        }
        if minSize > 1 {
            for e in order {
                let a = find(Int(ea[e])), b = find(Int(eb[e]))
                if a != b && (Int(size[a]) < minSize || Int(size[b]) < minSize) { _ = union(a, b) }
            }
        }
    }
    }
    }
    }
    }
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
