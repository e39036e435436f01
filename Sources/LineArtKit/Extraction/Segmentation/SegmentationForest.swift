import CPixelKernels

/// The union-find forest of ``graphSegmentation(_:scale:minSize:borderWeight:borderBand:threads:parallelBucketKeys:twoThreadPatience:)``
/// over buffers its caller owns: one node per pixel (its parent and, while it is a root,
/// its component's merge threshold side by side, so the find that reaches a root has
/// loaded its threshold too), the component sizes, and the sorted edge keys it walks.
///
/// The merge rule over a bucket's edges runs in C (``cpk_forest_merge``), so that two
/// threads may share the forest (``TwoThreadMerge``); hence `@unchecked Sendable`. The
/// passes after it (``joinSmall(minSize:width:height:weights:buckets:touchesSmall:)``,
/// ``labelComponents(into:pixels:)``) run on one thread.
struct SegmentationForest: @unchecked Sendable {
    let node: UnsafeMutablePointer<cpk_forest_node>
    let size: UnsafeMutablePointer<Int32>
    let keys: UnsafePointer<UInt32>
    /// Offset from `p` to its neighbour in each direction (``SortedGridEdges/neighbourOffset``).
    let offset: UnsafePointer<Int>
    /// The `k` of the merge rule.
    let scale: Float
    let quantum: Float

    /// The forest as the C merge kernels take it.
    var c: cpk_forest {
        cpk_forest(node: node, size: size, offset: (offset[0], offset[1], offset[2], offset[3]), scale: scale)
    }

    /// The root of `x`'s component, halving the path on the way.
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

    /// Joins two roots, the smaller under the larger; returns the new root.
    @inline(__always) func union(_ a: Int, _ b: Int) -> Int {
        let (big, small) = size[a] >= size[b] ? (a, b) : (b, a)
        node[small].parent = Int32(truncatingIfNeeded: big)
        size[big] += size[small]
        return big
    }

    /// The weight of the edges of bucket `bucket`.
    func weight(ofBucket bucket: Int) -> Float { Float(bucket) / quantum }

    /// The merge rule over the edge keys `list[range]`, all of bucket `bucket`, in order
    /// (``cpk_forest_merge``): `list` is ``keys`` or a list taken from it.
    func merge(_ list: UnsafePointer<UInt32>, _ range: Range<Int>, bucket: Int) {
        var forest = c
        cpk_forest_merge(&forest, list + range.lowerBound, range.count, weight(ofBucket: bucket))
    }

    /// The merge rule over the keys of buckets `buckets`, in order.
    func merge(buckets: Range<Int>, bucketStart: UnsafePointer<Int>) {
        for bucket in buckets { merge(keys, bucketStart[bucket]..<bucketStart[bucket + 1], bucket: bucket) }
    }

    /// Joins components smaller than `minSize` to a neighbour along their lightest edges:
    /// every key in order, the two components joining when either is small. Components only
    /// grow, so an edge whose two pixels both lie in components of at least `minSize` now
    /// can never join anything below: only the edges with a pixel in a small component are
    /// walked, in the order of the keys.
    ///
    /// Those edges are few (5.6% on the 20 MP photo), so they are listed from the pixels
    /// instead of filtered from every key (``SmallSegmentEdges``): on the 20 MP photo the
    /// walk took 2.15 ms filtering every key (joins included), and takes 1.33 ms, 0.83 of
    /// them listing and sorting (medians of 25 traced passes; the listing waits on reads of
    /// the buckets, which the sort left in memory long before).
    /// `touchesSmall` is scratch for one flag per pixel.
    func joinSmall(minSize: Int, width: Int, height: Int, weights: UnsafePointer<UInt16>, buckets: Int,
                   touchesSmall: UnsafeMutablePointer<UInt8>) {
        guard minSize > 1 else { return }
        let small = Int32(clamping: minSize)
        let pixels = width * height
        var flagged = 0
        for i in 0..<pixels {
            let r = find(i)
            node[i].parent = Int32(truncatingIfNeeded: r)
            let isSmall: UInt8 = size[r] < small ? 1 : 0
            touchesSmall[i] = isSmall
            flagged &+= Int(isSmall)
        }
        let edges = SmallSegmentEdges(touchesSmall: touchesSmall, flagged: flagged, width: width, height: height,
                                      weights: weights, buckets: buckets)
        edges.keys.withUnsafeBufferPointer { keys in
            for key in keys {
                let (p, q) = endpoints(key)
                let a = find(p), b = find(q)
                if a != b && (size[a] < small || size[b] < small) { _ = union(a, b) }
            }
        }
    }
}

extension SegmentationForest {
    /// Labels the components `0..<count` in row-major order of their first pixel, into
    /// `labels` (one per pixel); returns the count. The sizes are spent: a root's size
    /// entry holds its label once given (as `~label`, negative, so no other table is needed).
    func labelComponents(into labels: UnsafeMutablePointer<Int32>, pixels: Int) -> Int {
        var next: Int32 = 0
        for i in 0..<pixels {
            let r = find(i)
            var label = size[r]
            if label >= 0 {
                label = ~next
                size[r] = label
                next += 1
            }
            labels[i] = ~label
        }
        return Int(next)
    }
}
