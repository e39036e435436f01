import CPixelKernels

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
///   - threads: threads for weighing and sorting the edges and, from two, for merging; the
///     result does not depend on it.
///   - parallelBucketKeys: with two threads or more, the buckets up to the last one that
///     holds this many edges are merged on two threads (``TwoThreadMerge``), the rest on one.
///   - twoThreadPatience: how long the calling thread of those two may sleep, in all,
///     waiting for the second to finish a bucket, before it stops the second and merges
///     the remaining buckets alone; below zero, after the first bucket. On idle cores the
///     second thread keeps ahead and the first waits at most a short spin; on cores busy
///     with other processes each wait can last a scheduler slice (with two busy loops beside
///     it, a `convert` took 2.3 times as long as with a one-thread merge before this limit,
///     when the threads met after every bucket).
/// - Returns: one label per pixel, `0..<count`, numbered in row-major order of first pixel.
public func graphSegmentation(_ image: FloatImage, scale: Float, minSize: Int,
                              borderWeight: Float = 1, borderBand: Float = 0.15,
                              threads: Int = 1, parallelBucketKeys: Int = 1024,
                              twoThreadPatience: Duration = .milliseconds(2)) -> (labels: [Int32], count: Int) {
    let width = image.width, height = image.height
    let n = width * height
    guard n > 0 else { return ([], 0) }

    let buckets = 2048
    let quantum: Float = 16  // 1/16 ΔE resolution; weights over 128 share the last bucket
    let band = max(1, borderBand * Float(min(width, height)))
    let threadCount = max(1, threads)
    let edges = SortedGridEdges(image, buckets: buckets, quantum: quantum,
                                borderWeight: borderWeight, band: band, threads: threadCount)

    // Each pixel's union-find parent and, while it is a root, its component's merge
    // threshold side by side: the find that reaches a root has loaded its threshold too.
    var nodes = [cpk_forest_node](unsafeUninitializedCapacity: n) { buffer, count in
        for i in 0..<n { buffer[i] = cpk_forest_node(parent: Int32(truncatingIfNeeded: i), threshold: scale) }
        count = n
    }
    var sizes = [Int32](repeating: 1, count: n)
    var touchesSmall = [UInt8](unsafeUninitializedCapacity: n) { _, count in count = n }
    var labels = [Int32](unsafeUninitializedCapacity: n) { _, count in count = n }
    var count = 0
    edges.keys.withUnsafeBufferPointer { keys in
    edges.bucketStart.withUnsafeBufferPointer { bucketStart in
    edges.neighbourOffset.withUnsafeBufferPointer { offset in
    sizes.withUnsafeMutableBufferPointer { size in
    nodes.withUnsafeMutableBufferPointer { node in
        let forest = SegmentationForest(node: node.baseAddress!, size: size.baseAddress!, keys: keys.baseAddress!,
                                        offset: offset.baseAddress!, scale: scale, quantum: quantum)
        var oneThreadBuckets = 0..<buckets
        if threadCount > 1, let splitRow = TwoThreadMerge.rowsSplit(width: width, height: height) {
            oneThreadBuckets = TwoThreadMerge.run(forest, buckets: buckets, bucketStart: bucketStart.baseAddress!,
                                               width: width, height: height, splitRow: splitRow,
                                               minimumKeys: parallelBucketKeys, patience: twoThreadPatience)
        }
        forest.merge(buckets: oneThreadBuckets, bucketStart: bucketStart.baseAddress!)
        edges.weights.withUnsafeBufferPointer { weights in
            touchesSmall.withUnsafeMutableBufferPointer { touchesSmall in
                forest.joinSmall(minSize: minSize, width: width, height: height, weights: weights.baseAddress!,
                                 buckets: buckets, touchesSmall: touchesSmall.baseAddress!)
            }
        }
        labels.withUnsafeMutableBufferPointer { labels in
            count = forest.labelComponents(into: labels.baseAddress!, pixels: n)
        }
    }
    }
    }
    }
    }
    return (labels, count)
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
}
