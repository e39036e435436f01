/// Graph-based image segmentation (Felzenszwalb & Huttenlocher, "Efficient Graph-Based
/// Image Segmentation", IJCV 2004) on an interleaved colour image.
///
/// Pixels are nodes; each pixel links to its right, lower and two lower diagonal
/// neighbours with weight = Euclidean colour distance (ΔE*ab on Lab). Edges are taken in
/// increasing weight (a counting sort on the quantised weight, O(n); see
/// ``SortedGridEdges``), ties in row-major order of their first pixel, and two components
/// merge when the edge is no heavier than either component's internal difference plus
/// `scale / size`. Components smaller than `minSize` are then joined to a neighbour along
/// their lightest edges.
///
/// - Parameters:
///   - image: float image, any channel count (Lab: 3).
///   - scale: the `k` of the paper; larger gives fewer, bigger segments.
///   - minSize: the smallest segment, in pixels.
///   - threads: threads for weighing and sorting the edges (nil: the photo's, see
///     ``PhotoThreads``); the result does not depend on it.
/// - Returns: one label per pixel, `0..<count`, numbered in row-major order of first pixel.
public func graphSegmentation(_ image: FloatImage, scale: Float, minSize: Int,
                              borderWeight: Float = 1, borderBand: Float = 0.15,
                              threads: Int? = nil) -> (labels: [Int32], count: Int) {
    let width = image.width, height = image.height
    let n = width * height
    guard n > 0 else { return ([], 0) }

    let buckets = 2048
    let quantum: Float = 16  // 1/16 ΔE resolution; weights over 128 share the last bucket
    let band = max(1, borderBand * Float(min(width, height)))
    let edges = SortedGridEdges(image, buckets: buckets, quantum: quantum,
                                borderWeight: borderWeight, band: band,
                                threads: threads ?? PhotoThreads.count)

    // Each pixel's union-find parent and, while it is a root, its component's merge
    // threshold side by side: the find that reaches a root has loaded its threshold too.
    var nodes = [ForestNode](unsafeUninitializedCapacity: n) { buffer, count in
        for i in 0..<n { buffer[i] = ForestNode(parent: Int32(truncatingIfNeeded: i), threshold: scale) }
        count = n
    }
    var sizes = [Int32](repeating: 1, count: n)
    var touchesSmall = [Bool](unsafeUninitializedCapacity: n) { _, count in count = n }
    edges.keys.withUnsafeBufferPointer { keys in
    edges.bucketStart.withUnsafeBufferPointer { bucketStart in
    edges.neighbourOffset.withUnsafeBufferPointer { offset in
    sizes.withUnsafeMutableBufferPointer { size in
    nodes.withUnsafeMutableBufferPointer { node in
        @inline(__always) func find(_ x: Int) -> Int {
            var x = x
            while Int(node[x].parent) != x {
                node[x].parent = node[Int(node[x].parent)].parent
                x = Int(node[x].parent)
            }
            return x
        }
        /// The two pixels of an edge key (table lookup: the direction is unpredictable).
        @inline(__always) func endpoints(_ key: UInt32) -> (Int, Int) {
            let p = Int(key >> 2)
            return (p, p + offset[Int(key & 3)])
        }
        @inline(__always) func union(_ a: Int, _ b: Int) -> Int {
            let (big, small) = size[a] >= size[b] ? (a, b) : (b, a)
            node[small].parent = Int32(truncatingIfNeeded: big)
            size[big] += size[small]
            return big
        }
        for bucket in 0..<buckets {
            let w = Float(bucket) / quantum
            for k in bucketStart[bucket]..<bucketStart[bucket + 1] {
                let (p, q) = endpoints(keys[k])
                let a = find(p), b = find(q)
                guard a != b else { continue }
                if w <= node[a].threshold && w <= node[b].threshold {
                    let root = union(a, b)
                    node[root].threshold = w + scale / Float(size[root])
                }
            }
        }
        if minSize > 1 {
            // Components only grow, so an edge whose two pixels both lie in components of
            // at least `minSize` now can never join anything below: only edges with a
            // pixel in a small component are walked (in the same order as before).
            let small = Int32(clamping: minSize)
            touchesSmall.withUnsafeMutableBufferPointer { touchesSmall in
                for i in 0..<n {
                    let r = find(i)
                    node[i].parent = Int32(truncatingIfNeeded: r)
                    touchesSmall[i] = size[r] < small
                }
                for key in keys {
                    let (p, q) = endpoints(key)
                    guard touchesSmall[p] || touchesSmall[q] else { continue }
                    let a = find(p), b = find(q)
                    if a != b && (size[a] < small || size[b] < small) { _ = union(a, b) }
                }
            }
        }
    }
    }
    }
    }
    }
    var parents = nodes.map(\.parent)
    return compactLabels(parents: &parents)
}

/// One pixel of the segmentation's union-find forest: its parent, and while it is a root,
/// its component's merge threshold (internal difference plus `scale / size`).
private struct ForestNode {
    var parent: Int32
    var threshold: Float
}

/// Union-find with union by size and path halving.
struct DisjointSets {
    var parent: [Int32]
    var size: [Int32]

    init(count: Int) {
        parent = [Int32](unsafeUninitializedCapacity: count) { buffer, initialized in
            for i in 0..<count { buffer[i] = Int32(truncatingIfNeeded: i) }
            initialized = count
        }
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
        LineArtKit.compactLabels(parents: &parent)
    }
}

/// The sets of a union-find forest given by its parent links (roots link to themselves)
/// as labels `0..<count` in row-major order of each set's first element; the links are
/// shortened on the way.
func compactLabels(parents parent: inout [Int32]) -> (labels: [Int32], count: Int) {
    let n = parent.count
    var map = [Int32](repeating: -1, count: n)
    var labels = [Int32](unsafeUninitializedCapacity: n) { _, count in count = n }
    var next: Int32 = 0
    parent.withUnsafeMutableBufferPointer { parent in
    map.withUnsafeMutableBufferPointer { map in
    labels.withUnsafeMutableBufferPointer { labels in
        for i in 0..<n {
            var r = i
            while Int(parent[r]) != r {
                parent[r] = parent[Int(parent[r])]
                r = Int(parent[r])
            }
            if map[r] < 0 { map[r] = next; next += 1 }
            labels[i] = map[r]
        }
    }
    }
    }
    return (labels, Int(next))
}
